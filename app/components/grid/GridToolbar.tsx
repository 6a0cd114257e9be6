import { Link, useLocation } from "@remix-run/react";
import { RiCloseLine } from "@remixicon/react";
import type { Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTableFilterForm } from "./DataTableFilterRow";
import { DataTableGroupBy } from "./DataTableGroupBy";
import { DataTableSearch } from "./DataTableSearch";
import { DataTableViewOptions } from "./DataTableViewOptions";
import { useSearchHref } from "./useSearchHref";

/** What the toolbar reads of a server-side grid's loader data. */
export interface ToolbarGrid {
  /** The rows' condition (a built-in view or a histogram bar), when one applies. */
  gridViewTitle: string | null;
  gridViews?: { selected?: { title: string } | null } | null;
  groupable: { key: string; label: string }[];
  filterErrors: string[];
}

export interface GridToolbarProps<Row> {
  table: Table<Row>;
  grid: ToolbarGrid;
  /** The resource route that streams the rows as CSV or Excel. */
  exportPath: string;
  /** Address parameters of the page, the layout or what is open: the export keeps only the rows' condition and sort. */
  notExported: readonly string[];
  searchLabel: string;
  searchPlaceholder: string;
  /** A note beside the condition (e.g. an unknown grid view in the address). */
  notice?: ReactNode;
}

/** Above a server-side grid: the rows' condition, search, grouping, columns and export; then the filters' errors. */
export function GridToolbar<Row>({ table, grid, exportPath, notExported, searchLabel, searchPlaceholder, notice }: GridToolbarProps<Row>) {
  const { search } = useLocation();
  const href = useSearchHref();
  const exportHref = (format: "csv" | "xlsx") => {
    const p = new URLSearchParams(search);
    for (const k of notExported) p.delete(k);
    p.set("format", format);
    return `${exportPath}?${p}`;
  };
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="grid-toolbar">
        {/* The rows' condition, unless the views bar already names it. */}
        {grid.gridViewTitle && grid.gridViewTitle !== grid.gridViews?.selected?.title ? (
          <span className="inline-flex items-center rounded-full bg-sky-100 px-3 py-1 text-sm text-sky-900 dark:bg-sky-900/60 dark:text-sky-100" data-testid="grid-view">
            {grid.gridViewTitle}
            <Link to={href({ gridViewId: null, page: null })} aria-label="Show all rows" className="ml-1">
              <RiCloseLine aria-hidden="true" className="h-4 w-4" />
            </Link>
          </span>
        ) : null}
        {notice}
        <DataTableSearch table={table} label={searchLabel} placeholder={searchPlaceholder} />
        <DataTableGroupBy table={table} options={grid.groupable} />
        <DataTableViewOptions table={table} resetHref={href({ cols: null })} />
        <span className="ml-auto flex items-center gap-1 text-sm">
          <span className="muted">Export:</span>
          {/* Plain download links (they work without JavaScript); the server streams every matching row. */}
          <a className="btn" href={exportHref("csv")} download data-testid="export-csv">
            CSV
          </a>
          <a className="btn" href={exportHref("xlsx")} download data-testid="export-xlsx">
            Excel
          </a>
        </span>
      </div>
      {grid.filterErrors.length ? (
        <div role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100" data-testid="filter-errors">
          <p className="font-medium">Some filters were not applied:</p>
          <ul className="list-disc pl-5">
            {grid.filterErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <DataTableFilterForm />
    </>
  );
}
