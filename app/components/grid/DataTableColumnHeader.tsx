import { Link } from "@remix-run/react";
import type { Column, Table } from "@tanstack/react-table";

/** A column's header: its title and unit, the sort arrow, and (sortable) a link to the next sort in the address. */
export function DataTableColumnHeader<TData, TValue>({ column, table, title, unit }: { column: Column<TData, TValue>; table: Table<TData>; title: string; unit?: string | null }) {
  const sorted = column.getIsSorted();
  const label = (
    <>
      {title}
      {unit ? <span className="ml-1 font-normal normal-case">({unit})</span> : null}
      {sorted ? (sorted === "asc" ? " ▲" : " ▼") : ""}
    </>
  );
  if (!column.getCanSort()) return label;
  const { address } = table.options.meta!;
  return (
    <Link to={address.sort!(column.id, column.getNextSortingOrder() || "asc")} preventScrollReset={address.keepScroll} className="hover:underline">
      {label}
    </Link>
  );
}
