import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { cloudDrawerHref } from "~/features/cloud/links";
import { CLOUD_PAGE_SIZES } from "~/domain/cloud/grid-columns";
import { GridViewsBar } from "~/components/grid-views/GridViewsBar";
import { DataTable } from "~/components/grid/DataTable";
import { DataTableClearFilters, DataTableFilterRow } from "~/components/grid/DataTableFilterRow";
import { DataTablePagination, rowRange } from "~/components/grid/DataTablePagination";
import { cx, opaquePinnedTd, type GridLook } from "~/components/grid/look";
import type { GridAddress } from "~/components/grid/meta";
import { useSearchHref } from "~/components/grid/useSearchHref";
import { formatCount } from "~/lib/format";
import { cloudColumns, type CloudRow } from "./cloud-columns";
import { CloudDrawer } from "./CloudDrawer";
import { CloudGridToolbar } from "./CloudGridToolbar";
import { CloudGroupRows } from "./CloudGroupRows";
import { CloudUtilizationPanel } from "./CloudUtilizationPanel";

const PINNED_TH = "sticky left-0 bg-slate-50 dark:bg-slate-800";

/**
 * AI Analysis Details of a cloud folder (spec document 3, section 2.4): the saved views bar, the services grid on
 * the generic DataTable (decision 010) with its Total row, the Utilization Charts panel of the selected row and the
 * instance drawer.
 */
export function CloudGrid({ grid }: { grid: CloudGridData }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const href = useSearchHref();
  const columns = useMemo(() => cloudColumns(grid.sortable, grid.totals), [grid.sortable, grid.totals]);
  const data = useMemo(() => (grid.groupBy ? grid.groupRows.flatMap((g) => g.rows) : grid.rows) as CloudRow[], [grid]);
  const shown = grid.groupBy ? grid.groups.length : grid.rows.length;
  const selected = grid.utilization.selected?.entityId;
  const address: GridAddress = {
    sort: (id, dir) => href({ sort: id, dir, page: null }),
    page: (page) => href({ page: String(page) }),
    size: (size) => href({ size: String(size), page: null }),
    select: (id) => href({ sel: id }),
  };
  const look: GridLook<CloudRow> = {
    card: "card relative overflow-x-auto p-0",
    thead: "bg-slate-50 text-left text-xs text-slate-500 dark:bg-slate-800/60 dark:text-slate-400",
    th: "whitespace-nowrap px-3 py-2 font-semibold uppercase",
    pinnedTh: PINNED_TH,
    td: "whitespace-nowrap px-3 py-0",
    pinnedTd: opaquePinnedTd,
    tfoot: "border-t-2 border-slate-300 bg-slate-50 font-semibold dark:border-slate-600 dark:bg-slate-800/60",
    tf: "whitespace-nowrap px-3 py-2",
    pinnedTf: PINNED_TH,
    row: (row) => ({
      "data-testid": "grid-row",
      "aria-selected": row.getIsSelected(),
      // A click anywhere on the row but its links selects it for the charts panel.
      onClick: (e) => {
        if ((e.target as HTMLElement).closest("a,button,input")) return;
        navigate(address.select!(row.id), { replace: true, preventScrollReset: true });
      },
      className: cx("h-[30px] border-t border-slate-100 min-[1281px]:h-10 dark:border-slate-800", row.getIsSelected() && "bg-sky-50 dark:bg-sky-950/40"),
    }),
  };
  const openGroups = new URLSearchParams(search).getAll("open");
  const closeHref = cloudDrawerHref(pathname, search, null);
  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""} data-testid="cloud-grid">
      <GridViewsBar bar={grid.gridViews} />
      <DataTable
        columns={columns}
        data={data}
        state={{
          sorting: [{ id: grid.sort, desc: grid.dir === "desc" }],
          pagination: { pageIndex: grid.page - 1, pageSize: grid.pageSize },
          globalFilter: grid.search,
          columnFilters: Object.entries(grid.filterTexts).map(([id, value]) => ({ id, value })),
          columnVisibility: Object.fromEntries(grid.available.map((k) => [k, grid.columns.includes(k)])),
          columnOrder: grid.columns,
          columnPinning: { left: grid.columns.slice(0, 1) },
          grouping: grid.groupBy ? [grid.groupBy] : [],
          expanded: Object.fromEntries(openGroups.map((v) => [v, true])),
          rowSelection: selected ? { [selected]: true } : {},
        }}
        rowCount={grid.groupBy ? grid.totalGroups : grid.total}
        pageCount={grid.lastPage}
        getRowId={(row) => row.entityId}
        address={address}
        look={look}
        testId="cloud-services-grid"
        label="Cloud services"
        emptyTestId="grid-empty"
        empty={shown === 0}
        toolbar={(table) => <CloudGridToolbar table={table} grid={grid} />}
        headerRows={(table) => <DataTableFilterRow table={table} pinnedClassName={PINNED_TH} />}
        body={grid.groupBy ? (table) => <CloudGroupRows table={table} grid={grid} look={look} /> : undefined}
        footer={(table) => (
          <DataTablePagination table={table} sizes={CLOUD_PAGE_SIZES} keepSizesTogether>
            <span className="muted" data-testid="grid-range">
              {grid.groupBy && shown ? `${rowRange(table, shown)} groups (${formatCount(grid.total)} services)` : rowRange(table, shown)}
            </span>
            <DataTableClearFilters table={table} />
          </DataTablePagination>
        )}
      />
      <CloudUtilizationPanel data={grid.utilization} />
      {grid.drawer ? <CloudDrawer data={grid.drawer} closeHref={closeHref} /> : null}
    </div>
  );
}
