import { Outlet, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Banner } from "~/components/ui/Banner";
import { BANNER_MS } from "~/lib/constants";
import type { ViewTreePage } from "~/features/tree/view-tree-page.server";
import { TREE_ROUTE } from "~/features/tree/tree-links";
import { expandSlice } from "~/features/tree/slice";
import { TreePane } from "./TreePane";
import { TreeSearch } from "./TreeSearch";
import { TreeSelector } from "./TreeSelectors";
import { TreeView, type TreeRow } from "./TreeView";
import { AutomationMenu } from "./AutomationMenu";

/** The tree pane of the containers and cloud trees (selectors, search, tree) beside the routed content. */
export function ViewTreeLayout({ page }: { page: ViewTreePage }) {
  const [menu, setMenu] = useState<{ row: TreeRow; x: number; y: number } | null>(null);
  const saved = new URLSearchParams(useLocation().search).get("saved");
  const base = TREE_ROUTE[page.kind];
  const childrenUrl = (row: TreeRow) =>
    `${base}/children?viewId=${encodeURIComponent(page.view.id)}&filterId=${encodeURIComponent(page.filter.id)}&fullPath=${encodeURIComponent(row.fullPath)}`;
  const tree = (
    <div className="flex min-h-0 flex-1 flex-col gap-2 px-3 pb-3">
      <TreeSelector
        label="Tree View"
        current={page.view.name}
        items={page.viewItems}
        publicLabel="Public Views"
        privateLabel="Private Views"
        editHref={page.manageViewsHref}
        editLabel="Manage Views"
      />
      <TreeSelector
        label="Tree Filter"
        current={page.filter.name}
        items={page.filterItems}
        publicLabel="Public Filters"
        privateLabel="Private Filters"
        editHref={page.manageFiltersHref}
        editLabel="Manage Filters"
      />
      <TreeSearch {...page.search} />
      {page.search.message ? (
        <>
          <Banner text={page.search.message} kind="info" durationMs={BANNER_MS.searchNotFound} />
          <Banner
            text="Search looks through the names of the tree's folders and containers. Try a shorter term, or another View or Filter."
            kind="warning"
            durationMs={BANNER_MS.searchWarning}
            suppressKey="treeSearchHint"
          />
        </>
      ) : null}
      <div className="min-h-0 flex-1 overflow-auto">
        <TreeView
          root={expandSlice(page.tree, page.treeLinks)}
          selectedId={page.selected.id}
          showCount={page.showCount}
          childrenUrl={childrenUrl}
          onContextMenu={page.contextMenu ? (row, x, y) => setMenu({ row, x, y }) : undefined}
        />
      </div>
    </div>
  );
  return (
    <TreePane tree={tree}>
      {saved === "view" || saved === "filter" ? (
        <Banner text={saved === "view" ? "View saved." : "Filter saved."} kind="success" durationMs={BANNER_MS.saveDelete} />
      ) : null}
      {page.view.rejected ? <Banner text="The View in the address is not available to you; the default View is shown." kind="warning" /> : null}
      {page.filter.rejected ? <Banner text="The Filter in the address is not available to you; the default Filter is shown." kind="warning" /> : null}
      {page.pathMatched ? null : <Banner text="The folder in the address is not in this View and Filter; the whole tree is shown." kind="warning" />}
      <Outlet />
      {menu ? (
        <AutomationMenu
          row={menu.row}
          x={menu.x}
          y={menu.y}
          ctx={page.kind}
          viewId={page.view.id}
          filterId={page.filter.id}
          csrf={page.csrf}
          onClose={() => setMenu(null)}
        />
      ) : null}
    </TreePane>
  );
}
