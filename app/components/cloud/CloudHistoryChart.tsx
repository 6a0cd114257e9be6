import { useMemo, type ReactNode } from "react";
import { BoxPlotChart } from "~/components/charts/BoxPlotChart";
import type { BoxSeriesId } from "~/domain/charts/box-series";
import type { CloudVisibilityId, HistorySeriesId } from "~/features/cloud/charts";
import { formatMetricValue, historyPoints, type HistoryChart } from "~/features/cloud/metric-viewer";

/** The history chart's own legend series, named in the shared visibility parameter. */
const SERIES_OF: Partial<Record<BoxSeriesId, HistorySeriesId>> = { box: "box", average: "mean" };

/**
 * A cloud metric's history (spec document 3, sections 2.6, 2.8 and 4): one box per time bucket (Q1–Q3 band, Min–Max
 * whiskers, median tick) and the buckets' average as a dotted line, dated in UTC. Percent charts are held to 0–100
 * unless `fit` is off. Server-rendered SVG; "No Data Available" in the same frame when nothing was measured.
 */
export function CloudHistoryChart({
  chart,
  title,
  height = 275,
  fit = true,
  hidden = [],
  legendHref,
  actions,
  bare,
}: {
  chart: HistoryChart | null;
  /** The chart's title (also when there is no chart). */
  title: string;
  height?: number;
  fit?: boolean;
  hidden?: readonly CloudVisibilityId[];
  legendHref?: (id: CloudVisibilityId) => string;
  actions?: ReactNode;
  bare?: boolean;
}) {
  const points = useMemo(() => (chart ? historyPoints(chart) : []), [chart]);
  const withData = chart ? chart.buckets.reduce<number>((n, b) => (b === null ? n : n + 1), 0) : 0;
  const daily = chart?.mode !== "hourly" && chart?.mode !== "five-minute";
  const held = !!chart?.percent && fit;
  return (
    <div data-testid="cloud-history-chart" data-chart-key={chart?.key ?? ""} data-mode={chart?.mode ?? ""} data-buckets={withData} data-y-axis={held ? "0-100" : "auto"}>
      <BoxPlotChart
        title={title}
        points={points}
        xMode="time"
        xLabel={daily ? "Date (UTC)" : "Date and time (UTC)"}
        yLabel={chart?.yLabel ?? ""}
        unit={chart?.unit}
        yMax={held ? 100 : undefined}
        visibility={{ box: !hidden.includes("box"), average: !hidden.includes("mean") }}
        legendHref={legendHref ? (id) => legendHref(SERIES_OF[id] ?? "box") : undefined}
        formatValue={formatMetricValue}
        height={height}
        actions={actions}
        bare={bare}
        // Hourly and 5-minute ticks carry a time as well as the date.
        tickSpacing={daily ? undefined : 104}
      />
    </div>
  );
}
