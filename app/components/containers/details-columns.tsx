import { RiCheckboxBlankCircleLine, RiRadioButtonFill } from "@remixicon/react";
import { AppLink } from "~/components/ui/AppLink";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTableColumnHeader } from "~/components/grid/DataTableColumnHeader";
import { GRID_COLUMNS, type GridColumn } from "~/domain/containers/grid-columns";
import { CellValue, isNumeric, shade, unitOf, type GridRow } from "./GridCells";

/** The floating filter's placeholder and hint by kind of value (the syntax of features/containers/grid-filters). */
const FILTER_HINTS = {
  number: [">0", "A number, optionally after =, !=, >, >=, < or <= (e.g. >100); (blank) for no value. Enter applies."],
  bool: ["yes/no", "yes or no; Enter applies."],
  text: ["Filter…", "Text the value contains; =text for equal, !=text for different, (blank) for no value. Enter applies."],
} as const;

function column(col: GridColumn): ColumnDef<GridRow> {
  const numeric = isNumeric(col);
  return {
    id: col.key,
    accessorFn: (row) => row[col.key],
    header: ({ column, table }) => <DataTableColumnHeader column={column} table={table} title={col.label} unit={unitOf(col)} />,
    cell: ({ row }) => <CellValue col={col} row={row.original} />,
    // The model sorts and filters only its SORTABLE_FIELDS; a computed column does neither.
    enableSorting: !!col.sortKey,
    enableColumnFilter: !!col.sortKey,
    // The container's name says which row it is: always shown.
    enableHiding: col.key !== "containerName",
    sortDescFirst: numeric,
    meta: {
      numeric,
      label: col.label,
      filterHint: FILTER_HINTS[numeric ? "number" : col.type === "bool" ? "bool" : "text"],
      cellProps: col.shade ? (row) => ({ style: shade(row[col.key]) }) : undefined,
    },
  };
}

/** The last column: selects the row for the Utilization Charts panel (sel=<entityId>). */
const CHARTS_COLUMN: ColumnDef<GridRow> = {
  id: "charts",
  header: () => <span className="sr-only">Charts</span>,
  cell: ({ row, table }) => (
    <AppLink
      to={table.options.meta!.address.select!(row.id)}
      replace
      preventScrollReset
      aria-label={`Show utilization charts of ${row.original.containerName}`}
      title="Show its charts below"
      className="inline-flex text-slate-500 hover:text-sky-600 dark:text-slate-400"
      data-selected={row.getIsSelected() ? "true" : undefined}
    >
      {row.getIsSelected() ? <RiRadioButtonFill aria-hidden="true" className="h-4 w-4 text-sky-600 dark:text-sky-400" /> : <RiCheckboxBlankCircleLine aria-hidden="true" className="h-4 w-4" />}
    </AppLink>
  ),
  enableHiding: false,
  meta: { th: "w-8 px-2", td: "w-8 px-2 text-center" },
};

const BY_KEY = new Map(GRID_COLUMNS.map((c) => [c.key, column(c)]));

/** The AI Analysis Details grid's columns: the ones the server offers (GPU ones only with the feature), then charts. */
export function detailsColumns(available: readonly string[]): ColumnDef<GridRow>[] {
  return [...available.flatMap((k) => BY_KEY.get(k) ?? []), CHARTS_COLUMN];
}
