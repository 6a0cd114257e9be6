import { RiCheckboxBlankCircleLine, RiRadioButtonFill } from "@remixicon/react";
import { Link, useLocation } from "@remix-run/react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTableColumnHeader } from "~/components/grid/DataTableColumnHeader";
import { RecommendationBadge } from "~/components/containers/badges";
import { shade } from "~/components/containers/GridCells";
import type { CloudexDetail } from "~/domain/cloud/detail";
import { CLOUD_GRID_COLUMNS } from "~/domain/cloud/grid-columns";
import type { GridColumn } from "~/domain/containers/grid-columns";
import { cloudDrawerHref } from "~/features/cloud/links";
import { effortTone, formatValue, reasonText, shownValue, type ValueKind } from "~/features/cloud/values";
import type { CloudTotals } from "~/models/cloud-analysis.server";
import { formatCurrency } from "~/lib/format";
import { TONE_BADGE } from "./tones";

export type CloudRow = CloudexDetail;

const NUMERIC = new Set(["number", "money", "percent"]);

/** The floating filter's placeholder and hint by kind of value (the syntax of features/containers/grid-filters). */
const FILTER_HINTS = {
  number: [">0", "A number, optionally after =, !=, >, >=, < or <= (e.g. >100); (blank) for no value. Enter applies."],
  bool: ["yes/no", "yes or no; Enter applies."],
  text: ["Filter…", "Text the value contains; =text for equal, !=text for different, (blank) for no value. Enter applies."],
} as const;

/** The money columns the Total row sums (the model's totals). */
const TOTALS: Partial<Record<string, keyof CloudTotals>> = {
  currentEstimatedCost: "currentEstimatedCost",
  recommendedEstimatedCost: "recommendedEstimatedCost",
  estimatedSavings: "estimatedSavings",
};

/** A service's name opens its instance drawer (drawer=cloud:<entityId>), the rest of the page kept. */
function SystemLink({ row }: { row: CloudRow }) {
  const { pathname, search } = useLocation();
  return (
    <Link to={cloudDrawerHref(pathname, search, row.entityId)} preventScrollReset className="font-medium text-sky-700 hover:underline dark:text-sky-300" data-testid="system-link">
      {row.system}
    </Link>
  );
}

/** One cell: null (and Terminate's recommended values) "-", money and percents in the spec's format. */
export function CloudCell({ col, row }: { col: GridColumn; row: CloudRow }) {
  if (col.key === "system") return <SystemLink row={row} />;
  const v = shownValue(row, col.key);
  if (col.key === "recommendation") return <RecommendationBadge value={(v as string | null) ?? null} />;
  if (col.key === "estimatedEffort" && typeof v === "string") return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${TONE_BADGE[effortTone(v)]}`}>{v}</span>;
  if (col.key === "reasonHtml") {
    const text = reasonText(String(v ?? ""));
    return <span title={text} className="inline-block max-w-[24rem] truncate align-bottom">{text || "-"}</span>;
  }
  const kind: ValueKind = col.type === "money" || col.type === "percent" || col.type === "number" || col.type === "date" || col.type === "bool" ? col.type : "text";
  return <>{formatValue(v, kind, col.type === "percent" ? 1 : col.digits)}</>;
}

function column(col: GridColumn, sortable: ReadonlySet<string>, totals: CloudTotals): ColumnDef<CloudRow> {
  const numeric = NUMERIC.has(col.type);
  const can = sortable.has(col.key);
  const total = TOTALS[col.key];
  return {
    id: col.key,
    accessorFn: (row) => (row as unknown as Record<string, unknown>)[col.key],
    header: ({ column: c, table }) => <DataTableColumnHeader column={c} table={table} title={col.label} />,
    cell: ({ row }) => <CloudCell col={col} row={row.original} />,
    footer: col.key === "system" ? () => "Total" : total ? () => <span data-testid={`total-${col.key}`}>{formatCurrency(totals[total])}</span> : undefined,
    enableSorting: can,
    enableColumnFilter: can,
    // The service's name says which row it is: always shown.
    enableHiding: col.key !== "system",
    sortDescFirst: numeric,
    meta: {
      numeric,
      label: col.label,
      filterHint: FILTER_HINTS[numeric ? "number" : col.type === "bool" ? "bool" : "text"],
      cellProps: col.shade ? (row) => ({ style: shade(row[col.key as keyof CloudRow]) }) : undefined,
    },
  };
}

/** The last column: selects the row for the Utilization Charts panel (sel=<entityId>). */
const CHARTS_COLUMN: ColumnDef<CloudRow> = {
  id: "charts",
  header: () => <span className="sr-only">Charts</span>,
  cell: ({ row, table }) => (
    <Link
      to={table.options.meta!.address.select!(row.id)}
      replace
      preventScrollReset
      aria-label={`Show utilization charts of ${row.original.system}`}
      title="Show its charts below"
      className="inline-flex text-slate-500 hover:text-sky-600 dark:text-slate-400"
      data-selected={row.getIsSelected() ? "true" : undefined}
    >
      {row.getIsSelected() ? <RiRadioButtonFill aria-hidden="true" className="h-4 w-4 text-sky-600 dark:text-sky-400" /> : <RiCheckboxBlankCircleLine aria-hidden="true" className="h-4 w-4" />}
    </Link>
  ),
  enableHiding: false,
  meta: { th: "w-8 px-2", td: "w-8 px-2 text-center" },
};

/** The services grid's columns: every column of the spec (the chooser offers them all), then the charts selector. */
export function cloudColumns(sortable: readonly string[], totals: CloudTotals): ColumnDef<CloudRow>[] {
  const can = new Set(sortable);
  return [...CLOUD_GRID_COLUMNS.map((c) => column(c, can, totals)), CHARTS_COLUMN];
}
