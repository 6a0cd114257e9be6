import type { ReactNode } from "react";
import { ChartFrame, DEFAULT_CHART_HEIGHT } from "./ChartFrame";
import { plotRows, PlotSvg, XAxis, YAxis, type Plot } from "./Axes";
import { SERIES_COLOUR, SERIES_TEXT_COLOUR } from "./colours";
import { BoxSwatch, Legend, LineSwatch, type LegendItem } from "./Legend";
import { NoDataBody } from "./NoDataChart";
import { bandScale, formatTick, isFiniteNumber, linePath, pct, responsiveTicks, valueScale, VIRTUAL_WIDTH, xDomain, xKey, xLabel, type XMode } from "./scales";
import { useSeriesVisibility } from "./series";
import { fragmentKey, useServerFragments } from "~/components/server-fragments";
import { axisUnit, isCountUnit } from "./units";
import { BOX_SERIES, BOX_SERIES_LABELS, type BoxPoint, type BoxSeriesId } from "~/domain/charts/box-series";

/** Short texts of the horizontal lines, at the right edge of the plot. */
const LINE_TEXT: Record<"request" | "limit" | "recRequest" | "recLimit", string> = { request: "Request", limit: "Limit", recRequest: "Rec. req", recLimit: "Rec. lim" };

export interface BoxPlotChartProps {
  title: string;
  points: readonly BoxPoint[];
  /** hour (0–23, all 24 shown; the default), time (Date / ISO / epoch ms buckets, dated ticks) or category (labels as given). */
  xMode?: XMode;
  /** Defaults: "Hour of day" / "Date" / none. */
  xLabel?: string;
  /** The y-axis label with its unit, e.g. "CPU (mCores)", "Memory (MB)", "CPU (%)". */
  yLabel: string;
  /** Unit appended to values in tooltips and the summary ("mCores", "MB", "%"). */
  unit?: string;
  /** Horizontal solid line; drawn only when positive. */
  request?: number | null;
  /** Horizontal dashed line; drawn only when positive. */
  limit?: number | null;
  /** The recommended request (solid teal line); drawn only when positive. */
  recommendedRequest?: number | null;
  /** The recommended limit (dashed teal line); drawn only when positive. */
  recommendedLimit?: number | null;
  /** Least room per labelled x tick in px (long time labels need more); 64 for time, 22 otherwise by default. */
  tickSpacing?: number;
  /** Legend entries become links to this address (the visibility kept in the URL, so they work without JavaScript). */
  legendHref?: (id: BoxSeriesId) => string;
  /** Fix the y axis to [0, yMax] (percent charts: 100); automatic from the data otherwise. */
  yMax?: number;
  /** Series shown (controlled); every series visible when absent. */
  visibility?: Partial<Record<BoxSeriesId, boolean>>;
  /** Called with the next visibility when a legend entry is clicked. */
  onVisibilityChange?: (next: Record<BoxSeriesId, boolean>) => void;
  /** Value text; the shared tick format (formatCount / one decimal) by default. */
  formatValue?: (v: number) => string;
  /** Plot height in px; 275 by default (spec 2.8). */
  height?: number;
  /** Whole-number y ticks (counts: restarts, days, hours). */
  integerTicks?: boolean;
  actions?: ReactNode;
  bare?: boolean;
}

/** True when at least one statistic of one point is a number. */
export function hasBoxData(points: readonly BoxPoint[]): boolean {
  return points.some((p) => [p.min, p.q1, p.median, p.sustained, p.peak, p.avg].some(isFiniteNumber));
}

const positive = (v: number | null | undefined): v is number => isFiniteNumber(v) && v > 0;

export function boxPlotSummary(p: Pick<BoxPlotChartProps, "title" | "points" | "xMode" | "unit" | "request" | "limit" | "recommendedRequest" | "recommendedLimit" | "formatValue">): string {
  const mode = p.xMode ?? "hour";
  const fmt = p.formatValue ?? formatTick;
  const u = p.unit ? ` ${p.unit}` : "";
  const where = (pt: BoxPoint) => (mode === "hour" ? `hour ${xLabel(pt.x, mode, pt.label)}` : xLabel(pt.x, mode, pt.label));
  const parts: string[] = [];
  let peak: BoxPoint | undefined;
  let low: number | undefined;
  let sum = 0;
  let n = 0;
  for (const pt of p.points) {
    if (isFiniteNumber(pt.peak) && (!peak || pt.peak > (peak.peak as number))) peak = pt;
    if (isFiniteNumber(pt.min) && (low === undefined || pt.min < low)) low = pt.min;
    if (isFiniteNumber(pt.avg)) {
      sum += pt.avg;
      n++;
    }
  }
  if (peak) parts.push(`peak ${fmt(peak.peak as number)}${u} at ${where(peak)}`);
  if (n) parts.push(`average ${fmt(sum / n)}${u}`);
  if (low !== undefined) parts.push(`minimum ${fmt(low)}${u}`);
  if (positive(p.request)) parts.push(`request ${fmt(p.request)}${u}`);
  if (positive(p.limit)) parts.push(`limit ${fmt(p.limit)}${u}`);
  if (positive(p.recommendedRequest)) parts.push(`recommended request ${fmt(p.recommendedRequest)}${u}`);
  if (positive(p.recommendedLimit)) parts.push(`recommended limit ${fmt(p.recommendedLimit)}${u}`);
  const by = mode === "hour" ? " by hour of day" : mode === "time" ? " over time" : "";
  return `${p.title}${by}: ${parts.join(", ")}.`;
}

const MARGIN = { top: 10, right: 16, bottom: 34, left: 58 };
/** Room one character of an 11 px semibold line label takes (Inter's widest digits are about 6.6 px). */
const LABEL_CHAR_PX = 6.8;

/** The right margin that holds the longest line label whole (none: 16 px, so history charts do not end in a blank band). */
export function lineLabelMargin(texts: readonly string[]): number {
  const longest = Math.max(0, ...texts.map((t) => t.length));
  return longest ? Math.ceil(8 + longest * LABEL_CHAR_PX) : MARGIN.right;
}

/**
 * Hour-of-day (or historical) box plots: a band from Q1 to Sustained, whiskers from Min to Peak, a median tick, a
 * dotted average line, request (solid) and limit (dashed) lines. Legend entries toggle series when JavaScript is on.
 */
export function BoxPlotChart(given: BoxPlotChartProps) {
  const props = inAxisUnit(given);
  const { title, points, request, limit, recommendedRequest, recommendedLimit, legendHref, height = DEFAULT_CHART_HEIGHT, actions, bare } = props;
  const lineValue: Record<BoxSeriesId, number | null | undefined> = { box: 1, average: 1, request, limit, recRequest: recommendedRequest, recLimit: recommendedLimit };
  const present = BOX_SERIES.filter((s) => positive(lineValue[s]));
  const { visible, toggle } = useSeriesVisibility(BOX_SERIES, props.visibility, props.onVisibilityChange);
  const empty = !hasBoxData(points);
  const legend = empty ? null : (
    <Legend
      label={`${title} series`}
      onToggle={legendHref ? undefined : (id) => toggle(id as BoxSeriesId)}
      hrefFor={legendHref ? (id) => legendHref(id as BoxSeriesId) : undefined}
      items={present.map<LegendItem>((id) => ({ id, label: BOX_SERIES_LABELS[id], visible: visible[id], swatch: SWATCH[id] }))}
    />
  );
  // On the server the plot's markup is made once per distinct chart (issue 13): a chart is a few hundred elements,
  // the same for every user who opens the same folder or node group.
  const fragments = useServerFragments();
  const plot = fragments && !empty ? fragments.html(boxPlotKey(props, visible, height), () => <BoxPlotSvg {...props} visible={visible} height={height} />) : null;
  const inner =
    plot !== null ? (
      <div className="chart-body relative h-full w-full" data-chart="boxplot" dangerouslySetInnerHTML={{ __html: plot }} />
    ) : (
      <div className="chart-body relative h-full w-full" data-chart="boxplot">
        {empty ? <NoDataBody /> : <BoxPlotSvg {...props} visible={visible} height={height} />}
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

/** Everything BoxPlotSvg draws from, as a fragment key. */
function boxPlotKey(p: BoxPlotChartProps, visible: Record<BoxSeriesId, boolean>, height: number): string {
  const { title, points, xMode, xLabel, yLabel, unit, request, limit, recommendedRequest, recommendedLimit, yMax, tickSpacing, integerTicks, formatValue } = p;
  return fragmentKey("boxplot", [title, points, xMode, xLabel, yLabel, unit, request, limit, recommendedRequest, recommendedLimit, yMax, tickSpacing, integerTicks, visible, height], formatValue);
}

/**
 * The props in the unit the axis shows (axisUnit: cores from 1,000 mCores, GB from 1,024 MB), with whole-number
 * ticks for counts (restarts, pods, nodes, events) unless the caller says otherwise.
 */
export function inAxisUnit(p: BoxPlotChartProps): BoxPlotChartProps {
  const integerTicks = p.integerTicks ?? (isCountUnit(p.unit) || isCountUnit(p.yLabel));
  let max = 0;
  for (const pt of p.points) for (const v of [pt.peak, pt.sustained, pt.median, pt.avg]) if (isFiniteNumber(v) && v > max) max = v;
  for (const v of [p.request, p.limit, p.recommendedRequest, p.recommendedLimit]) if (isFiniteNumber(v) && v > max) max = v;
  const a = axisUnit(p.unit, p.yLabel, max);
  if (a.factor === 1) return { ...p, integerTicks };
  const f = (v: number | null | undefined) => (isFiniteNumber(v) ? v * a.factor : v);
  return {
    ...p,
    integerTicks,
    unit: a.unit,
    yLabel: a.yLabel,
    points: p.points.map((pt) => ({ ...pt, min: f(pt.min) ?? null, q1: f(pt.q1) ?? null, median: f(pt.median) ?? null, sustained: f(pt.sustained) ?? null, peak: f(pt.peak) ?? null, avg: f(pt.avg) ?? null })),
    request: f(p.request),
    limit: f(p.limit),
    recommendedRequest: f(p.recommendedRequest),
    recommendedLimit: f(p.recommendedLimit),
  };
}

const AVG_DASH = "1 4";
const LIMIT_DASH = "7 4";
const REC_REQUEST_DASH = "3 2";

const SWATCH: Record<BoxSeriesId, ReactNode> = {
  box: <BoxSwatch className={SERIES_COLOUR.box} />,
  average: <LineSwatch className={SERIES_COLOUR.average} dash={AVG_DASH} width={2.5} />,
  request: <LineSwatch className={SERIES_COLOUR.request} />,
  limit: <LineSwatch className={SERIES_COLOUR.limit} dash={LIMIT_DASH} />,
  recRequest: <LineSwatch className={SERIES_COLOUR.recRequest} dash={REC_REQUEST_DASH} />,
  recLimit: <LineSwatch className={SERIES_COLOUR.recLimit} dash={LIMIT_DASH} />,
};

function BoxPlotSvg({ title, points, xMode = "hour", xLabel: xAxisLabel, yLabel, unit, request, limit, recommendedRequest, recommendedLimit, yMax, tickSpacing, formatValue = formatTick, integerTicks, visible, height }: BoxPlotChartProps & { visible: Record<BoxSeriesId, boolean>; height: number }) {
  const drawRequest = positive(request) && visible.request;
  const drawLimit = positive(limit) && visible.limit;
  const recLines = (["recRequest", "recLimit"] as const)
    .map((id) => ({ id, value: id === "recRequest" ? recommendedRequest : recommendedLimit }))
    .filter((l): l is { id: "recRequest" | "recLimit"; value: number } => positive(l.value) && visible[l.id]);
  const lineText = (id: keyof typeof LINE_TEXT, v: number) => `${LINE_TEXT[id]} ${formatValue(v)}`;
  // The right margin fits every line that can be shown (hidden ones too, so toggling a series does not move the plot).
  const allLines = ([["request", request], ["limit", limit], ["recRequest", recommendedRequest], ["recLimit", recommendedLimit]] as const).filter(([, v]) => positive(v)).map(([id, v]) => lineText(id, v as number));
  const plot = plotRows(height, { ...MARGIN, right: lineLabelMargin(allLines) });
  const y = valueScale(
    [
      ...points.flatMap((p) => [p.min, p.q1, p.median, p.sustained, p.peak, p.avg]),
      positive(request) ? request : null,
      positive(limit) ? limit : null,
      positive(recommendedRequest) ? recommendedRequest : null,
      positive(recommendedLimit) ? recommendedLimit : null,
    ],
    [plot.bottom, plot.top],
    { fixedMax: yMax },
  );
  const [, domainMax] = y.domain();
  const keys = xDomain(
    points.map((p) => p.x),
    xMode,
  );
  const x = bandScale(keys, [0, VIRTUAL_WIDTH], 0.3);
  const bw = x.bandwidth();
  const centre = (p: BoxPoint) => (x(xKey(p.x, xMode)) ?? NaN) + bw / 2;
  const byKey = new Map(points.map((p) => [xKey(p.x, xMode), p]));
  const ticks = responsiveTicks(keys.length, tickSpacing ?? (xMode === "time" ? 64 : 22)).map(({ index, wideOnly }) => {
    const k = keys[index];
    const p = byKey.get(k);
    return { x: (x(k) ?? 0) + bw / 2, text: p ? xLabel(p.x, xMode, p.label) : xMode === "hour" ? k : "", wideOnly };
  });
  const u = unit ? ` ${unit}` : "";
  const fmt = (v: number | null) => (isFiniteNumber(v) ? `${formatValue(v)}${u}` : "-");
  const summary = boxPlotSummary({ title, points, xMode, unit, request, limit, recommendedRequest, recommendedLimit, formatValue });
  const avgPath = linePath(points.map((p) => ({ x: centre(p), y: isFiniteNumber(p.avg) ? y(p.avg) : null })));
  const half = bw / 2;
  const cap = bw / 4;
  const lineLabels: { id: "request" | "limit" | "recRequest" | "recLimit"; y: number; text: string }[] = [];
  if (drawRequest && request <= domainMax) lineLabels.push({ id: "request", y: y(request), text: lineText("request", request) });
  if (drawLimit && limit <= domainMax) lineLabels.push({ id: "limit", y: y(limit), text: lineText("limit", limit) });
  for (const l of recLines) if (l.value <= domainMax) lineLabels.push({ id: l.id, y: y(l.value), text: lineText(l.id, l.value) });
  // Labels closer than 12 px are pushed apart (bottom to top), so that none covers another.
  lineLabels.sort((a, b) => b.y - a.y);
  for (let i = 1; i < lineLabels.length; i++) if (lineLabels[i - 1].y - lineLabels[i].y < 12) lineLabels[i].y = lineLabels[i - 1].y - 12;
  // ...but none above the plot: from the top down, keep each label inside and 12 px below the one above it.
  for (let i = lineLabels.length - 1; i >= 0; i--) {
    const floor = i === lineLabels.length - 1 ? plot.top + 4 : lineLabels[i + 1].y + 12;
    if (lineLabels[i].y < floor) lineLabels[i].y = floor;
  }
  const defaultXLabel = xAxisLabel ?? (xMode === "hour" ? "Hour of day" : xMode === "time" ? "Date" : undefined);
  const dense = points.length > DENSE_POINTS;
  return (
    <PlotSvg plot={plot} role="img" aria-label={summary} className="block tabular-nums" data-testid="boxplot-svg" data-points={points.length}>
      <title>{title}</title>
      <desc>
        {dense
          ? summary
          : points
              .filter((p) => hasBoxData([p]))
              .map((p) => `${xMode === "hour" ? "Hour " : ""}${xLabel(p.x, xMode, p.label)}: min ${fmt(p.min)}, Q1 ${fmt(p.q1)}, median ${fmt(p.median)}, sustained ${fmt(p.sustained)}, peak ${fmt(p.peak)}, average ${fmt(p.avg)}.`)
              .join(" ")}
      </desc>
      <YAxis scale={y} plot={plot} label={yLabel} format={(v) => (Number.isInteger(v) ? formatTick(v) : formatValue(v))} integer={integerTicks} />
      <XAxis plot={plot} ticks={ticks} label={defaultXLabel} />
      {visible.box && dense ? <DenseBoxes points={points} centre={centre} y={y} half={half} plot={plot} /> : null}
      {visible.box && !dense ? (
        <g data-series="box">
          {points.map((p) => {
            const cx = centre(p);
            if (!Number.isFinite(cx) || !hasBoxData([p])) return null;
            const k = xKey(p.x, xMode);
            const tip = `${xMode === "hour" ? "Hour " : ""}${xLabel(p.x, xMode, p.label)}: Min ${fmt(p.min)}, Q1 ${fmt(p.q1)}, Median ${fmt(p.median)}, Sustained ${fmt(p.sustained)}, Peak ${fmt(p.peak)}, Avg ${fmt(p.avg)}`;
            return (
              <g key={k} data-point={k}>
                <title>{tip}</title>
                <rect x={pct(cx - half)} y={plot.top} width={pct(half * 2)} height={plot.innerHeight} className="fill-transparent hover:fill-slate-500/10" />
                {isFiniteNumber(p.min) && isFiniteNumber(p.peak) ? (
                  <g className={SERIES_COLOUR.whisker} strokeWidth={1} data-whisker={k}>
                    <line x1={pct(cx)} x2={pct(cx)} y1={y(p.min)} y2={y(p.peak)} data-y1={p.min} data-y2={p.peak} />
                    <line x1={pct(cx - cap)} x2={pct(cx + cap)} y1={y(p.min)} y2={y(p.min)} />
                    <line x1={pct(cx - cap)} x2={pct(cx + cap)} y1={y(p.peak)} y2={y(p.peak)} />
                  </g>
                ) : null}
                {isFiniteNumber(p.q1) && isFiniteNumber(p.sustained) ? (
                  <rect x={pct(cx - half)} width={pct(half * 2)} y={Math.min(y(p.q1), y(p.sustained))} height={Math.max(1, Math.abs(y(p.q1) - y(p.sustained)))} className={SERIES_COLOUR.box} strokeWidth={1} data-box={k} />
                ) : null}
                {isFiniteNumber(p.median) ? <line x1={pct(cx - half)} x2={pct(cx + half)} y1={y(p.median)} y2={y(p.median)} className={SERIES_COLOUR.median} strokeWidth={2} data-median={k} /> : null}
              </g>
            );
          })}
        </g>
      ) : null}
      {visible.average && avgPath ? (
        <Stretched plot={plot}>
          <path d={avgPath} className={`fill-none ${SERIES_COLOUR.average}`} strokeWidth={2} strokeDasharray={AVG_DASH} strokeLinecap="round" vectorEffect="non-scaling-stroke" data-series="average" aria-hidden="true" />
        </Stretched>
      ) : null}
      {drawRequest && request <= domainMax ? <line x1={0} x2="100%" y1={y(request)} y2={y(request)} className={SERIES_COLOUR.request} strokeWidth={2} data-series="request" data-value={request} aria-hidden="true" /> : null}
      {drawLimit && limit <= domainMax ? <line x1={0} x2="100%" y1={y(limit)} y2={y(limit)} className={SERIES_COLOUR.limit} strokeWidth={2} strokeDasharray={LIMIT_DASH} data-series="limit" data-value={limit} aria-hidden="true" /> : null}
      {recLines.map((l) =>
        l.value <= domainMax ? (
          <line key={l.id} x1={0} x2="100%" y1={y(l.value)} y2={y(l.value)} className={SERIES_COLOUR[l.id]} strokeWidth={2} strokeDasharray={l.id === "recRequest" ? REC_REQUEST_DASH : LIMIT_DASH} data-series={l.id} data-value={l.value} aria-hidden="true" />
        ) : null,
      )}
      {lineLabels.map((l) => (
        <text key={l.id} x="100%" dx={4} y={l.y} dy="0.32em" fontSize={11} fontWeight={600} className={SERIES_TEXT_COLOUR[l.id]} aria-hidden="true" data-line-label={l.id}>
          {l.text}
        </text>
      ))}
    </PlotSvg>
  );
}

/**
 * Paths drawn in virtual x units, stretched to the plot's width (y stays in pixels); strokes keep their width
 * (non-scaling-stroke). For shapes with many points, where a percentage per element would be too many elements.
 */
function Stretched({ plot, children }: { plot: Plot; children: ReactNode }) {
  return (
    <svg x={0} y={0} width="100%" height={plot.height} viewBox={`0 0 ${VIRTUAL_WIDTH} ${plot.height}`} preserveAspectRatio="none" overflow="visible" aria-hidden="true">
      {children}
    </svg>
  );
}

/**
 * Above this many points (hourly or 5-minute history over weeks) the boxes are drawn as three paths instead of a
 * group per point: the same picture at a fraction of the elements, without per-point tooltips.
 */
export const DENSE_POINTS = 240;

function DenseBoxes({ points, centre, y, half, plot }: { points: readonly BoxPoint[]; centre: (p: BoxPoint) => number; y: (v: number) => number; half: number; plot: Plot }) {
  let whiskers = "";
  let boxes = "";
  let medians = "";
  const r = (v: number) => Math.round(v * 10) / 10;
  for (const p of points) {
    const cx = centre(p);
    if (!Number.isFinite(cx)) continue;
    if (isFiniteNumber(p.min) && isFiniteNumber(p.peak)) whiskers += `M${r(cx)} ${r(y(p.min))}V${r(y(p.peak))}`;
    if (isFiniteNumber(p.q1) && isFiniteNumber(p.sustained)) {
      const top = Math.min(y(p.q1), y(p.sustained));
      boxes += `M${r(cx - half)} ${r(top)}h${r(half * 2)}v${r(Math.max(1, Math.abs(y(p.q1) - y(p.sustained))))}h${r(-half * 2)}Z`;
    }
    if (isFiniteNumber(p.median)) medians += `M${r(cx - half)} ${r(y(p.median))}h${r(half * 2)}`;
  }
  return (
    <g data-series="box" data-dense="true" aria-hidden="true">
      <Stretched plot={plot}>
        <path d={whiskers} className={`fill-none ${SERIES_COLOUR.whisker}`} strokeWidth={1} vectorEffect="non-scaling-stroke" />
        <path d={boxes} className={SERIES_COLOUR.box} strokeWidth={0.5} vectorEffect="non-scaling-stroke" />
        <path d={medians} className={`fill-none ${SERIES_COLOUR.median}`} strokeWidth={1} vectorEffect="non-scaling-stroke" />
      </Stretched>
    </g>
  );
}
