import { flexRender, type Row } from "@tanstack/react-table";
import { cx, type GridLook } from "./look";

/** One body row: its visible cells in the columns' order, the pinned first cell opaque, a nested row indented. */
export function DataTableRow<TData>({ row, look, nested = false }: { row: Row<TData>; look: GridLook<TData>; nested?: boolean }) {
  return (
    <tr {...look.row(row)}>
      {row.getVisibleCells().map((cell) => {
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
