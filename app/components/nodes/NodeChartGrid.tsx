import { BoxPlotChart } from "~/components/charts/BoxPlotChart";
import { NoDataChart } from "~/components/charts/NoDataChart";
import type { NodeChart } from "~/features/nodes/charts.server";
import type { NodeViewMode } from "~/features/nodes/constants";
import { formatDecimal } from "~/lib/format";
import { isCountUnit } from "~/components/charts/units";

/** Box plots per time bucket, one per metric; "No Data Available" when there is none (spec 2.8). */
export function NodeChartGrid({
  charts,
  mode,
  emptyTitle,
}: {
  charts: NodeChart[];
  mode: NodeViewMode;
  emptyTitle: string;
}) {
  if (!charts.length) return <NoDataChart title={emptyTitle} />;
  return (
    <div
      className="grid gap-3 xl:grid-cols-2"
      data-testid="node-charts"
      data-mode={mode}
    >
      {charts.map((c) => (
        // The anchor a "why" step links to (#node-chart-<metric>).
        <div key={c.key} id={`node-chart-${c.key}`} className="scroll-mt-4">
          <BoxPlotChart
            title={c.title}
            points={c.points}
            xMode="time"
            xLabel={mode === "DAY_1" ? "Date (UTC)" : "Hour (UTC)"}
            yLabel={c.yLabel}
            unit={c.unit}
            yMax={c.yMax}
            formatValue={isCountUnit(c.unit) ? undefined : formatDecimal}
          />
        </div>
      ))}
    </div>
  );
}
