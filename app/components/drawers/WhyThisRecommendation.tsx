import { Link } from "@remix-run/react";
import type { ContainerWhy } from "~/features/drawers/drawer.server";
import { formatCount, formatCurrency, formatDateTime, formatFixed } from "~/lib/format";

const VALUES = [
  ["cpuRequest", "CPU Request", "mCores"],
  ["cpuLimit", "CPU Limit", "mCores"],
  ["memRequest", "Memory Request", "MB"],
  ["memLimit", "Memory Limit", "MB"],
] as const;

// Notes the chain already tells step by step; the rest (HPA, jobs' runs, throttling) are shown beside it.
const TOLD_BY_CHAIN = /^(CPU|Memory) (request|limit) (kept|raised|lowered|clamped)|^Memory request at least/;

/**
 * "Why this recommendation" (issue 15): the window and its samples, each value's steps from the statistic to the
 * recommendation (native <details>, so it opens without JavaScript), and the prices the costs were worked out at.
 * A step taken from the samples links to the 5-minute chart it comes from on the workload screen.
 */
export function WhyThisRecommendation({ why, chartHref, samePage = false }: { why: ContainerWhy; chartHref: (chart: "cpu" | "memory") => string; samePage?: boolean }) {
  const w = why.window;
  const missing = Math.max(0, w.expectedSamples - w.samples);
  const otherNotes = why.notes.filter((n) => !TOLD_BY_CHAIN.test(n));
  return (
    <div className="space-y-3 text-sm" data-testid="why-recommendation">
      <p>
        Policy <strong>{why.policyName}</strong>. Window {formatDateTime(w.fromMs)} – {formatDateTime(w.toMs)} UTC ({w.days} days):{" "}
        <strong>{formatCount(w.samples)}</strong> of {formatCount(w.expectedSamples)} five-minute samples
        {missing > 0 ? ` (${formatCount(missing)} missing)` : ""}, {formatFixed(w.hoursOfData, 0)} hours of data
        {w.runs > 1 ? ` in ${formatCount(w.runs)} runs` : ""}.
      </p>
      {!why.analysed ? (
        <p data-testid="why-not-analysed">No recommendation: {why.reason}</p>
      ) : (
        VALUES.map(([key, label, unit]) => {
          const steps = why.steps[key];
          const last = steps.at(-1);
          return (
            <details key={key} className="rounded-md border border-slate-200 dark:border-slate-700" data-testid={`why-${key}`}>
              <summary className="cursor-pointer px-3 py-2 font-medium">
                {label}: {last ? `${formatFixed(last.value, 0)} ${unit}` : "-"}
              </summary>
              <ol className="list-decimal space-y-1 py-2 pl-8 pr-3">
                {steps.map((s, i) => (
                  <li key={i} data-rule={s.rule}>
                    {s.text.charAt(0).toUpperCase() + s.text.slice(1)}
                    {s.chart ? (
                      <>
                        {" "}
                        <Link to={chartHref(s.chart)} preventScrollReset={samePage} data-testid="why-chart-link" className="text-sky-700 underline dark:text-sky-300">
                          {s.chart === "cpu" ? "CPU chart" : "Memory chart"}
                        </Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </details>
          );
        })
      )}
      {why.costSteps.length ? (
        <details className="rounded-md border border-slate-200 dark:border-slate-700" data-testid="why-cost">
          <summary className="cursor-pointer px-3 py-2 font-medium">
            Price and cost: {formatCurrency(why.costSteps[1].value)} → {formatCurrency(why.costSteps[2].value)} a month
          </summary>
          <ol className="list-decimal space-y-1 py-2 pl-8 pr-3">
            {why.costSteps.map((s) => (
              <li key={s.rule} data-rule={s.rule}>
                {s.text.charAt(0).toUpperCase() + s.text.slice(1)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {otherNotes.length ? (
        <ul className="list-disc space-y-1 pl-5" data-testid="why-notes">
          {otherNotes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted text-xs" data-testid="why-prices">
        Costed at {formatCurrency(why.prices.cpuCoreMonth)} per CPU core and {formatCurrency(why.prices.memoryGbMonth)} per GB of memory a month ({why.priceSource}, as of
        the analysis of {formatDateTime(why.pricedAt)} UTC)
        {why.costs ? `: ${formatCurrency(why.costs.current)} a month now, ${formatCurrency(why.costs.recommended)} recommended.` : "."}
      </p>
    </div>
  );
}
