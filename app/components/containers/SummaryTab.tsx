import { Link, useLocation } from "@remix-run/react";
import { Waterfall, containerWaterfallBars } from "~/components/charts/Waterfall";
import { Modal } from "~/components/ui/Modal";
import { Card, Metric } from "~/components/ui/tremor";
import { NoData } from "~/components/ui/NoData";
import { HistogramChart } from "~/components/charts/HistogramChart";
import { formatContainerCount, formatCount, formatCurrency, formatCurrencyCompact, formatDecimal, formatRating, formatFixed } from "~/lib/format";
import { ratingClass } from "./SummaryCards";
import type { ContainerTabsData } from "~/features/containers/summary.server";
import { FIGURE_GRID_VIEWS as FIGURE_VIEWS, UNSPECIFIED_GRID_VIEWS } from "~/domain/containers/grid-view-ids";
import { coresFromMCores, gbFromMb } from "~/lib/units";
import { reconcileWaste } from "./waste-reconciliation";

type Overview = Exclude<NonNullable<ContainerTabsData["overview"]>, "error">;
type BarKey = "currentSpend" | "immediateSavings" | "riskRemoval" | "additionalWaste" | "optimalSpend";

const BAR_TEXT: Record<BarKey, string> = {
  currentSpend: "What the containers' current requests cost per month.",
  immediateSavings: "Spare requests of containers with no risk: savings you can take now by applying the recommendations.",
  riskRemoval: "The cost of raising requests that are too low, and of setting unset ones, to remove the risk.",
  additionalWaste: "Spare requests of containers that are also at risk: they become immediate savings once the risk is removed.",
  optimalSpend: "What the containers cost per month with every recommendation applied.",
};

/** The folder's What-if page (decision 025): the same View, Filter and folder. */
function whatIfHref(search: string): string {
  const from = new URLSearchParams(search);
  const p = new URLSearchParams();
  for (const k of ["viewId", "filterId", "fullPath"]) {
    const v = from.get(k);
    if (v !== null) p.set(k, v);
  }
  return `/kubex/containers-tree/what-if?${p}`;
}

/** The CPU and memory split of each bar, in dollars per month (present only where the split adds up to the bar). */
function splits(o: Overview): Partial<Record<BarKey, { cpu: number; mem: number }>> {
  const all: Record<BarKey, { cpu: number; mem: number }> = {
    currentSpend: { cpu: o.cpu.currentCost, mem: o.memory.currentCost },
    // Spare of containers not at risk = all spare minus the spare of containers at risk.
    immediateSavings: { cpu: -(o.cpu.spareCost - o.cpu.additionalWaste), mem: -(o.memory.spareCost - o.memory.additionalWaste) },
    riskRemoval: { cpu: o.cpu.deficitCost, mem: o.memory.deficitCost },
    additionalWaste: { cpu: -o.cpu.additionalWaste, mem: -o.memory.additionalWaste },
    optimalSpend: { cpu: o.cpu.recommendedCost, mem: o.memory.recommendedCost },
  };
  const out: Partial<Record<BarKey, { cpu: number; mem: number }>> = {};
  for (const key of Object.keys(all) as BarKey[]) {
    const { cpu, mem } = all[key];
    if (Math.round((cpu + mem) * 100) === Math.round(o.waterfall[key] * 100)) out[key] = all[key];
  }
  return out;
}

const FIGURE_GRID_VIEWS: Partial<Record<BarKey, { cpu: string; mem: string }>> = FIGURE_VIEWS;

/** A CPU or memory figure of the bar overlay: a link to its grid view where the spec names one. */
function Figure({ value, href }: { value: number; href?: string }) {
  return href ? (
    <Link to={href} className="text-sky-700 underline dark:text-sky-300">
      {formatCurrency(value)}
    </Link>
  ) : (
    <>{formatCurrency(value)}</>
  );
}

/** The footnote that reconciles the scope's three waste figures (waste-reconciliation.ts says how). */
function WasteNote({ o }: { o: Overview }) {
  const w = o.waterfall;
  const r = reconcileWaste({
    current: w.currentSpend,
    optimal: w.optimalSpend,
    immediate: -w.immediateSavings,
    additional: -w.additionalWaste,
    riskRemoval: w.riskRemoval,
    unspecified: o.cpu.unspecifiedCost + o.memory.unspecifiedCost,
    monthlyWaste: o.monthlyWaste,
  });
  const $ = formatCurrency;
  return (
    <details className="muted text-xs" data-testid="waste-reconciliation">
      <summary className="cursor-pointer">Why Monthly Waste, the Breakdown&apos;s Savings and Current − Optimal differ</summary>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          <strong>Monthly Waste {$(r.monthlyWaste)}</strong>: every spare request (Immediate Savings + Additional Waste = {$(r.spare)}) less what the
          requests that are set fall short of their recommendation ({$(r.setShortfall)}).
        </li>
        <li>
          <strong>Current − Optimal {$(r.currentMinusOptimal)}</strong>: the same spare less the whole Risk Removal ({$(w.riskRemoval)}), which also
          prices the unset requests at their recommendation.
        </li>
        <li>
          <strong>The Breakdown&apos;s Savings {$(r.breakdownSavings)}</strong>: the Immediate Savings alone, the spare of containers not at risk that can be
          taken now; the spare of containers at risk follows once their risk is removed.
        </li>
      </ul>
    </details>
  );
}

export function SummaryTab({ overview: o, unitPrices }: { overview: Overview; unitPrices: ContainerTabsData["unitPrices"] }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const bar = params.get("bar") as BarKey | null;
  const withBar = (key: string | null) => {
    const p = new URLSearchParams(search);
    if (key) p.set("bar", key);
    else p.delete("bar");
    return `${pathname}?${p}`;
  };
  if (!o.snapshotId) {
    return <NoData text="The analysis has not run yet. Run `npm run analyze` (it also runs after each collection)." />;
  }
  const split = splits(o);
  const grid = (gridViewId: string | null) => {
    const p = new URLSearchParams(search);
    p.set("tabGroup1", "analysis-details");
    if (gridViewId) p.set("gridViewId", gridViewId);
    else p.delete("gridViewId");
    p.delete("bar");
    return `${pathname}?${p}`;
  };
  const figures = Object.fromEntries(
    Object.entries(split).map(([key, s]) => {
      const views = FIGURE_GRID_VIEWS[key as BarKey];
      return [
        key,
        {
          cpu: { text: formatCurrency(s.cpu), compact: formatCurrencyCompact(s.cpu), href: views ? grid(views.cpu) : undefined },
          memory: { text: formatCurrency(s.mem), compact: formatCurrencyCompact(s.mem), href: views ? grid(views.mem) : undefined },
        },
      ];
    }),
  );
  const bars = containerWaterfallBars(o.waterfall, figures);
  // A bar of a surplus card's histogram opens the Histograms tab on that bucket (spec document 2, section 2.2).
  const histogramHref = (type: "cpu" | "memory") => (bucket: number) => {
    const p = new URLSearchParams(search);
    p.set("tabGroup1", "histograms");
    p.set("selectedType", type);
    p.set("selectedBucket", String(bucket));
    p.delete("bar");
    return `${pathname}?${p}`;
  };
  const surplus = [
    { type: "cpu", title: "CPU Request Surplus", value: `${formatDecimal(coresFromMCores(o.cpu.spare))} cores`, buckets: o.histograms.cpuRequest },
    { type: "memory", title: "Memory Request Surplus", value: `${formatDecimal(gbFromMb(o.memory.spare))} GB`, buckets: o.histograms.memRequest },
  ] as const;
  const selected = bar && bars.find((b) => b.key === bar);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <Card role="region" className="p-4" aria-labelledby="current-spend">
          <h3 id="current-spend" className="muted text-xs font-semibold uppercase">
            Current Spend
          </h3>
          <Metric className="mt-1 text-2xl" data-testid="current-spend">
            {formatCurrency(o.totalCurrentCost)}
            <span className="muted text-sm font-normal"> /month*</span>
          </Metric>
          <p className="muted mt-1 text-sm">
            CPU {formatCurrency(o.cpu.currentCost)} · Memory {formatCurrency(o.memory.currentCost)}
          </p>
          <p className="muted mt-1 text-sm" data-testid="unspecified-figures">
            Unspecified requests:{" "}
            <Link to={grid(UNSPECIFIED_GRID_VIEWS.cpu)} className="text-sky-700 underline dark:text-sky-300">
              CPU {formatCurrency(o.cpu.unspecifiedCost)}
            </Link>{" "}
            ·{" "}
            <Link to={grid(UNSPECIFIED_GRID_VIEWS.mem)} className="text-sky-700 underline dark:text-sky-300">
              Mem {formatCurrency(o.memory.unspecifiedCost)}
            </Link>
          </p>
          <p className="mt-2 text-sm">
            <Link to={grid(null)} title={`${formatFixed(o.counts.containers)} containers`} className="text-sky-700 underline dark:text-sky-300" data-testid="container-count-link">
              {formatContainerCount(o.counts.containers)} containers
            </Link>
            {o.counts.notAnalysed ? <span className="muted"> ({formatCount(o.counts.notAnalysed)} not analysed)</span> : null}
          </p>
        </Card>
        <Card role="region" className="p-4" aria-labelledby="monthly-waste">
          <h3 id="monthly-waste" className="muted text-xs font-semibold uppercase">
            Monthly Waste
          </h3>
          <Metric className="mt-1 text-2xl" data-testid="monthly-waste">
            {formatCurrency(o.monthlyWaste)}
            <span className="muted text-sm font-normal"> /month*</span>
          </Metric>
          <p className="muted mt-1 text-sm">
            CPU {formatDecimal(coresFromMCores(o.cpu.spare))} cores · Memory {formatDecimal(gbFromMb(o.memory.spare))} GB spare
          </p>
          <p className="mt-2 text-sm">
            Efficiency rating <span className={`font-semibold ${ratingClass(o.efficiencyRating)}`}>{formatRating(o.efficiencyRating)}</span>
          </p>
        </Card>
        <Waterfall bars={bars} barHref={(b) => withBar(b.key)} selectedKey={bar ?? undefined} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {surplus.map((c) => (
          <Card key={c.type} role="region" className="p-4" aria-labelledby={`surplus-${c.type}`} data-testid={`surplus-${c.type}`}>
            <h3 id={`surplus-${c.type}`} className="muted text-xs font-semibold uppercase">
              {c.title}
            </h3>
            <Metric className="mt-1 text-xl tabular-nums">{c.value}</Metric>
            <HistogramChart title={`${c.title} by request percent of recommendation`} buckets={c.buckets} bucketHref={histogramHref(c.type)} height={200} showKey={false} bare />
          </Card>
        ))}
      </div>
      <p className="muted text-xs" data-testid="unit-cost-footnote">
        * based on {formatCurrency(unitPrices.cpuCoreMonth)}/CPU Core, {formatCurrency(unitPrices.memoryGbMonth)}/Memory GB per month (default unit
        costs; costs are estimated from these prices).
      </p>
      <WasteNote o={o} />
      <p className="text-sm">
        <Link to={whatIfHref(search)} className="text-sky-700 underline dark:text-sky-300" data-testid="what-if-link">
          What-if: see these figures under another policy
        </Link>
      </p>
      {selected ? (
        <Modal title={selected.label} closeHref={withBar(null)} maxWidth={520} testId="bar-detail">
          <p className="text-sm">{BAR_TEXT[selected.key as BarKey]}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <dt className="muted">Total</dt>
            <dd className="text-right font-semibold">{formatCurrency(selected.value)} /month</dd>
            {split[selected.key as BarKey] ? (
              <>
                <dt className="muted">CPU</dt>
                <dd className="text-right">
                  <Figure value={split[selected.key as BarKey]!.cpu} href={FIGURE_GRID_VIEWS[selected.key as BarKey] && grid(FIGURE_GRID_VIEWS[selected.key as BarKey]!.cpu)} />
                </dd>
                <dt className="muted">Memory</dt>
                <dd className="text-right">
                  <Figure value={split[selected.key as BarKey]!.mem} href={FIGURE_GRID_VIEWS[selected.key as BarKey] && grid(FIGURE_GRID_VIEWS[selected.key as BarKey]!.mem)} />
                </dd>
              </>
            ) : null}
          </dl>
          <p className="mt-4">
            <Link to={withBar(null)} className="btn">
              Close
            </Link>
          </p>
        </Modal>
      ) : null}
    </div>
  );
}
