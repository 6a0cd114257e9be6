import { useLocation, useNavigate } from "@remix-run/react";
import type { ColumnDef, Table } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { formatCount } from "~/lib/format";
import { AddressGroupRows, type GroupedPage, type RowGroupSummary } from "./AddressGroupRows";
import { DataTable } from "./DataTable";
import { DataTableClearFilters, DataTableFilterRow } from "./DataTableFilterRow";
import { DataTablePagination, rowRange } from "./DataTablePagination";
import { cx, opaquePinnedTd, type GridLook } from "./look";
import type { GridAddress } from "./meta";
import { useSearchHref } from "./useSearchHref";

const PINNED_TH = "sticky left-0 bg-slate-50 dark:bg-slate-800";

/** One page of an address-driven grid as its loader returns it (the container and cloud details grids). */
export interface AddressGridPage<Row, Group extends RowGroupSummary> extends GroupedPage<Row, Group> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  lastPage: number;
  sort: string;
  dir: "asc" | "desc";
  search: string;
  filterTexts: Record<string, string>;
  /** The shown columns in their order, and every column the grid has. */
  columns: string[];
  available: string[];
  totalGroups: number;
}

/**
 * The details grid of a tree folder (containers, cloud services): the DataTable with the address's sort, page, search,
 * floating filters, shown columns, grouping and selected row; a click on a row selects it for the charts panel.
 */
export function AddressGrid<Row extends { entityId: string }, Group extends RowGroupSummary>(props: {
  grid: AddressGridPage<Row, Group>;
  columns: ColumnDef<Row>[];
  selectedId: string | null | undefined;
  testId: string;
  label?: string;
  /** What a row is, in the pager's "(1,240 rows)" and a group's "Show all". */
  rowNoun: string;
  pageSizes: readonly number[];
  toolbar: (table: Table<Row>) => ReactNode;
  groupSummary: (group: Group) => ReactNode;
  /** The grid's columns define footers: draw the Total row. */
  withTotals?: boolean;
}) {
  const { grid, selectedId } = props;
  const { search } = useLocation();
  const navigate = useNavigate();
  const href = useSearchHref();
  // Grouped: the rows of the open groups, which the body places under their groups.
  const data = useMemo(() => (grid.groupBy ? grid.groupRows.flatMap((g) => g.rows) : grid.rows), [grid]);
  const shown = grid.groupBy ? grid.groups.length : grid.rows.length;
  const address: GridAddress = {
    sort: (id, dir) => href({ sort: id, dir, page: null }),
    page: (page) => href({ page: String(page) }),
    size: (size) => href({ size: String(size), page: null }),
    select: (id) => href({ sel: id }),
  };
  const look: GridLook<Row> = {
    card: "card relative overflow-x-auto p-0",
    thead: "bg-slate-50 text-left text-xs text-slate-500 dark:bg-slate-800/60 dark:text-slate-400",
    th: "whitespace-nowrap px-3 py-2 font-semibold uppercase",
    pinnedTh: PINNED_TH,
    td: "whitespace-nowrap px-3 py-0",
    pinnedTd: opaquePinnedTd,
    ...(props.withTotals
      ? { tfoot: "border-t-2 border-slate-300 bg-slate-50 font-semibold dark:border-slate-600 dark:bg-slate-800/60", tf: "whitespace-nowrap px-3 py-2", pinnedTf: PINNED_TH }
      : {}),
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

  return (
    <DataTable
      columns={props.columns}
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
        rowSelection: selectedId ? { [selectedId]: true } : {},
      }}
      rowCount={grid.groupBy ? grid.totalGroups : grid.total}
      pageCount={grid.lastPage}
      getRowId={(row) => row.entityId}
      address={address}
      look={look}
      testId={props.testId}
      label={props.label}
      emptyTestId="grid-empty"
      empty={shown === 0}
      toolbar={props.toolbar}
      headerRows={(table) => <DataTableFilterRow table={table} pinnedClassName={PINNED_TH} />}
      body={grid.groupBy ? (table) => <AddressGroupRows table={table} grid={grid} look={look} summary={props.groupSummary} rowNoun={props.rowNoun} /> : undefined}
      footer={(table) => (
        <DataTablePagination table={table} sizes={props.pageSizes} keepSizesTogether>
          <span className="muted" data-testid="grid-range">
            {grid.groupBy && shown ? `${rowRange(table, shown)} groups (${formatCount(grid.total)} ${props.rowNoun})` : rowRange(table, shown)}
          </span>
          <DataTableClearFilters table={table} />
        </DataTablePagination>
      )}
    />
  );
}
