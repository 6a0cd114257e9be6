import type { ColumnDef } from "@tanstack/react-table";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { TEXT_NODES } from "~/features/nodes/constants";
import { DataTable } from "~/components/grid/DataTable";
import { DataTablePagination, rowRange } from "~/components/grid/DataTablePagination";
import { cx, opaquePinnedTd, type GridLook } from "~/components/grid/look";
import { useSearchHref } from "~/components/grid/useSearchHref";

interface GridTableProps<T> {
  label: string;
  testId: string;
  columns: ColumnDef<T>[];
  rows: T[];
  rowId: (row: T) => string;
  /** False: the row is shown but cannot be selected (no link, dimmed). */
  selectable?: (row: T) => boolean;
  state: { sort: string; dir: "asc" | "desc"; page: number; pageSize: number; total: number; lastPage: number; selectedId: string | null };
  exportHref: string;
  exportLabel: string;
  footnote?: string;
}

/** The node grids' classes: denser rows than the details grid, unselectable rows dimmed. */
const look = <T,>(): GridLook<T> => ({
  card: "card overflow-x-auto p-0",
  thead: "bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60 dark:text-slate-400",
  th: "whitespace-nowrap px-3 py-2",
  pinnedTh: "sticky left-0 z-10 bg-slate-50 dark:bg-slate-800",
  td: "whitespace-nowrap px-3 py-1.5",
  tfoot: "border-t-2 border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-800/60",
  tf: "whitespace-nowrap px-3 py-2",
  pinnedTf: "sticky left-0 z-10 bg-slate-50 dark:bg-slate-800",
  pinnedTd: opaquePinnedTd,
  row: (row) => ({
    "aria-selected": row.getIsSelected(),
    "data-selectable": row.getCanSelect() ? "true" : "false",
    className: cx("border-t border-slate-100 dark:border-slate-800", row.getIsSelected() && "bg-sky-50 dark:bg-sky-950/60", !row.getCanSelect() && "text-slate-500 dark:text-slate-400"),
  }),
});

/**
 * The node screens' grids: sorted and paged by the server, the first column selecting the row (selected=<id> in
 * the address) for the charts panel. Links only, so they work without JavaScript.
 */
export function NodeGridTable<T>(props: GridTableProps<T>) {
  const href = useSearchHref();
  const { state, selectable } = props;
  return (
    <div>
      <DataTable
        columns={props.columns}
        data={props.rows}
        state={{
          sorting: [{ id: state.sort, desc: state.dir === "desc" }],
          pagination: { pageIndex: state.page - 1, pageSize: state.pageSize },
          columnPinning: { left: props.columns.slice(0, 1).map((c) => c.id!) },
          rowSelection: state.selectedId ? { [state.selectedId]: true } : {},
        }}
        rowCount={state.total}
        pageCount={state.lastPage}
        getRowId={props.rowId}
        enableRowSelection={selectable && ((row) => selectable(row.original))}
        address={{
          sort: (id, dir) => href({ sort: id, dir, page: null, selected: null }),
          page: (page) => href({ page: String(page), selected: null }),
          size: (size) => href({ size: String(size), page: null, selected: null }),
          select: (id) => href({ selected: id }),
          keepScroll: true,
        }}
        look={look<T>()}
        testId={props.testId}
        label={props.label}
        toolbar={(table) => (
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <span className="muted text-sm" data-testid="grid-range">
              {rowRange(table)}
            </span>
            <span className="flex-1" />
            {/* A plain download link: the server streams the whole grid (every page) as a workbook. */}
            <a className="btn" href={props.exportHref} download data-testid="export-excel">
              {props.exportLabel}
            </a>
          </div>
        )}
        footer={(table) => (
          <>
            <DataTablePagination table={table} sizes={PAGE_SIZES} />
            <p className="muted mt-2 text-xs">{props.footnote ?? TEXT_NODES.footnote}</p>
          </>
        )}
      />
    </div>
  );
}
