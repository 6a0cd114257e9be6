import { AppLink } from "~/components/ui/AppLink";
import type { ColumnDef, Row, Table } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTableColumnHeader } from "~/components/grid/DataTableColumnHeader";
import { TEXT_NODES } from "~/features/nodes/constants";

interface NodeColumnOptions<T> {
  numeric?: boolean;
  /** Marks a cell (above a threshold of the health rule). */
  className?: (row: T) => string | undefined;
  /** The first column: its cell selects the row (selected=<id> in the address) for the charts panel. */
  select?: boolean;
  /** The cell of the grid's total row (any column with one gives the grid a total row). */
  footer?: ReactNode;
}

/** A column of the node screens' grids: sorted by the server under its own key, which is also the row's field. */
export function nodeColumn<T>(key: string & keyof T, label: string, render: (row: T) => ReactNode, options: NodeColumnOptions<T> = {}): ColumnDef<T> {
  const { numeric, className, select, footer } = options;
  return {
    id: key,
    accessorFn: (row) => row[key],
    header: ({ column, table }) => <DataTableColumnHeader column={column} table={table} title={label} />,
    cell: select ? ({ row, table }) => <SelectRow row={row} table={table}>{render(row.original)}</SelectRow> : ({ row }) => render(row.original),
    sortDescFirst: !!numeric,
    ...(footer === undefined ? {} : { footer: () => footer }),
    meta: { numeric, label, cellProps: className && ((row) => ({ className: className(row) })) },
  };
}

function SelectRow<T>({ row, table, children }: { row: Row<T>; table: Table<T>; children: ReactNode }) {
  if (!row.getCanSelect())
    return (
      <span className="cursor-not-allowed italic" title={TEXT_NODES.notSelectable}>
        {children}
      </span>
    );
  return (
    <AppLink to={table.options.meta!.address.select!(row.id)} preventScrollReset className="font-medium text-sky-700 hover:underline dark:text-sky-300" aria-current={row.getIsSelected() ? "true" : undefined}>
      {children}
    </AppLink>
  );
}
