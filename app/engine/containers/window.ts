/**
 * The analysis window of a policy (ANALYSIS.md "Samples and windows"): the samples of [now - workloadRangeDays,
 * now), on included days (weekdays, weekends; UTC) and outside excluded hours of day (UTC), and whether there is
 * enough of them.
 *
 * - Minimum data: a UTC calendar day counts when it holds at least `minimumHours` hours of selected samples; the
 *   container is analysed when at least `minimumDays` days count. Otherwise it is "not analysed", with the reason.
 * - Jobs and CronJobs are sized from their runs: samples exist only while a run is in progress, so the weekday and
 *   hour filters do not apply (a nightly job would otherwise vanish). A Job needs at least one run in the range,
 *   and its days of data are the whole days of its history in the range (hoursOfData / 24, rounded down): a
 *   weekly Job that has existed for months has 7 days of data although it ran on one of them.
 * - hoursOfData (for minHoursForDownsize) is the time from the start of the container's observed history inside
 *   the range (its first sample, or its first-seen time when earlier) to now; history that starts within one
 *   sample step of the range start counts as the whole range. Gaps in scraping do not shorten it.
 */
import type { PolicyValues } from "../policy/parameters";
import { DAY_MS, HOUR_MS, STEP_MS, type SampleColumns } from "./types";

export type WindowPolicy = Pick<
  PolicyValues,
  "workloadRangeDays" | "includeWeekdays" | "includeWeekends" | "excludedHours" | "minimumDays" | "minimumHours"
>;

export interface WindowOptions {
  nowMs: number;
  /** Pod owner kind is Job or CronJob: sized from runs. */
  isJob?: boolean;
  /** When the container was first seen (inventory `first_seen`), if known. */
  firstSeenMs?: number | null;
  /** Spacing of the samples (default 5 minutes). */
  stepMs?: number;
  /** Also select the GPU columns, when present. */
  gpu?: boolean;
}

interface WindowFacts {
  fromMs: number;
  toMs: number;
  /** Days counting towards the minimum (Jobs: whole days of history). */
  qualifyingDays: number;
  hoursOfData: number;
  /** Stretches of consecutive samples in the range (for a Job: its runs). */
  runs: number;
}

export interface AnalysisWindow extends WindowFacts {
  analysed: true;
  cpu: Float64Array;
  mem: Float64Array;
  gpu: Float64Array | null;
  gpuMem: Float64Array | null;
  count: number;
}

export interface NotAnalysedWindow extends WindowFacts {
  analysed: false;
  reason: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function selectWindow(samples: SampleColumns, policy: WindowPolicy, opts: WindowOptions): AnalysisWindow | NotAnalysedWindow {
  const stepMs = opts.stepMs ?? STEP_MS;
  const toMs = opts.nowMs;
  const fromMs = toMs - policy.workloadRangeDays * DAY_MS;
  const isJob = opts.isJob === true;
  const { t, cpu, mem } = samples;
  const n = t.length;
  const wantGpu = opts.gpu === true && samples.gpu !== undefined && samples.gpuMem !== undefined;

  let hourMask = 0;
  for (const h of policy.excludedHours) hourMask |= 1 << h;
  const firstDay = Math.floor(fromMs / DAY_MS);
  const perDay = new Int32Array(policy.workloadRangeDays + 2);

  const outCpu = new Float64Array(n);
  const outMem = new Float64Array(n);
  const outGpu = wantGpu ? new Float64Array(n) : null;
  const outGpuMem = wantGpu ? new Float64Array(n) : null;
  let k = 0;
  let firstT = Infinity;
  let prevT = -Infinity;
  let runs = 0;
  // Samples come a day's worth at a time, so the day (its index, whether the weekday and weekend filters leave it
  // out) is worked out when a sample leaves the current day, not per sample; its count is kept in a local and
  // stored when the day changes (an increment in memory per sample waits on the one before).
  let day = NaN;
  let dayStart = Infinity;
  let dayEnd = -Infinity;
  let dayExcluded = false;
  let dayCount = 0;
  const gpuIn = wantGpu ? samples.gpu! : null;
  const gpuMemIn = wantGpu ? samples.gpuMem! : null;
  for (let i = 0; i < n; i++) {
    const ti = t[i];
    if (ti < fromMs || ti >= toMs) continue;
    if (ti < firstT) firstT = ti;
    if (ti - prevT > stepMs) runs++;
    prevT = ti;
    if (ti >= dayEnd || ti < dayStart) {
      if (dayCount > 0) perDay[day - firstDay] += dayCount;
      dayCount = 0;
      day = Math.floor(ti / DAY_MS);
      dayStart = day * DAY_MS;
      dayEnd = dayStart + DAY_MS;
      const dow = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
      const weekend = dow === 0 || dow === 6;
      dayExcluded = isJob ? false : weekend ? !policy.includeWeekends : !policy.includeWeekdays;
    }
    if (dayExcluded) continue;
    if (!isJob && hourMask !== 0 && (hourMask & (1 << Math.floor((ti - dayStart) / HOUR_MS))) !== 0) continue;
    dayCount++;
    outCpu[k] = cpu[i];
    outMem[k] = mem[i];
    if (gpuIn && gpuMemIn && outGpu && outGpuMem) {
      outGpu[k] = gpuIn[i];
      outGpuMem[k] = gpuMemIn[i];
    }
    k++;
  }
  if (dayCount > 0) perDay[day - firstDay] += dayCount;

  let observedFrom = Math.min(firstT, opts.firstSeenMs ?? Infinity);
  if (observedFrom < fromMs + stepMs) observedFrom = fromMs;
  const hoursOfData = firstT === Infinity ? 0 : Math.max(0, toMs - observedFrom) / HOUR_MS;
  let qualifyingDays = 0;
  if (isJob) {
    qualifyingDays = Math.floor(hoursOfData / 24 + 1e-9);
  } else {
    const needPerDay = Math.ceil((policy.minimumHours * HOUR_MS) / stepMs - 1e-9);
    for (let d = 0; d < perDay.length; d++) if (perDay[d] >= needPerDay) qualifyingDays++;
  }
  const facts: WindowFacts = { fromMs, toMs, qualifyingDays, hoursOfData, runs };
  const range = `the past ${plural(policy.workloadRangeDays, "day")}`;

  if (firstT === Infinity) {
    return { analysed: false, reason: isJob ? `No runs in ${range}.` : `No samples in ${range}.`, ...facts };
  }
  if (k === 0) {
    return { analysed: false, reason: `No samples in ${range} are left after the policy's weekday, weekend and excluded-hour filters.`, ...facts };
  }
  if (qualifyingDays < policy.minimumDays) {
    const have = isJob
      ? `${plural(qualifyingDays, "whole day")} of history`
      : `${plural(qualifyingDays, "day")} with at least ${plural(policy.minimumHours, "hour")} of samples`;
    return { analysed: false, reason: `Not enough data: ${have} in ${range}; the policy needs ${policy.minimumDays}.`, ...facts };
  }
  return {
    analysed: true,
    ...facts,
    cpu: outCpu.subarray(0, k),
    mem: outMem.subarray(0, k),
    gpu: outGpu ? outGpu.subarray(0, k) : null,
    gpuMem: outGpuMem ? outGpuMem.subarray(0, k) : null,
    count: k,
  };
}
