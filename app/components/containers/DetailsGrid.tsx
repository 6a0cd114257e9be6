import { Form, Link, useLocation } from "@remix-run/react";
import { formatCount, formatCurrency, gradientColor, round } from "~/lib/format";
import type { DetailsGridData } from "~/features/containers/details.server";
import { PAGE_SIZES } from "~/features/containers/page-sizes";

type Row = DetailsGridData["rows"][number];

const dash = "-";
const num = (v: number | null | undefined, d = 0) => (v === null || v === undefined ? dash : formatCount(round(v, d)));
const money = (v: number | null | undefined) => (v === null || v === undefined ? dash : formatCurrency(v));
const BADGE_GLYPH: Record<string, string> = { "Set Value": "●", Increase: "▲", Decrease: "▼", "No Change": "=" };

/** Shading of a surplus cell: yellow for spare, red for short, by magnitude up to 1000 (spec document 2, 2.3). */
function shade(v: number | null): React.CSSProperties | undefined {
  if (v === null || v === 0) return undefined;
  const pct = Math.min(Math.abs(v), 1000) / 10;
  return { backgroundColor: gradientColor(v > 0 ? "yellow" : "red", pct), color: "#0f172a" };
}

function Change({ from, to, badge, unit }: { from: number | null; to: number | null; badge?: string; unit: string }) {
  return (
    <span className="whitespace-nowrap">
      {num(from)} → {num(to)} <span className="muted text-xs">{unit}</span>
      {badge ? (
        <span className="ml-1 text-xs" title={badge}>
          <span aria-hidden="true">{BADGE_GLYPH[badge] ?? ""}</span> {badge}
        </span>
      ) : null}
    </span>
  );
}

const COLUMNS: { key: string; label: string; numeric?: boolean; render: (r: Row) => React.ReactNode; style?: (r: Row) => React.CSSProperties | undefined }[] = [
  { key: "containerName", label: "Container", render: (r) => <span className="font-medium">{r.containerName}</span> },
  { key: "namespace", label: "Namespace", render: (r) => r.namespace },
  { key: "podService", label: "Pod Owner", render: (r) => `${r.podService} (${r.controllerType})` },
  { key: "cluster", label: "Cluster", render: (r) => r.cluster },
  { key: "recommendation", label: "Recommendation", render: (r) => r.recommendation ?? (r.notAnalysedReason ? `Not analysed: ${r.notAnalysedReason}` : dash) },
  { key: "cpuRequest", label: "CPU Request", render: (r) => <Change from={r.existingCpuRequest} to={r.cpuRequest} badge={r.badges?.cpuRequest} unit="mCores" /> },
  { key: "cpuLimit", label: "CPU Limit", render: (r) => <Change from={r.existingCpuLimit} to={r.cpuLimit} badge={r.badges?.cpuLimit} unit="mCores" /> },
  { key: "memRequest", label: "Memory Request", render: (r) => <Change from={r.existingMemRequest} to={r.memRequest} badge={r.badges?.memRequest} unit="MB" /> },
  { key: "memLimit", label: "Memory Limit", render: (r) => <Change from={r.existingMemLimit} to={r.memLimit} badge={r.badges?.memLimit} unit="MB" /> },
  { key: "totalCpuSurplus", label: "CPU Surplus (mCores)", numeric: true, render: (r) => num(r.totalCpuSurplus), style: (r) => shade(r.totalCpuSurplus) },
  { key: "totalMemSurplus", label: "Memory Surplus (MB)", numeric: true, render: (r) => num(r.totalMemSurplus), style: (r) => shade(r.totalMemSurplus) },
  { key: "currentCost", label: "Current Cost ($/month)", numeric: true, render: (r) => money(r.currentCost) },
  { key: "netSavings", label: "Net Savings ($/month)", numeric: true, render: (r) => money(r.netSavings) },
  { key: "efficiencyRating", label: "Efficiency", numeric: true, render: (r) => (r.efficiencyRating === null ? dash : r.efficiencyRating.toFixed(2)) },
  { key: "currentCount", label: "Avg Containers", numeric: true, render: (r) => num(r.currentCount, 1) },
  { key: "restartsLast7Days", label: "Restarts (7 days)", numeric: true, render: (r) => num(r.restartsLast7Days) },
  { key: "policyName", label: "Policy", render: (r) => r.policyName },
];

export function DetailsGrid({ grid }: { grid: DetailsGridData }) {
  const { pathname, search } = useLocation();
  const link = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return `${pathname}?${p}`;
  };
  const exportHref = (format: "csv" | "xlsx") => {
    const p = new URLSearchParams(search);
    for (const k of ["page", "size", "tabGroup1", "bar"]) p.delete(k);
    p.set("format", format);
    return `/kubex/containers-tree/export?${p}`;
  };
  const keep = Object.fromEntries([...new URLSearchParams(search)].filter(([k]) => !["q", "page"].includes(k)));
  const first = (grid.page - 1) * grid.pageSize + 1;
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {grid.gridViewTitle ? (
          <span className="rounded-full bg-sky-100 px-3 py-1 text-sm text-sky-900 dark:bg-sky-900/60 dark:text-sky-100" data-testid="grid-view">
            {grid.gridViewTitle}{" "}
            <Link to={link({ gridViewId: null, page: null })} aria-label="Show all rows" className="ml-1">
              ✕
            </Link>
          </span>
        ) : null}
        {grid.unknownGridView ? <span className="text-sm text-amber-600">Unknown grid view “{grid.unknownGridView}”: all rows are shown.</span> : null}
        <span className="ml-auto flex items-center gap-1 text-sm">
          <span className="muted">Export:</span>
          {/* Plain download links (they work without JavaScript); the server streams every matching row. */}
          <a className="btn" href={exportHref("csv")} download>
            CSV
          </a>
          <a className="btn" href={exportHref("xlsx")} download>
            Excel
          </a>
        </span>
        <Form method="get" className="flex items-center gap-1" role="search">
          {Object.entries(keep).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="search" name="q" defaultValue={grid.search} aria-label="Search containers" placeholder="Search containers…" className="input w-56" maxLength={100} />
          <button type="submit" className="btn">
            Search
          </button>
        </Form>
      </div>
      <div className="card overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="details-grid">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60">
            <tr>
              {COLUMNS.map((c, i) => {
                const active = grid.sort === c.key;
                const nextDir = active && grid.dir === "desc" ? "asc" : "desc";
                return (
                  <th key={c.key} scope="col" aria-sort={active ? (grid.dir === "asc" ? "ascending" : "descending") : undefined} className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right" : ""} ${i === 0 ? "sticky left-0 bg-slate-50 dark:bg-slate-800" : ""}`}>
                    <Link to={link({ sort: c.key, dir: active ? nextDir : c.numeric ? "desc" : "asc", page: null })} className="hover:underline">
                      {c.label}
                      {active ? (grid.dir === "asc" ? " ▲" : " ▼") : ""}
                    </Link>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {grid.rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-3 py-6 text-center">
                  <p className="font-medium">No data to display</p>
                  <p className="muted text-sm">Try adjusting your filters or search criteria</p>
                </td>
              </tr>
            ) : null}
            {grid.rows.map((r) => (
              <tr key={r.entityId} className="border-t border-slate-100 dark:border-slate-800">
                {COLUMNS.map((c, i) => (
                  <td key={c.key} style={c.style?.(r)} className={`whitespace-nowrap px-3 py-1.5 ${c.numeric ? "text-right tabular-nums" : ""} ${i === 0 ? "sticky left-0 bg-white dark:bg-slate-900" : ""}`}>
                    {c.render(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="muted" data-testid="grid-range">
          {grid.total ? `${formatCount(first)}–${formatCount(first + grid.rows.length - 1)} of ${formatCount(grid.total)}` : "0 rows"}
        </span>
        <span className="flex-1" />
        {grid.page > 1 ? (
          <Link className="btn" to={link({ page: String(grid.page - 1) })}>
            ‹ Previous
          </Link>
        ) : null}
        <span>
          Page {grid.page} of {grid.lastPage}
        </span>
        {grid.page < grid.lastPage ? (
          <Link className="btn" to={link({ page: String(grid.page + 1) })}>
            Next ›
          </Link>
        ) : null}
        <span className="muted ml-2">Rows per page:</span>
        {PAGE_SIZES.map((s) => (
          <Link key={s} to={link({ size: String(s), page: null })} aria-current={s === grid.pageSize ? "true" : undefined} className={s === grid.pageSize ? "font-semibold underline" : "hover:underline"}>
            {s}
          </Link>
        ))}
      </nav>
      <p className="muted mt-2 text-xs">Data is derived from past 7 days.</p>
    </div>
  );
}
