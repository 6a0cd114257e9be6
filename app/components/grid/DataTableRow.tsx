import { createCell, type CellContext, type Column, type ColumnDefTemplate, type Row, type Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { cx, type GridLook } from "./look";

/** The visible columns in the order a row shows them: pinned left first, then the middle, then pinned right. */
export function visibleColumns<TData>(table: Table<TData>): Column<TData, unknown>[] {
  return [...table.getLeftVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns(), ...table.getRightVisibleLeafColumns()];
}

/**
 * What a cell renderer gets, as cell.getContext() gives it, without making TanStack's cell first: a cell object
 * with its methods and memos for every visible cell of every row was the largest share of what a grid page's
 * render left for V8's old generation under the 50-user load at 500,000 containers (~100 of 550 MB promoted in
 * 15 s; issue 13). The values come from the row's own cache as a cell's would; `cell` is made only if a renderer
 * asks for it (none of ours does).
 */
export function cellContext<TData>(table: Table<TData>, row: Row<TData>, column: Column<TData, unknown>): CellContext<TData, unknown> {
  let cell: ReturnType<typeof createCell<TData, unknown>> | undefined;
  return {
    table,
    row,
    column,
    getValue: () => row.getValue(column.id),
    renderValue: () => row.renderValue(column.id),
    get cell() {
      return (cell ??= createCell(table, row, column, column.id));
    },
  };
}

/**
 * A cell's content: its renderer called with the context, where flexRender would make the renderer a component of
 * its own (one more component per cell, and React copying the context into its props, which made the cell above).
 * So a cell renderer must not call hooks itself (the hooks lint says so); it renders a component that does.
 */
function renderCell<TData>(template: ColumnDefTemplate<CellContext<TData, unknown>> | undefined, context: CellContext<TData, unknown>): ReactNode {
  return typeof template === "function" ? (template(context) as ReactNode) : (template ?? null);
}

/** One body row: its visible cells in the columns' order, the pinned first cell opaque, a nested row indented. */
export function DataTableRow<TData>({ table, row, look, nested = false }: { table: Table<TData>; row: Row<TData>; look: GridLook<TData>; nested?: boolean }) {
  return (
    <tr {...look.row(row)}>
      {visibleColumns(table).map((column) => {
        const meta = column.columnDef.meta;
        const { className, ...more } = meta?.cellProps?.(row.original) ?? {};
        const pinned = !!column.getIsPinned();
        return (
          <td
            key={column.id}
            {...more}
            className={meta?.td ?? cx(look.td, meta?.numeric && "text-right tabular-nums", pinned && look.pinnedTd?.(row), pinned && nested && "pl-6", className)}
          >
            {renderCell(column.columnDef.cell, cellContext(table, row, column))}
          </td>
        );
      })}
    </tr>
  );
}
