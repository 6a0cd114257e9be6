import { createCell, flexRender, type Cell, type Row, type Table } from "@tanstack/react-table";
import { cx, type GridLook } from "./look";

/**
 * The row's cells of the visible columns, pinned left first, then the middle, then pinned right: what
 * row.getVisibleCells() gives, made for those columns only. getVisibleCells makes a cell for every column first,
 * hidden ones too (73 per row in AI Analysis Details, 18 of them shown), and at 20 rows a page those cells were
 * the grid pages' most allocated objects, ~0.6 MB a page, and the ones V8 kept longest (issue 13).
 */
export function visibleCells<TData>(table: Table<TData>, row: Row<TData>): Cell<TData, unknown>[] {
  const columns = [...table.getLeftVisibleLeafColumns(), ...table.getCenterVisibleLeafColumns(), ...table.getRightVisibleLeafColumns()];
  return columns.map((column) => createCell(table, row, column, column.id));
}

/** One body row: its visible cells in the columns' order, the pinned first cell opaque, a nested row indented. */
export function DataTableRow<TData>({ table, row, look, nested = false }: { table: Table<TData>; row: Row<TData>; look: GridLook<TData>; nested?: boolean }) {
  return (
    <tr {...look.row(row)}>
      {visibleCells(table, row).map((cell) => {
        const meta = cell.column.columnDef.meta;
        const { className, ...more } = meta?.cellProps?.(row.original) ?? {};
        const pinned = !!cell.column.getIsPinned();
        return (
          <td
            key={cell.id}
            {...more}
            className={meta?.td ?? cx(look.td, meta?.numeric && "text-right tabular-nums", pinned && look.pinnedTd?.(row), pinned && nested && "pl-6", className)}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}
