/**
 * A container's recommendation under a policy (ANALYSIS.md "Container recommendation" and "Edge cases"):
 *
 * - CPU request = the CPU analysis metric of the window (default the 95th percentile) × (1 + CPU request headroom).
 * - CPU limit = peak CPU (of the busiest replica when given) × (1 + CPU limit headroom), never below the request.
 * - Memory request = the memory analysis metric (default Peak working set) × (1 + memory request headroom); after
 *   OOM kills at a memory limit, at least that limit × the OOM factor (1.25), because the observed peak is cut off
 *   at the limit.
 * - Memory limit = memory request × the limit factor (1.2), never below peak (busiest) × (1 + limit headroom).
 * - Each value: rounded up to the increment, clamped to the allocation range, then held or limited by the upsize
 *   and downsize thresholds, the max step and minHoursForDownsize (sizing.ts); limits never below requests; a
 *   namespace's LimitRange bounds, when known, clamp last and say so.
 * - Jobs and CronJobs are sized from their runs (window.ts); HPA-managed workloads keep the per-replica
 *   recommendation with a note to review the HPA target.
 */
import type { PolicyValues } from "../policy/parameters";
import { policyValues, type Policy } from "../policy/policies";
import { badgeFor, labelFor, percentOfRecommended } from "./badges";
import { boxStatsInPlace } from "./box-stats";
import { recommendGpu, type GpuRecommendation } from "./gpu";
import { adjustValue, allocate, clamp, type Adjusted } from "./sizing";
import {
  RESOURCE_KEYS,
  type Badge,
  type BoxStats,
  type ContainerEventCounts,
  type RecommendationLabel,
  type ResourceKey,
  type Resources,
  type SampleColumns,
} from "./types";
import { selectWindow } from "./window";
import { metricName, whyNumber, type WhyTrace } from "./why";

/** A namespace's LimitRange bounds, when the source knows them (mCores and MB). */
export interface NamespaceBounds {
  cpuMin?: number | null;
  cpuMax?: number | null;
  memMin?: number | null;
  memMax?: number | null;
}

export interface ContainerInput {
  /** Pod owner kind: Deployment, StatefulSet, DaemonSet, Job or CronJob. */
  kind?: string | null;
  existing: Resources;
  /** Samples of the average container of the workload (requests are sized from these). */
  samples: SampleColumns;
  /** Samples of the busiest replica, when known (limits follow its peak). */
  busiest?: SampleColumns | null;
  events?: ContainerEventCounts | null;
  nowMs: number;
  firstSeenMs?: number | null;
  /** Average running containers over the window (uptime weighting); default 1. */
  count?: number;
  /** Managed by a HorizontalPodAutoscaler. */
  hpa?: boolean;
  bounds?: NamespaceBounds | null;
  /** Present only with the GPU feature on: the current GPU request (devices). Needs samples.gpu and gpuMem. */
  gpu?: { existingRequest: number | null } | null;
  stepMs?: number;
}

export interface RecommendedResources {
  cpuRequest: number;
  cpuLimit: number;
  memRequest: number;
  memLimit: number;
}

export interface WindowSummary {
  fromMs: number;
  toMs: number;
  sampleCount: number;
  qualifyingDays: number;
  hoursOfData: number;
  runs: number;
}

export interface ContainerRecommendation {
  analysed: true;
  label: RecommendationLabel;
  existing: Resources;
  recommended: RecommendedResources;
  /**
   * The end state: the same rules without thresholds, max step, minHoursForDownsize or LimitRange bounds (rounded
   * and clamped to the allocation range); where step-by-step recommendations converge.
   */
  target: RecommendedResources;
  badges: Record<ResourceKey, Badge>;
  /** Current ÷ recommended × 100 per value (cpuRequestVsPct, ...); null when unset. */
  percentOfRecommended: Record<ResourceKey, number | null>;
  cpu: BoxStats;
  mem: BoxStats;
  /** 95th percentile of CPU in the window (the throttling-risk rule). */
  cpuP95: number;
  /** Peaks the limits follow (busiest replica when given). */
  limitPeak: { cpu: number; mem: number };
  window: WindowSummary;
  isJob: boolean;
  hpaManaged: boolean;
  /** Why: every rule that held, capped, raised or clamped a value. */
  notes: string[];
  gpu: GpuRecommendation | null;
}

export interface ContainerNotAnalysed {
  analysed: false;
  reason: string;
  existing: Resources;
  window: WindowSummary;
  isJob: boolean;
  hpaManaged: boolean;
  notes: string[];
  gpu: null;
}

export type ContainerResult = ContainerRecommendation | ContainerNotAnalysed;

const NAMES: Record<ResourceKey, string> = { cpuRequest: "CPU request", cpuLimit: "CPU limit", memRequest: "Memory request", memLimit: "Memory limit" };
const unitOf = (k: ResourceKey) => (k.startsWith("cpu") ? "mCores" : "MB");
const fmt = (v: number) => String(Math.round(v * 100) / 100);

function metricValue(stats: BoxStats, metric: PolicyValues["cpuAnalysisMetric"], percentileValue: number): number {
  return metric === "Peak" ? stats.peak : metric === "Sustained" ? stats.sustained : percentileValue;
}

/** The step from the target to the recommended value against the current one (sizing.ts adjustValue), said. */
function traceAdjusted(trace: WhyTrace, k: ResourceKey, current: number | null, target: number, a: Adjusted, pv: PolicyValues, hoursOfData: number) {
  const u = unitOf(k);
  const up = target > (current ?? 0);
  if (a.held === "threshold") {
    const pct = current ? Math.abs(target / current - 1) * 100 : 0;
    trace.add(k, "heldThreshold", a.value, `kept at the current ${whyNumber(current!)} ${u}: ${whyNumber(target)} ${u} is ${whyNumber(pct)}% ${up ? "above" : "below"} it, within the ${up ? pv.upsizeThreshold : pv.downsizeThreshold}% ${up ? "upsize" : "downsize"} threshold`);
  } else if (a.held === "minHours") {
    trace.add(k, "heldMinHours", a.value, `kept at the current ${whyNumber(current!)} ${u}: no downsize before ${pv.minHoursForDownsize} hours of data (${Math.floor(hoursOfData)} so far)`);
  } else if (a.capped) {
    trace.add(k, "stepCap", a.value, `${up ? "raised" : "lowered"} from ${whyNumber(current!)} to ${whyNumber(a.value)} ${u}: one step moves at most ${up ? pv.maxPercentIncrease : pv.maxPercentDecrease}% (the target ${whyNumber(target)} ${u} comes in later steps)`);
  } else {
    trace.add(k, "target", a.value, current === null || !(current > 0) ? `set to ${whyNumber(a.value)} ${u} (no current value)` : a.value === current ? `unchanged at ${whyNumber(a.value)} ${u}` : `recommended: ${whyNumber(a.value)} ${u} (currently ${whyNumber(current)} ${u})`);
  }
}

function windowMax(values: Float64Array): number {
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}

/**
 * `trace`, when given, receives every step of each value (why.ts); the fleet's analysis passes none. Optional
 * chaining keeps it free: `trace?.add(…)` does not even build its text without a trace.
 */
export function recommendContainer(input: ContainerInput, policy: Policy | PolicyValues, trace?: WhyTrace): ContainerResult {
  const pv = policyValues(policy);
  const isJob = input.kind === "Job" || input.kind === "CronJob";
  const hpaManaged = input.hpa === true;
  const existing = input.existing;
  const w = selectWindow(input.samples, pv, {
    nowMs: input.nowMs, isJob, firstSeenMs: input.firstSeenMs, stepMs: input.stepMs, gpu: input.gpu != null,
  });
  const window: WindowSummary = {
    fromMs: w.fromMs, toMs: w.toMs, sampleCount: w.analysed ? w.count : 0, qualifyingDays: w.qualifyingDays, hoursOfData: w.hoursOfData, runs: w.runs,
  };
  const notes: string[] = [];
  if (hpaManaged) notes.push("HPA-managed: the per-replica CPU request changes what the HPA's utilisation target means; review the target with it.");
  if (!w.analysed) return { analysed: false, reason: w.reason, existing, window, isJob, hpaManaged, notes, gpu: null };

  // The window's arrays are our own copies, read by the statistics as they are (bucket counts, no sort, no copy).
  const cpuBox = boxStatsInPlace(w.cpu, [95, pv.cpuPercentile])!;
  const memBox = boxStatsInPlace(w.mem, [pv.memoryPercentile])!;
  const cpu = cpuBox.stats;
  const mem = memBox.stats;
  const cpuP95 = cpuBox.extra[0];
  const limitPeak = { cpu: cpu.peak, mem: mem.peak };
  if (input.busiest) {
    const b = selectWindow(input.busiest, pv, { nowMs: input.nowMs, isJob, firstSeenMs: input.firstSeenMs, stepMs: input.stepMs });
    if (b.analysed) {
      limitPeak.cpu = Math.max(limitPeak.cpu, windowMax(b.cpu));
      limitPeak.mem = Math.max(limitPeak.mem, windowMax(b.mem));
    }
  }
  if (isJob) notes.push(`Sized from ${w.runs} run${w.runs === 1 ? "" : "s"} of the ${input.kind} (samples exist only while a run is in progress).`);

  const downsizeAllowed = w.hoursOfData >= pv.minHoursForDownsize;
  const cpuAlloc = (raw: number) => allocate(raw, pv.cpuAllocationIncrement, pv.cpuAllocationMin, pv.cpuAllocationMax);
  const memAlloc = (raw: number) => allocate(raw, pv.memoryAllocationIncrement, pv.memoryAllocationMin, pv.memoryAllocationMax);
  const explain = (k: ResourceKey, target: number, a: Adjusted) => {
    const cur = existing[k];
    const u = unitOf(k);
    if (trace) traceAdjusted(trace, k, cur, target, a, pv, w.hoursOfData);
    if (a.held === "threshold") {
      const up = target > (cur ?? 0);
      notes.push(`${NAMES[k]} kept at ${fmt(cur!)} ${u}: the change to ${fmt(target)} ${u} is within the ${up ? pv.upsizeThreshold : pv.downsizeThreshold}% ${up ? "upsize" : "downsize"} threshold.`);
    } else if (a.held === "minHours") {
      notes.push(`${NAMES[k]} kept at ${fmt(cur!)} ${u}: no downsize before ${pv.minHoursForDownsize} hours of data (${Math.floor(w.hoursOfData)} so far).`);
    } else if (a.capped) {
      const up = target > (cur ?? 0);
      notes.push(`${NAMES[k]} ${up ? "raised" : "lowered"} to ${fmt(a.value)} ${u}, one step capped by the ${up ? pv.maxPercentIncrease : pv.maxPercentDecrease}% max ${up ? "increase" : "decrease"} (target ${fmt(target)} ${u}).`);
    }
  };
  const step = (k: ResourceKey, target: number, inc: number) => {
    const a = adjustValue(existing[k], target, pv, inc, downsizeAllowed);
    explain(k, target, a);
    return a.value;
  };

  // CPU
  const cpuStat = metricValue(cpu, pv.cpuAnalysisMetric, cpuBox.extra[1]);
  const cpuRequestRaw = cpuStat * (1 + pv.cpuRequestHeadroom / 100);
  trace?.add("cpuRequest", "statistic", cpuStat, `${metricName(pv.cpuAnalysisMetric, pv.cpuPercentile)} of CPU over ${whyNumber(w.count)} five-minute samples: ${whyNumber(cpuStat)} mCores`, "cpu");
  trace?.add("cpuRequest", "headroom", cpuRequestRaw, `+ ${whyNumber(pv.cpuRequestHeadroom)}% CPU request headroom: ${whyNumber(cpuRequestRaw)} mCores`);
  trace?.allocation("cpuRequest", cpuRequestRaw, pv.cpuAllocationIncrement, pv.cpuAllocationMin, pv.cpuAllocationMax);
  const cpuRequestTarget = cpuAlloc(cpuRequestRaw);
  const cpuRequest = step("cpuRequest", cpuRequestTarget, pv.cpuAllocationIncrement);
  const cpuLimitPeak = limitPeak.cpu * (1 + pv.cpuLimitHeadroom / 100);
  if (trace) {
    trace.add("cpuLimit", "peak", limitPeak.cpu, `Peak CPU${limitPeak.cpu > cpu.peak ? " of the busiest replica" : ""}: ${whyNumber(limitPeak.cpu)} mCores`, "cpu");
    trace.add("cpuLimit", "headroom", cpuLimitPeak, `+ ${whyNumber(pv.cpuLimitHeadroom)}% CPU limit headroom: ${whyNumber(cpuLimitPeak)} mCores`);
    if (cpuRequest > cpuLimitPeak) trace.add("cpuLimit", "atLeastRequest", cpuRequest, `not below the recommended CPU request: ${whyNumber(cpuRequest)} mCores`);
    trace.allocation("cpuLimit", Math.max(cpuLimitPeak, cpuRequest), pv.cpuAllocationIncrement, pv.cpuAllocationMin, pv.cpuAllocationMax);
  }
  const cpuLimit = step("cpuLimit", cpuAlloc(Math.max(cpuLimitPeak, cpuRequest)), pv.cpuAllocationIncrement);
  const throttles = input.events?.throttleEvents ?? 0;
  if (throttles > 0 && existing.cpuLimit !== null && existing.cpuLimit > 0 && cpuP95 * 100 < existing.cpuLimit * 90) {
    notes.push(`CPU throttled in ${throttles} five-minute interval${throttles === 1 ? "" : "s"} with a 95th percentile well under the limit: bursty load, so the limit follows the peak.`);
  }

  // Memory
  const memStat = metricValue(mem, pv.memoryAnalysisMetric, memBox.extra[0]);
  let memRaw = memStat * (1 + pv.memoryRequestHeadroom / 100);
  trace?.add("memRequest", "statistic", memStat, `${metricName(pv.memoryAnalysisMetric, pv.memoryPercentile)} of memory over ${whyNumber(w.count)} five-minute samples: ${whyNumber(memStat)} MB`, "memory");
  trace?.add("memRequest", "headroom", memRaw, `+ ${whyNumber(pv.memoryRequestHeadroom)}% memory request headroom: ${whyNumber(memRaw)} MB`);
  const oomKills = input.events?.oomKills ?? 0;
  if (oomKills > 0 && existing.memLimit !== null && existing.memLimit > 0) {
    const floor = existing.memLimit * pv.oomMemoryFactor;
    if (floor > memRaw) {
      memRaw = floor;
      trace?.add("memRequest", "oomFloor", floor, `${oomKills} OOM kill${oomKills === 1 ? "" : "s"} at the ${whyNumber(existing.memLimit)} MB limit cut the peak off: at least the limit × ${whyNumber(pv.oomMemoryFactor)} = ${whyNumber(floor)} MB`);
      notes.push(`Memory request at least ${pv.oomMemoryFactor} × the ${fmt(existing.memLimit)} MB limit: ${oomKills} OOM kill${oomKills === 1 ? "" : "s"} cut the observed peak off at the limit.`);
    }
  } else if (oomKills > 0) {
    notes.push("OOM kills without a memory limit point at node memory pressure (process termination).");
  }
  trace?.allocation("memRequest", memRaw, pv.memoryAllocationIncrement, pv.memoryAllocationMin, pv.memoryAllocationMax);
  const memRequestTarget = memAlloc(memRaw);
  const memRequest = step("memRequest", memRequestTarget, pv.memoryAllocationIncrement);
  const memByFactor = memRequest * pv.memoryLimitFactor;
  const memByPeak = limitPeak.mem * (1 + pv.memoryLimitHeadroom / 100);
  if (trace) {
    trace.add("memLimit", "limitFactor", memByFactor, `recommended memory request ${whyNumber(memRequest)} MB × the ${whyNumber(pv.memoryLimitFactor)} limit factor: ${whyNumber(memByFactor)} MB`);
    trace.add("memLimit", "peak", limitPeak.mem, `Peak memory${limitPeak.mem > mem.peak ? " of the busiest replica" : ""}: ${whyNumber(limitPeak.mem)} MB`, "memory");
    trace.add("memLimit", "headroom", memByPeak, `+ ${whyNumber(pv.memoryLimitHeadroom)}% memory limit headroom: ${whyNumber(memByPeak)} MB; the larger of the two is taken: ${whyNumber(Math.max(memByFactor, memByPeak))} MB`);
    trace.allocation("memLimit", Math.max(memByFactor, memByPeak), pv.memoryAllocationIncrement, pv.memoryAllocationMin, pv.memoryAllocationMax);
  }
  const memLimit = step("memLimit", memAlloc(Math.max(memByFactor, memByPeak)), pv.memoryAllocationIncrement);

  const rec: RecommendedResources = { cpuRequest, cpuLimit, memRequest, memLimit };
  const b = input.bounds;
  if (b) {
    for (const k of RESOURCE_KEYS) {
      const lo = (k.startsWith("cpu") ? b.cpuMin : b.memMin) ?? -Infinity;
      const hi = (k.startsWith("cpu") ? b.cpuMax : b.memMax) ?? Infinity;
      const v = clamp(rec[k], lo, hi);
      if (v !== rec[k]) {
        trace?.add(k, "limitRange", v, `clamped to the namespace LimitRange ${v === hi ? "maximum" : "minimum"}: ${whyNumber(v)} ${unitOf(k)}`);
        notes.push(`${NAMES[k]} clamped to the namespace LimitRange ${v === hi ? "maximum" : "minimum"} of ${fmt(v)} ${unitOf(k)}.`);
        rec[k] = v;
      }
    }
  }
  if (rec.cpuLimit < rec.cpuRequest) {
    rec.cpuLimit = rec.cpuRequest;
    trace?.add("cpuLimit", "atLeastRequest", rec.cpuLimit, `raised to the recommended CPU request: ${whyNumber(rec.cpuLimit)} mCores`);
    notes.push("CPU limit raised to the recommended CPU request (a limit is never below its request).");
  }
  if (rec.memLimit < rec.memRequest) {
    rec.memLimit = rec.memRequest;
    trace?.add("memLimit", "atLeastRequest", rec.memLimit, `raised to the recommended memory request: ${whyNumber(rec.memLimit)} MB`);
    notes.push("Memory limit raised to the recommended memory request (a limit is never below its request).");
  }

  const badges = {} as Record<ResourceKey, Badge>;
  const pct = {} as Record<ResourceKey, number | null>;
  for (const k of RESOURCE_KEYS) {
    badges[k] = badgeFor(existing[k], rec[k]);
    pct[k] = percentOfRecommended(existing[k], rec[k]);
  }
  const gpu =
    input.gpu != null && w.gpu && w.gpuMem
      ? recommendGpu(w.gpu, w.gpuMem, input.gpu.existingRequest, input.count ?? 1, pv)
      : null;
  return {
    analysed: true, label: labelFor(badges), existing, recommended: rec, badges, percentOfRecommended: pct,
    target: {
      cpuRequest: cpuRequestTarget,
      cpuLimit: cpuAlloc(Math.max(limitPeak.cpu * (1 + pv.cpuLimitHeadroom / 100), cpuRequestTarget)),
      memRequest: memRequestTarget,
      memLimit: memAlloc(Math.max(memRequestTarget * pv.memoryLimitFactor, limitPeak.mem * (1 + pv.memoryLimitHeadroom / 100))),
    },
    cpu, mem, cpuP95, limitPeak, window, isJob, hpaManaged, notes, gpu,
  };
}
