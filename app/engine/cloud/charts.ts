/**
 * Workload chart data (spec section 3 "Workload chart data", order and names of section 9): per chart a title,
 * 24 rows (hour, low, q1, median, q3, high, weight) and the limits drawn on it.
 *
 * - Rows are the learned pattern's statistics (low = Min, q3 = Sustained, high = Peak); weight = the share of
 *   the window's days that hour ran (0–1). Hours without samples have null values and weight 0.
 * - Recommended versions re-express the pattern on the recommended type: CPU × (current vCPUs × perfFactor) /
 *   (recommended vCPUs × perfFactor), memory × current GiB / recommended GiB; for a scale group, × average group
 *   size / predicted average group size (the same work spread over the recommended size). Terminate has none.
 * - Limits: sustainedLimit and peakLimit are the policy's CPU limits (% of the instance the chart is about),
 *   averageLimit the window's average (the Average line), memLimit = 100 / memory headroom (where memory with
 *   headroom fills the instance), memStrategy the memory metric; upperLimit / lowerLimit bound the y axis (0–100
 *   for %, the configured max / min group size for in-service instances); asgCpuLimit / asgMemLimit repeat the
 *   per-instance limits for groups, asgScoringStrategy says what group sizes are sized from.
 * - No charts while relearning or without data: the UI shows historical charts instead (spec section 4).
 */
import { boxStats } from "../containers/box-stats";
import type { PatternRow } from "../containers/pattern";
import { DAY_MS, HOUR_MS, type BoxStats } from "../containers/types";
import type { CloudPolicyValues } from "../policy/cloud";
import type { CloudServiceAnalysis } from "./analyse";
import { CHART_TITLES, UNIT_INSTANCES, UNIT_PERCENT, isGroupService, type WorkloadChartKey } from "./constants";

export interface WorkloadChartRow {
  hour: number;
  low: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  high: number | null;
  weight: number;
}

export interface WorkloadChartLimits {
  asgCpuLimit: number | null;
  asgScoringStrategy: string | null;
  asgMemLimit: number | null;
  averageLimit: number | null;
  sustainedLimit: number | null;
  peakLimit: number | null;
  memLimit: number | null;
  memStrategy: string | null;
  upperLimit: number | null;
  lowerLimit: number | null;
}

export interface WorkloadChart {
  key: WorkloadChartKey;
  title: string;
  rows: WorkloadChartRow[];
  yAxisLabel: string;
  isRecommendation: boolean;
  limits: WorkloadChartLimits;
}

const r2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);
const NO_LIMITS: WorkloadChartLimits = {
  asgCpuLimit: null,
  asgScoringStrategy: null,
  asgMemLimit: null,
  averageLimit: null,
  sustainedLimit: null,
  peakLimit: null,
  memLimit: null,
  memStrategy: null,
  upperLimit: null,
  lowerLimit: null,
};

function rowsOf(pattern: PatternRow[], weights: readonly number[], factor = 1): WorkloadChartRow[] {
  return pattern.map(({ hour, stats }) => ({
    hour,
    low: stats ? r2(stats.min * factor) : null,
    q1: stats ? r2(stats.q1 * factor) : null,
    median: stats ? r2(stats.median * factor) : null,
    q3: stats ? r2(stats.sustained * factor) : null,
    high: stats ? r2(stats.peak * factor) : null,
    weight: stats ? Math.round(weights[hour] * 10_000) / 10_000 : 0,
  }));
}

/** The busiest UTC day's CPU per hour (unweighted box-plot statistics of that day's samples). */
export function busiestDayRows(a: Pick<CloudServiceAnalysis, "window">): WorkloadChartRow[] {
  const w = a.window;
  const rows: WorkloadChartRow[] = [];
  const buckets: number[][] = Array.from({ length: 24 }, () => []);
  if (w && w.busiestDayMs !== null) {
    const end = w.busiestDayMs + DAY_MS;
    for (let i = 0; i < w.count; i++) {
      const t = w.t[i];
      if (t >= w.busiestDayMs && t < end) buckets[Math.floor((t - w.busiestDayMs) / HOUR_MS)].push(w.cpu[i]);
    }
  }
  for (let hour = 0; hour < 24; hour++) {
    const s: BoxStats | null = buckets[hour].length ? boxStats(buckets[hour]) : null;
    const covered = w && buckets[hour].length ? Math.min(1, (buckets[hour].length * w.stepMs) / HOUR_MS) : 0;
    rows.push({
      hour,
      low: s ? r2(s.min) : null,
      q1: s ? r2(s.q1) : null,
      median: s ? r2(s.median) : null,
      q3: s ? r2(s.sustained) : null,
      high: s ? r2(s.peak) : null,
      weight: Math.round(covered * 10_000) / 10_000,
    });
  }
  return rows;
}

/** The workload charts of an analysed service, in the spec's order (empty while relearning or without data). */
export function workloadCharts(a: CloudServiceAnalysis, policy: Pick<CloudPolicyValues, "cpuSustainedLimit" | "cpuPeakLimit" | "memoryHeadroom" | "memoryMetric">): WorkloadChart[] {
  const { result: r, pattern, current } = a;
  if (!pattern || !current || r.relearning) return [];
  const group = isGroupService(r.serviceType);
  const terminate = r.recommendation === "Terminate";
  const weights = pattern.weightByHour;
  const memLimit = Math.round((100 / policy.memoryHeadroom) * 100) / 100;

  let cpuFactor = 1;
  let memFactor = 1;
  if (group && a.group) {
    const size = r.recommendation === "Keep" ? a.group.avgGroupSize : a.group.predictedAvgGroupSize;
    cpuFactor = memFactor = size > 0 ? a.group.avgGroupSize / size : 1;
  } else if (a.recommended) {
    const rec = a.recommended;
    cpuFactor = (current.vcpus * current.perfFactor) / (rec.vcpus * rec.perfFactor);
    memFactor = current.memoryGiB / rec.memoryGiB;
  }
  const cpuLimits = (factor: number): WorkloadChartLimits => ({
    ...NO_LIMITS,
    averageLimit: r2(pattern.avgCpuPct * factor),
    sustainedLimit: policy.cpuSustainedLimit,
    peakLimit: policy.cpuPeakLimit,
    upperLimit: 100,
    lowerLimit: 0,
    asgCpuLimit: group ? policy.cpuSustainedLimit : null,
    asgScoringStrategy: group ? "Sustained" : null,
  });
  const memLimits = (factor: number): WorkloadChartLimits => ({
    ...NO_LIMITS,
    averageLimit: r2(pattern.avgMemPct === null ? null : pattern.avgMemPct * factor),
    memLimit,
    memStrategy: policy.memoryMetric,
    upperLimit: 100,
    lowerLimit: 0,
    asgMemLimit: group ? memLimit : null,
  });

  const charts: WorkloadChart[] = [];
  const add = (key: WorkloadChartKey, rows: WorkloadChartRow[], limits: WorkloadChartLimits, isRecommendation: boolean, yAxisLabel = UNIT_PERCENT) =>
    charts.push({ key, title: CHART_TITLES[key], rows, yAxisLabel, isRecommendation, limits });

  add("cpu", rowsOf(pattern.cpu, weights), cpuLimits(1), false);
  if (!terminate) add("cpuRecommended", rowsOf(pattern.cpu, weights, cpuFactor), cpuLimits(cpuFactor), true);
  if (pattern.mem) {
    add("memory", rowsOf(pattern.mem, weights), memLimits(1), false);
    if (!terminate) add("memoryRecommended", rowsOf(pattern.mem, weights, memFactor), memLimits(memFactor), true);
  }
  if (group && a.group) {
    add(
      "inService",
      rowsOf(a.group.inService, weights),
      { ...NO_LIMITS, lowerLimit: a.group.minGroupSize, upperLimit: a.group.maxGroupSize },
      false,
      UNIT_INSTANCES,
    );
  }
  add("busiestDayCpu", busiestDayRows(a), cpuLimits(1), false);
  return charts;
}
