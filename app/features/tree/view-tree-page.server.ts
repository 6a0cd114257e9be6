/**
 * The containers and cloud tree pages: pick the View and Filter (URL, else the default), build the folder tree,
 * select the node named by fullPath (loading a deepest folder's leaves when needed), run a tree search, and send
 * the browser only the slice of the tree it shows.
 */
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { csrfToken, requireUser } from "~/features/auth/session.server";
import { TEXT } from "~/lib/constants";
import { getRequestFlags } from "~/models/feature-flags.server";
import { resolvePageScope } from "./page-scope.server";
import { searchContainerLeaves } from "~/models/container-tree.server";
import { folderScope } from "~/models/tree-scope.server";
import { getLeafNodes } from "~/models/trees.server";
import { findByFullPath } from "~/domain/tree/navigate";
import { plainNode } from "~/domain/tree/folder-node";
import { runTreeSearch, searchFormState, type LeafSearch } from "./search-redirect.server";
import { keptTreeSlice, treeSlice } from "./slice";
import { TREE_ROUTE, treeItemHref, treeLinkContext } from "./tree-links";
import { NO_DATA_NODE, type TreeNode } from "~/domain/tree/types";

type Kind = "containers" | "cloud";

function selectorItems<T>(list: { publicList: T[]; privateList: T[] }, id: (t: T) => string, name: (t: T) => string, href: (id: string) => string, title?: (t: T) => string | undefined) {
  return [...list.publicList.map((t) => ({ t, pub: true })), ...list.privateList.map((t) => ({ t, pub: false }))].map(({ t, pub }) => ({
    id: id(t),
    name: name(t),
    href: href(id(t)),
    publicItem: pub,
    title: title?.(t),
  }));
}

export async function loadViewTreePage(request: Request, kind: Kind) {
  const user = await requireUser(request);
  const db = await getDb();
  const url = new URL(request.url);
  const params = url.searchParams;
  const [{ applied, tree: scope }, flags, csrf] = await Promise.all([resolvePageScope(db, user, kind, params, request), getRequestFlags(request, db), csrfToken(request)]);
  const { views, filters } = applied;
  const view = { item: applied.view, urlIdRejected: applied.viewRejected };
  const filter = { item: applied.filter, urlIdRejected: applied.filterRejected };
  const viewId = view.item.viewId;
  const filterId = filter.item.viewFilterId;
  const treeLinks = treeLinkContext(kind, { viewId, filterId, keep: params });
  const href = (n: TreeNode) => treeItemHref(treeLinks, n);
  const base = TREE_ROUTE[kind];
  const onNoData = url.pathname.endsWith("/no-data");

  const root = scope.cached.tree;
  // An empty tree goes to the no-data route (and back once there is data), keeping the page's other parameters.
  const empty = !root.children?.length;
  if (empty !== onNoData) {
    const target = new URL(url);
    target.pathname = empty ? `${base}/no-data` : base;
    for (const p of ["nodeId", "level", "fullPath", "entityId", "tnodeId"]) target.searchParams.delete(p);
    target.searchParams.set("viewId", viewId);
    target.searchParams.set("filterId", filterId);
    throw redirect(target.pathname + target.search);
  }
  const depth = view.item.viewDetails.length;
  const leavesOf = async (node: TreeNode) => ({ ...plainNode(node), children: await getLeafNodes(db, folderScope(scope, node.fullPath)) });

  const leafSearch: LeafSearch | undefined =
    kind === "containers" && depth > 0
      ? {
          matches: (term) => searchContainerLeaves(db, scope, term),
          leaves: (folder) => (folder.level === depth ? getLeafNodes(db, folderScope(scope, folder.fullPath)) : Promise.resolve([])),
        }
      : undefined;
  const search = await runTreeSearch(root, url, href, leafSearch);

  // Selection from fullPath; a path one level below the deepest folder names a leaf.
  const fullPath = params.get("fullPath");
  let match = findByFullPath(root, fullPath);
  let path: TreeNode[] = [...match.ancestors, match.node];
  if (!match.matched && fullPath) {
    const names = fullPath.split("/").filter(Boolean);
    const parent = findByFullPath(root, names.slice(0, -1).join("/"));
    if (parent.matched && parent.node.level === depth && depth > 0) {
      const folder = await leavesOf(parent.node);
      const leaf = folder.children.find((c) => c.name.toLowerCase() === names[names.length - 1].toLowerCase());
      if (leaf) {
        path = [...parent.ancestors, folder, leaf];
        match = { node: leaf, matched: true, ancestors: [...parent.ancestors, folder] };
      }
    }
  } else if (match.node.level === depth && depth > 0) {
    path[path.length - 1] = await leavesOf(match.node);
  }
  const selected = path[path.length - 1];
  const tree = root.children?.length ? keptTreeSlice(root, path, depth) : treeSlice([NO_DATA_NODE]);

  const viewHref = (id: string) => `${base}?viewId=${encodeURIComponent(id)}&filterId=${encodeURIComponent(filterId)}`;
  const filterHref = (id: string) => `${base}?viewId=${encodeURIComponent(viewId)}&filterId=${encodeURIComponent(id)}`;
  const returnTo = url.pathname + url.search;
  const manage = (which: "views" | "filters") => `${base}/manage-${which}?viewId=${encodeURIComponent(viewId)}&filterId=${encodeURIComponent(filterId)}&returnTo=${encodeURIComponent(returnTo)}`;
  return {
    kind,
    csrf,
    tree,
    treeLinks,
    selected: {
      id: selected.id,
      name: selected.name,
      label: selected.label,
      type: selected.type,
      level: selected.level,
      fullPath: selected.fullPath,
      entityId: selected.entityId ?? null,
      count: selected.containerCount ?? selected.count ?? 0,
      isLeaf: selected.level > depth,
    },
    breadcrumb: path.map((n) => ({ label: n.label, fullPath: n.fullPath, url: href(n), type: n.type })),
    view: { id: viewId, name: view.item.name, rejected: view.urlIdRejected, levels: view.item.viewDetails.map((d) => d.displayColumn) },
    filter: { id: filterId, name: filter.item.name, rejected: filter.urlIdRejected },
    viewItems: selectorItems(views, (v) => v.viewId, (v) => v.name, viewHref),
    filterItems: selectorItems(filters, (f) => f.viewFilterId, (f) => f.name, filterHref, (f) => (f.publicFilter ? TEXT.filterSharedBy(f.createdBy) : undefined)),
    manageViewsHref: flags.showManageViews && kind === "containers" ? manage("views") : undefined,
    manageFiltersHref: flags.showManageFilters && kind === "containers" ? manage("filters") : undefined,
    showCount: flags.showTreeCount && !flags.lazyLoadFolder,
    // Automation is for containers: cloud provider folders and services have none, so their tree offers no menu.
    contextMenu: flags.showTreeContextMenu && kind === "containers",
    search: searchFormState(url, base, { viewId, filterId }, search),
    pathMatched: !fullPath || match.matched,
  };
}

export type ViewTreePage = Awaited<ReturnType<typeof loadViewTreePage>>;
