import { Link, useLocation } from "@remix-run/react";
import { Banner } from "~/components/ui/Banner";
import { BANNER_MS } from "~/lib/constants";
import { formatContainerCount, formatCount, formatCurrency, formatDecimal, gradientColor, round, formatFixed } from "~/lib/format";
import type { ViewTreePage } from "~/features/tree/view-tree-page.server";
import { childrenOf, expandSlice } from "~/features/tree/slice";
import { Breadcrumb } from "./Breadcrumb";

/**
 * What a selected folder shows until the analysis tabs exist: its place, its size under the current View and
 * Filter, its children by size, and the automation switch as a plain form (the right-click menu needs JavaScript).
 */
interface ChildSavings {
  label: string;
  containerAtRiskCount: number;
  containerSavingsTotal: number;
  containerCurrentCost: number;
  totalSavingsPercentage: number;
}

export function FolderOverview({ page, unit, savings, embedded }: { page: ViewTreePage; unit: string; savings?: ChildSavings[]; embedded?: boolean }) {
  const byLabel = new Map((savings ?? []).map((s) => [s.label, s]));
  const { selected } = page;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const notice = params.get("automation");
  const failure = params.get("automationError");
  // The selected folder's contents are its rows in the tree's slice (a leaf counts 1).
  const children = childrenOf(expandSlice(page.tree, page.treeLinks), selected.id)
    .map((c) => ({ ...c, count: c.count ?? 1 }))
    .sort((a, b) => b.count - a.count);
  const max = Math.max(1, ...children.map((c) => c.count));
  return (
    <div>
      {embedded ? null : <Breadcrumb items={page.breadcrumb} />}
      {notice ? <Banner text={notice} kind="success" durationMs={BANNER_MS.automation} /> : null}
      {failure ? <Banner text={failure} kind="error" durationMs={BANNER_MS.automation} /> : null}
      {embedded ? null : (
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="card">
          <p className="muted text-xs uppercase">{selected.level === 0 ? "Selection" : selected.type}</p>
          <p className="mt-1 truncate text-lg font-semibold" data-testid="selected-name">
            {selected.label}
          </p>
        </div>
        <div className="card">
          <p className="muted text-xs uppercase">{unit}</p>
          <p className="mt-1 text-2xl font-semibold" data-testid="selected-count">
            {formatCount(selected.count)}
          </p>
        </div>
        <div className="card">
          <p className="muted text-xs uppercase">View · Filter</p>
          <p className="mt-1 text-sm">
            <span className="font-medium">{page.view.name}</span> · <span className="font-medium">{page.filter.name}</span>
          </p>
          <p className="muted mt-1 text-xs">{page.view.levels.join(" › ")}</p>
        </div>
      </div>
      )}
      {embedded && savings?.length ? <FolderTotals rows={savings} /> : null}
      {children.length ? (
        // relative: the table's sr-only header is absolutely placed and would otherwise widen the page on a phone.
        <div className="card relative mt-4 overflow-x-auto p-0">
          <table className="w-full text-sm" data-testid="children-table">
            <caption className="px-4 py-2 text-left font-semibold">Contents</caption>
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60">
              <tr>
                <th className="px-4 py-2">Name</th>
                <th className="px-4 py-2">Type</th>
                <th className="px-4 py-2 text-right">{unit}</th>
                {savings ? (
                  <>
                    <th className="px-4 py-2 text-right">At risk</th>
                    <th className="px-4 py-2 text-right">Current cost</th>
                    <th className="px-4 py-2 text-right">Savings /month</th>
                  </>
                ) : null}
                <th className="w-1/3 px-4 py-2">
                  <span className="sr-only">Share</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {children.map((c) => (
                <tr key={c.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="px-4 py-1.5">
                    <Link to={c.href} className="text-sky-700 hover:underline dark:text-sky-300">
                      {c.label}
                    </Link>
                  </td>
                  <td className="px-4 py-1.5">{c.type}</td>
                  <td className="px-4 py-1.5 text-right tabular-nums">{formatCount(c.count)}</td>
                  {savings ? <SavingsCells row={byLabel.get(c.label)} /> : null}
                  <td className="px-4 py-1.5">
                    <div className="h-2 rounded bg-slate-100 dark:bg-slate-800">
                      {/* Bars are a percent of the largest child, coloured by that percent (spec document 2, 2.5). */}
                      <div className="h-2 rounded" style={{ width: `${(c.count / max) * 100}%`, backgroundColor: gradientColor("yellow", round((c.count / max) * 100, 2)) }} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page.contextMenu && selected.level > 0 ? (
        <form method="post" action="/kubex/automation" className="card mt-4 flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Automation for {selected.isLeaf ? `'${selected.label}'` : `everything under '${selected.label}'`}:</span>
          <input type="hidden" name="csrf" value={page.csrf} />
          <input type="hidden" name="ctx" value={page.kind} />
          <input type="hidden" name="viewId" value={page.view.id} />
          <input type="hidden" name="filterId" value={page.filter.id} />
          <input type="hidden" name="treeviewPath" value={selected.fullPath} />
          {selected.isLeaf && selected.entityId ? <input type="hidden" name="entityId" value={selected.entityId} /> : null}
          <input type="hidden" name="returnTo" value={stripNotices(location.pathname, params)} />
          <button type="submit" name="enable" value="true" className="btn">
            Enable Automation...
          </button>
          <button type="submit" name="enable" value="false" className="btn">
            Disable Automation...
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** The folder's summary cards over its children (spec document 2, section 2.5): the same sums the table lists. */
function FolderTotals({ rows }: { rows: (ChildSavings & { containerCount?: number })[] }) {
  const sum = (f: (r: ChildSavings & { containerCount?: number }) => number) => rows.reduce((s, r) => s + f(r), 0);
  const current = sum((r) => r.containerCurrentCost);
  const savings = sum((r) => r.containerSavingsTotal);
  const containers = sum((r) => r.containerCount ?? 0);
  const cards: { label: string; value: string; title?: string; unit?: string }[] = [
    { label: "Containers", value: formatContainerCount(containers), title: formatFixed(containers) },
    { label: "At risk", value: formatContainerCount(sum((r) => r.containerAtRiskCount)) },
    { label: "Current cost", value: formatCurrency(current), unit: " /month" },
    { label: "Savings", value: formatCurrency(savings), unit: ` /month (${formatDecimal(current > 0 ? (savings / current) * 100 : 0)}%)` },
  ];
  return (
    <section aria-label="Folder summary" className="grid grid-cols-2 gap-2 lg:grid-cols-4" data-testid="folder-totals">
      {cards.map((c) => (
        <div key={c.label} className="card px-3 py-2">
          <p className="muted text-xs font-semibold uppercase">{c.label}</p>
          <p className="mt-0.5 text-lg font-semibold tabular-nums" title={c.title}>
            {c.value}
            {c.unit ? <span className="muted text-sm font-normal">{c.unit}</span> : null}
          </p>
        </div>
      ))}
    </section>
  );
}

function SavingsCells({ row }: { row?: ChildSavings }) {
  return (
    <>
      <td className="px-4 py-1.5 text-right tabular-nums">{row ? formatCount(row.containerAtRiskCount) : "-"}</td>
      <td className="px-4 py-1.5 text-right tabular-nums">{row ? formatCurrency(row.containerCurrentCost) : "-"}</td>
      <td className="px-4 py-1.5 text-right tabular-nums">
        {row ? `${formatCurrency(row.containerSavingsTotal)} (${round(row.totalSavingsPercentage, 1)}%)` : "-"}
      </td>
    </>
  );
}

function stripNotices(pathname: string, params: URLSearchParams) {
  const p = new URLSearchParams(params);
  p.delete("automation");
  p.delete("automationError");
  return `${pathname}?${p}`;
}
