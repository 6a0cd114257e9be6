import { Link, useLocation } from "@remix-run/react";
import { POLICY_PAGE_SIZES, type policyPage } from "~/features/containers/policies";

/** The policy grid (spec document 2, section 2.4): settings grouped by policy, paged 10 / 15 / 20 in the address. */
export function PoliciesTab({ page }: { page: ReturnType<typeof policyPage> }) {
  const { pathname, search } = useLocation();
  const link = (changes: Record<string, string>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) p.set(k, v);
    return `${pathname}?${p}`;
  };
  return (
    <div>
      <div className="card overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="policy-grid">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60">
            <tr>
              <th className="px-3 py-2">Group</th>
              <th className="px-3 py-2">Parameter</th>
              <th className="px-3 py-2 text-right">Value</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((r, i) => (
              <PolicyRows key={`${r.policy}-${r.parameter}`} row={r} first={i === 0 || page.rows[i - 1].policy !== r.policy} />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Policy pages" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="muted">
          {page.total} settings · page {page.page} of {page.lastPage}
        </span>
        <span className="flex-1" />
        {page.page > 1 ? (
          <Link className="btn" to={link({ ppage: String(page.page - 1) })}>
            ‹ Previous
          </Link>
        ) : null}
        {page.page < page.lastPage ? (
          <Link className="btn" to={link({ ppage: String(page.page + 1) })}>
            Next ›
          </Link>
        ) : null}
        <span className="muted ml-2">Rows per page:</span>
        {POLICY_PAGE_SIZES.map((s) => (
          <Link key={s} to={link({ psize: String(s), ppage: "1" })} aria-current={s === page.size ? "true" : undefined} className={s === page.size ? "font-semibold underline" : "hover:underline"}>
            {s}
          </Link>
        ))}
      </nav>
      <p className="muted mt-2 text-xs">Values per container; data is derived from past 7 days.</p>
    </div>
  );
}

function PolicyRows({ row, first }: { row: ReturnType<typeof policyPage>["rows"][number]; first: boolean }) {
  return (
    <>
      {first ? (
        <tr className="bg-slate-100 dark:bg-slate-800/80">
          <th colSpan={3} scope="rowgroup" className="px-3 py-1.5 text-left font-semibold">
            {row.policy}
          </th>
        </tr>
      ) : null}
      <tr className="border-t border-slate-100 dark:border-slate-800">
        <td className="px-3 py-1.5">{row.group}</td>
        <td className="px-3 py-1.5" title={row.description}>
          {row.parameter}
        </td>
        {/* The formatted value carries its unit (mCores, MB, days, hours); values that differ from the default are bold. */}
        <td className={`px-3 py-1.5 text-right tabular-nums ${row.isDefault ? "" : "font-semibold"}`}>{row.value}</td>
      </tr>
    </>
  );
}
