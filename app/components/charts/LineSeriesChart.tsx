import type { ReactNode } from "react";
import { ChartFrame, DEFAULT_CHART_HEIGHT } from "./ChartFrame";
import { XAxis, YAxis } from "./Axes";
import { LINE_PALETTE } from "./colours";
import { Legend, LineSwatch } from "./Legend";
import { NoDataBody } from "./NoDataChart";
import { bandScale, formatTick, hasAnyValue, isFiniteNumber, linePath, plotArea, thinTicks, valueScale, xDomain, xKey, xLabel, type XMode, type XValue } from "./scales";
import { useSeriesVisibility } from "./series";
import { useChartWidth } from "./useChartWidth";

export interface LineSeries {
  id: string;
  label: string;
  points: readonly { x: XValue; y: number | null; label?: string }[];
}

export interface LineSeriesChartProps {
  title: string;
  series: readonly LineSeries[];
  /** time by default (Date / ISO / epoch ms buckets); hour or category as for BoxPlotChart. */
  xMode?: XMode;
  xLabel?: string;
  /** The y-axis label with its unit. */
  yLabel: string;
  unit?: string;
  /** Fix the y axis to [0, yMax] (percent: 100). */
  yMax?: number;
  visibility?: Partial<Record<string, boolean>>;
  onVisibilityChange?: (next: Record<string, boolean>) => void;
  formatValue?: (v: number) => string;
  height?: number;
  width?: number;
  actions?: ReactNode;
  bare?: boolean;
}

export function lineSeriesSummary(title: string, series: readonly LineSeries[], unit?: string, fmt: (v: number) => string = formatTick): string {
  const u = unit ? ` ${unit}` : "";
  const parts = series.map((s) => {
    const ys = s.points.map((p) => p.y).filter(isFiniteNumber);
    if (!ys.length) return `${s.label} no data`;
    const last = ys[ys.length - 1];
    return `${s.label} latest ${fmt(last)}${u}, highest ${fmt(Math.max(...ys))}${u}`;
  });
  return `${title}: ${parts.join("; ")}.`;
}

const MARGIN = { top: 10, right: 16, bottom: 34, left: 58 };

/** Simple time series as lines (gaps where a value is missing), sharing the box plot's axes, colours and legend toggles. */
export function LineSeriesChart(props: LineSeriesChartProps) {
  const { title, series, height = DEFAULT_CHART_HEIGHT, width: fallbackWidth = 640, actions, bare } = props;
  const { ref, width } = useChartWidth(fallbackWidth, 320);
  const ids = series.map((s) => s.id);
  const { visible, toggle } = useSeriesVisibility(ids, props.visibility, props.onVisibilityChange);
  const empty = !series.some((s) => hasAnyValue(s.points.map((p) => p.y)));
  const legend = empty ? null : (
    <Legend
      label={`${title} series`}
      onToggle={toggle}
      items={series.map((s, i) => {
        const c = LINE_PALETTE[i % LINE_PALETTE.length];
        return { id: s.id, label: s.label, visible: visible[s.id], swatch: <LineSwatch className={c.stroke} dash={c.dash} /> };
      })}
    />
  );
  const inner = (
    <div ref={ref} className="h-full w-full" data-chart="lines">
      {empty ? <NoDataBody /> : <LinesSvg {...props} visible={visible} width={width} height={height} />}
    </div>
  );
  if (bare)
    return (
      <div>
        <div style={{ height }}>{inner}</div>
        {legend}
      </div>
    );
  return (
    <ChartFrame title={title} height={height} actions={actions} footer={legend}>
      {inner}
    </ChartFrame>
  );
}

function LinesSvg({ title, series, xMode = "time", xLabel: xAxisLabel, yLabel, unit, yMax, formatValue = formatTick, visible, width, height }: LineSeriesChartProps & { visible: Record<string, boolean>; width: number; height: number }) {
  const area = plotArea(width, height, MARGIN);
  const y = valueScale(
    series.flatMap((s) => s.points.map((p) => p.y)),
    [area.top + area.innerHeight, area.top],
    { fixedMax: yMax },
  );
  const all = series.flatMap((s) => s.points);
  const keys = xDomain(
    all.map((p) => p.x),
    xMode,
  );
  const x = bandScale(keys, [area.left, area.left + area.innerWidth], 0);
  const bw = x.bandwidth();
  const at = (v: XValue) => (x(xKey(v, xMode)) ?? NaN) + bw / 2;
  const byKey = new Map(all.map((p) => [xKey(p.x, xMode), p]));
  const maxTicks = Math.max(2, Math.floor(area.innerWidth / (xMode === "time" ? 64 : 22)));
  const ticks = thinTicks(keys.length, maxTicks).map((i) => {
    const p = byKey.get(keys[i]);
    return { x: (x(keys[i]) ?? 0) + bw / 2, text: p ? xLabel(p.x, xMode, p.label) : keys[i] };
  });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" height="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-label={lineSeriesSummary(title, series, unit, formatValue)} className="block tabular-nums" data-testid="lines-svg">
      <title>{title}</title>
      <YAxis scale={y} area={area} label={yLabel} format={formatValue} />
      <XAxis area={area} ticks={ticks} label={xAxisLabel ?? (xMode === "hour" ? "Hour of day" : xMode === "time" ? "Date" : undefined)} />
      {series.map((s, i) => {
        if (!visible[s.id]) return null;
        const c = LINE_PALETTE[i % LINE_PALETTE.length];
        const pts = [...s.points].sort((a, b) => keys.indexOf(xKey(a.x, xMode)) - keys.indexOf(xKey(b.x, xMode)));
        const d = linePath(pts.map((p) => ({ x: at(p.x), y: isFiniteNumber(p.y) ? y(p.y) : null })));
        // a value with no neighbour would draw nothing: mark every point with a small dot
        return (
          <g key={s.id} data-series={s.id} className={c.stroke}>
            <path d={d} className="fill-none" strokeWidth={2} strokeDasharray={c.dash} strokeLinejoin="round" />
            {pts.map((p) =>
              isFiniteNumber(p.y) ? (
                <circle key={xKey(p.x, xMode)} cx={at(p.x)} cy={y(p.y)} r={2} className={c.text} strokeWidth={0}>
                  <title>{`${s.label}, ${xLabel(p.x, xMode, p.label)}: ${formatValue(p.y)}${unit ? ` ${unit}` : ""}`}</title>
                </circle>
              ) : null,
            )}
          </g>
        );
      })}
    </svg>
  );
}
