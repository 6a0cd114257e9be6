/**
 * The nodes tree page: ROOT > CLUSTER > NODEGROUP > NODE, selected by fullPath, with search; no Views/Filters. Like
 * the containers tree, only the path to the selection and the folders beside it travel (a 5,000-node fleet's whole
 * tree is megabytes of HTML on every node page); other folders load their children from the children endpoint.
 */
import { getDb } from "~/db/db.server";
import { getRequestUser } from "~/models/request-user.server";
import { requireUser } from "~/features/auth/session.server";
import { TEXT } from "~/lib/constants";
import { getRequestFlags } from "~/models/feature-flags.server";
import { getNodeTree } from "~/models/node-tree.server";
import { redirect } from "@remix-run/node";
import { findByFullPath } from "~/domain/tree/navigate";
import { runTreeSearch, searchFormState } from "./search-redirect.server";
import { childRows, keptTreeSlice } from "./slice";
import { TREE_ROUTE, treeItemHref, treeLinkContext } from "./tree-links";
import type { TreeNode } from "~/domain/tree/types";

export async function loadNodeTreePage(request: Request) {
  await requireUser(request);
  const db = await getDb();
  const url = new URL(request.url);
  const flags = await getRequestFlags(request, db);
  if (!flags.showSideNavNode) throw redirect("/kubex/home");
  const root = await getNodeTree(db);
  const base = TREE_ROUTE.nodes;
  const onNoData = url.pathname.endsWith("/no-data");
  if (!root.children?.length && !onNoData) throw redirect(`${base}/no-data`);
  if (root.children?.length && onNoData) throw redirect(base);
  const treeLinks = treeLinkContext("nodes", { keep: url.searchParams });
  const href = (n: TreeNode) => treeItemHref(treeLinks, n);
  const search = await runTreeSearch(root, url, href);
  const match = findByFullPath(root, url.searchParams.get("fullPath"));
  const path = [...match.ancestors, match.node];
  const selected = match.node;
  return {
    tree: keptTreeSlice(root, path, 0),
    treeLinks,
    selected: {
      id: selected.id,
      label: selected.label,
      type: selected.type,
      level: selected.level,
      fullPath: selected.fullPath,
      entityId: selected.entityId ?? null,
      count: selected.count ?? 0,
    },
    breadcrumb: path.map((n) => ({ label: n.label, fullPath: n.fullPath, url: href(n), type: n.type })),
    showCount: flags.showTreeCount && !flags.lazyLoadFolder,
    search: searchFormState(url, base, {}, search),
  };
}

export type NodeTreePage = Awaited<ReturnType<typeof loadNodeTreePage>>;

/** The children rows of the folder a fullPath names, as JSON for folders opened in place (401 signed out, 404 unknown). */
export async function loadNodeTreeChildren(request: Request) {
  const user = await getRequestUser(request);
  if (!user) return Response.json({ error: TEXT.unauthorized }, { status: 401 });
  const url = new URL(request.url);
  const root = await getNodeTree(await getDb());
  const match = findByFullPath(root, url.searchParams.get("fullPath"));
  if (!match.matched) return Response.json({ error: "Folder not found.", children: [] }, { status: 404 });
  const treeLinks = treeLinkContext("nodes", { keep: url.searchParams });
  const href = (n: TreeNode) => treeItemHref(treeLinks, n);
  return Response.json({ children: childRows(match.node, href) });
}
