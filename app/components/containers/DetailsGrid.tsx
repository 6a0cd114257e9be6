import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import type { DetailsGridData } from "~/features/containers/details.server";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { drawerHref } from "~/features/drawers/drawer";
import { ContainerDrawer } from "~/components/drawers/ContainerDrawer";
import { FailedDrawer, MissingDrawer, PolicyDrawer } from "~/components/drawers/PolicyDrawer";
import { GridViewsBar } from "~/components/grid-views/GridViewsBar";
import { DataTable } from "~/components/grid/DataTable";
import { DataTableClearFilters, DataTableFilterRow } from "~/components/grid/DataTableFilterRow";
import { DataTablePagination, rowRange } from "~/components/grid/DataTablePagination";
import { cx, opaquePinnedTd, type GridLook } from "~/components/grid/look";
import type { GridAddress } from "~/components/grid/meta";
import { useSearchHref } from "~/components/grid/useSearchHref";
import { formatCount } from "~/lib/format";
import { detailsColumns } from "./details-columns";
import { DetailsGroupRows } from "./DetailsGroupRows";
import { DetailsToolbar } from "./DetailsToolbar";
import type { GridRow } from "./GridCells";
import { UtilizationPanel } from "./UtilizationPanel";

const PINNED_TH = "sticky left-0 bg-slate-50 dark:bg-slate-800";

/**
 * AI Analysis Details (spec document 2, section 2.3): the server-side grid of containers with its views bar, toolbar,
 * floating filters, grouping and pager, the Utilization Charts panel of the selected row, and the drawers.
 */
export function DetailsGrid({ grid }: { grid: DetailsGridData }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const href = useSearchHref();
  const columns = useMemo(() => detailsColumns(grid.available), [grid.available]);
  // Grouped: the rows of the open groups, which the body places under their groups.
  const data = useMemo(() => (grid.groupBy ? grid.groupRows.flatMap((g) => g.rows) : grid.rows) as unknown as GridRow[], [grid]);
  const shown = grid.groupBy ? grid.groups.length : grid.rows.length;
  const selected = grid.utilization.selected?.entityId;
  const address: GridAddress = {
    sort: (id, dir) => href({ sort: id, dir, page: null }),
    page: (page) => href({ page: String(page) }),
    size: (size) => href({ size: String(size), page: null }),
    select: (id) => href({ sel: id }),
  };
  const look: GridLook<GridRow> = {
    card: "card relative overflow-x-auto p-0",
    thead: "bg-slate-50 text-left text-xs text-slate-500 dark:bg-slate-800/60 dark:text-slate-400",
    th: "whitespace-nowrap px-3 py-2 font-semibold uppercase",
    pinnedTh: PINNED_TH,
    td: "whitespace-nowrap px-3 py-0",
    pinnedTd: opaquePinnedTd,
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
  const closeHref = drawerHref(pathname, search, null);

  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""}>
      {grid.gridViews ? <GridViewsBar bar={grid.gridViews} /> : null}
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
        testId="details-grid"
        emptyTestId="grid-empty"
        empty={shown === 0}
        toolbar={(table) => <DetailsToolbar table={table} grid={grid} />}
        headerRows={(table) => <DataTableFilterRow table={table} pinnedClassName={PINNED_TH} />}
        body={grid.groupBy ? (table) => <DetailsGroupRows table={table} grid={grid} look={look} /> : undefined}
        footer={(table) => (
          <DataTablePagination table={table} sizes={PAGE_SIZES} keepSizesTogether>
            <span className="muted" data-testid="grid-range">
              {grid.groupBy && shown ? `${rowRange(table, shown)} groups (${formatCount(grid.total)} rows)` : rowRange(table, shown)}
            </span>
            <DataTableClearFilters table={table} />
          </DataTablePagination>
        )}
      />
      <p className="muted mt-2 text-xs">Data is derived from past 7 days</p>
      <UtilizationPanel data={grid.utilization} />
      {grid.drawer?.kind === "container" ? <ContainerDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "policy" ? <PolicyDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "missing" ? <MissingDrawer closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "error" ? <FailedDrawer closeHref={closeHref} /> : null}
    </div>
  );
}
