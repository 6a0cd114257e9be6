import { BoxPlotChart } from "~/components/charts/BoxPlotChart";
import type { HourChart } from "~/features/drawers/hour-charts.server";

/** One hour-of-day chart with its request and limit lines and the recommended ones; the empty frame ("No Data Available") without data. */
export function HourChartView({ chart, fallbackTitle, yLabel, height }: { chart: HourChart | null; fallbackTitle: string; yLabel: string; height?: number }) {
  return (
    <BoxPlotChart
      title={chart?.title ?? fallbackTitle}
      points={chart?.points ?? []}
      yLabel={chart?.yLabel ?? yLabel}
      unit={chart?.unit}
      request={chart?.request}
      limit={chart?.limit}
      recommendedRequest={chart?.recommendedRequest}
      recommendedLimit={chart?.recommendedLimit}
      height={height}
    />
  );
}
