import { Link, useLocation } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { FILTER_PREFIX } from "~/domain/containers/grid-columns";
import { DataTableRow } from "~/components/grid/DataTableRow";
import type { GridLook } from "~/components/grid/look";
import { formatCount, formatCurrency } from "~/lib/format";
import type { CloudRow } from "./cloud-columns";

/** The address's name for the group of rows without a value (BLANK_GROUP of grid.server). */
const BLANK_GROUP = "(blank)";

/**
 * The grouped grid's body: a page of groups with their services and money; an open group (open=<value>) shows its
 * first rows and a link to the grid filtered to the whole group.
 */
export function CloudGroupRows({ table, grid, look }: { table: Table<CloudRow>; grid: CloudGridData; look: GridLook<CloudRow> }) {
  const { pathname, search } = useLocation();
  const expanded = table.getState().expanded as Record<string, boolean>;
  const span = table.getVisibleLeafColumns().length;
  const toggleHref = (value: string) => {
    const p = new URLSearchParams(search);
    const open = p.getAll("open");
    p.delete("open");
    for (const v of open.includes(value) ? open.filter((x) => x !== value) : [...open, value]) p.append("open", v);
    return `${pathname}?${p}`;
  };
  const showAllHref = (value: string | null) => {
    const p = new URLSearchParams(search);
    for (const k of ["group", "open", "page"]) p.delete(k);
    p.set(`${FILTER_PREFIX}${grid.groupBy}`, value === null ? BLANK_GROUP : `=${value}`);
    return `${pathname}?${p}`;
  };
  return grid.groups.map((g) => {
    const key = g.value ?? BLANK_GROUP;
    const open = !!expanded[key];
    const rows = grid.groupRows.find((x) => x.value === g.value)?.rows ?? [];
    return [
      <tr key={`g-${key}`} className="border-t border-slate-200 bg-slate-100/70 dark:border-slate-700 dark:bg-slate-800/70" data-testid="group-row" data-count={g.count}>
        <td colSpan={span} className="px-2 py-1.5">
          <Link to={toggleHref(key)} replace preventScrollReset aria-expanded={open} className="font-medium hover:underline">
            <span aria-hidden="true">{open ? "▾" : "▸"}</span> {grid.groupLabel}: {g.value ?? "-"}
          </Link>{" "}
          <span className="muted ml-3 text-xs">
            {formatCount(g.count)} services · Current {formatCurrency(g.currentEstimatedCost)} · Recommended {formatCurrency(g.recommendedEstimatedCost)} · Waste {formatCurrency(g.estimatedSavings)} per month
          </span>
        </td>
      </tr>,
      ...(open ? rows.map((r) => <DataTableRow key={r.entityId} row={table.getRow(r.entityId)} look={look} nested />) : []),
      open && g.count > rows.length ? (
        <tr key={`more-${key}`}>
          <td colSpan={span} className="px-6 py-1 text-xs">
            <Link to={showAllHref(g.value)} className="text-sky-700 hover:underline dark:text-sky-300">
              Show all {formatCount(g.count)} services of this group
            </Link>
          </td>
        </tr>
      ) : null,
    ];
  });
}
