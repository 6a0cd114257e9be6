/**
 * The Cloud Metric Viewer's rules (spec document 3, sections 2.8, 4, 5, 7 and 9), shared by the loaders, the
 * components and the tests:
 * - which metric of a service's family each history chart reads (section 9's names and units; one metric per chart,
 *   as section 5's rule speaks of "its metric"), which charts are available from the peek (all six statistics
 *   present), the "CPU Utilization - Peak" insertion, and section 9's order;
 * - the view modes (workload, workload-recommended, daily, hourly, five-minute; no workload modes while learning);
 * - the address (charts, viewMode, visibility, range, allowMinMaxY) and the history windows of section 7;
 * - history buckets as compact rows for the page and as box points for the chart.
 * Pure: no data access.
 */
import type { BoxPoint } from "~/domain/charts/box-series";
import { CHART_TITLES, UNIT_INSTANCES, UNIT_PERCENT, type WorkloadChartKey } from "~/engine/cloud/constants";
import { formatCount, formatDate, formatDateTime } from "~/lib/format";
import { CLOUD_HISTORY_DAYS, type CloudChartMode } from "./charts";

/** The metric families (section 9's service type groups), named as the history model names its viewers. */
export const METRIC_FAMILIES = ["AWS_EC2", "AWS_ASG", "AWS_RDS", "AZURE_VM", "GCP"] as const;
export type MetricFamily = (typeof METRIC_FAMILIES)[number];

/** Section 9's groups by the names the spec uses for service types, compared case-insensitively. */
const FAMILY_NAMES: Record<MetricFamily, readonly string[]> = {
  AWS_EC2: ["ec2"],
  AWS_ASG: ["asg", "asg_single"],
  AWS_RDS: ["rds"],
  AZURE_VM: ["virtual machine", "vm", "azure vm", "vmss", "vm scale set", "vmss_single"],
  GCP: ["gce", "gce instance", "compute engine"],
};

export function metricFamilyOf(serviceType: string): MetricFamily | null {
  const name = serviceType.trim().toLowerCase();
  return METRIC_FAMILIES.find((f) => FAMILY_NAMES[f].includes(name)) ?? null;
}

/**
 * The history charts in section 9's order: CPU, memory, in-service instances (scale groups), then disk bytes and
 * operations, then network bytes and packets. "CPU Utilization - Peak" is not in this list: it is inserted by rule.
 * Where a family measures only by direction (EC2's disk bytes, GCP's disk operations and packets) the chart is shown
 * once per direction, read before write and sent before received, each still reading one metric.
 */
export const HISTORY_CHART_ORDER = [
  "cpu",
  "memory",
  "inService",
  "diskBytes",
  "diskBytesRead",
  "diskBytesWrite",
  "diskOps",
  "diskOpsRead",
  "diskOpsWrite",
  "networkBytes",
  "networkPackets",
  "networkPacketsSent",
  "networkPacketsReceived",
] as const;
export type HistoryChartKey = (typeof HISTORY_CHART_ORDER)[number] | "cpuPeak";

const IO_CHARTS: ReadonlySet<HistoryChartKey> = new Set(HISTORY_CHART_ORDER.filter((k) => k.startsWith("disk") || k.startsWith("network")));
export const isIoChart = (key: string) => IO_CHARTS.has(key as HistoryChartKey);

const UNIT = { percent: UNIT_PERCENT, bytes: "Bytes/s", packets: "Packets/s", ops: "Ops/s", instances: UNIT_INSTANCES } as const;

interface HistoryChartDef {
  title: string;
  unit: string;
  yLabel: string;
}

/** Section 9's metric chart names and units. */
export const HISTORY_CHART_DEFS: Record<HistoryChartKey, HistoryChartDef> = {
  cpu: { title: CHART_TITLES.cpu, unit: UNIT.percent, yLabel: "Utilization (%)" },
  memory: { title: CHART_TITLES.memory, unit: UNIT.percent, yLabel: "Utilization (%)" },
  inService: { title: CHART_TITLES.inService, unit: UNIT.instances, yLabel: "Instances" },
  cpuPeak: { title: "CPU Utilization - Peak", unit: UNIT.percent, yLabel: "Utilization (%)" },
  diskBytes: { title: "Disk IO (Bytes/s)", unit: UNIT.bytes, yLabel: "Bytes/s" },
  diskBytesRead: { title: "Disk IO (Bytes/s) - Read", unit: UNIT.bytes, yLabel: "Bytes/s" },
  diskBytesWrite: { title: "Disk IO (Bytes/s) - Write", unit: UNIT.bytes, yLabel: "Bytes/s" },
  diskOps: { title: "Disk IO (Operations/s)", unit: UNIT.ops, yLabel: "Ops/s" },
  diskOpsRead: { title: "Disk IO (Operations/s) - Read", unit: UNIT.ops, yLabel: "Ops/s" },
  diskOpsWrite: { title: "Disk IO (Operations/s) - Write", unit: UNIT.ops, yLabel: "Ops/s" },
  networkBytes: { title: "Network IO (Bytes/s)", unit: UNIT.bytes, yLabel: "Bytes/s" },
  networkPackets: { title: "Network IO (Packets/s)", unit: UNIT.packets, yLabel: "Packets/s" },
  networkPacketsSent: { title: "Network IO (Packets/s) - Sent", unit: UNIT.packets, yLabel: "Packets/s" },
  networkPacketsReceived: { title: "Network IO (Packets/s) - Received", unit: UNIT.packets, yLabel: "Packets/s" },
};

/**
 * The metric each chart reads, per family (field names of the history model and the API). A family's totals are
 * preferred to its per-direction metrics; memory is the percentage in use; Peak is the family's CPU maximum.
 */
const EC2_CHARTS: Partial<Record<HistoryChartKey, string>> = {
  cpu: "cpuUtilization",
  memory: "memoryUsedPercent",
  cpuPeak: "cpuUtilizationMax",
  diskBytesRead: "diskRead",
  diskBytesWrite: "diskWrite",
  diskOps: "diskOps",
  networkBytes: "networkThroughput",
  networkPackets: "networkPackets",
};
export const FAMILY_CHARTS: Record<MetricFamily, Partial<Record<HistoryChartKey, string>>> = {
  AWS_EC2: EC2_CHARTS,
  AWS_ASG: { ...EC2_CHARTS, inService: "groupInServiceInstances" },
  AWS_RDS: { cpu: "cpuUtilization", memory: "memoryUtilization", diskBytes: "diskThroughput", diskOps: "diskOps", networkBytes: "networkThroughput" },
  AZURE_VM: { cpu: "percentageCpu", memory: "memoryUtilization", cpuPeak: "percentageCpuMax", diskBytes: "diskBytesPerSec", diskOps: "diskOpsPerSec", networkBytes: "networkThroughput" },
  GCP: {
    cpu: "cpuUtilization",
    memory: "memoryPercentUsed",
    diskBytes: "diskThroughput",
    diskOpsRead: "diskReadOpsCount",
    diskOpsWrite: "diskWriteOpsCount",
    networkBytes: "networkIoThroughput",
    networkPacketsSent: "networkSentPacketsCount",
    networkPacketsReceived: "networkReceivedPacketsCount",
  },
};

/** The six statistics section 5 asks of a metric in the peek. */
export const PEEK_STATS = ["min", "q1", "median", "q3", "max", "avg"] as const;
export type PeekStats = Partial<Record<(typeof PEEK_STATS)[number], number | null>> | null | undefined;

/** Section 5: a metric makes a chart only when min, q1, median, q3, max and avg are all present. */
export function hasAllStats(s: PeekStats): boolean {
  return !!s && PEEK_STATS.every((k) => typeof s[k] === "number" && Number.isFinite(s[k]));
}

/**
 * Section 5's Peak rule on a list of charts in order: when Peak CPU is available and the current CPU chart is in the
 * list, "CPU Utilization - Peak" goes before the first disk or network chart, or last when there is none.
 */
export function insertPeakChart(charts: readonly HistoryChartKey[], peakAvailable: boolean): HistoryChartKey[] {
  const out: HistoryChartKey[] = charts.filter((k) => k !== "cpuPeak");
  if (!peakAvailable || !out.includes("cpu")) return out;
  const at = out.findIndex(isIoChart);
  if (at < 0) out.push("cpuPeak");
  else out.splice(at, 0, "cpuPeak");
  return out;
}

/** The history charts a service offers, in order, from its family and its peek's statistics per metric. */
export function availableHistoryCharts(family: MetricFamily, peek: Record<string, PeekStats>): HistoryChartKey[] {
  const defs = FAMILY_CHARTS[family];
  const ok = (k: HistoryChartKey) => defs[k] !== undefined && hasAllStats(peek[defs[k]]);
  return insertPeakChart(
    HISTORY_CHART_ORDER.filter((k) => ok(k)),
    ok("cpuPeak"),
  );
}

/** The history charts a family could show (the Peak chart only when available): a named one without data is an empty chart. */
export function knownHistoryCharts(family: MetricFamily, available: readonly HistoryChartKey[]): HistoryChartKey[] {
  const defs = FAMILY_CHARTS[family];
  return insertPeakChart(
    HISTORY_CHART_ORDER.filter((k) => defs[k] !== undefined),
    available.includes("cpuPeak"),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// View modes (2.8, 4)

export const VIEWER_MODES = ["workload", "workload-recommended", "daily", "hourly", "five-minute"] as const;
export type ViewerMode = (typeof VIEWER_MODES)[number];
export type HistoryMode = Exclude<CloudChartMode, "workload">;
export const HISTORY_MODES: readonly HistoryMode[] = ["daily", "hourly", "five-minute"];
export const VIEWER_MODE_LABELS: Record<ViewerMode, string> = {
  workload: "Workload",
  "workload-recommended": "Workload (Recommended)",
  daily: "Daily",
  hourly: "Hourly",
  "five-minute": "5 Minute",
};
/** The history model's interval of each historical mode (section 7's timeInterval). */
export const MODE_INTERVAL: Record<HistoryMode, "DAY_1" | "HOUR_1" | "MINUTE_5"> = { daily: "DAY_1", hourly: "HOUR_1", "five-minute": "MINUTE_5" };

export const isHistoryMode = (m: string): m is HistoryMode => (HISTORY_MODES as readonly string[]).includes(m);

/** The modes offered: a learning service has no learned pattern, so only the historical ones (section 2.8, 4). */
export function viewerModes(relearning: boolean): ViewerMode[] {
  return relearning ? [...HISTORY_MODES] : [...VIEWER_MODES];
}

/** The mode shown for the one asked: an offered mode as asked, otherwise workload (daily while learning). */
export function resolveViewerMode(requested: string | null, relearning: boolean): ViewerMode {
  const modes = viewerModes(relearning);
  return (modes as readonly string[]).includes(requested ?? "") ? (requested as ViewerMode) : modes[0];
}

/** The learned charts of a workload mode: the current ones, or their recommended versions. */
export function workloadModeKeys(mode: "workload" | "workload-recommended", group: boolean): WorkloadChartKey[] {
  if (mode === "workload-recommended") return ["cpuRecommended", "memoryRecommended"];
  return group ? ["cpu", "memory", "inService", "busiestDayCpu"] : ["cpu", "memory", "busiestDayCpu"];
}

/** A chart key as the other modes name the same metric (a recommended chart and its current one). */
function keyInMode(key: string, mode: ViewerMode): string {
  if (mode === "workload-recommended") return key === "cpu" ? "cpuRecommended" : key === "memory" ? "memoryRecommended" : key;
  return key === "cpuRecommended" ? "cpu" : key === "memoryRecommended" ? "memory" : key;
}

/**
 * The charts to draw, in the mode's order. No `charts` parameter: every available chart. A list: the charts it
 * names that the mode knows (a CPU chart picked in one mode is the CPU chart of the next), with or without data.
 * A list naming none of them (a chart another mode has only) falls back to every available chart; an empty list
 * (the picker's marker alone: nothing ticked) is no chart.
 */
export function selectedCharts<K extends string>(requested: readonly string[] | null, known: readonly K[], available: readonly K[], mode: ViewerMode): K[] {
  if (requested === null) return known.filter((k) => available.includes(k));
  if (requested.length === 0) return [];
  const wanted = new Set(requested.map((k) => keyInMode(k, mode)));
  const picked = known.filter((k) => wanted.has(k));
  return picked.length ? picked : known.filter((k) => available.includes(k));
}

// ---------------------------------------------------------------------------------------------------------------
// The address (2.8)

export const RANGE_OPTIONS = [1, 7, 30, 90] as const;
/** Parameters the viewer's form sets itself; every other one is carried as a hidden field. */
export const VIEWER_FORM_PARAMS: readonly string[] = ["charts", "viewMode", "range", "allowMinMaxY"];

export interface ViewerRange {
  /** Days shown, ending now. */
  days: number;
  /** Days asked for, when more than the mode keeps (section 7: five-minute data only within the last 7 days). */
  clippedFrom: number | null;
}

/** The days a historical mode shows: the asked range within the mode's window; the whole window by default. */
export function viewerRange(requested: string | null, mode: HistoryMode): ViewerRange {
  const max = CLOUD_HISTORY_DAYS[mode];
  const asked = Number(requested);
  if (!requested || !(RANGE_OPTIONS as readonly number[]).includes(asked)) return { days: max, clippedFrom: null };
  return asked > max ? { days: max, clippedFrom: asked } : { days: asked, clippedFrom: null };
}

export interface MetricViewerUrl {
  mode: ViewerMode;
  /** Chart keys named (links: "cpu,memory"; the form: an empty marker then one per ticked box); null: all. */
  charts: string[] | null;
  range: ViewerRange | null;
  /** Percent charts held to 0–100 (the default); allowMinMaxY=false frees them. */
  allowMinMaxY: boolean;
}

export function parseCharts(params: URLSearchParams): string[] | null {
  if (!params.has("charts")) return null;
  return [...new Set(params.getAll("charts").flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean))];
}

/** allowMinMaxY: the last value wins (the form sends "false" then "true" when its box is ticked). */
export function parseAllowMinMaxY(params: URLSearchParams): boolean {
  return params.getAll("allowMinMaxY").at(-1) !== "false";
}

export function parseMetricViewerUrl(params: URLSearchParams, relearning: boolean): MetricViewerUrl {
  const mode = resolveViewerMode(params.get("viewMode"), relearning);
  return {
    mode,
    charts: parseCharts(params),
    range: isHistoryMode(mode) ? viewerRange(params.get("range"), mode) : null,
    allowMinMaxY: parseAllowMinMaxY(params),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// History charts as the page receives them

/** A bucket's min, q1, median, q3, max and avg; one number when all six are equal (a single sample); null when empty. */
export type HistoryBucket = number | readonly [number, number, number, number, number, number] | null;

export interface HistoryChart {
  key: HistoryChartKey;
  title: string;
  unit: string;
  yLabel: string;
  /** A percent chart: its y axis may be held to 0–100. */
  percent: boolean;
  mode: HistoryMode;
  /** First bucket's start (epoch ms, UTC) and the bucket length; the buckets follow each other. */
  startMs: number;
  stepMs: number;
  buckets: HistoryBucket[];
}

/** Four significant digits: what a chart can show, at a fraction of the page's weight. */
export function sig4(v: number): number {
  return v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4));
}

interface StatsLike {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  avg: number;
}

export function compactBucket(s: StatsLike | null | undefined): HistoryBucket {
  if (!s) return null;
  const six = [sig4(s.min), sig4(s.q1), sig4(s.median), sig4(s.q3), sig4(s.max), sig4(s.avg)] as const;
  return six.every((v) => v === six[0]) ? six[0] : six;
}

/** The chart's buckets as box points on a time axis, each labelled by its UTC date (and time below a day). */
export function historyPoints(chart: Pick<HistoryChart, "mode" | "startMs" | "stepMs" | "buckets">): BoxPoint[] {
  const label = chart.mode === "daily" ? formatDate : formatDateTime;
  return chart.buckets.map((b, i) => {
    const x = chart.startMs + i * chart.stepMs;
    const [min, q1, median, sustained, peak, avg] = b === null ? [null, null, null, null, null, null] : typeof b === "number" ? [b, b, b, b, b, b] : b;
    return { x, label: label(x), min, q1, median, sustained, peak, avg };
  });
}

/** The first and last bucket with data (epoch ms), or null for an empty chart. */
export function historySpan(chart: Pick<HistoryChart, "startMs" | "stepMs" | "buckets">): { fromMs: number; toMs: number } | null {
  const first = chart.buckets.findIndex((b) => b !== null);
  if (first < 0) return null;
  let last = chart.buckets.length - 1;
  while (chart.buckets[last] === null) last--;
  return { fromMs: chart.startMs + first * chart.stepMs, toMs: chart.startMs + last * chart.stepMs };
}

/**
 * A chart value or tick: from 100 up and whole numbers as counts (1,234; 1.2M), smaller ones to three significant
 * digits, so that a quiet service's 0.0025 Packets/s ticks do not all read "0.01".
 */
export function formatMetricValue(v: number): string {
  if (!Number.isFinite(v)) return "-";
  if (Math.abs(v) >= 100 || Number.isInteger(v)) return formatCount(v);
  return String(Number(v.toPrecision(3)));
}
