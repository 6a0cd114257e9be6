/**
 * The hidden character of each demo entity: how its requests compare with what its policy would recommend from its
 * usage (its provisioning profile and fits), how strong its daily and weekly rhythm is, whether its memory leaks or
 * hits its limit, and when a Job runs. A pure function of (seed, entity id; and whether it is a cluster add-on),
 * used both by the inventory generator (to set requests and limits that match the story) and by the samples, so
 * the two always agree.
 */
import { SYSTEM_NAMESPACE_BU } from "./names";
import { Rng, hash32 } from "./random";
import { isOwnKey } from "~/lib/own-key";

/**
 * How a container's requests compare with what its policy would recommend: far above (idle, over), in the
 * policy's no-change band (right), below (under), with a CPU limit under its daily peak (throttled), with a
 * working set that climbs to its memory limit (oom), or CPU and memory off in opposite directions (mixed).
 */
export type Provisioning = "idle" | "over" | "right" | "under" | "throttled" | "oom" | "mixed";

export interface ContainerTraits {
  /** Hash of (seed, id): the key of every per-sample noise value. */
  entity: number;
  profile: Provisioning;
  /**
   * CPU request ÷ the CPU request the container's policy would recommend from its usage, relative to the middle of
   * the policy's no-change band: 1 sits in the middle (no change), 3 is three times what it needs, 0.5 half. The
   * samples scale the usage to it (samples.ts, containerDemand); unused without a request.
   */
  cpuFit: number;
  /** The same for the memory request. */
  memFit: number;
  /** Mean CPU demand (mCores) and working set (MB) of a container without requests. */
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
  /** Where the limits sit, in [0, 1): the inventory's choice within each profile's range. */
  limitRoll: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Shares of the profiles. With about 8 % of containers without requests ("Size from unspecified" whatever their
 * profile), the default policies label about 60 % Downsize, 12 % Just Right, 12 % Upsize and the rest Resize, as
 * public surveys of Kubernetes fleets find (most CPU requests several times the usage; CPU used at 10–30 % of its
 * requests, memory at 30–60 %). calibration.test.ts holds the fleet to it.
 */
const PROFILE_WEIGHTS: readonly (readonly [Provisioning, number])[] = [
  ["idle", 8],
  ["over", 62],
  ["right", 13],
  ["under", 6],
  ["throttled", 3],
  ["oom", 3],
  ["mixed", 5],
];

/**
 * Cluster add-ons (kube-proxy, the CNI, node-exporter, log shippers, ...) ship generous default requests and use a
 * fraction of them on most nodes. They matter: a DaemonSet runs on every node.
 */
const ADD_ON_PROFILE_WEIGHTS: readonly (readonly [Provisioning, number])[] = [
  ["idle", 10],
  ["over", 68],
  ["right", 12],
  ["under", 3],
  ["throttled", 3],
  ["oom", 1],
  ["mixed", 3],
];

/** Whether a namespace holds cluster add-ons (kube-system, monitoring, logging, ...) rather than applications. */
export function isAddOnNamespace(namespace: string): boolean {
  return isOwnKey(SYSTEM_NAMESPACE_BU, namespace);
}

/** Log-uniform in [lo, hi): ratios spread evenly over their orders of magnitude. */
function logRange(r: Rng, lo: number, hi: number): number {
  return lo * Math.pow(hi / lo, r.next());
}

/** The traits of a container (addOn: it runs in an add-on namespace, isAddOnNamespace). */
export function containerTraits(seed: number, id: string, addOn = false): ContainerTraits {
  const entity = hash32(id, seed);
  const r = new Rng(entity ^ 0x5bd1e995);
  const profile = r.weighted(addOn ? ADD_ON_PROFILE_WEIGHTS : PROFILE_WEIGHTS);
  // CPU and memory fits (1 = the middle of the policy's no-change band).
  let cpuFit: number;
  let memFit: number;
  if (profile === "idle") {
    cpuFit = logRange(r, 6, 30);
    memFit = logRange(r, 2, 5);
  } else if (profile === "over") {
    cpuFit = logRange(r, 1.8, 9);
    memFit = logRange(r, 1.3, 2.8);
  } else if (profile === "right") {
    cpuFit = r.range(0.96, 1.04);
    memFit = r.range(0.97, 1.03);
  } else if (profile === "under") {
    cpuFit = logRange(r, 0.35, 0.75);
    memFit = r.range(0.6, 1.02);
  } else if (profile === "throttled") {
    cpuFit = r.range(0.6, 0.9);
    memFit = r.range(0.9, 1.05);
  } else if (profile === "oom") {
    cpuFit = r.range(0.85, 1.05);
    memFit = 1;
  } else if (r.chance(0.6)) {
    cpuFit = logRange(r, 1.6, 5); // mixed: CPU over-requested, memory short
    memFit = logRange(r, 0.5, 0.8);
  } else {
    cpuFit = logRange(r, 0.45, 0.8); // mixed: CPU short, memory over-requested
    memFit = logRange(r, 1.4, 3);
  }
  const calm = profile === "right";
  const nominalCpu = Math.round(logRange(r, 10, 250));
  const nominalMem = Math.round(logRange(r, 48, 640));
  const dailyAmp = profile === "throttled" ? r.range(0.35, 0.65) : profile === "idle" ? r.range(0, 0.1) : r.range(0.15, 0.6);
  const memDailyAmp = r.range(0.02, 0.1);
  const weekendDip = r.range(0.05, 0.35);
  const noise = r.range(0.05, 0.18);
  const spiky = r.chance(0.3);
  const spikeP = calm ? 0 : spiky ? r.range(0.002, 0.008) : r.range(0, 0.001);
  const peakShiftH = r.range(-2, 2);
  const leak = profile !== "oom" && !calm && r.chance(0.14);
  const leakGrowth = r.range(0.2, 0.45);
  const cycleMs = profile === "oom" ? Math.round(r.range(6, 40)) * HOUR : Math.round(r.range(2, 7) * 24) * HOUR;
  const cycleOffsetMs = Math.floor(r.next() * (cycleMs / 300_000)) * 300_000;
  const crashP = r.chance(0.05) ? r.range(0.2, 0.8) : r.range(0, 0.02);
  const limitRoll = r.next();
  return {
    entity,
    profile,
    cpuFit,
    memFit,
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
    limitRoll,
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
