/**
 * Samples of the demo fleet: a pure function of (seed, entity, time) at 5-minute resolution, so nothing raw is
 * ever stored and any window at any step can be asked for. A daily cycle peaking in the region's afternoon, a
 * weekend dip, smooth hour-scale drift, 5-minute noise and rare spikes; memory moves slowly, some leaks
 * (sawtooth reset by a restart) and some climbs to its limit and is OOM-killed; a Job exists only while it runs.
 */
import type { ContainerTable } from "~/db/schema";
import { SAMPLE_STEP_MS, type ContainerEvents, type ContainerSample, type UtilisationSample } from "../types";
import { containerTraits, isRunning, jobSchedule, ownerKey, type ContainerTraits, type JobSchedule } from "./profile";
import { REGION_PEAK_HOUR_UTC } from "./names";
import { Rng, hash32, unit2 } from "./random";

const STEP = SAMPLE_STEP_MS;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TWO_PI = 2 * Math.PI;
/** The most raw 5-minute samples one call may evaluate (about 19 years of one entity). */
export const MAX_RAW_SAMPLES_PER_CALL = 2_000_000;

const SALT_SPIKE = 0x1b873593;
const SALT_SPIKE_SIZE = 0x2c1b3c6d;
const SALT_DRIFT = 0x297a2d39;
const SALT_MEM = 0x68e31da4;
const SALT_CRASH = 0x3c6ef372;

function mod(a: number, m: number): number {
  const r = a % m;
  return r < 0 ? r + m : r;
}

/** Smooth noise in [-0.5, 0.5] along x (hours): random knots joined by smoothstep. */
function drift(key: number, x: number): number {
  const k = Math.floor(x);
  const f = x - k;
  const a = unit2(key, k) - 0.5;
  const b = unit2(key, k + 1) - 0.5;
  return a + (b - a) * f * f * (3 - 2 * f);
}

/** Daily cycle in [-1, 1], 1 at the peak hour, and the weekend flag (UTC), of time t. */
function rhythm(t: number, peakHour: number): { daily: number; weekend: boolean } {
  const hour = mod(t, DAY) / HOUR;
  const dow = mod(Math.floor(t / DAY) + 4, 7); // 1970-01-01 was a Thursday; 0 = Sunday
  return { daily: Math.cos((TWO_PI * (hour - peakHour)) / 24), weekend: dow === 0 || dow === 6 };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Checks a window and step; throws RangeError on bad input. */
export function checkWindow(fromMs: number, toMs: number, stepMs: number): void {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) throw new RangeError("fromMs and toMs must be finite numbers of milliseconds");
  if (!Number.isInteger(stepMs) || stepMs <= 0 || stepMs % STEP !== 0) {
    throw new RangeError(`stepMs must be a positive multiple of ${STEP} ms (got ${stepMs})`);
  }
  if (toMs > fromMs && (toMs - fromMs) / STEP > MAX_RAW_SAMPLES_PER_CALL) {
    throw new RangeError(`window too long: at most ${MAX_RAW_SAMPLES_PER_CALL} five-minute samples per call`);
  }
}

type ContainerFields = Pick<
  ContainerTable,
  "id" | "cluster" | "namespace" | "pod_owner_kind" | "pod_owner_name" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit" | "first_seen"
>;

/** Everything the samples of one container need, computed once per call. */
export interface ContainerModel {
  traits: ContainerTraits;
  firstSeenMs: number;
  cpuBase: number;
  memBase: number;
  cpuLimit: number | null;
  memLimit: number | null;
  peakHour: number;
  weekendDip: number;
  job: JobSchedule | null;
  saw: "none" | "leak" | "oom";
  /** Sawtooth bounds in MB (oom: climbs from memLo to memHi, killed at memHi). */
  memLo: number;
  memHi: number;
}

/** Demand scale of a container: its request scaled by its provisioning, or a nominal size without a request. */
export function baseDemand(traits: ContainerTraits, cpuRequest: number | null, memRequest: number | null) {
  return {
    cpuBase: (cpuRequest ?? traits.nominalCpu) * traits.cpuRatio,
    memBase: (memRequest ?? traits.nominalMem) * traits.memRatio,
  };
}

/** Highest CPU demand the daily cycle, drift and noise reach (spikes aside), as a multiple of cpuBase. */
export function cpuPeakFactor(traits: ContainerTraits): number {
  return (1 + traits.dailyAmp) * 1.15 * (1 + traits.noise);
}

/** Highest working set a non-OOM container reaches, as a multiple of memBase. */
export function memPeakFactor(traits: ContainerTraits): number {
  return (1 + traits.memDailyAmp) * 1.03 * (traits.leak ? 1 + traits.leakGrowth : 1) * 1.005;
}

export function containerModel(seed: number, c: ContainerFields, region: string): ContainerModel {
  const traits = containerTraits(seed, c.id);
  const { cpuBase, memBase } = baseDemand(traits, c.cpu_request, c.mem_request);
  const kind = c.pod_owner_kind;
  const job = kind === "Job" || kind === "CronJob" ? jobSchedule(seed, ownerKey(c.cluster, c.namespace, kind, c.pod_owner_name), kind) : null;
  const env = c.cluster.split("-")[0];
  const saw: ContainerModel["saw"] = job ? "none" : traits.profile === "oom" ? "oom" : traits.leak ? "leak" : "none";
  const memHi = saw === "oom" ? (c.mem_limit ?? memBase * 1.4) : memBase;
  return {
    traits,
    firstSeenMs: Date.parse(c.first_seen),
    cpuBase,
    memBase,
    cpuLimit: c.cpu_limit,
    memLimit: c.mem_limit,
    peakHour: (REGION_PEAK_HOUR_UTC[region] ?? 15) + traits.peakShiftH,
    weekendDip: env === "prod" ? traits.weekendDip : Math.min(0.7, traits.weekendDip + 0.3),
    job,
    saw,
    memLo: memHi * 0.55,
    memHi,
  };
}

/** CPU demand (before the limit) at slot k, or -1 when the container does not run then. */
function cpuDemandAt(m: ContainerModel, k: number): number {
  const t = k * STEP;
  if (t < m.firstSeenMs) return -1;
  const tr = m.traits;
  const u = unit2(tr.entity, k);
  if (m.job) {
    if (!isRunning(m.job, t)) return -1;
    return m.cpuBase * (0.8 + 0.4 * u);
  }
  const { daily, weekend } = rhythm(t, m.peakHour);
  let demand =
    m.cpuBase *
    (1 + tr.dailyAmp * daily) *
    (weekend ? 1 - m.weekendDip : 1) *
    (1 + 0.3 * drift(tr.entity ^ SALT_DRIFT, t / HOUR)) *
    (1 + tr.noise * (2 * u - 1));
  if (unit2(tr.entity ^ SALT_SPIKE, k) < tr.spikeP) demand *= 1.8 + 2 * unit2(tr.entity ^ SALT_SPIKE_SIZE, k);
  return demand;
}

function memAt(m: ContainerModel, k: number): number {
  const t = k * STEP;
  const tr = m.traits;
  const u = unit2(tr.entity ^ SALT_MEM, k);
  if (m.job) {
    const runPhase = mod(t + m.job.offsetMs, m.job.periodMs) / m.job.durationMs;
    return m.memBase * (0.5 + 0.6 * runPhase) * (0.99 + 0.02 * u);
  }
  if (m.saw === "oom") {
    const phase = mod(t + tr.cycleOffsetMs, tr.cycleMs) / tr.cycleMs;
    return Math.min(m.memHi * 0.999, (m.memLo + (m.memHi - m.memLo) * phase) * (0.995 + 0.01 * u));
  }
  const { daily } = rhythm(t, m.peakHour);
  let mem = m.memBase * (1 + tr.memDailyAmp * daily) * (1 + 0.06 * drift(tr.entity ^ SALT_MEM, t / (6 * HOUR))) * (0.995 + 0.01 * u);
  if (m.saw === "leak") mem *= 1 + tr.leakGrowth * (mod(t + tr.cycleOffsetMs, tr.cycleMs) / tr.cycleMs);
  return m.memLimit != null ? Math.min(mem, m.memLimit) : mem;
}

/** The raw sample at slot k (t = k × 5 min), or null when the container does not run then. */
export function containerSampleAt(m: ContainerModel, k: number): ContainerSample | null {
  const demand = cpuDemandAt(m, k);
  if (demand < 0) return null;
  const cpu = m.cpuLimit != null ? Math.min(demand, m.cpuLimit) : demand;
  return { t: k * STEP, cpu: round1(Math.max(0, cpu)), mem: round1(Math.max(0, memAt(m, k))) };
}

/** Points of [fromMs, toMs) at stepMs; a coarser step averages the raw samples of [t, t + stepMs). */
function series<S extends { t: number; cpu: number; mem: number }>(
  at: (k: number) => S | null,
  fromMs: number,
  toMs: number,
  stepMs: number,
): S[] {
  checkWindow(fromMs, toMs, stepMs);
  const out: S[] = [];
  if (toMs <= fromMs) return out;
  const per = stepMs / STEP;
  for (let t0 = Math.ceil(fromMs / stepMs) * stepMs; t0 < toMs; t0 += stepMs) {
    const k0 = t0 / STEP;
    if (per === 1) {
      const s = at(k0);
      if (s) out.push(s);
      continue;
    }
    let n = 0;
    let cpu = 0;
    let mem = 0;
    for (let k = k0; k < k0 + per; k++) {
      const s = at(k);
      if (!s) continue;
      n++;
      cpu += s.cpu;
      mem += s.mem;
    }
    if (n > 0) out.push({ t: t0, cpu: round1(cpu / n), mem: round1(mem / n) } as S);
  }
  return out;
}

export function containerSeries(m: ContainerModel, fromMs: number, toMs: number, stepMs = STEP): ContainerSample[] {
  return series((k) => containerSampleAt(m, k), fromMs, toMs, stepMs);
}

/** Boundaries t of a cycle (t + offset ≡ 0 mod cycle) inside [fromMs, toMs). */
function boundaries(cycleMs: number, offsetMs: number, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  return Math.floor((toMs - 1 + offsetMs) / cycleMs) - Math.floor((fromMs - 1 + offsetMs) / cycleMs);
}

export function containerEventsOf(m: ContainerModel, fromMs: number, toMs: number): ContainerEvents {
  checkWindow(fromMs, toMs, STEP);
  const tr = m.traits;
  const start = Math.max(fromMs, m.firstSeenMs);
  if (toMs <= start) return { restarts: 0, oomKills: 0, throttleEvents: 0 };
  const resets = m.saw === "none" ? 0 : boundaries(tr.cycleMs, tr.cycleOffsetMs, start, toMs);
  const oomKills = m.saw === "oom" ? resets : 0;
  let crashes = 0;
  if (!m.job) {
    // A crash on day D counts when that day's noon falls in the window.
    for (let d = Math.floor((start - HOUR * 12) / DAY) + 1; d * DAY + 12 * HOUR < toMs; d++) {
      if (unit2(tr.entity ^ SALT_CRASH, d) < tr.crashP) crashes++;
    }
  }
  let throttleEvents = 0;
  if (m.cpuLimit != null) {
    for (let k = Math.ceil(start / STEP); k * STEP < toMs; k++) {
      if (cpuDemandAt(m, k) > m.cpuLimit) throttleEvents++;
    }
  }
  return { restarts: resets + crashes, oomKills, throttleEvents };
}

/** A node's or cloud instance's utilisation pattern. */
export interface UtilisationModel {
  entity: number;
  /** Mean utilisation in %. */
  cpuBase: number;
  memBase: number;
  dailyAmp: number;
  memDailyAmp: number;
  weekendDip: number;
  noise: number;
  spikeP: number;
  peakHour: number;
}

/**
 * A node's pattern from its group's requested share of allocatable (cpuRequestShare, memRequestShare, 0–1+):
 * nodes use a fraction of what is requested, memory closer to its requests than CPU.
 */
export function nodeModel(seed: number, nodeId: string, region: string, cpuRequestShare: number, memRequestShare: number): UtilisationModel {
  const entity = hash32(nodeId, seed);
  const r = new Rng(entity ^ 0x7feb352d);
  return {
    entity,
    cpuBase: Math.min(90, Math.max(2, cpuRequestShare * r.range(0.25, 0.7) * 100)),
    memBase: Math.min(92, Math.max(8, memRequestShare * r.range(0.55, 0.9) * 100)),
    dailyAmp: r.range(0.15, 0.45),
    memDailyAmp: r.range(0.02, 0.08),
    weekendDip: r.range(0.05, 0.3),
    noise: r.range(0.04, 0.12),
    spikeP: r.range(0, 0.004),
    peakHour: (REGION_PEAK_HOUR_UTC[region] ?? 15) + r.range(-1.5, 1.5),
  };
}

/** A cloud instance's pattern: some idle, most lightly used, a few busy. */
export function instanceModel(seed: number, instanceId: string, region: string): UtilisationModel {
  const entity = hash32(instanceId, seed);
  const r = new Rng(entity ^ 0x1656667b);
  const level = r.weighted<"idle" | "low" | "medium" | "high">([
    ["idle", 6],
    ["low", 50],
    ["medium", 30],
    ["high", 14],
  ]);
  const idle = level === "idle";
  const cpuBase = idle ? r.range(0.4, 2) : level === "low" ? r.range(4, 20) : level === "medium" ? r.range(20, 45) : r.range(45, 72);
  return {
    entity,
    cpuBase,
    memBase: r.range(15, 85),
    dailyAmp: idle ? r.range(0, 0.1) : r.range(0.1, 0.5),
    memDailyAmp: r.range(0.01, 0.06),
    weekendDip: idle ? 0 : r.range(0.05, 0.35),
    noise: idle ? 0.05 : r.range(0.04, 0.15),
    spikeP: idle ? 0 : r.range(0, 0.004),
    peakHour: (REGION_PEAK_HOUR_UTC[region] ?? 15) + r.range(-2, 2),
  };
}

const clampPct = (x: number) => round1(Math.min(100, Math.max(0, x)));

export function utilisationSampleAt(m: UtilisationModel, k: number): UtilisationSample {
  const t = k * STEP;
  const { daily, weekend } = rhythm(t, m.peakHour);
  const u = unit2(m.entity, k);
  let cpu =
    m.cpuBase *
    (1 + m.dailyAmp * daily) *
    (weekend ? 1 - m.weekendDip : 1) *
    (1 + 0.2 * drift(m.entity ^ SALT_DRIFT, t / HOUR)) *
    (1 + m.noise * (2 * u - 1));
  if (unit2(m.entity ^ SALT_SPIKE, k) < m.spikeP) cpu *= 1.5 + unit2(m.entity ^ SALT_SPIKE_SIZE, k);
  const mem = m.memBase * (1 + m.memDailyAmp * daily) * (1 + 0.04 * drift(m.entity ^ SALT_MEM, t / (6 * HOUR)));
  return { t, cpu: clampPct(cpu), mem: clampPct(mem) };
}

export function utilisationSeries(m: UtilisationModel, fromMs: number, toMs: number, stepMs = STEP): UtilisationSample[] {
  return series((k) => utilisationSampleAt(m, k), fromMs, toMs, stepMs);
}
