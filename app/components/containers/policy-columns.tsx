import type { ColumnDef } from "@tanstack/react-table";
import type { PolicyRow } from "~/features/containers/policies";

/**
 * The policy grid's page sizes (spec document 2, section 9: 10, 15, 20), as features/containers/policies pages
 * them. A copy that a test keeps equal: importing that module would bring the policy engine's data into the browser.
 */
export const POLICY_PAGE_SIZES = [10, 15, 20] as const;

/** The policy grid's columns; the policy itself heads each group of rows. */
export const POLICY_COLUMNS: ColumnDef<PolicyRow>[] = [
  { id: "group", accessorKey: "group", header: "Group" },
  { id: "parameter", accessorKey: "parameter", header: "Parameter", meta: { cellProps: (row) => ({ title: row.description }) } },
  // The formatted value carries its unit (mCores, MB, days, hours); values that differ from the default are bold.
  { id: "value", accessorKey: "value", header: "Value", meta: { numeric: true, cellProps: (row) => ({ className: row.isDefault ? "" : "font-semibold" }) } },
];
