import type { ReactNode } from "react";
import { plotRows, PlotSvg, XAxis, YAxis } from "~/components/charts/Axes";
import { hasBoxData } from "~/components/charts/BoxPlotChart";
import { ChartFrame } from "~/components/charts/ChartFrame";
import { SERIES_COLOUR } from "~/components/charts/colours";
import { BoxSwatch, Legend, LineSwatch, type LegendItem } from "~/components/charts/Legend";
import { NoDataBody } from "~/components/charts/NoDataChart";
import { bandScale, formatTick, isFiniteNumber, pct, responsiveTicks, valueScale, VIRTUAL_WIDTH } from "~/components/charts/scales";
import { CLOUD_SERIES_LABELS, type CloudChart, type CloudSeriesId, type CloudVisibilityId } from "~/features/cloud/charts";

/** Each limit line's colour and dash, so colour is never the only cue (none of them a status hue). */
const LINE_STYLE: Record<Exclude<CloudSeriesId, "pattern">, { stroke: string; text: string; dash?: string }> = {
  average: { stroke: "stroke-slate-700 dark:stroke-slate-200", text: "fill-slate-700 dark:fill-slate-200", dash: "2 3" },
  peak: { stroke: "stroke-fuchsia-600 dark:stroke-fuchsia-400", text: "fill-fuchsia-700 dark:fill-fuchsia-300", dash: "7 4" },
  sustained: { stroke: "stroke-violet-600 dark:stroke-violet-400", text: "fill-violet-700 dark:fill-violet-300" },
  minGroup: { stroke: "stroke-teal-600 dark:stroke-teal-400", text: "fill-teal-700 dark:fill-teal-300", dash: "3 2" },
  maxGroup: { stroke: "stroke-teal-600 dark:stroke-teal-400", text: "fill-teal-700 dark:fill-teal-300", dash: "7 4" },
  memory: { stroke: "stroke-fuchsia-600 dark:stroke-fuchsia-400", text: "fill-fuchsia-700 dark:fill-fuchsia-300", dash: "7 4" },
};
const SHORT: Record<Exclude<CloudSeriesId, "pattern">, string> = { average: "Avg", peak: "Peak", sustained: "Sust.", minGroup: "Min", maxGroup: "Max", memory: "Mem." };

const MARGIN = { top: 10, right: 16, bottom: 34, left: 52 };
/** Room one character of an 11 px semibold line label takes. */
const LABEL_CHAR_PX = 6.8;

export interface CloudWorkloadChartProps {
  chart: CloudChart | null;
  /** The title when there is no chart (its frame says "No Data Available"). */
  fallbackTitle: string;
  height?: number;
  /** Percent charts: hold the y axis to 0–100 (the default); false frees it. */
  fit?: boolean;
  hidden?: readonly CloudVisibilityId[];
  /** Legend entries become links to the address holding the next visibility (they work without JavaScript). */
  legendHref?: (id: CloudSeriesId) => string;
  actions?: ReactNode;
  bare?: boolean;
}

/**
 * A cloud workload chart (spec document 3, sections 2.5 and 9): the learned pattern by hour of day as box plots
 * (a Q1–Sustained band, Min–Peak whiskers, a median tick) with the policy's limit lines, the legend in the spec's
 * order. Server-rendered SVG; "No Data Available" in the same frame when there is nothing to draw.
 */
export function CloudWorkloadChart({ chart, fallbackTitle, height = 275, fit = true, hidden = [], legendHref, actions, bare }: CloudWorkloadChartProps) {
  const title = chart?.title ?? fallbackTitle;
  const empty = !chart || !hasBoxData(chart.points);
  const visible = (id: CloudSeriesId) => !hidden.includes(id);
  const legendItems: LegendItem[] = chart
    ? [
        { id: "pattern", label: CLOUD_SERIES_LABELS.pattern, visible: visible("pattern"), swatch: <BoxSwatch className={SERIES_COLOUR.box} /> },
        ...chart.lines.map((l) => ({ id: l.id, label: l.label, visible: visible(l.id), swatch: <LineSwatch className={LINE_STYLE[l.id].stroke} dash={LINE_STYLE[l.id].dash} /> })),
      ]
    : [];
  const legend = empty ? null : <Legend label={`${title} series`} items={legendItems} hrefFor={legendHref ? (id) => legendHref(id as CloudSeriesId) : undefined} />;
  const body = (
    <div className="chart-body relative h-full w-full" data-chart="cloud-workload">
      {empty ? <NoDataBody /> : <Svg chart={chart} height={height} fit={fit} visible={visible} />}
    </div>
  );
  return (
    <div data-testid="cloud-chart" data-chart-key={chart?.key ?? ""}>
      {bare ? (
        <div>
          <div style={{ height }}>{body}</div>
          {legend}
        </div>
      ) : (
        <ChartFrame title={title} height={height} actions={actions} footer={legend}>
          {body}
        </ChartFrame>
      )}
    </div>
  );
}

function Svg({ chart, height, fit, visible }: { chart: CloudChart; height: number; fit: boolean; visible: (id: CloudSeriesId) => boolean }) {
  const lines = chart.lines.filter((l) => visible(l.id));
  // The right margin holds the longest line label whole (hidden lines too: toggling one does not move the plot).
  const longest = Math.max(0, ...chart.lines.map((l) => `${SHORT[l.id]} ${formatTick(l.value)}`.length));
  const area = plotRows(height, { ...MARGIN, right: longest ? Math.ceil(8 + longest * LABEL_CHAR_PX) : MARGIN.right });
  const held = chart.percent && fit && chart.yMax !== null;
  const y = valueScale([...chart.points.flatMap((p) => [p.min, p.peak]), ...chart.lines.map((l) => l.value)], [area.bottom, area.top], held ? { fixedMax: chart.yMax! } : {});
  const [, top] = y.domain();
  const keys = chart.points.map((p) => String(p.x));
  const x = bandScale(keys, [0, VIRTUAL_WIDTH], 0.3);
  const bw = x.bandwidth();
  const half = bw / 2;
  const cap = bw / 4;
  const ticks = responsiveTicks(keys.length, 22).map(({ index, wideOnly }) => ({ x: (x(keys[index]) ?? 0) + bw / 2, text: keys[index], wideOnly }));
  const u = chart.unit === "%" ? "%" : ` ${chart.unit}`;
  const fmt = (v: number | null) => (isFiniteNumber(v) ? `${formatTick(v)}${u}` : "-");
  const labels = lines.filter((l) => l.value <= top).map((l) => ({ id: l.id, y: y(l.value), text: `${SHORT[l.id]} ${formatTick(l.value)}` }));
  // Labels closer than 12 px are pushed apart, none above the plot.
  labels.sort((a, b) => b.y - a.y);
  for (let i = 1; i < labels.length; i++) if (labels[i - 1].y - labels[i].y < 12) labels[i].y = labels[i - 1].y - 12;
  for (let i = labels.length - 1; i >= 0; i--) {
    const floor = i === labels.length - 1 ? area.top + 4 : labels[i + 1].y + 12;
    if (labels[i].y < floor) labels[i].y = floor;
  }
  const summary = `${chart.title} by hour of day (UTC): ${chart.lines.map((l) => `${l.label} ${fmt(l.value)}`).join(", ")}.`;
  return (
    <PlotSvg plot={area} role="img" aria-label={summary} className="block tabular-nums" data-testid="cloud-chart-svg">
      <title>{chart.title}</title>
      <desc>
        {chart.points
          .filter((p) => isFiniteNumber(p.median))
          .map((p) => `Hour ${String(p.x)}: min ${fmt(p.min)}, Q1 ${fmt(p.q1)}, median ${fmt(p.median)}, sustained ${fmt(p.sustained)}, peak ${fmt(p.peak)}.`)
          .join(" ")}
      </desc>
      <YAxis scale={y} plot={area} label={chart.yLabel} />
      <XAxis plot={area} ticks={ticks} label="Hour of day" />
      {visible("pattern") ? (
        <g data-series="pattern">
          {chart.points.map((p) => {
            const k = String(p.x);
            const cx = (x(k) ?? 0) + bw / 2;
            if (!isFiniteNumber(p.median) && !isFiniteNumber(p.peak)) return null;
            return (
              <g key={k} data-point={k}>
                <title>{`Hour ${k}: Min ${fmt(p.min)}, Q1 ${fmt(p.q1)}, Median ${fmt(p.median)}, Sustained ${fmt(p.sustained)}, Peak ${fmt(p.peak)}`}</title>
                <rect x={pct(cx - half)} y={area.top} width={pct(half * 2)} height={area.innerHeight} className="fill-transparent hover:fill-slate-500/10" />
                {isFiniteNumber(p.min) && isFiniteNumber(p.peak) ? (
                  <g className={SERIES_COLOUR.whisker} strokeWidth={1}>
                    <line x1={pct(cx)} x2={pct(cx)} y1={y(p.min)} y2={y(Math.min(p.peak, top))} />
                    <line x1={pct(cx - cap)} x2={pct(cx + cap)} y1={y(p.min)} y2={y(p.min)} />
                    {p.peak <= top ? <line x1={pct(cx - cap)} x2={pct(cx + cap)} y1={y(p.peak)} y2={y(p.peak)} /> : null}
                  </g>
                ) : null}
                {isFiniteNumber(p.q1) && isFiniteNumber(p.sustained) ? (
                  <rect x={pct(cx - half)} width={pct(half * 2)} y={Math.min(y(p.q1), y(Math.min(p.sustained, top)))} height={Math.max(1, Math.abs(y(p.q1) - y(Math.min(p.sustained, top))))} className={SERIES_COLOUR.box} strokeWidth={1} />
                ) : null}
                {isFiniteNumber(p.median) && p.median <= top ? <line x1={pct(cx - half)} x2={pct(cx + half)} y1={y(p.median)} y2={y(p.median)} className={SERIES_COLOUR.median} strokeWidth={2} /> : null}
              </g>
            );
          })}
        </g>
      ) : null}
      {lines.map((l) =>
        l.value <= top ? (
          <line key={l.id} x1={0} x2="100%" y1={y(l.value)} y2={y(l.value)} className={LINE_STYLE[l.id].stroke} strokeWidth={2} strokeDasharray={LINE_STYLE[l.id].dash} data-series={l.id} data-value={l.value} aria-hidden="true" />
        ) : null,
      )}
      {labels.map((l) => (
        <text key={l.id} x="100%" dx={4} y={l.y} dy="0.32em" fontSize={11} fontWeight={600} className={LINE_STYLE[l.id].text} aria-hidden="true">
          {l.text}
        </text>
      ))}
    </PlotSvg>
  );
}
