import type { ColumnDef } from "@tanstack/react-table";
import type { PolicyRow } from "~/features/containers/policies";

/**
 * The policy grid's page sizes (spec document 2, section 9: 10, 15, 20), as features/containers/policies pages
 * them. A copy that a test keeps equal: importing that module would bring the policy engine's data into the browser.
 */
export const POLICY_PAGE_SIZES = [10, 15, 20] as const;

/** True when a row has the same policy and group as the row above it (its group name is then not shown again). */
export function repeatsGroup(prev: Pick<PolicyRow, "policy" | "group"> | undefined, row: Pick<PolicyRow, "policy" | "group">): boolean {
  return !!prev && prev.policy === row.policy && prev.group === row.group;
}

/** The policy grid's columns; the policy itself heads each group of rows. */
export const POLICY_COLUMNS: ColumnDef<PolicyRow>[] = [
  // The group's name on its first row of a policy only (it repeated on every row); the rows under it keep it for
  // screen readers, which read a row at a time.
  {
    id: "group",
    accessorKey: "group",
    header: "Group",
    cell: ({ row, table }) => {
      const rows = table.getRowModel().rows;
      const i = rows.findIndex((r) => r.id === row.id);
      const prev = i > 0 ? rows[i - 1].original : undefined;
      return repeatsGroup(prev, row.original) ? <span className="sr-only">{row.original.group}</span> : row.original.group;
    },
  },
  { id: "parameter", accessorKey: "parameter", header: "Parameter", meta: { cellProps: (row) => ({ title: row.description }) } },
  // The formatted value carries its unit (mCores, MB, days, hours); values that differ from the default are bold.
  { id: "value", accessorKey: "value", header: "Value", meta: { numeric: true, cellProps: (row) => ({ className: row.isDefault ? "" : "font-semibold" }) } },
];
