/**
 * What every loader of a tree page resolves first, and once: the View and Filter it shows (the address's when the
 * user may see them, else the defaults) with the lists for the selectors, the tree they draw, and the folder the
 * address's fullPath names. Everything below reads from this result instead of resolving the ids again.
 */
import type { SessionUser } from "~/lib/auth-types";
import { isModelError } from "~/lib/errors";
import { sharedInRequest } from "~/lib/request-memo.server";
import { folderScope, type FolderScope, type TreeScope } from "~/models/tree-scope.server";
import { resolveTreeScope } from "~/models/trees.server";
import type { Db } from "~/models/treeview-common.server";
import { treeViewOf } from "~/models/views.server";
import { treeFilterOf } from "~/models/filters.server";
import { appliedViewAndFilter } from "./applied-view.server";

export type TreeKind = "containers" | "cloud";

/**
 * The page's scope; with `request`, resolved once for all of that page request's loaders (the layout's and its
 * child's: app/lib/request-memo.server.ts). Callers only read the result.
 */
export function resolvePageScope(db: Db, user: SessionUser, kind: TreeKind, params: URLSearchParams, request?: Request) {
  if (!request) return readPageScope(db, user, kind, params);
  return sharedInRequest(request, `pageScope:${kind}:${user.id}:${params.toString()}`, () => readPageScope(db, user, kind, params));
}

async function readPageScope(db: Db, user: SessionUser, kind: TreeKind, params: URLSearchParams) {
  const applied = await appliedViewAndFilter(db, user, kind, params);
  // The View and Filter just listed (visibility checked there) resolve the tree without reading them again.
  const tree: TreeScope = await resolveTreeScope(db, user, {
    ctx: kind,
    viewId: applied.view.viewId,
    filterId: applied.filter.viewFilterId,
    reload: params.get("reload") === "true",
    resolved: { view: treeViewOf(applied.view), filter: treeFilterOf(applied.filter) },
  });
  return { applied, tree };
}

/**
 * The page's scope and the folder its fullPath names. A path the tree does not hold selects the root, as the tree
 * pane does (which says so); `strict` refuses it instead (a ModelError the caller answers with a 4xx).
 */
export async function resolvePageFolder(
  db: Db,
  user: SessionUser,
  kind: TreeKind,
  params: URLSearchParams,
  options: { strict?: boolean; request?: Request } = {},
): Promise<{ applied: Awaited<ReturnType<typeof appliedViewAndFilter>>; tree: TreeScope; folder: FolderScope }> {
  const page = await resolvePageScope(db, user, kind, params, options.request);
  const path = params.get("fullPath");
  if (options.strict) return { ...page, folder: folderScope(page.tree, path) };
  try {
    return { ...page, folder: folderScope(page.tree, path) };
  } catch (e) {
    if (isModelError(e) && e.kind === "notFound") return { ...page, folder: folderScope(page.tree, "") };
    throw e;
  }
}
