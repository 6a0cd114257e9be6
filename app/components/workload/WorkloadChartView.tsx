import { Link } from "@remix-run/react";
import { RiExpandDiagonalLine } from "@remixicon/react";
import type { ReactNode } from "react";
import { BoxPlotChart } from "~/components/charts/BoxPlotChart";
import type { BoxSeriesId } from "~/domain/charts/box-series";
import type { BuiltChart } from "~/features/workload/charts";
import { CHART_HEIGHT } from "~/domain/workload/constants";
import { toggleSeriesHref } from "~/features/workload/url";
import { formatTick } from "~/components/charts/scales";

/**
 * One workload chart: hour-of-day or historical box plots with the current (violet) and recommended (teal) request
 * and limit lines. Legend entries are links that flip a series in the address's visibility parameter, so they
 * work without JavaScript and a shared link keeps them.
 */
export function WorkloadChartView({
  chart,
  params,
  hidden,
  fit = true,
  height = CHART_HEIGHT,
  actions,
  bare,
}: {
  chart: BuiltChart;
  params: URLSearchParams;
  hidden: readonly BoxSeriesId[];
  /** Percent charts: hold the y axis to 0–100. */
  fit?: boolean;
  height?: number;
  actions?: ReactNode;
  /** Without its own frame and title (inside the dialog). */
  bare?: boolean;
}) {
  const visibility = Object.fromEntries(hidden.map((id) => [id, false])) as Partial<Record<BoxSeriesId, boolean>>;
  return (
    <div data-testid="workload-chart" data-chart-key={chart.key}>
      <BoxPlotChart
        title={chart.title}
        points={chart.points}
        xMode={chart.xMode}
        yLabel={chart.yLabel}
        unit={chart.unit || undefined}
        request={chart.request}
        limit={chart.limit}
        recommendedRequest={chart.recommendedRequest}
        recommendedLimit={chart.recommendedLimit}
        yMax={chart.percent && fit ? 100 : undefined}
        visibility={visibility}
        legendHref={(id) => toggleSeriesHref(params, hidden, id)}
        formatValue={formatTick}
        height={height}
        actions={actions}
        bare={bare}
        // Hourly and 5-minute ticks carry a time as well as the date.
        tickSpacing={chart.xMode === "time" && chart.points.some((p) => p.label && p.label.includes(":")) ? 104 : undefined}
      />
    </div>
  );
}

/** The "expand" action of a chart: opens the chart dialog on this chart and mode. */
export function ExpandLink({ params, chartKey, mode, title }: { params: URLSearchParams; chartKey: string; mode: string; title: string }) {
  const next = new URLSearchParams(params);
  next.set("chart", chartKey);
  next.set("chartMode", mode);
  return (
    <Link to={`?${next}`} preventScrollReset className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-sky-700 hover:bg-slate-100 dark:text-sky-300 dark:hover:bg-slate-800" aria-label={`Expand ${title}`} data-testid="chart-expand">
      <RiExpandDiagonalLine aria-hidden="true" className="h-3.5 w-3.5" /> Expand
    </Link>
  );
}
