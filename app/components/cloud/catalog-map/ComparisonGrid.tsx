import { Form, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { SPEND_TOLERANCE_OPTIONS, type OverallResult } from "~/engine/cloud/constants";
import { CATALOG_MAP_TEXT, toleranceLabel } from "~/features/cloud/catalog-map";
import type { ComparisonRow } from "~/features/cloud/catalog-map.server";
import { formatCurrency, round } from "~/lib/format";
import { BAND_FILL, cellFill, UNAVAILABLE_CLASS } from "./heatmap-rules";

const RESULT_FILL: Record<OverallResult, string | null> = {
  "Not available in region": null,
  "Insufficient Resources": BAND_FILL.insufficient,
  "Technically Incompatible": BAND_FILL.incompatible,
  "Outside Spend Tolerance": BAND_FILL.expensive,
  "Meets All Policies": cellFill("meets", 1),
};

function ResultBadge({ result }: { result: OverallResult }) {
  const fill = RESULT_FILL[result];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
        <circle cx="5" cy="5" r="4.5" style={fill ? { fill } : undefined} className={fill ? "" : UNAVAILABLE_CLASS} />
      </svg>
      {result}
    </span>
  );
}

/** A Yes/No cell whose details open without JavaScript (<details>). */
function Expandable({ ok, testId, children }: { ok: boolean; testId: string; children: ReactNode }) {
  return (
    <details className="group max-w-[22rem]" data-testid={testId}>
      <summary className="cursor-pointer list-none whitespace-nowrap [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="mr-1 inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        <span className={ok ? "font-medium text-green-700 dark:text-green-300" : "font-medium text-red-700 dark:text-red-300"}>{ok ? "✓ Yes" : "✗ No"}</span>
      </summary>
      <div className="mt-1 space-y-1 text-xs text-slate-700 dark:text-slate-300">{children}</div>
    </details>
  );
}

function List({ items, empty }: { items: readonly string[]; empty: string }) {
  return items.length ? (
    <ul className="list-disc space-y-0.5 pl-4">
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  ) : (
    <p>{empty}</p>
  );
}

function Row({ row }: { row: ComparisonRow }) {
  const info = row.info;
  const dash = <span className="muted">-</span>;
  const head = (
    <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-2 text-left font-semibold dark:bg-slate-900">
      {row.role}
    </th>
  );
  if (!row.instanceType || !info) {
    return (
      <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-testid={`comparison-${row.role.toLowerCase()}`}>
        {head}
        <td className="px-3 py-2 font-mono text-xs">{row.instanceType ?? (row.role === "Selected" ? <span className="muted font-sans">Select a cell on the map</span> : dash)}</td>
        <td className="px-3 py-2">{row.instanceType ? <ResultBadge result="Not available in region" /> : dash}</td>
        <td className="px-3 py-2">{dash}</td>
        <td className="px-3 py-2">{dash}</td>
        <td className="px-3 py-2">{dash}</td>
      </tr>
    );
  }
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700" data-testid={`comparison-${row.role.toLowerCase()}`}>
      {head}
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs" data-testid="comparison-type">
        {info.instanceType}
      </td>
      <td className="px-3 py-2">
        <ResultBadge result={info.overallResult} />
        {info.blendedScore !== null ? <div className="muted text-xs">Score {info.blendedScore}</div> : null}
      </td>
      <td className="px-3 py-2">
        <Expandable ok={info.withinSpendTolerance} testId="within-spend-tolerance">
          <p>
            Cost {formatCurrency(info.cost)} per month
            {info.savings !== null ? `; ${info.savings >= 0 ? "saves" : "costs"} ${formatCurrency(Math.abs(info.savings))} against the current type` : ""}.
          </p>
          <List items={info.spendToleranceDescriptions} empty="Within the spend tolerance." />
        </Expandable>
      </td>
      <td className="px-3 py-2">
        <Expandable ok={info.technicallyCompatible} testId="technically-compatible">
          <List items={info.technicalCompatibleViolationDescriptions} empty="No compatibility violations." />
          <p className="font-semibold">Instance features</p>
          <List items={row.features} empty="-" />
        </Expandable>
      </td>
      <td className="px-3 py-2">
        <Expandable ok={info.sufficientResources} testId="sufficient-resources">
          <dl className="grid grid-cols-[auto_1fr] gap-x-2">
            <dt className="muted">Processor</dt>
            <dd>{info.processorFeatures || "-"}</dd>
            <dt className="muted">CPU</dt>
            <dd>
              {info.numCpus} vCPUs (relative performance estimate {round(info.perfFactor, 2)})
            </dd>
            <dt className="muted">Memory</dt>
            <dd>{round(info.totalMemory, 2)} GB</dd>
          </dl>
          <List items={info.sufficientResourceViolationDescriptions} empty="Enough CPU and memory for the workload." />
        </Expandable>
      </td>
    </tr>
  );
}

/** The comparison's own spend tolerance (default 1.1, spec section 9), a GET form like the filter bar. */
function ToleranceForm({ value, search }: { value: number; search: string }) {
  const submit = useSubmit();
  const carried = [...new URLSearchParams(search).entries()].filter(([k]) => k !== "comparisonTolerance");
  return (
    <Form method="get" replace preventScrollReset className="flex flex-wrap items-center gap-2 text-sm" aria-label="Comparison spend tolerance">
      {carried.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="comparison-tolerance" className="muted text-xs">
        Spend Tolerance for the comparison
      </label>
      <select
        id="comparison-tolerance"
        name="comparisonTolerance"
        value={String(value)}
        onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
        className="input w-44 py-1"
        data-testid="comparison-tolerance"
      >
        {SPEND_TOLERANCE_OPTIONS.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn py-1">
        Apply
      </button>
    </Form>
  );
}

/**
 * The comparison grid of Current, Recommended and Selected (spec 2.7), each policy's details in a <details>.
 * `rows` null with `error` false: nothing to compare.
 */
export function ComparisonGrid({ rows, error, loading, tolerance, search }: { rows: ComparisonRow[] | null; error: boolean; loading: boolean; tolerance: number; search: string }) {
  let body: ReactNode;
  if (error) {
    body = (
      <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-300" data-testid="comparison-error">
        {CATALOG_MAP_TEXT.comparisonError}
      </p>
    );
  } else if (!rows) {
    body = (
      <p role="status" className="muted py-6 text-center text-sm" data-testid="comparison-empty">
        {CATALOG_MAP_TEXT.noComparison}
      </p>
    );
  } else {
    body = (
      <div className={`overflow-x-auto ${loading ? "opacity-60" : ""}`} aria-busy={loading || undefined}>
        <table className="w-full min-w-[42rem] text-sm tabular-nums" data-testid="comparison-grid">
          <caption className="sr-only">Current, recommended and selected instance types at {toleranceLabel(tolerance)} spend tolerance</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300">
              <td className="sticky left-0 bg-white px-3 py-2 dark:bg-slate-900" />
              <th scope="col" className="px-3 py-2">
                Instance Type
              </th>
              <th scope="col" className="px-3 py-2">
                Overall Result
              </th>
              <th scope="col" className="px-3 py-2">
                Within Spend Tolerance
              </th>
              <th scope="col" className="px-3 py-2">
                Technically Compatible
              </th>
              <th scope="col" className="px-3 py-2">
                Sufficient Resources
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row key={r.role} row={r} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className="card flex flex-col gap-3 p-3" aria-labelledby="comparison-heading" data-testid="catalog-comparison">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="comparison-heading" className="text-sm font-semibold">
          Instance Comparison
        </h3>
        {rows ? <ToleranceForm value={tolerance} search={search} /> : null}
      </div>
      {loading ? (
        <p role="status" className="text-sm text-sky-700 dark:text-sky-300" data-testid="comparison-loading">
          {CATALOG_MAP_TEXT.loadingComparison}
        </p>
      ) : null}
      {body}
    </section>
  );
}
