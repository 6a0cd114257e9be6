import type { ReactNode } from "react";
import { HISTOGRAM_BUCKETS, UNSPECIFIED_BUCKET } from "~/engine/containers/histogram";
import { formatCount } from "~/lib/format";
import { ChartFrame, DEFAULT_CHART_HEIGHT } from "./ChartFrame";
import { ChartLink } from "./ChartLink";
import { AXIS_CLASS, bucketColour, CATEGORY_COLOUR, FOCUS_RING_CLASS, TEXT_CLASS, type BucketCategory } from "./colours";
import { BoxSwatch, Legend } from "./Legend";
import { NoDataBody } from "./NoDataChart";
import { CHART_FONT_SIZE, plotRows, PlotSvg } from "./Axes";
import { bandScale, pct, valueScale, VIRTUAL_WIDTH } from "./scales";

export interface HistogramBucket {
  /** 20, 40, 60, 85, 100, 120, 150, 200, 300, 500, or -1 for "Unspecified". */
  bucket: number;
  /** Containers in the bucket. */
  value: number;
}

export interface HistogramChartProps {
  title: string;
  buckets: readonly HistogramBucket[];
  /** Where a click on a bar or its side label goes (e.g. analysis-details with a gridViewId); no link when undefined. */
  bucketHref?: (bucket: number) => string | undefined;
  /** Keep the -1 "Unspecified" bucket (default true; spec: dropped when unspecified is excluded). */
  includeUnspecified?: boolean;
  /** The bucket currently selected (aria-current, outlined). */
  selectedBucket?: number;
  /** What is counted, plural ("containers"). */
  noun?: string;
  /** Side-label text of a bucket; "20%"…"500%" and "Unspecified" by default. */
  bucketLabel?: (bucket: number) => string;
  /** Show the colour key (Too little / Just right / Too much / Unspecified) under the chart. Default true. */
  showKey?: boolean;
  height?: number;
  actions?: ReactNode;
  bare?: boolean;
}

export const UNSPECIFIED_LABEL = "Unspecified";

export function defaultBucketLabel(bucket: number): string {
  return bucket === UNSPECIFIED_BUCKET ? UNSPECIFIED_LABEL : `${bucket}%`;
}

const CATEGORY_TEXT: Record<BucketCategory, string> = {
  "too little": "Too little",
  "just right": "Just right",
  "too much": "Too much",
  unspecified: "Unspecified",
};

/** Buckets in display order: the known ones ascending, any others after them, Unspecified always last. */
export function orderBuckets(buckets: readonly HistogramBucket[], includeUnspecified = true): HistogramBucket[] {
  const known = new Set<number>(HISTOGRAM_BUCKETS);
  const rank = (b: number) => (b === UNSPECIFIED_BUCKET ? 2 : known.has(b) ? 0 : 1);
  return buckets.filter((b) => includeUnspecified || b.bucket !== UNSPECIFIED_BUCKET).sort((a, b) => rank(a.bucket) - rank(b.bucket) || a.bucket - b.bucket);
}

export function histogramSummary(title: string, rows: readonly HistogramBucket[], noun: string, label = defaultBucketLabel): string {
  const total = rows.reduce((s, r) => s + (r.value > 0 ? r.value : 0), 0);
  return `${title}: ${formatCount(total)} ${noun}; ${rows.map((r) => `${label(r.bucket)} ${formatCount(r.value)}`).join(", ")}.`;
}

const MARGIN = { top: 6, right: 56, bottom: 6, left: 92 };

/** One histogram (e.g. CPU request): a horizontal bar per bucket, coloured by the bucket rule, with its count. */
export function HistogramChart({ title, buckets, bucketHref, includeUnspecified = true, selectedBucket, noun = "containers", bucketLabel = defaultBucketLabel, showKey = true, height = DEFAULT_CHART_HEIGHT, actions, bare }: HistogramChartProps) {
  const rows = orderBuckets(buckets, includeUnspecified);
  const empty = rows.every((r) => !(r.value > 0));
  const key =
    showKey && !empty ? (
      <Legend
        label={`${title} colour key`}
        items={(["too little", "just right", "too much", "unspecified"] as const)
          .filter((c) => c !== "unspecified" || includeUnspecified)
          .map((c) => ({ id: c, label: CATEGORY_TEXT[c], visible: true, swatch: <BoxSwatch className={CATEGORY_COLOUR[c].mark} /> }))}
      />
    ) : null;
  const inner = (
    <div className="chart-body relative h-full w-full" data-chart="histogram">
      {empty ? <NoDataBody /> : <HistogramSvg title={title} rows={rows} bucketHref={bucketHref} selectedBucket={selectedBucket} noun={noun} bucketLabel={bucketLabel} height={height} />}
    </div>
  );
  if (bare)
    return (
      <div>
        <div style={{ height }}>{inner}</div>
        {key}
      </div>
    );
  return (
    <ChartFrame title={title} height={height} actions={actions} footer={key}>
      {inner}
    </ChartFrame>
  );
}

function HistogramSvg({ title, rows, bucketHref, selectedBucket, noun, bucketLabel, height }: { title: string; rows: HistogramBucket[]; bucketHref?: (b: number) => string | undefined; selectedBucket?: number; noun: string; bucketLabel: (b: number) => string; height: number }) {
  const area = plotRows(height, MARGIN);
  const x = valueScale(
    rows.map((r) => r.value),
    [0, VIRTUAL_WIDTH],
  );
  const y = bandScale(
    rows.map((r) => r.bucket),
    [area.top, area.bottom],
    0.2,
  );
  const bh = y.bandwidth();
  const hrefs = rows.map((r) => bucketHref?.(r.bucket));
  const interactive = hrefs.some(Boolean);
  const fontSize = Math.max(CHART_FONT_SIZE, Math.min(12, bh * 0.8));
  return (
    <PlotSvg
      plot={area}
      role={interactive ? "group" : "img"}
      aria-label={histogramSummary(title, rows, noun, bucketLabel)}
      className="block tabular-nums"
      data-testid="histogram-svg"
    >
      <title>{title}</title>
      <desc>{`${noun[0].toUpperCase()}${noun.slice(1)} per bucket of current ÷ recommended: up to 85% is too little, 100% just right, 120% and more too much${rows.some((r) => r.bucket === UNSPECIFIED_BUCKET) ? `; ${UNSPECIFIED_LABEL} means no current value` : ""}.`}</desc>
      <line x1={0} x2={0} y1={area.top} y2={area.bottom} className={AXIS_CLASS} strokeWidth={1} aria-hidden="true" />
      {rows.map((r, i) => {
        const top = y(r.bucket) ?? 0;
        const colour = bucketColour(r.bucket);
        const label = bucketLabel(r.bucket);
        const w = Math.max(0, x(Math.max(0, r.value)));
        const cy = top + bh / 2;
        const tip = `${label}: ${formatCount(r.value)} ${r.value === 1 ? noun.replace(/s$/, "") : noun} (${CATEGORY_TEXT[colour.category].toLowerCase()})`;
        const selected = selectedBucket === r.bucket;
        // Beside the link, not in it: the link's text must be part of its name (axe label-content-name-mismatch).
        const countLabel = (
          <text x={pct(w)} dx={6} y={cy} dy="0.32em" fontSize={fontSize} fontWeight={600} className={TEXT_CLASS} data-count-label={r.bucket}>
            {formatCount(r.value)}
          </text>
        );
        const marks = (
          <>
            {/* the whole row is the hit area: bar and side label both click through */}
            <rect x={-MARGIN.left} y={top} width={MARGIN.left} height={bh} className="fill-transparent group-hover:fill-slate-500/10" />
            <rect x={0} y={top} width="100%" height={bh} className="fill-transparent group-hover:fill-slate-500/10" />
            <text x={-8} y={cy} dy="0.32em" textAnchor="end" fontSize={fontSize} className={interactive && hrefs[i] ? "fill-sky-700 group-hover:underline dark:fill-sky-300" : TEXT_CLASS} data-side-label={r.bucket}>
              {label}
            </text>
            <rect x={0} y={top} width={pct(w)} height={bh} rx={2} className={colour.mark} strokeWidth={selected ? 2.5 : 1} data-bucket={r.bucket} data-category={colour.category} data-count={r.value} />
          </>
        );
        // The tooltip sits beside the link, not in it (it would join the link's text, which must match its name).
        return hrefs[i] ? (
          <g key={r.bucket}>
            <title>{tip}</title>
            <ChartLink href={hrefs[i]!} label={tip} current={selected} testId={`histogram-link-${r.bucket}`}>
              {marks}
              <rect x={-4} y={top - 1} width="100%" height={bh + 2} rx={3} strokeWidth={2} className={FOCUS_RING_CLASS} />
            </ChartLink>
            {countLabel}
          </g>
        ) : (
          <g key={r.bucket} className="group">
            <title>{tip}</title>
            {marks}
            {countLabel}
          </g>
        );
      })}
    </PlotSvg>
  );
}
