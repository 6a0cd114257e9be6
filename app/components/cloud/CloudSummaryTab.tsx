import { Link, useLocation } from "@remix-run/react";
import type { PriceSource } from "~/features/cloud/prices";
import { analysisHref, EFFICIENCY_TOOLTIP, providerBlocks, spendCard, spendCardTitle, totalServices, type CloudSummaryFigures } from "~/features/cloud/summary";
import { formatCount, formatCurrency, formatRating } from "~/lib/format";
import { BreakdownCard } from "./BreakdownCard";
import { InfoTip } from "./InfoTip";
import { TONE_TEXT } from "./tones";

const LINK = "text-sky-700 underline-offset-2 hover:underline dark:text-sky-300";

/**
 * The cloud folder summary (spec document 3, section 2.3): the overall monthly spend, the services by provider and
 * the Optimization Breakdown; every count a link into the analysis grid on its view.
 */
export function CloudSummaryTab({
  summary,
  path,
  unitPrices,
  priceSources,
}: {
  summary: CloudSummaryFigures;
  path: string;
  unitPrices: { cpuCoreMonth: number; memoryGbMonth: number };
  priceSources: PriceSource[];
}) {
  const { pathname, search } = useLocation();
  const grid = (gridViewId: string) => analysisHref(pathname, search, path, gridViewId);
  return (
    <div className="space-y-4" data-testid="cloud-summary">
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendCard summary={summary} title={spendCardTitle(path, unitPrices)} detailsHref={grid("default")} />
        <ServicesCard summary={summary} grid={grid} />
      </div>
      <BreakdownCard summary={summary} grid={grid} />
      {priceSources.length ? (
        <div className="muted text-xs" data-testid="price-sources">
          <p>
            Costs are monthly estimates from catalog prices:{" "}
            {priceSources.map((s, i) => (
              <span key={s.label}>
                {i > 0 ? "; " : ""}
                {s.label} as of {s.asOf}
              </span>
            ))}
            .
          </p>
          <details className="mt-1">
            <summary className="cursor-pointer">Price sources</summary>
            <ul className="mt-1 list-disc pl-5">
              {priceSources.map((s) => (
                <li key={s.label}>
                  {s.label} ({s.asOf}, reference region {s.region}): {s.dataset}
                </li>
              ))}
            </ul>
          </details>
        </div>
      ) : null}
    </div>
  );
}

function SpendCard({ summary, title, detailsHref }: { summary: CloudSummaryFigures; title: string; detailsHref: string }) {
  const s = spendCard(summary);
  const max = Math.max(s.current, s.optimal, 1);
  const bars = [
    { key: "current", label: "Current Spend", value: s.current, className: "bg-sky-600 dark:bg-sky-400" },
    { key: "optimal", label: "Optimal Spend", value: s.optimal, className: "bg-fit" },
  ];
  return (
    <section className="card flex flex-col gap-4" aria-labelledby="spend-title" data-testid="spend-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="spend-title" className="text-sm font-semibold" data-testid="spend-title">
          {title}
        </h3>
        <Link to={detailsHref} className={`text-sm ${LINK}`} data-testid="view-details">
          View details
        </Link>
      </div>
      <div className="space-y-2">
        {bars.map((b) => (
          <div key={b.key} className="grid grid-cols-[7rem_minmax(0,1fr)_auto] items-center gap-3 text-sm" data-testid={`spend-${b.key}`}>
            <span className="muted">{b.label}</span>
            <span className="h-3 overflow-hidden rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <span className={`block h-full rounded ${b.className}`} style={{ width: `${(Math.max(0, b.value) / max) * 100}%` }} />
            </span>
            <span className="text-right font-semibold tabular-nums">{formatCurrency(b.value)}</span>
          </div>
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-3 border-t sm:grid-cols-[auto_auto_auto] sm:justify-between border-slate-100 pt-3 dark:border-slate-800">
        <div>
          <dt className="muted text-xs font-semibold uppercase" data-testid="waste-label">
            {s.label}
          </dt>
          <dd className={`text-xl font-semibold tabular-nums sm:text-2xl ${TONE_TEXT[s.label === "Waste" ? "waste" : "risk"]}`} data-testid="waste-percent">
            {s.percent}%
          </dd>
        </div>
        <div>
          <dt className="muted whitespace-nowrap text-xs font-semibold uppercase">
            Efficiency Rating
            <InfoTip id="efficiency-tip" label="About the efficiency rating" text={EFFICIENCY_TOOLTIP} />
          </dt>
          <dd className={`text-xl font-semibold tabular-nums sm:text-2xl ${TONE_TEXT[s.tone]}`} data-testid="efficiency-rating" data-tone={s.tone}>
            {formatRating(s.ratio)}
          </dd>
        </div>
        <div>
          <dt className="muted text-xs font-semibold uppercase" data-testid="monthly-label">
            {s.monthlyLabel}
          </dt>
          <dd className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid="monthly-amount">
            {formatCurrency(s.monthlyAmount)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ServicesCard({ summary, grid }: { summary: CloudSummaryFigures; grid: (gridViewId: string) => string }) {
  const blocks = providerBlocks(summary);
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="services-title" data-testid="services-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="services-title" className="text-sm font-semibold">
          Total Services
        </h3>
        <Link to={grid("all_data")} className={`text-sm ${LINK}`} data-testid="view-all-data">
          View all data
        </Link>
      </div>
      <p className="text-3xl font-semibold tabular-nums" data-testid="total-services">
        {formatCount(totalServices(summary))}
      </p>
      {blocks.length ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {blocks.map((b) => (
            <div key={b.key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid={`provider-${b.key}`}>
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{b.label}</span>
                <Link to={grid(b.gridViewId)} className={`text-lg font-semibold tabular-nums ${LINK}`} aria-label={`${b.label}: ${b.count} services`} data-testid={`count-${b.key}`}>
                  {formatCount(b.count)}
                </Link>
              </p>
              <ul className="mt-1 space-y-0.5 text-sm">
                {b.services.map((x) => (
                  <li key={x.key} className="flex items-baseline justify-between gap-2">
                    <span className="muted">{x.label}</span>
                    <Link to={grid(x.gridViewId)} className={`tabular-nums ${LINK}`} aria-label={`${b.label} ${x.label}: ${x.count} services`} data-testid={`count-${x.key}`}>
                      {formatCount(x.count)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted text-sm">No cloud services in this folder.</p>
      )}
    </section>
  );
}
