import { Link, useLocation } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import type { DetailsGridData } from "~/features/containers/details.server";
import { FILTER_PREFIX } from "~/domain/containers/grid-columns";
import { DataTableRow } from "~/components/grid/DataTableRow";
import type { GridLook } from "~/components/grid/look";
import { formatContainerCount, formatCount, formatCurrency } from "~/lib/format";
import { fmtNumber, type GridRow } from "./GridCells";

/** The address's name for the group of rows without a value (BLANK_GROUP of details.server). */
const BLANK_GROUP = "(blank)";

/**
 * The grouped grid's body: a page of groups, each with its totals; an open group (open=<value> in the address,
 * TanStack's expanded state) shows its first rows and a link to the grid filtered to the whole group.
 */
export function DetailsGroupRows({ table, grid, look }: { table: Table<GridRow>; grid: DetailsGridData; look: GridLook<GridRow> }) {
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
            <span title={g.count.toLocaleString("en-US")}>{formatContainerCount(g.count)}</span> containers · Current Cost {formatCurrency(g.currentCost)} · Net Savings {formatCurrency(g.netSavings)} · CPU surplus {fmtNumber(g.totalCpuSurplus)} mCores · Memory surplus {fmtNumber(g.totalMemSurplus)} MB
          </span>
        </td>
      </tr>,
      ...(open ? rows.map((r) => <DataTableRow key={r.entityId} row={table.getRow(r.entityId)} look={look} nested />) : []),
      open && g.count > rows.length ? (
        <tr key={`more-${key}`}>
          <td colSpan={span} className="px-6 py-1 text-xs">
            <Link to={showAllHref(g.value)} className="text-sky-700 hover:underline dark:text-sky-300">
              Show all {formatCount(g.count)} rows of this group
            </Link>
          </td>
        </tr>
      ) : null,
    ];
  });
}
