/**
 * The charts of a workload (spec 2.6 and 2.8), built from the container metrics model for one view mode: the
 * learned hour-of-day pattern ("workload") or historical buckets (DAY_1, HOUR_1, MINUTE_5). Each chart carries its
 * box points and the current and recommended request and limit lines; percent charts are the same statistics as a
 * share of the current request (0–100 axis unless the viewer frees it). Charts with no statistics at all are left
 * out. Pure, so the loader sends plain data and the page renders it with or without JavaScript.
 */
import type { BoxPoint } from "~/domain/charts/box-series";
import { formatDate, formatDateTime } from "~/lib/format";
import type { ContainerMetricBucket, Stats, WorkloadChart, WorkloadMetric } from "~/models/container-metrics.server";
import type { ViewMode } from "~/domain/workload/constants";

export const CHART_KEYS = ["cpu", "memory", "cpuPct", "memPct", "containers", "restarts"] as const;
export type ChartKey = (typeof CHART_KEYS)[number];

interface ChartDef {
  title: string;
  yLabel: string;
  unit: string;
  metric: WorkloadMetric;
  /** Percent of the current request. */
  percent?: boolean;
  /** Draws request and limit lines. */
  lines: boolean;
}

export const CHART_DEFS: Record<ChartKey, ChartDef> = {
  cpu: { title: "CPU Utilization", yLabel: "CPU (mCores)", unit: "mCores", metric: "cpu", lines: true },
  memory: { title: "Memory Working Set", yLabel: "Memory (MB)", unit: "MB", metric: "memory", lines: true },
  cpuPct: { title: "CPU Utilization (% of Request)", yLabel: "CPU (%)", unit: "%", metric: "cpu", percent: true, lines: true },
  memPct: { title: "Memory Utilization (% of Request)", yLabel: "Memory (%)", unit: "%", metric: "memory", percent: true, lines: true },
  containers: { title: "Number of Containers", yLabel: "Containers", unit: "", metric: "containers", lines: false },
  restarts: { title: "Container Restarts", yLabel: "Restarts", unit: "", metric: "restarts", lines: false },
};

/** The service charts of the overview (by hour of day) and its history charts (daily). */
export const SERVICE_CHARTS: readonly ChartKey[] = ["cpu", "memory", "containers", "restarts"];
export const OVERVIEW_HISTORY_CHARTS: readonly ChartKey[] = ["cpu", "memory"];

export interface Lines {
  request: number | null;
  limit: number | null;
  recommendedRequest: number | null;
  recommendedLimit: number | null;
}

export interface BuiltChart extends Lines {
  key: ChartKey;
  title: string;
  yLabel: string;
  unit: string;
  xMode: "hour" | "time";
  /** Percent chart: may be held to 0–100. */
  percent: boolean;
  points: BoxPoint[];
}

const STAT_KEYS = ["min", "q1", "median", "sustained", "peak", "avg"] as const;

const hasStats = (s: Stats) => STAT_KEYS.some((k) => s[k] !== null);

function scaled(s: Stats, factor: number): Stats {
  const out = { ...s };
  for (const k of STAT_KEYS) out[k] = s[k] === null ? null : (s[k] as number) * factor;
  return out;
}

/** Lines in percent of the current request (100 = the request); null without a request. */
function percentLines(l: Lines, base: number): Lines {
  const pct = (v: number | null) => (v === null ? null : (v / base) * 100);
  return { request: 100, limit: pct(l.limit), recommendedRequest: pct(l.recommendedRequest), recommendedLimit: pct(l.recommendedLimit) };
}

function finish(key: ChartKey, xMode: BuiltChart["xMode"], points: BoxPoint[], lines: Lines): BuiltChart | null {
  const d = CHART_DEFS[key];
  if (!points.some((p) => hasStats(p as Stats))) return null;
  const none: Lines = { request: null, limit: null, recommendedRequest: null, recommendedLimit: null };
  return { key, title: d.title, yLabel: d.yLabel, unit: d.unit, xMode, percent: d.percent === true, points, ...(d.lines ? lines : none) };
}

/** Charts of the learned pattern: the model's chart pairs (current, recommended) merged into one chart per metric. */
export function patternCharts(charts: readonly WorkloadChart[], keys: readonly ChartKey[] = CHART_KEYS): BuiltChart[] {
  const out: BuiltChart[] = [];
  for (const key of keys) {
    const d = CHART_DEFS[key];
    const current = charts.find((c) => c.metric === d.metric && !c.isRecommendation);
    if (!current) continue;
    const rec = charts.find((c) => c.metric === d.metric && c.isRecommendation);
    const lines: Lines = { request: current.lowerLimit, limit: current.upperLimit, recommendedRequest: rec?.lowerLimit ?? null, recommendedLimit: rec?.upperLimit ?? null };
    const base = lines.request;
    if (d.percent && !(base !== null && base > 0)) continue;
    const factor = d.percent ? 100 / (base as number) : 1;
    const points = current.data.map((r) => ({ x: r.hour, ...scaled(r, factor) }));
    const built = finish(key, "hour", points, d.percent ? percentLines(lines, base as number) : lines);
    if (built) out.push(built);
  }
  return out;
}

const BUCKET_FIELD: Record<WorkloadMetric, "cpuUtilization" | "memoryWorkingSet" | "numberOfContainers" | "numberOfRestarts"> = {
  cpu: "cpuUtilization",
  memory: "memoryWorkingSet",
  containers: "numberOfContainers",
  restarts: "numberOfRestarts",
};

/** Charts of historical buckets, ticks labelled by date (daily) or date and time (hourly, 5-minute). */
export function historyCharts(buckets: readonly ContainerMetricBucket[], mode: Exclude<ViewMode, "workload">, keys: readonly ChartKey[] = CHART_KEYS): BuiltChart[] {
  const first = buckets[0];
  if (!first) return [];
  const out: BuiltChart[] = [];
  const label = (iso: string) => (mode === "DAY_1" ? formatDate(iso) : formatDateTime(iso));
  for (const key of keys) {
    const d = CHART_DEFS[key];
    const cpu = d.metric === "cpu";
    const lines: Lines = {
      request: cpu ? first.cPURequest : first.memoryRequest,
      limit: cpu ? first.cPULimit : first.memoryLimit,
      recommendedRequest: cpu ? first.recommCPURequest : first.recommMemoryRequest,
      recommendedLimit: cpu ? first.recommCPULimit : first.recommMemoryLimit,
    };
    const base = lines.request;
    if (d.percent && !(base !== null && base > 0)) continue;
    const factor = d.percent ? 100 / (base as number) : 1;
    // Restarts: a bucket without any is still a bucket (zero), but a chart of only zeros says nothing.
    if (d.metric === "restarts" && !buckets.some((b) => (b.numberOfRestarts.peak ?? 0) > 0)) continue;
    const points = buckets.map((b) => ({ x: Date.parse(b.auditUtcTimeBucket), label: label(b.auditUtcTimeBucket), ...scaled(b[BUCKET_FIELD[d.metric]], factor) }));
    const built = finish(key, "time", points, d.percent ? percentLines(lines, base as number) : lines);
    if (built) out.push(built);
  }
  return out;
}

/** The charts of one mode. */
export function chartsFor(mode: ViewMode, data: { pattern: readonly WorkloadChart[] | null; buckets: readonly ContainerMetricBucket[] | null }, keys?: readonly ChartKey[]): BuiltChart[] {
  return mode === "workload" ? patternCharts(data.pattern ?? [], keys) : historyCharts(data.buckets ?? [], mode, keys);
}
