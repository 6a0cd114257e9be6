/** The nodes tree page: ROOT > CLUSTER > NODEGROUP > NODE, selected by fullPath, with search; no Views/Filters. */
import { getDb } from "~/db/db.server";
import { requireUser } from "~/lib/auth.server";
import { getFlagMap } from "~/models/feature-flags.server";
import { getNodeTree } from "~/models/node-tree.server";
import { redirect } from "@remix-run/node";
import { findByFullPath } from "./navigate";
import { runTreeSearch, searchFormState } from "./search-redirect.server";
import { fullRows } from "./slice";
import { TREE_ROUTE, treeNodeHref } from "./tree-links";
import type { TreeNode } from "./types";

export async function loadNodeTreePage(request: Request) {
  await requireUser(request);
  const db = await getDb();
  const url = new URL(request.url);
  const flags = await getFlagMap(db);
  if (!flags.showSideNavNode) throw redirect("/kubex/home");
  const root = await getNodeTree(db);
  const base = TREE_ROUTE.nodes;
  const onNoData = url.pathname.endsWith("/no-data");
  if (!root.children?.length && !onNoData) throw redirect(`${base}/no-data`);
  if (root.children?.length && onNoData) throw redirect(base);
  const href = (n: TreeNode) => treeNodeHref("nodes", n, { keep: url.searchParams });
  const search = await runTreeSearch(root, url, href);
  const match = findByFullPath(root, url.searchParams.get("fullPath"));
  const path = [...match.ancestors, match.node];
  const selected = match.node;
  return {
    tree: fullRows(root, href),
    selected: {
      id: selected.id,
      label: selected.label,
      type: selected.type,
      level: selected.level,
      fullPath: selected.fullPath,
      entityId: selected.entityId ?? null,
      count: selected.count ?? 0,
      children: (selected.children ?? []).map((c) => ({ id: c.id, label: c.label, type: c.type, count: c.count ?? 1, href: href(c) })),
    },
    breadcrumb: path.map((n) => ({ label: n.label, fullPath: n.fullPath, url: href(n), type: n.type })),
    showCount: flags.showTreeCount && !flags.lazyLoadFolder,
    search: searchFormState(url, base, {}, search),
  };
}

export type NodeTreePage = Awaited<ReturnType<typeof loadNodeTreePage>>;
