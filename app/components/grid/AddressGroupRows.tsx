import { Link, useLocation } from "@remix-run/react";
import { BLANK_GROUP } from "~/domain/grid/grouped-page";
import type { Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { FILTER_PREFIX } from "~/domain/containers/grid-columns";
import { formatCount } from "~/lib/format";
import { DataTableRow } from "./DataTableRow";
import type { GridLook } from "./look";


export interface RowGroupSummary {
  value: string | null;
  count: number;
}

export interface GroupedPage<Row, Group extends RowGroupSummary> {
  groupBy: string | null;
  groupLabel: string | null;
  groups: Group[];
  groupRows: { value: string | null; rows: Row[] }[];
}

/**
 * A grouped grid's body: a page of groups, each with its totals; an open group (open=<value> in the address,
 * TanStack's expanded state) shows its first rows and a link to the grid filtered to the whole group.
 */
export function AddressGroupRows<Row extends { entityId: string }, Group extends RowGroupSummary>(props: {
  table: Table<Row>;
  grid: GroupedPage<Row, Group>;
  look: GridLook<Row>;
  /** The group's totals after its name, e.g. "12 containers · Current Cost $40". */
  summary: (group: Group) => ReactNode;
  /** What a row is, for "Show all 40 rows of this group". */
  rowNoun: string;
}) {
  const { table, grid, look } = props;
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
          <span className="muted ml-3 text-xs">{props.summary(g)}</span>
        </td>
      </tr>,
      ...(open ? rows.map((r) => <DataTableRow key={r.entityId} table={table} row={table.getRow(r.entityId)} look={look} nested />) : []),
      open && g.count > rows.length ? (
        <tr key={`more-${key}`}>
          <td colSpan={span} className="px-6 py-1 text-xs">
            <Link to={showAllHref(g.value)} className="text-sky-700 hover:underline dark:text-sky-300">
              Show all {formatCount(g.count)} {props.rowNoun} of this group
            </Link>
          </td>
        </tr>
      ) : null,
    ];
  });
}
