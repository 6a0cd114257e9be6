/**
 * Scale groups (ASG, VMSS): the in-service pattern and the group sizes the workload needs, with the members'
 * instance type kept (a type change is a launch-template change, outside what the group view recommends).
 *
 * - Group work at each group-size sample = in-service instances × the members' average CPU % over that sample's
 *   step (instance-%: 3 members at 50 % = 150); memory likewise when the members report memory.
 * - The learned 24-hour pattern (containers' learnedPattern, recency-weighted) of in-service instances and of
 *   the group work.
 * - Instances needed in hour h = max(work sustained_h / CPU sustained limit, work peak_h / CPU peak limit,
 *   memory work_h × memory headroom / 100), rounded up, at least groupMinimumSize. Without memory samples the
 *   group is sized on CPU only (members share one image, so memory follows the member count).
 * - recommMinGroupSize / recommMaxGroupSize = the lowest / highest hourly need; predictedAvgGroupSize = the
 *   hourly needs averaged with the hours' in-service shares as weights (hours the group is off do not count).
 * - avgGroupSize = instance-time / in-service time; uptime = in-service time / window time (observed), and the
 *   recency-weighted version (predicted). minGroupSize / maxGroupSize = the latest sample's configured bounds.
 */
import type { CloudPolicyValues } from "../policy/cloud";
import { learnedPattern, type PatternRow } from "../containers/pattern";
import { DAY_MS } from "../containers/types";
import type { GroupSizeSample } from "./types";
import type { CloudWindow } from "./window";
import { inferStepMs } from "./window";
import { zeros } from "./pattern";

export interface GroupSizing {
  inService: PatternRow[];
  /** Group CPU work pattern (instance-%). */
  cpuWork: PatternRow[];
  /** Instances needed per hour of day (null for hours without data). */
  neededByHour: (number | null)[];
  avgGroupSize: number;
  minGroupSize: number | null;
  maxGroupSize: number | null;
  predictedAvgGroupSize: number;
  recommMinGroupSize: number;
  recommMaxGroupSize: number;
  observedUptime: number;
  predictedUptime: number;
  uptimeHours: number;
  totalHours: number;
  memoryFromAgent: boolean;
}

type GroupPolicy = Pick<
  CloudPolicyValues,
  "halfLifeDays" | "cpuSustainedLimit" | "cpuPeakLimit" | "memoryHeadroom" | "memoryMetric" | "groupMinimumSize"
>;

const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Sizing of a group from its size samples (time order) and its members' window; null without size samples. */
export function groupSizing(sizes: readonly GroupSizeSample[], w: CloudWindow, policy: GroupPolicy): GroupSizing | null {
  const now = w.toMs;
  let lo = 0;
  while (lo < sizes.length && sizes[lo].t < w.fromMs) lo++;
  let hi = lo;
  while (hi < sizes.length && sizes[hi].t < now) hi++;
  const n = hi - lo;
  if (n === 0) return null;
  const step = inferStepMs(sizes.slice(lo, Math.min(hi, lo + 64)));

  const gt = new Float64Array(n);
  const inService = new Float64Array(n);
  const cpuWork = new Float64Array(n);
  const memWork = new Float64Array(n);
  let workCount = 0;
  let memCount = 0;
  const workT = new Float64Array(n);
  const memT = new Float64Array(n);
  const k = Math.LN2 / (policy.halfLifeDays * DAY_MS);
  let inServiceTime = 0;
  let instanceTime = 0;
  let weighted = 0;
  // Member samples and memory samples are in time order too: one pointer each.
  let p = 0;
  let q = 0;
  for (let i = lo, j = 0; i < hi; i++, j++) {
    const s = sizes[i];
    gt[j] = s.t;
    inService[j] = s.inService;
    const next = i + 1 < hi ? sizes[i + 1].t : Infinity;
    const end = Math.min(s.t + step, next);
    const d = Math.max(0, Math.min(end, now) - s.t);
    if (s.inService > 0 && d > 0) {
      inServiceTime += d;
      instanceTime += s.inService * d;
      weighted += Math.exp(-(now - (s.t + d / 2)) * k) * d;
    }
    while (p < w.count && w.t[p] < s.t) p++;
    let sum = 0;
    let c = 0;
    for (let r = p; r < w.count && w.t[r] < end; r++) {
      sum += w.cpu[r];
      c++;
    }
    if (s.inService === 0 || c > 0) {
      workT[workCount] = s.t;
      cpuWork[workCount++] = c > 0 ? s.inService * (sum / c) : 0;
    }
    while (q < w.memCount && w.memT[q] < s.t) q++;
    let msum = 0;
    let mc = 0;
    for (let r = q; r < w.memCount && w.memT[r] < end; r++) {
      msum += w.mem[r];
      mc++;
    }
    if (mc > 0 || (s.inService === 0 && w.memCount > 0)) {
      memT[memCount] = s.t;
      memWork[memCount++] = mc > 0 ? s.inService * (msum / mc) : 0;
    }
  }

  // In-service and CPU work in one pass when they share timestamps (every size sample had member data).
  let inServicePattern: PatternRow[];
  let work: PatternRow[];
  if (workCount === n) {
    const both = learnedPattern({ t: gt, cpu: inService, mem: cpuWork }, now, policy.halfLifeDays, w.fromMs);
    inServicePattern = both.cpu;
    work = both.mem;
  } else {
    inServicePattern = learnedPattern({ t: gt, cpu: inService, mem: zeros(n) }, now, policy.halfLifeDays, w.fromMs).cpu;
    work = learnedPattern({ t: workT.subarray(0, workCount), cpu: cpuWork.subarray(0, workCount), mem: zeros(workCount) }, now, policy.halfLifeDays, w.fromMs).cpu;
  }
  const memoryFromAgent = memCount > 0;
  const mem = memoryFromAgent
    ? learnedPattern({ t: memT.subarray(0, memCount), cpu: memWork.subarray(0, memCount), mem: zeros(memCount) }, now, policy.halfLifeDays, w.fromMs).cpu
    : null;

  const neededByHour: (number | null)[] = new Array(24).fill(null);
  let recMin = Infinity;
  let recMax = -Infinity;
  let sumNeed = 0;
  let sumWeight = 0;
  for (let h = 0; h < 24; h++) {
    const cs = work[h].stats;
    const ms = mem?.[h].stats ?? null;
    if (!cs && !ms) continue;
    let need = 0;
    if (cs) need = Math.max(cs.sustained / policy.cpuSustainedLimit, cs.peak / policy.cpuPeakLimit);
    if (ms) need = Math.max(need, ((policy.memoryMetric === "Peak" ? ms.peak : ms.sustained) * policy.memoryHeadroom) / 100);
    const instances = Math.max(policy.groupMinimumSize, Math.ceil(need - 1e-9));
    neededByHour[h] = instances;
    if (instances < recMin) recMin = instances;
    if (instances > recMax) recMax = instances;
    const weight = w.coverageByHour[h];
    sumNeed += instances * weight;
    sumWeight += weight;
  }
  if (!Number.isFinite(recMin)) recMin = recMax = policy.groupMinimumSize;
  const last = sizes[hi - 1];
  const totalMs = Math.max(0, now - w.startMs);
  const weightTotal = totalMs > 0 ? (1 - Math.exp(-totalMs * k)) / k : 0;
  return {
    inService: inServicePattern,
    cpuWork: work,
    neededByHour,
    avgGroupSize: inServiceTime > 0 ? round2(instanceTime / inServiceTime) : 0,
    minGroupSize: last.min,
    maxGroupSize: last.max,
    predictedAvgGroupSize: sumWeight > 0 ? round2(sumNeed / sumWeight) : recMin,
    recommMinGroupSize: recMin,
    recommMaxGroupSize: recMax,
    observedUptime: totalMs > 0 ? round4(Math.min(1, inServiceTime / totalMs)) : 0,
    predictedUptime: weightTotal > 0 ? round4(Math.min(1, weighted / weightTotal)) : 0,
    uptimeHours: inServiceTime / 3_600_000,
    totalHours: totalMs / 3_600_000,
    memoryFromAgent,
  };
}
