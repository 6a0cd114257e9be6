import { Link } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/format";

/** "21–40 of 400": the rows (or groups) the page shows, or "0 rows". */
export function rowRange<TData>(table: Table<TData>, shown = table.getRowModel().rows.length) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const first = pageIndex * pageSize + 1;
  return shown ? `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(table.getRowCount())}` : "0 rows";
}

interface PaginationProps<TData> {
  table: Table<TData>;
  sizes: readonly number[];
  label?: string;
  /** What the pager says before its links (the range, a reset link). */
  children?: ReactNode;
  /** "Page 2 of 9" between the links. */
  pageOf?: boolean;
  /** Keeps "Rows per page" and its sizes on one line when the pager wraps. */
  keepSizesTogether?: boolean;
}

/** Previous and next page and the page sizes, as links (page and size live in the address). */
export function DataTablePagination<TData>({ table, sizes, label = "Pages", children, pageOf = true, keepSizesTogether = false }: PaginationProps<TData>) {
  const { address } = table.options.meta!;
  const { pageIndex, pageSize } = table.getState().pagination;
  const page = pageIndex + 1;
  const keep = address.keepScroll;
  const perPage = [
    <span key="label" className="muted ml-2">
      Rows per page:
    </span>,
    ...sizes.map((s) => (
      <Link key={s} to={address.size(s)} preventScrollReset={keep} aria-current={s === pageSize ? "true" : undefined} className={s === pageSize ? "font-semibold underline" : "hover:underline"}>
        {s}
      </Link>
    )),
  ];
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      {children}
      <span className="flex-1" />
      {table.getCanPreviousPage() ? (
        <Link className="btn" to={address.page(page - 1)} preventScrollReset={keep}>
          ‹ Previous
        </Link>
      ) : null}
      {pageOf ? (
        <span>
          Page {page} of {table.getPageCount()}
        </span>
      ) : null}
      {table.getCanNextPage() ? (
        <Link className="btn" to={address.page(page + 1)} preventScrollReset={keep}>
          Next ›
        </Link>
      ) : null}
      {keepSizesTogether ? <span className="flex items-center gap-2 whitespace-nowrap">{perPage}</span> : perPage}
    </nav>
  );
}
