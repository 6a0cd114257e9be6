import { getDb } from "~/db/db.server";
import { getRequestUser } from "~/models/request-user.server";
import { TEXT } from "~/lib/constants";
import { isModelError } from "~/lib/errors";
import { findByFullPath } from "~/domain/tree/navigate";
import { plainNode } from "~/domain/tree/folder-node";
import { folderScope } from "~/models/tree-scope.server";
import { getLeafNodes, resolveTreeScope } from "~/models/trees.server";
import { childRows } from "./slice";
import { treeNodeHref } from "./tree-links";

/**
 * The children rows of the folder a fullPath names (its sub-folders, or its leaves at the deepest level), as JSON
 * for folders opened in place. Errors are JSON too: 401 when signed out, 404 for a View, Filter or path the
 * caller cannot see.
 */
export async function loadTreeChildren(request: Request, kind: "containers" | "cloud") {
  const user = await getRequestUser(request);
  if (!user) return Response.json({ error: TEXT.unauthorized }, { status: 401 });
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const viewId = params.get("viewId") ?? "";
  const filterId = params.get("filterId") ?? "";
  try {
    const scope = await resolveTreeScope(db, user, { ctx: kind, viewId, filterId });
    const match = findByFullPath(scope.cached.tree, params.get("fullPath"));
    if (!match.matched) return Response.json({ error: "Folder not found.", children: [] }, { status: 404 });
    const depth = scope.view.levels.length;
    let node = match.node;
    if (node.level === depth && depth > 0) {
      node = { ...plainNode(node), children: await getLeafNodes(db, folderScope(scope, node.fullPath)) };
    }
    const href = (n: typeof node) => treeNodeHref(kind, n, { viewId, filterId });
    return Response.json({ children: childRows(node, href, (n) => n.level === depth && n.level > 0) });
  } catch (e) {
    if (isModelError(e)) return Response.json({ error: e.text, children: [] }, { status: e.kind === "validation" ? 400 : 404 });
    throw e;
  }
}
