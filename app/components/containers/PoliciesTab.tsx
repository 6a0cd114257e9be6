import { Fragment } from "react";
import type { policyPage, PolicyRow } from "~/features/containers/policies";
import { DataTable } from "~/components/grid/DataTable";
import { DataTablePagination } from "~/components/grid/DataTablePagination";
import { DataTableRow } from "~/components/grid/DataTableRow";
import type { GridLook } from "~/components/grid/look";
import { useSearchHref } from "~/components/grid/useSearchHref";
import { POLICY_COLUMNS, POLICY_PAGE_SIZES } from "./policy-columns";
import { FolderPolicy } from "~/components/policies/FolderPolicy";
import type { FolderPolicyPanel } from "~/features/policies/folder-policy.server";

const LOOK: GridLook<PolicyRow> = {
  card: "card overflow-x-auto p-0",
  thead: "bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60",
  th: "px-3 py-2",
  td: "px-3 py-1.5",
  row: () => ({ className: "border-t border-slate-100 dark:border-slate-800" }),
};

/** The policy grid (spec document 2, section 2.4): settings grouped by policy, paged 10 / 15 / 20 in the address. */
export function PoliciesTab({ page, folder }: { page: ReturnType<typeof policyPage>; folder?: FolderPolicyPanel | null }) {
  const href = useSearchHref();
  return (
    <div>
      {folder ? <FolderPolicy panel={folder} /> : null}
      <DataTable
        columns={POLICY_COLUMNS}
        data={page.rows}
        state={{ pagination: { pageIndex: page.page - 1, pageSize: page.size } }}
        rowCount={page.total}
        pageCount={page.lastPage}
        getRowId={(row) => `${row.policy}-${row.parameter}`}
        address={{ page: (p) => href({ ppage: String(p) }), size: (s) => href({ psize: String(s), ppage: "1" }) }}
        look={LOOK}
        testId="policy-grid"
        body={(table) =>
          table.getRowModel().rows.map((row, i, rows) => (
            <Fragment key={row.id}>
              {i === 0 || rows[i - 1].original.policy !== row.original.policy ? (
                <tr className="bg-slate-100 dark:bg-slate-800/80">
                  <th colSpan={POLICY_COLUMNS.length} scope="rowgroup" className="px-3 py-1.5 text-left font-semibold">
                    {row.original.policy}
                  </th>
                </tr>
              ) : null}
              <DataTableRow table={table} row={row} look={LOOK} />
            </Fragment>
          ))
        }
        footer={(table) => (
          <DataTablePagination table={table} sizes={POLICY_PAGE_SIZES} label="Policy pages" pageOf={false}>
            <span className="muted">
              {page.total} settings · page {page.page} of {page.lastPage}
            </span>
          </DataTablePagination>
        )}
      />
      <p className="muted mt-2 text-xs">Values per container; data is derived from past 7 days.</p>
    </div>
  );
}
