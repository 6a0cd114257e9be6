/**
 * The hidden character of each demo entity: how its usage compares with its requests, how strong its daily and
 * weekly rhythm is, whether its memory leaks or hits its limit, and when a Job runs. A pure function of
 * (seed, entity id), used both by the inventory generator (to set limits that match the story) and by the
 * samples, so the two always agree.
 */
import { Rng, hash32 } from "./random";

/** How a container's usage compares with its request. */
export type Provisioning = "idle" | "over" | "right" | "under" | "throttled" | "oom";

export interface ContainerTraits {
  /** Hash of (seed, id): the key of every per-sample noise value. */
  entity: number;
  profile: Provisioning;
  /** Mean CPU demand ÷ CPU request (or ÷ nominalCpu when no request is set). */
  cpuRatio: number;
  /** Mean working set ÷ memory request (or ÷ nominalMem). */
  memRatio: number;
  /** Scale of a container without requests, mCores and MB. */
  nominalCpu: number;
  nominalMem: number;
  /** Relative amplitude of the daily CPU cycle, and of the memory cycle. */
  dailyAmp: number;
  memDailyAmp: number;
  /** Fractional drop of CPU on Saturdays and Sundays (UTC). */
  weekendDip: number;
  /** Relative amplitude of 5-minute noise. */
  noise: number;
  /** Chance that a 5-minute sample is a spike. */
  spikeP: number;
  /** Hours added to the region's peak hour. */
  peakShiftH: number;
  /** Memory grows by leakGrowth over each cycle and resets with a restart. */
  leak: boolean;
  leakGrowth: number;
  /** Length and phase of the memory sawtooth (leak: days; OOM: hours). */
  cycleMs: number;
  cycleOffsetMs: number;
  /** Chance per day of a restart that is not an OOM kill. */
  crashP: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PROFILE_WEIGHTS: readonly (readonly [Provisioning, number])[] = [
  ["idle", 6],
  ["over", 40],
  ["right", 30],
  ["under", 12],
  ["throttled", 6],
  ["oom", 6],
];

export function containerTraits(seed: number, id: string): ContainerTraits {
  const entity = hash32(id, seed);
  const r = new Rng(entity ^ 0x5bd1e995);
  const profile = r.weighted(PROFILE_WEIGHTS);
  const [cpuLo, cpuHi, memLo, memHi] =
    profile === "idle"
      ? [0.01, 0.05, 0.1, 0.25]
      : profile === "over"
        ? [0.05, 0.35, 0.15, 0.45]
        : profile === "right"
          ? [0.5, 0.8, 0.6, 0.8]
          : profile === "under"
            ? [1.25, 2.2, 1.15, 1.7]
            : profile === "throttled"
              ? [0.9, 1.3, 0.5, 0.8]
              : [0.3, 0.8, 0.8, 1.2];
  const cpuRatio = r.range(cpuLo, cpuHi);
  const memRatio = r.range(memLo, memHi);
  const nominalCpu = Math.round(r.range(30, 600));
  const nominalMem = Math.round(r.range(96, 1200));
  const dailyAmp = profile === "throttled" ? r.range(0.35, 0.65) : profile === "idle" ? r.range(0, 0.1) : r.range(0.15, 0.6);
  const memDailyAmp = r.range(0.02, 0.1);
  const weekendDip = r.range(0.05, 0.35);
  const noise = r.range(0.05, 0.18);
  const spikeP = r.chance(0.3) ? r.range(0.002, 0.01) : r.range(0, 0.001);
  const peakShiftH = r.range(-2, 2);
  const leak = profile !== "oom" && r.chance(0.12);
  const leakGrowth = r.range(0.2, 0.45);
  const cycleMs = profile === "oom" ? Math.round(r.range(6, 40)) * HOUR : Math.round(r.range(2, 7) * 24) * HOUR;
  const cycleOffsetMs = Math.floor(r.next() * (cycleMs / 300_000)) * 300_000;
  const crashP = r.chance(0.05) ? r.range(0.2, 0.8) : r.range(0, 0.02);
  return {
    entity,
    profile,
    cpuRatio,
    memRatio,
    nominalCpu,
    nominalMem,
    dailyAmp,
    memDailyAmp,
    weekendDip,
    noise,
    spikeP,
    peakShiftH,
    leak,
    leakGrowth,
    cycleMs,
    cycleOffsetMs,
    crashP,
  };
}

/** When a Job or CronJob runs: a run of durationMs starts at every t with (t + offsetMs) mod periodMs = 0. */
export interface JobSchedule {
  periodMs: number;
  durationMs: number;
  offsetMs: number;
}

/** The schedule of a Job or CronJob, shared by all its containers (keyed on the owner's identity). */
export function jobSchedule(seed: number, ownerKey: string, kind: "Job" | "CronJob"): JobSchedule {
  const r = new Rng(hash32(`job:${ownerKey}`, seed));
  const periodMs =
    kind === "CronJob"
      ? r.weighted<number>([
          [HOUR, 2],
          [2 * HOUR, 1],
          [4 * HOUR, 1],
          [6 * HOUR, 1.5],
          [12 * HOUR, 1.5],
          [DAY, 3],
        ])
      : r.weighted<number>([
          [DAY, 6],
          [7 * DAY, 4],
        ]);
  const maxSlots = Math.max(1, Math.min(12, Math.floor(periodMs / 2 / 300_000)));
  const durationMs = r.int(1, maxSlots) * 300_000;
  const offsetMs = r.int(0, periodMs / 300_000 - 1) * 300_000;
  return { periodMs, durationMs, offsetMs };
}

function mod(a: number, m: number): number {
  const r = a % m;
  return r < 0 ? r + m : r;
}

export function isRunning(s: JobSchedule, t: number): boolean {
  return mod(t + s.offsetMs, s.periodMs) < s.durationMs;
}

/** Start of the run in progress at t, or of the last one before it. */
export function lastRunStart(s: JobSchedule, t: number): number {
  return t - mod(t + s.offsetMs, s.periodMs);
}

/** Average running copies: the fraction of time a run is in progress. */
export function jobReplicas(s: JobSchedule): number {
  return Math.max(0.01, Math.round((s.durationMs / s.periodMs) * 100) / 100);
}

/** Identity of a pod owner: the key of its Job schedule. */
export function ownerKey(cluster: string, namespace: string, kind: string, owner: string): string {
  return `${cluster}/${namespace}/${kind}/${owner}`;
}
