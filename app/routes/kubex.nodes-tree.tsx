import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { loadNodeTreePage } from "~/features/tree/node-tree-page.server";
import { TreePane } from "~/components/tree/TreePane";
import { TreeSelector } from "~/components/tree/TreeSelectors";
import { TreeSearch } from "~/components/tree/TreeSearch";
import { TreeView } from "~/components/tree/TreeView";
import { Banner } from "~/components/ui/Banner";
import { BANNER_MS } from "~/lib/constants";
import { NODE_TREE_FILTER, NODE_TREE_VIEW } from "~/features/nodes/constants";
import { TREE_ROUTE } from "~/features/tree/tree-links";
import type { TreeRow } from "~/components/tree/TreeView";
import { expandSlice } from "~/features/tree/slice";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNodeTreePage(request);
}

export default function NodesTree() {
  const page = useLoaderData<typeof loader>();
  const childrenUrl = (row: TreeRow) => `${TREE_ROUTE.nodes}/children?fullPath=${encodeURIComponent(row.fullPath)}`;
  const tree = (
    <div className="flex min-h-0 flex-1 flex-col gap-2 px-3 pb-3">
      <TreeSelector label="Tree View" current={NODE_TREE_VIEW} items={[]} publicLabel="" privateLabel="" editLabel="" readOnlyText />
      <TreeSelector label="Tree Filter" current={NODE_TREE_FILTER} items={[]} publicLabel="" privateLabel="" editLabel="" readOnlyText />
      <TreeSearch {...page.search} />
      {page.search.message ? <Banner text={page.search.message} durationMs={BANNER_MS.searchNotFound} /> : null}
      <div className="min-h-0 flex-1 overflow-auto">
        <TreeView root={expandSlice(page.tree, page.treeLinks)} selectedId={page.selected.id} showCount={page.showCount} childrenUrl={childrenUrl} />
      </div>
    </div>
  );
  return (
    <TreePane tree={tree}>
      <Outlet />
    </TreePane>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
