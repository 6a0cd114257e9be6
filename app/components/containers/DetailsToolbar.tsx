import { Link, useLocation } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import type { DetailsGridData } from "~/features/containers/details.server";
import { DataTableFilterForm } from "~/components/grid/DataTableFilterRow";
import { DataTableGroupBy } from "~/components/grid/DataTableGroupBy";
import { DataTableSearch } from "~/components/grid/DataTableSearch";
import { DataTableViewOptions } from "~/components/grid/DataTableViewOptions";
import { useSearchHref } from "~/components/grid/useSearchHref";
import type { GridRow } from "./GridCells";

/** The export keeps the rows' condition and sort, not the page, the layout or what is open. */
const NOT_EXPORTED = ["page", "size", "tabGroup1", "bar", "drawer", "sel", "charts", "group", "open"];

/** Above the details grid: the rows' condition, search, grouping, columns and export; then the filters' errors. */
export function DetailsToolbar({ table, grid }: { table: Table<GridRow>; grid: DetailsGridData }) {
  const { search } = useLocation();
  const href = useSearchHref();
  const exportHref = (format: "csv" | "xlsx") => {
    const p = new URLSearchParams(search);
    for (const k of NOT_EXPORTED) p.delete(k);
    p.set("format", format);
    return `/kubex/containers-tree/export?${p}`;
  };
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="grid-toolbar">
        {/* The rows' condition, unless the views bar already names it (a built-in view or a histogram bar). */}
        {grid.gridViewTitle && grid.gridViewTitle !== grid.gridViews?.selected?.title ? (
          <span className="rounded-full bg-sky-100 px-3 py-1 text-sm text-sky-900 dark:bg-sky-900/60 dark:text-sky-100" data-testid="grid-view">
            {grid.gridViewTitle}{" "}
            <Link to={href({ gridViewId: null, page: null })} aria-label="Show all rows" className="ml-1">
              ✕
            </Link>
          </span>
        ) : null}
        {grid.unknownGridView && !grid.gridViews ? <span className="text-sm text-amber-700 dark:text-amber-300">Unknown grid view “{grid.unknownGridView}”: all rows are shown.</span> : null}
        <DataTableSearch table={table} label="Search containers" placeholder="Search containers…" />
        <DataTableGroupBy table={table} options={grid.groupable} />
        <DataTableViewOptions table={table} resetHref={href({ cols: null })} />
        <span className="ml-auto flex items-center gap-1 text-sm">
          <span className="muted">Export:</span>
          {/* Plain download links (they work without JavaScript); the server streams every matching row. */}
          <a className="btn" href={exportHref("csv")} download>
            CSV
          </a>
          <a className="btn" href={exportHref("xlsx")} download>
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
