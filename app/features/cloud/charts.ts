/**
 * A cloud service's workload charts as the screens draw them (spec document 3, sections 2.5, 2.6, 3, 4 and 9), and
 * the chart viewer dialog's rules. The engine's charts (workloadCharts: 24 hour-of-day rows and the limits) become
 * box points and horizontal lines in the spec's legend order; the dialog's view modes follow section 4. Pure: the
 * loaders build the data, the components and the tests read the same rules.
 */
import type { BoxPoint } from "~/domain/charts/box-series";
import type { WorkloadChart } from "~/engine/cloud/charts";
import { CHART_TITLES, LEGEND_ORDER, UNIT_PERCENT, WORKLOAD_CHART_ORDER, type WorkloadChartKey } from "~/engine/cloud/constants";
import { isVmss } from "./tabs";
import { isOwnKey } from "~/lib/own-key";

/** The series a cloud chart's legend toggles: the learned pattern's boxes and the limit lines. */
export const CLOUD_SERIES = ["pattern", "average", "peak", "sustained", "minGroup", "maxGroup", "memory"] as const;
export type CloudSeriesId = (typeof CLOUD_SERIES)[number];
export const CLOUD_SERIES_LABELS: Record<CloudSeriesId, string> = {
  pattern: LEGEND_ORDER[0],
  average: LEGEND_ORDER[1],
  peak: LEGEND_ORDER[2],
  sustained: LEGEND_ORDER[3],
  minGroup: LEGEND_ORDER[4],
  maxGroup: LEGEND_ORDER[5],
  // Not among the spec's legend entries: the memory charts' limit (100 / memory headroom) comes after them.
  memory: "Memory Limit",
};

export interface CloudChartLine {
  id: Exclude<CloudSeriesId, "pattern">;
  label: string;
  value: number;
}

export interface CloudChart {
  key: WorkloadChartKey;
  title: string;
  yLabel: string;
  unit: string;
  isRecommendation: boolean;
  /** A percent chart with a defined maximum: its y axis may be held to 0–100 (the dialog's toggle). */
  percent: boolean;
  yMax: number | null;
  points: BoxPoint[];
  /** Horizontal lines in the spec's legend order. */
  lines: CloudChartLine[];
}

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/** One engine chart as box points (low → min, q3 → sustained, high → peak) and its limits as lines. */
export function cloudChartOf(c: WorkloadChart): CloudChart {
  const l = c.limits;
  const percent = c.yAxisLabel === UNIT_PERCENT && finite(l.upperLimit);
  const lines: CloudChartLine[] = [];
  const add = (id: CloudChartLine["id"], value: number | null) => {
    if (finite(value)) lines.push({ id, label: CLOUD_SERIES_LABELS[id], value });
  };
  add("average", l.averageLimit);
  add("peak", l.peakLimit);
  add("sustained", l.sustainedLimit);
  if (c.key === "inService") {
    add("minGroup", l.lowerLimit);
    add("maxGroup", l.upperLimit);
  }
  add("memory", l.memLimit);
  return {
    key: c.key,
    title: c.title,
    yLabel: c.yAxisLabel === UNIT_PERCENT ? "Utilization (%)" : c.yAxisLabel,
    unit: c.yAxisLabel,
    isRecommendation: c.isRecommendation,
    percent,
    yMax: percent ? l.upperLimit : null,
    points: c.rows.map((r) => ({ x: r.hour, min: r.low, q1: r.q1, median: r.median, sustained: r.q3, peak: r.high, avg: null })),
    lines,
  };
}

/** The engine's charts in the spec's order (section 9), as the screens draw them. */
export function cloudCharts(charts: readonly WorkloadChart[]): CloudChart[] {
  const rank = (k: WorkloadChartKey) => WORKLOAD_CHART_ORDER.indexOf(k);
  return [...charts].sort((a, b) => rank(a.key) - rank(b.key)).map(cloudChartOf);
}

/** The chart viewer's view modes (section 4) as the address names them (chartMode). */
export const CLOUD_CHART_MODES = ["workload", "daily", "hourly", "five-minute"] as const;
export type CloudChartMode = (typeof CLOUD_CHART_MODES)[number];
export const CLOUD_CHART_MODE_LABELS: Record<CloudChartMode, string> = { workload: "Workload", daily: "Daily", hourly: "Hourly", "five-minute": "5 Minute" };
/** History windows (section 9): 90 days, 7 for five-minute data. */
export const CLOUD_HISTORY_DAYS: Record<Exclude<CloudChartMode, "workload">, number> = { daily: 90, hourly: 90, "five-minute": 7 };

/** Charts with a historical counterpart (the monitored metrics); recommended and busiest-day charts have none. */
const HISTORY_KEYS: readonly WorkloadChartKey[] = ["cpu", "memory", "inService"];

/** Only the learned pattern: a Recommended or Busiest chart, or a VM scale set (section 4). */
export function workloadOnly(title: string, serviceType: string): boolean {
  return /Recommended|Busiest/.test(title) || isVmss(serviceType);
}

/** The modes the dialog offers for a chart: workload only (above), no workload while relearning, else all four. */
export function chartModes(title: string, serviceType: string, relearning: boolean): CloudChartMode[] {
  if (workloadOnly(title, serviceType)) return ["workload"];
  return relearning ? ["daily", "hourly", "five-minute"] : [...CLOUD_CHART_MODES];
}

/**
 * The mode shown for the one asked: workload-only charts switch back to workload; relearning turns workload into
 * daily; an unknown mode is workload (daily while relearning).
 */
export function resolveChartMode(requested: string | null, title: string, serviceType: string, relearning: boolean): CloudChartMode {
  const modes = chartModes(title, serviceType, relearning);
  if ((modes as readonly string[]).includes(requested ?? "")) return requested as CloudChartMode;
  return modes[0];
}

/**
 * The charts the dialog walks through (previous, next, select) in a mode: the learned charts in workload mode; in a
 * historical mode the monitored metrics (in-service instances for groups), whether or not they have data yet.
 */
export function dialogChartKeys(charts: readonly Pick<CloudChart, "key">[], mode: CloudChartMode, group: boolean): WorkloadChartKey[] {
  if (mode === "workload") return charts.map((c) => c.key);
  return HISTORY_KEYS.filter((k) => k !== "inService" || group);
}

export const chartTitleOf = (key: WorkloadChartKey) => CHART_TITLES[key];

export function isChartKey(v: string | null): v is WorkloadChartKey {
  return isOwnKey(CHART_TITLES, v);
}

/** The dialog's state in the address: chart, chartMode and fit (fit=0 frees a percent chart's 0–100 axis). */
export function parseChartDialog(params: URLSearchParams): { chart: WorkloadChartKey | null; requestedMode: string | null; fit: boolean } {
  const chart = params.get("chart");
  return { chart: isChartKey(chart) ? chart : null, requestedMode: params.get("chartMode"), fit: params.get("fit") !== "0" };
}

/** The parameters "View all charts" carries to the metric viewer (2.6), besides cloudexPage, viewMode and charts. */
const VIEWER_CONTEXT = ["nodeId", "viewId", "filterId", "entityId", "level", "fullPath"];

/** The metric viewer's view mode for the dialog's: a recommended chart's pattern is the "workload-recommended" mode (2.8). */
export function viewerMode(mode: CloudChartMode, isRecommendation: boolean): string {
  return mode === "workload" && isRecommendation ? "workload-recommended" : mode;
}

/** "View all charts": the metric-viewer tab of the same service, in the dialog's mode, on the selected chart. */
export function viewAllChartsHref(pathname: string, search: string, chart: WorkloadChartKey, mode: CloudChartMode, isRecommendation: boolean): string {
  const from = new URLSearchParams(search);
  const p = new URLSearchParams();
  for (const k of VIEWER_CONTEXT) {
    const v = from.get(k);
    if (v !== null) p.set(k, v);
  }
  p.set("cloudexPage", "metric-viewer");
  p.set("viewMode", viewerMode(mode, isRecommendation));
  p.set("charts", chart);
  return `${pathname}?${p}`;
}

/** A copy of the address with some parameters set (null removes one). */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | null>): string {
  const p = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) p.delete(k);
    else p.set(k, v);
  }
  return `?${p}`;
}

/**
 * The series a history chart's legend toggles: its boxes and its average line ("mean", so that hiding the learned
 * pattern's Average Limit does not hide it). They share the visibility parameter with the workload charts' series.
 */
export const HISTORY_SERIES = ["box", "mean"] as const;
export type HistorySeriesId = (typeof HISTORY_SERIES)[number];
export type CloudVisibilityId = CloudSeriesId | HistorySeriesId;
const VISIBILITY_IDS: readonly CloudVisibilityId[] = [...CLOUD_SERIES, ...HISTORY_SERIES];

/** Legend toggles in the address (visibility=average:off,…), as the container charts keep them. */
export function hiddenSeries(params: URLSearchParams): CloudVisibilityId[] {
  return (params.get("visibility") ?? "")
    .split(",")
    .map((p) => p.split(":"))
    .filter(([id, state]) => state === "off" && (VISIBILITY_IDS as readonly string[]).includes(id))
    .map(([id]) => id as CloudVisibilityId);
}

export function toggleSeriesSearch(params: URLSearchParams, id: CloudVisibilityId): string {
  const hidden = hiddenSeries(params);
  const next = hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id];
  return withParams(params, { visibility: next.length ? VISIBILITY_IDS.filter((s) => next.includes(s)).map((s) => `${s}:off`).join(",") : null });
}
