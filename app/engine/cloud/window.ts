/**
 * The analysis window of one cloud service (ANALYSIS.md "Samples and windows", applied to cloud): the samples of
 * [now − workloadRangeDays, now), and only those after the latest type change (they describe the current type),
 * turned into columns in one pass, with the figures that need every sample rather than the hourly pattern:
 *
 * - step: the sources' spacing (5 minutes raw, coarser for long ranges); given, or the smallest positive gap.
 * - covered time: each sample stands for min(step, gap to the next sample, time to now), so a scale group's
 *   member samples sharing a timestamp count once and the last sample does not run past now.
 * - totalHours = (now − start) / 1 h, start = the window start, or the instance's creation (or first sample)
 *   when later: a three-day-old instance that ran throughout has 100 % uptime.
 * - uptimeHours = covered time / 1 h; observed uptime = uptimeHours / totalHours.
 * - predicted uptime (for costing) = Σ w × covered / ∫ w over [start, now), with the learned pattern's recency
 *   weight w(s) = 0.5 ^ ((now − s) / half-life) taken at the middle of each clock hour: recent on/off behaviour
 *   counts most.
 * - coverageByHour[h] = covered time in hour of day h (UTC) / time of the window in that hour: the share of the
 *   window's days that hour ran (the chart rows' weight).
 * - idle figures: the highest 1-minute CPU (cpuPeakPct) of any sample, and the busiest UTC day's network bytes
 *   (in + out, rate × step, summed over a group's members).
 */
import type { CloudPolicyValues } from "../policy/cloud";
import { DAY_MS, HOUR_MS, STEP_MS } from "../containers/types";
import type { CloudSample, CloudServiceInput } from "./types";

export interface CloudWindow {
  /** Analysis range start: now − workloadRangeDays, or the latest type change when later. */
  fromMs: number;
  toMs: number;
  /** Where this service's time in the window begins (see above). */
  startMs: number;
  stepMs: number;
  /** Samples in the window, and their columns (time order). */
  count: number;
  t: Float64Array;
  cpu: Float64Array;
  /** Memory % of the samples that have it (memT their times; the same array as t when every sample has it). */
  memT: Float64Array;
  mem: Float64Array;
  memCount: number;
  totalHours: number;
  uptimeHours: number;
  observedUptime: number;
  predictedUptime: number;
  coverageByHour: Float64Array;
  /** Days from the first sample in the window to now (data history; gaps do not shorten it). */
  daysOfData: number;
  avgCpuPct: number | null;
  avgMemPct: number | null;
  /** Highest 5-minute (step) CPU average and lowest, in %. */
  peakCpuPct: number | null;
  minCpuPct: number | null;
  /** Highest 1-minute CPU of the window (cpuPeakPct), for the idle test. */
  maxCpuPeakPct: number | null;
  /** Network moved on the busiest UTC day, MB (10^6 bytes). */
  maxDailyNetworkMb: number;
  /** Highest network throughput of a sample, in + out, Gbps. */
  peakNetworkGbps: number;
  /** Start (ms) of the UTC day with the highest average CPU; null without samples. */
  busiestDayMs: number | null;
}

/** The smallest positive gap between consecutive samples: the source's step (5 minutes when unknown). */
export function inferStepMs(samples: readonly { t: number }[]): number {
  let step = Infinity;
  for (let i = 1; i < samples.length; i++) {
    const d = samples[i].t - samples[i - 1].t;
    if (d > 0 && d < step) step = d;
  }
  return Number.isFinite(step) ? step : STEP_MS;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The window of a service's samples under a policy (see the file comment for every figure). */
export function cloudWindow(
  input: Pick<CloudServiceInput, "facts" | "samples" | "nowMs" | "stepMs">,
  policy: Pick<CloudPolicyValues, "workloadRangeDays" | "halfLifeDays">,
): CloudWindow {
  const { facts, samples, nowMs } = input;
  const rangeFrom = nowMs - policy.workloadRangeDays * DAY_MS;
  const fromMs = facts.typeChange && facts.typeChange.atMs > rangeFrom ? Math.min(facts.typeChange.atMs, nowMs) : rangeFrom;
  const stepMs = input.stepMs && input.stepMs > 0 ? input.stepMs : inferStepMs(samples);

  // Samples are in time order: find the window's slice once.
  let lo = 0;
  while (lo < samples.length && samples[lo].t < fromMs) lo++;
  let hi = lo;
  while (hi < samples.length && samples[hi].t < nowMs) hi++;
  const n = hi - lo;

  let memCount = 0;
  for (let i = lo; i < hi; i++) if (samples[i].memPct !== null) memCount++;
  const memAll = memCount === n;
  // One backing store for every column: large typed arrays are allocated outside the heap, one at a time is cheaper.
  const buf = new Float64Array(2 * n + (memAll ? 1 : 2) * memCount);
  const t = buf.subarray(0, n);
  const cpu = buf.subarray(n, 2 * n);
  const mem = buf.subarray(2 * n, 2 * n + memCount);
  const memT = memAll ? t : buf.subarray(2 * n + memCount, 2 * n + 2 * memCount);

  const firstT = n > 0 ? samples[lo].t : nowMs;
  const startMs = Math.max(fromMs, Math.min(facts.createdMs, firstT));
  const k = Math.LN2 / (policy.halfLifeDays * DAY_MS);
  const dayBase = Math.floor(fromMs / DAY_MS);
  const days = Math.floor((nowMs - 1) / DAY_MS) - dayBase + 1;
  const dayNet = new Float64Array(Math.max(days, 1));
  const dayCpu = new Float64Array(Math.max(days, 1));
  const dayN = new Float64Array(Math.max(days, 1));
  const coveredByHour = new Float64Array(24);

  let covered = 0;
  let weighted = 0;
  let cpuSum = 0;
  let memSum = 0;
  let peak = -Infinity;
  let low = Infinity;
  let maxCpuPeak = -Infinity;
  let peakNet = 0;
  let m = 0;
  const stepSeconds = stepMs / 1000;
  // The clock hour of the previous sample: samples are in time order, so hour of day, day and recency weight are
  // worked out once per hour instead of per sample (weights at the hour's midpoint; the error is below 1e-6).
  let hourStart = Infinity;
  let nextHour = -Infinity;
  let hod = 0;
  let day = 0;
  let wHour = 0;
  for (let i = lo, j = 0; i < hi; i++, j++) {
    const s: CloudSample = samples[i];
    const ti = s.t;
    if (ti >= nextHour || ti < hourStart) {
      hourStart = Math.floor(ti / HOUR_MS) * HOUR_MS;
      nextHour = hourStart + HOUR_MS;
      const dayStart = Math.floor(hourStart / DAY_MS) * DAY_MS;
      hod = Math.round((hourStart - dayStart) / HOUR_MS);
      day = Math.round(dayStart / DAY_MS) - dayBase;
      wHour = Math.exp(-(nowMs - (hourStart + HOUR_MS / 2)) * k);
    }
    t[j] = ti;
    const c = s.cpuPct;
    cpu[j] = c;
    cpuSum += c;
    if (c > peak) peak = c;
    if (c < low) low = c;
    if (s.cpuPeakPct > maxCpuPeak) maxCpuPeak = s.cpuPeakPct;
    const mp = s.memPct;
    if (mp !== null) {
      if (!memAll) memT[m] = ti;
      mem[m++] = mp;
      memSum += mp;
    }
    const net = s.netInBytes + s.netOutBytes;
    if (net > peakNet) peakNet = net;
    dayNet[day] += net * stepSeconds;
    dayCpu[day] += c;
    dayN[day]++;

    const next = i + 1 < hi ? samples[i + 1].t : Infinity;
    const d = Math.max(0, Math.min(stepMs, next - ti, nowMs - ti));
    if (d === 0) continue;
    covered += d;
    if (ti + d <= nextHour) {
      coveredByHour[hod] += d;
      weighted += wHour * d;
      continue;
    }
    // A sample longer than the rest of its hour (coarse steps): spread it over the hours it spans.
    let a = ti;
    const end = ti + d;
    while (a < end) {
      const hs = Math.floor(a / HOUR_MS) * HOUR_MS;
      const b = Math.min(end, hs + HOUR_MS);
      coveredByHour[Math.round((hs - Math.floor(hs / DAY_MS) * DAY_MS) / HOUR_MS)] += b - a;
      weighted += Math.exp(-(nowMs - (hs + HOUR_MS / 2)) * k) * (b - a);
      a = b;
    }
  }
  peakNet = (peakNet * 8) / 1e9;

  // Time of the window in each hour of day, to turn covered time into a share of days.
  const windowByHour = new Float64Array(24);
  for (let a = startMs; a < nowMs; ) {
    const hourStart = Math.floor(a / HOUR_MS) * HOUR_MS;
    const b = Math.min(nowMs, hourStart + HOUR_MS);
    windowByHour[Math.floor((hourStart - Math.floor(hourStart / DAY_MS) * DAY_MS) / HOUR_MS)] += b - a;
    a = b;
  }
  const coverageByHour = new Float64Array(24);
  for (let h = 0; h < 24; h++) coverageByHour[h] = windowByHour[h] > 0 ? Math.min(1, coveredByHour[h] / windowByHour[h]) : 0;

  let busiest = -1;
  let busiestMean = -Infinity;
  let maxNet = 0;
  for (let d = 0; d < dayN.length; d++) {
    if (dayNet[d] > maxNet) maxNet = dayNet[d];
    if (dayN[d] > 0 && dayCpu[d] / dayN[d] > busiestMean) {
      busiestMean = dayCpu[d] / dayN[d];
      busiest = d;
    }
  }

  const totalMs = Math.max(0, nowMs - startMs);
  const weightTotal = totalMs > 0 ? (1 - Math.exp(-totalMs * k)) / k : 0;
  return {
    fromMs,
    toMs: nowMs,
    startMs,
    stepMs,
    count: n,
    t,
    cpu,
    memT,
    mem,
    memCount,
    totalHours: totalMs / HOUR_MS,
    uptimeHours: covered / HOUR_MS,
    observedUptime: totalMs > 0 ? round4(Math.min(1, covered / totalMs)) : 0,
    predictedUptime: weightTotal > 0 ? round4(Math.min(1, weighted / weightTotal)) : 0,
    coverageByHour,
    daysOfData: n > 0 ? (nowMs - firstT) / DAY_MS : 0,
    avgCpuPct: n > 0 ? cpuSum / n : null,
    avgMemPct: memCount > 0 ? memSum / memCount : null,
    peakCpuPct: n > 0 ? peak : null,
    minCpuPct: n > 0 ? low : null,
    maxCpuPeakPct: n > 0 ? maxCpuPeak : null,
    maxDailyNetworkMb: maxNet / 1e6,
    peakNetworkGbps: peakNet,
    busiestDayMs: busiest >= 0 ? (dayBase + busiest) * DAY_MS : null,
  };
}
