import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Header, type Row, type Table, type TableState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { EmptyGridRow } from "~/components/ui/EmptyGridRow";
import { DataTableRow } from "./DataTableRow";
import { cx, type GridLook } from "./look";
import type { ColumnChoice, GridAddress } from "./meta";

const coreRowModel = getCoreRowModel();

export interface DataTableProps<TData> {
  columns: ColumnDef<TData>[];
  /** One page of rows, as the server sorted, filtered and paged them. */
  data: TData[];
  /** The table's state as the loader read it from the address; links and GET forms change it, never TanStack. */
  state: Partial<TableState>;
  rowCount: number;
  pageCount: number;
  getRowId: (row: TData) => string;
  enableRowSelection?: (row: Row<TData>) => boolean;
  address: GridAddress;
  look: GridLook<TData>;
  testId: string;
  label?: string;
  emptyTestId?: string;
  /** Whether the grid shows nothing (by default: no rows; a grouped grid shows groups). */
  empty?: boolean;
  toolbar?: (table: Table<TData>) => ReactNode;
  /** Header rows under the column headers (the floating filters). */
  headerRows?: (table: Table<TData>) => ReactNode;
  /** The body instead of one row per row of data (groups and their rows). */
  body?: (table: Table<TData>) => ReactNode;
  footer?: (table: Table<TData>) => ReactNode;
}

/** TanStack's id of a column definition. */
const columnIdOf = <TData,>(def: ColumnDef<TData>): string => {
  const key = (def as { accessorKey?: unknown }).accessorKey;
  return def.id ?? (typeof key === "string" ? key.replaceAll(".", "_") : typeof def.header === "string" ? def.header : "");
};

/**
 * The columns TanStack gets: the shown ones only (issue 13). It makes a column object with some fifty methods and
 * memos for every definition it is given, on every render; AI Analysis Details has 73 columns and shows 18 by
 * default, and the hidden ones' objects were a quarter of what a grid page's render left for V8's old generation at
 * 500,000 containers (a sampling heap profile under the 50-user load). The columns chooser, the one part that lists
 * hidden columns, reads `choices` (table.options.meta.columnChoices) instead, in the definitions' order.
 */
export function shownColumns<TData>(columns: ColumnDef<TData>[], visibility: Record<string, boolean>): { shown: ColumnDef<TData>[]; choices: ColumnChoice[] } {
  const shown: ColumnDef<TData>[] = [];
  const choices: ColumnChoice[] = [];
  for (const def of columns) {
    const id = columnIdOf(def);
    const isShown = visibility[id] !== false;
    if (isShown) shown.push(def);
    if ("accessorFn" in def || "accessorKey" in def) choices.push({ id, label: def.meta?.label ?? id, shown: isShown, canHide: def.enableHiding !== false });
  }
  return { shown, choices };
}

/**
 * A server-side grid on TanStack Table: the server sorts, filters, groups and pages (manual*), the state comes
 * from the address, and TanStack models the columns, their order, visibility and pinning, the rows and the
 * selection, so the table renders on the server and works without JavaScript.
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const { look } = props;
  const { shown, choices } = shownColumns(props.columns, props.state.columnVisibility ?? {});
  const table = useReactTable({
    columns: shown,
    data: props.data,
    state: props.state,
    rowCount: props.rowCount,
    pageCount: props.pageCount,
    getRowId: props.getRowId,
    getCoreRowModel: coreRowModel,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    manualGrouping: true,
    // Grouping keeps the columns where the address puts them (TanStack would move the grouped column first).
    groupedColumnMode: false,
    manualExpanding: true,
    // A sorted header toggles between its two directions, as the address allows no unsorted grid.
    enableSortingRemoval: false,
    enableRowSelection: props.enableRowSelection,
    meta: { address: props.address, columnChoices: choices },
  });
  const rows = table.getRowModel().rows;
  return (
    <>
      {props.toolbar?.(table)}
      {/* The table shows once the whole of it has been parsed (tailwind.css, .table-streamed): a table painted while its
          HTML still streams in widens its columns row by row, and everything in it moves (layout shift). */}
      <div className={cx(look.card, "table-streamed")}>
        <table className="w-full text-sm" data-testid={props.testId} aria-label={props.label}>
          <thead className={look.thead}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} look={look} />
                ))}
              </tr>
            ))}
            {props.headerRows?.(table)}
          </thead>
          <tbody>
            {(props.empty ?? rows.length === 0) ? <EmptyGridRow colSpan={table.getVisibleLeafColumns().length} testId={props.emptyTestId} /> : null}
            {props.body ? props.body(table) : rows.map((row) => <DataTableRow key={row.id} table={table} row={row} look={look} />)}
          </tbody>
          {hasFooter(table) ? (
            <tfoot className={look.tfoot}>
              {table.getFooterGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <FooterCell key={header.id} header={header} look={look} />
                  ))}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
        <span className="table-end" hidden />
      </div>
      {props.footer?.(table)}
    </>
  );
}

/** A total row (the cloud services grid's "Total") when any column defines a footer. */
function hasFooter<TData>(table: Table<TData>): boolean {
  return table.getVisibleLeafColumns().some((c) => c.columnDef.footer !== undefined);
}

function FooterCell<TData>({ header, look }: { header: Header<TData, unknown>; look: GridLook<TData> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  return (
    <td className={cx(look.tf ?? look.td, meta?.numeric && "text-right tabular-nums", column.getIsPinned() && look.pinnedTf)}>
      {header.isPlaceholder || column.columnDef.footer === undefined ? null : flexRender(column.columnDef.footer, header.getContext())}
    </td>
  );
}

function HeaderCell<TData>({ header, look }: { header: Header<TData, unknown>; look: GridLook<TData> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sorted = column.getIsSorted();
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
      className={meta?.th ?? cx(look.th, meta?.numeric && "text-right", column.getIsPinned() && look.pinnedTh)}
    >
      {header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext())}
    </th>
  );
}
