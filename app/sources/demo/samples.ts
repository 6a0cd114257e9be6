/**
 * Samples of the demo fleet: a pure function of (seed, entity, time) at 5-minute resolution, so nothing raw is
 * ever stored and any window at any step can be asked for. A daily cycle peaking in the region's afternoon, a
 * weekend dip, smooth hour-scale drift, 5-minute noise and rare spikes; memory moves slowly, some leaks
 * (sawtooth reset by a restart) and some climbs to its limit and is OOM-killed; a Job exists only while it runs.
 *
 * Usage is calibrated against what the container's policy (the `policy` it carries) would recommend, so that the
 * engine sees the story the profile tells (profile.ts): a right-sized container lands in its policy's no-change
 * band, an over-provisioned one a known multiple above it (containerDemand). calibration.test.ts checks the fleet.
 */
import type { ContainerTable } from "~/db/schema";
import { allocate } from "../../engine/containers/sizing";
import type { PolicyValues } from "../../engine/policy/parameters";
import { policyForContainer } from "../../engine/policy/policies";
import { SAMPLE_STEP_MS, type ContainerEvents, type ContainerSample, type UtilisationSample } from "~/engine/source-contract";
import { containerTraits, isAddOnNamespace, isRunning, jobSchedule, ownerKey, type ContainerTraits, type JobSchedule } from "./profile";
import { REGION_PEAK_HOUR_UTC } from "./names";
import { Rng, hash32, mixA, mixB, unit2, unit2Of } from "./random";

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

/** The row fields the samples depend on; `policy` (the policy the container carries) is the System Default when absent. */
type ContainerFields = Pick<
  ContainerTable,
  "id" | "cluster" | "namespace" | "pod_owner_kind" | "pod_owner_name" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit" | "first_seen"
> &
  Partial<Pick<ContainerTable, "policy">>;

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

/**
 * The CPU shape at slot k: daily cycle, weekend dip, hour-scale drift and 5-minute noise, spikes aside. Demand is
 * cpuBase × shape (× a spike now and then).
 */
function cpuShapeAt(entity: number, amp: number, weekendDip: number, noise: number, peakHour: number, k: number): number {
  const t = k * STEP;
  const { daily, weekend } = rhythm(t, peakHour);
  const u = unit2(entity, k);
  return (1 + amp * daily) * (weekend ? 1 - weekendDip : 1) * (1 + 0.3 * drift(entity ^ SALT_DRIFT, t / HOUR)) * (1 + noise * (2 * u - 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Calibration: what a week of a container's usage looks like to an analysis, so that requests can be set against
// it (a right-sized container's request sits where its policy would put it, an over-provisioned one a known
// multiple above). The percentiles of the CPU shape depend on its amplitude, weekend dip and noise; they are
// measured once per cell of a coarse grid by running the shape over a reference week (two reference entities, so
// the drift averages out) and interpolated in between. A realised week differs by 1–2 %.

/** Percentiles held per grid cell (100 = the highest 5-minute value). */
const SHAPE_P = [50, 75, 90, 95, 99, 100] as const;
const GRID_STEP = 0.1;
const GRID_AMP_MAX = 0.8;
const GRID_DIP_MAX = 0.8;
const GRID_NOISE_MAX = 0.2;
const REF_ENTITIES = [0x243f6a88, 0x85a308d3] as const;
/** Monday 2024-01-01 00:00 UTC, in 5-minute slots: a week from here has exactly two weekend days. */
const REF_SLOT = Date.UTC(2024, 0, 1) / STEP;
const WEEK_SLOTS = (7 * DAY) / STEP;
const shapeCells = new Map<number, Float64Array>();

/** Type-7 percentile (the engine's) of sorted values. */
function sortedPercentile(sorted: Float64Array, p: number): number {
  const h = ((sorted.length - 1) * p) / 100;
  const i = Math.floor(h);
  return i + 1 < sorted.length ? sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]) : sorted[i];
}

function shapeCell(ia: number, id: number, inz: number): Float64Array {
  const key = (ia * 64 + id) * 64 + inz;
  let cell = shapeCells.get(key);
  if (cell) return cell;
  const values = new Float64Array(REF_ENTITIES.length * WEEK_SLOTS);
  let n = 0;
  for (const e of REF_ENTITIES) {
    for (let k = REF_SLOT; k < REF_SLOT + WEEK_SLOTS; k++) values[n++] = cpuShapeAt(e, ia * GRID_STEP, id * GRID_STEP, inz * GRID_STEP, 0, k);
  }
  values.sort();
  cell = Float64Array.from(SHAPE_P, (p) => sortedPercentile(values, p));
  shapeCells.set(key, cell);
  return cell;
}

/** Percentile p (50–100) of a week of the CPU shape with this amplitude, weekend dip and noise (spikes aside). */
export function cpuShapePercentile(amp: number, weekendDip: number, noise: number, p: number): number {
  const a = Math.min(GRID_AMP_MAX, Math.max(0, amp)) / GRID_STEP;
  const d = Math.min(GRID_DIP_MAX, Math.max(0, weekendDip)) / GRID_STEP;
  const z = Math.min(GRID_NOISE_MAX, Math.max(0, noise)) / GRID_STEP;
  const a0 = Math.min(Math.floor(a), GRID_AMP_MAX / GRID_STEP - 1);
  const d0 = Math.min(Math.floor(d), GRID_DIP_MAX / GRID_STEP - 1);
  const z0 = Math.min(Math.floor(z), GRID_NOISE_MAX / GRID_STEP - 1);
  const fa = a - a0;
  const fd = d - d0;
  const fz = z - z0;
  // Between which held percentiles p falls.
  const pc = Math.min(100, Math.max(SHAPE_P[0], p));
  let j = 0;
  while (j < SHAPE_P.length - 2 && pc > SHAPE_P[j + 1]) j++;
  const fp = (pc - SHAPE_P[j]) / (SHAPE_P[j + 1] - SHAPE_P[j]);
  let out = 0;
  for (let ca = 0; ca < 2; ca++) {
    for (let cd = 0; cd < 2; cd++) {
      for (let cz = 0; cz < 2; cz++) {
        const w = (ca ? fa : 1 - fa) * (cd ? fd : 1 - fd) * (cz ? fz : 1 - fz);
        if (w === 0) continue;
        const cell = shapeCell(a0 + ca, d0 + cd, z0 + cz);
        out += w * (cell[j] + fp * (cell[j + 1] - cell[j]));
      }
    }
  }
  return out;
}

/** Weekend dip of a container in an environment: quieter weekends outside production. */
export function effectiveWeekendDip(traits: ContainerTraits, env: string): number {
  return env === "prod" ? traits.weekendDip : Math.min(0.7, traits.weekendDip + 0.3);
}

/** What the calibration needs to know about a container besides its traits. */
export interface DemandContext {
  /** The parameters of the policy the container carries. */
  policy: PolicyValues;
  /** Weekend dip after the environment's adjustment (effectiveWeekendDip). */
  weekendDip: number;
  /** The schedule of a Job or CronJob, null otherwise. */
  job: JobSchedule | null;
  /** Runs outside production (a copy of a production workload with a fraction of its load). */
  nonProd: boolean;
}

/**
 * Over-provisioned containers outside production are further over: their manifests are copies of production's,
 * their load a fraction of it.
 */
const NON_PROD_OVER_FACTOR = 1.6;

/** CPU demand at percentile p (50–100; 100 = the week's highest, spikes aside) as a multiple of cpuBase. */
export function cpuPercentileFactor(traits: ContainerTraits, ctx: DemandContext, p: number): number {
  if (ctx.job) return 0.8 + (0.4 * Math.min(100, p)) / 100; // uniform in [0.8, 1.2] while a run is in progress
  return cpuShapePercentile(traits.dailyAmp, ctx.weekendDip, traits.noise, p);
}

/** Working set at percentile p (100 = peak) as a multiple of memBase (containers that are not OOM-killed). */
export function memPercentileFactor(traits: ContainerTraits, ctx: DemandContext, p: number): number {
  const q = Math.min(100, Math.max(0, p)) / 100;
  if (ctx.job) {
    const slots = ctx.job.durationMs / STEP;
    return (0.5 + (0.6 * q * (slots - 1)) / slots) * (q === 1 ? 1.01 : 1);
  }
  const cycle = q === 1 ? (1 + traits.memDailyAmp) * 1.025 : 1 + traits.memDailyAmp * Math.cos(Math.PI * (1 - q));
  return cycle * (traits.leak ? 1 + traits.leakGrowth * (q === 1 ? 0.97 : q) : 1);
}

const metricPercentile = (metric: PolicyValues["cpuAnalysisMetric"], percentile: number) =>
  metric === "Peak" ? 100 : metric === "Sustained" ? 75 : percentile;

/**
 * Middle of a policy's no-change band, as request ÷ recommendation: a request between 1 ÷ (1 + upsize threshold)
 * and 1 ÷ (1 − downsize threshold) times the recommendation is kept; the geometric middle of that range.
 */
export function bandCentre(policy: PolicyValues): number {
  return 1 / Math.sqrt((1 + policy.upsizeThreshold / 100) * (1 - Math.min(99, policy.downsizeThreshold) / 100));
}

/** Of the multiples of `increment` in [lo, hi], the one nearest x; null when there is none. */
function nearestMultipleIn(x: number, lo: number, hi: number, increment: number): number | null {
  const first = Math.ceil(lo / increment - 1e-9) * increment;
  const last = Math.floor(hi / increment + 1e-9) * increment;
  if (first > last) return null;
  return Math.min(last, Math.max(first, Math.round(x / increment) * increment));
}

/**
 * The raw target (before the engine rounds it up to the increment) nearest `ideal` at which a policy keeps the
 * current value: the middle of the rounding step of a kept multiple of the increment. Small values need it (the
 * engine rounds 21 mCores up to 30, over the 10 % upsize threshold of a 25 mCore request). `ideal` when no
 * multiple is kept (a 32 MB request is always raised to the 64 MB allocation minimum).
 */
function keptRaw(current: number, ideal: number, increment: number, min: number, pv: PolicyValues): number {
  const lo = Math.max(min, current * (1 - pv.downsizeThreshold / 100));
  const m = nearestMultipleIn(ideal, lo, current * (1 + pv.upsizeThreshold / 100), increment);
  return m === null ? ideal : m - increment / 2;
}

/**
 * A limit a policy keeps, given the (rounded) limit it would recommend: a multiple of the increment near the
 * middle of the no-change band (`slack` in [0, 1) moves it by ± 4 %), never below the request.
 */
export function keptLimit(recommended: number, request: number, increment: number, slack: number, pv: PolicyValues): number {
  const up = 1 + pv.upsizeThreshold / 100;
  const down = 1 - pv.downsizeThreshold / 100;
  const ideal = recommended * bandCentre(pv) * (0.96 + 0.08 * slack);
  const m = nearestMultipleIn(ideal, recommended / up, recommended / down, increment) ?? Math.ceil(ideal / increment) * increment;
  return Math.max(request, m);
}

/** What a policy would recommend for the limits of a container whose requests it keeps (engine rules). */
export function keptLimitTargets(d: Demand, cpuRequest: number, memRequest: number, pv: PolicyValues): { cpu: number; mem: number } {
  return {
    cpu: allocate(Math.max(d.cpuPeak * (1 + pv.cpuLimitHeadroom / 100), cpuRequest), pv.cpuAllocationIncrement, pv.cpuAllocationMin, pv.cpuAllocationMax),
    mem: allocate(
      Math.max(memRequest * pv.memoryLimitFactor, d.memPeak * (1 + pv.memoryLimitHeadroom / 100)),
      pv.memoryAllocationIncrement,
      pv.memoryAllocationMin,
      pv.memoryAllocationMax,
    ),
  };
}

export interface Demand {
  /** Demand scales: mean CPU (mCores) and working set (MB) before the daily cycle and the rest. */
  cpuBase: number;
  memBase: number;
  /** The highest CPU demand of a week, spikes aside (mCores), and the highest working set (MB; OOM aside). */
  cpuPeak: number;
  memPeak: number;
}

/** A fit this close to 1 means "right-sized": its target is snapped to a value the policy keeps. */
const KEPT_FIT = 0.1;

/**
 * A container's demand scale. With a request: the usage at which the policy's recommendation is the request ÷
 * (fit × the middle of the policy's no-change band); so a fit of 1 is right-sized (and snapped to what the policy
 * keeps after rounding), 3 three times over. Without: the nominal size of its traits.
 */
export function containerDemand(traits: ContainerTraits, cpuRequest: number | null, memRequest: number | null, ctx: DemandContext): Demand {
  const pv = ctx.policy;
  const centre = bandCentre(pv);
  const cpuNeed = cpuPercentileFactor(traits, ctx, metricPercentile(pv.cpuAnalysisMetric, pv.cpuPercentile)) * (1 + pv.cpuRequestHeadroom / 100);
  const memNeed = memPercentileFactor(traits, ctx, metricPercentile(pv.memoryAnalysisMetric, pv.memoryPercentile)) * (1 + pv.memoryRequestHeadroom / 100);
  const spare = ctx.nonProd && (traits.profile === "over" || traits.profile === "idle") ? NON_PROD_OVER_FACTOR : 1;
  const raw = (request: number, fit: number, increment: number, min: number) => {
    const ideal = request / (fit * spare * centre);
    return Math.abs(fit - 1) < KEPT_FIT ? keptRaw(request, ideal, increment, min, pv) : ideal;
  };
  const cpuBase =
    cpuRequest != null && cpuRequest > 0 ? raw(cpuRequest, traits.cpuFit, pv.cpuAllocationIncrement, pv.cpuAllocationMin) / cpuNeed : traits.nominalCpu;
  const memBase =
    memRequest != null && memRequest > 0
      ? raw(memRequest, traits.memFit, pv.memoryAllocationIncrement, pv.memoryAllocationMin) / memNeed
      : traits.nominalMem;
  return {
    cpuBase,
    memBase,
    cpuPeak: cpuBase * cpuPercentileFactor(traits, ctx, 100),
    memPeak: memBase * memPercentileFactor(traits, ctx, 100),
  };
}

/** The calibration context of a container row (its policy, environment and Job schedule). */
export function demandContext(seed: number, c: Omit<ContainerFields, "id" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit" | "first_seen">, traits: ContainerTraits): DemandContext {
  const kind = c.pod_owner_kind;
  const env = c.cluster.split("-")[0];
  return {
    policy: policyForContainer(c.policy).values,
    weekendDip: effectiveWeekendDip(traits, env),
    job: kind === "Job" || kind === "CronJob" ? jobSchedule(seed, ownerKey(c.cluster, c.namespace, kind, c.pod_owner_name), kind) : null,
    nonProd: env !== "prod",
  };
}

export function containerModel(seed: number, c: ContainerFields, region: string): ContainerModel {
  const traits = containerTraits(seed, c.id, isAddOnNamespace(c.namespace));
  const ctx = demandContext(seed, c, traits);
  const { cpuBase, memBase } = containerDemand(traits, c.cpu_request, c.mem_request, ctx);
  const job = ctx.job;
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
    weekendDip: ctx.weekendDip,
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
  let demand = m.cpuBase * cpuShapeAt(tr.entity, tr.dailyAmp, m.weekendDip, tr.noise, m.peakHour, k);
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

const SLOTS_PER_DAY = DAY / STEP;

/**
 * A container's throttled 5-minute intervals over the slots a samples pass saw, as running counts: `before[j]` is
 * how many of the slots [k0, k0 + j) were throttled (CPU demand above the limit), j from 0 to k1 - k0. The
 * intervals of any window inside [k0, k1) are then a difference of two counts, so a container's events over 7
 * days, the last day and its policy's window cost no pass over the samples of their own.
 */
export interface ThrottleCounts {
  k0: number;
  k1: number;
  before: Int32Array;
}

/**
 * The raw samples of slots [k0, k1) written into t, cpu and mem from index 0 (slots where the container does not
 * run are skipped); returns how many. Exactly containerSampleAt's values (a unit test compares them bit for bit),
 * computed faster for a whole window: the daily cycle's cosine once per slot of the day instead of twice per
 * sample, the drift's random knots once per knot, the slot's half of the three per-sample hashes once (unit2Of),
 * the slot of the day and the weekend flag carried from slot to slot, and no object per sample. The samples of a
 * what-if or an analysis are mostly this function's time.
 *
 * `throttles`, when given (its `before` at least k1 - k0 + 1 long), receives the throttled intervals of the same
 * slots as containerEventsOf counts them (cpuDemandAt above the limit), from the demand computed here anyway.
 */
export function containerSamplesInto(
  m: ContainerModel,
  k0: number,
  k1: number,
  t: Float64Array,
  cpu: Float64Array,
  mem: Float64Array,
  throttles?: ThrottleCounts,
): number {
  const tr = m.traits;
  const entity = tr.entity;
  const job = m.job;
  // The daily cycle by slot of the day: mod(k × STEP, DAY) = (k mod 288) × STEP, the same hour, the same cosine.
  const daily = new Float64Array(SLOTS_PER_DAY);
  for (let s = 0; s < SLOTS_PER_DAY; s++) daily[s] = rhythm(s * STEP, m.peakHour).daily;
  const dip = m.weekendDip;
  const cpuDriftKey = entity ^ SALT_DRIFT;
  const memKey = entity ^ SALT_MEM;
  // The entity halves of unit2(entity, k), unit2(entity ^ SALT_SPIKE, k), unit2(memKey, k) and the spike's size.
  const aNoise = mixA(entity);
  const aSpike = mixA(entity ^ SALT_SPIKE);
  const aSpikeSize = mixA(entity ^ SALT_SPIKE_SIZE);
  const aMem = mixA(memKey);
  const { cpuBase, memBase, cpuLimit, memLimit, saw, memLo, memHi, firstSeenMs } = m;
  const { dailyAmp, noise, spikeP, memDailyAmp, leakGrowth, cycleMs, cycleOffsetMs } = tr;
  const before = throttles ? throttles.before : null;
  const limit = cpuLimit ?? Infinity; // no limit: never throttled
  let throttled = 0;
  let cpuKnot = NaN;
  let cpuA = 0;
  let cpuB = 0;
  let memKnot = NaN;
  let memA = 0;
  let memB = 0;
  let n = 0;
  // The slot of the day (k mod 288) and the day (floor(k × STEP / DAY)) of k, carried forward; dow as in rhythm.
  let slot = mod(k0, SLOTS_PER_DAY);
  let day = Math.floor((k0 * STEP) / DAY);
  let dow = mod(day + 4, 7);
  let weekend = dow === 0 || dow === 6;
  // mod(tk + cycleOffsetMs, cycleMs) carried forward too (whole milliseconds, so exact): a floating-point % is a
  // library call, the slowest step of a sample.
  const cyclic = saw !== "none" && cycleMs > 0;
  let cycle = cyclic ? mod(k0 * STEP + cycleOffsetMs, cycleMs) - STEP : 0;
  for (let k = k0; k < k1; k++) {
    if (slot === SLOTS_PER_DAY) {
      slot = 0;
      day++;
      dow = mod(day + 4, 7);
      weekend = dow === 0 || dow === 6;
    }
    const s = slot++;
    if (cyclic) {
      cycle += STEP;
      while (cycle >= cycleMs) cycle -= cycleMs;
    }
    if (before) before[k - k0] = throttled;
    const tk = k * STEP;
    if (tk < firstSeenMs) continue;
    const hk = mixB(k);
    const u = unit2Of(aNoise, hk);
    let demand: number;
    if (job) {
      if (!isRunning(job, tk)) continue;
      demand = cpuBase * (0.8 + 0.4 * u);
    } else {
      // drift(cpuDriftKey, tk / HOUR), its knots kept while they are the same
      const x = tk / HOUR;
      const xk = Math.floor(x);
      if (xk !== cpuKnot) {
        cpuA = xk === cpuKnot + 1 ? cpuB : unit2(cpuDriftKey, xk) - 0.5;
        cpuB = unit2(cpuDriftKey, xk + 1) - 0.5;
        cpuKnot = xk;
      }
      const f = x - xk;
      const drift1 = cpuA + (cpuB - cpuA) * f * f * (3 - 2 * f);
      const shape = (1 + dailyAmp * daily[s]) * (weekend ? 1 - dip : 1) * (1 + 0.3 * drift1) * (1 + noise * (2 * u - 1));
      demand = cpuBase * shape;
      if (unit2Of(aSpike, hk) < spikeP) demand *= 1.8 + 2 * unit2Of(aSpikeSize, hk);
    }
    if (demand > limit) throttled++;
    if (demand < 0) continue;
    const c = cpuLimit != null ? Math.min(demand, cpuLimit) : demand;
    // memAt(m, k)
    const um = unit2Of(aMem, hk);
    let w: number;
    if (job) {
      const runPhase = mod(tk + job.offsetMs, job.periodMs) / job.durationMs;
      w = memBase * (0.5 + 0.6 * runPhase) * (0.99 + 0.02 * um);
    } else if (saw === "oom") {
      const phase = cycle / cycleMs;
      w = Math.min(memHi * 0.999, (memLo + (memHi - memLo) * phase) * (0.995 + 0.01 * um));
    } else {
      const x = tk / (6 * HOUR);
      const xk = Math.floor(x);
      if (xk !== memKnot) {
        memA = xk === memKnot + 1 ? memB : unit2(memKey, xk) - 0.5;
        memB = unit2(memKey, xk + 1) - 0.5;
        memKnot = xk;
      }
      const f = x - xk;
      const drift6 = memA + (memB - memA) * f * f * (3 - 2 * f);
      w = memBase * (1 + memDailyAmp * daily[s]) * (1 + 0.06 * drift6) * (0.995 + 0.01 * um);
      if (saw === "leak") w *= 1 + leakGrowth * (cycle / cycleMs);
      if (memLimit != null) w = Math.min(w, memLimit);
    }
    t[n] = tk;
    cpu[n] = round1(Math.max(0, c));
    mem[n] = round1(Math.max(0, w));
    n++;
  }
  if (throttles && before) {
    before[k1 - k0] = throttled;
    throttles.k0 = k0;
    throttles.k1 = k1;
  }
  return n;
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

/**
 * Restarts, OOM kills and throttled intervals of [fromMs, toMs). `throttles`: the counts of a samples pass over
 * slots that cover the window (containerSamplesInto); without them, or when they do not cover it, the intervals
 * are counted here, one demand per slot.
 */
export function containerEventsOf(m: ContainerModel, fromMs: number, toMs: number, throttles?: ThrottleCounts | null): ContainerEvents {
  checkWindow(fromMs, toMs, STEP);
  const tr = m.traits;
  const start = Math.max(fromMs, m.firstSeenMs);
  if (toMs <= start) return { restarts: 0, oomKills: 0, throttleEvents: 0 };
  const resets = m.saw === "none" ? 0 : boundaries(tr.cycleMs, tr.cycleOffsetMs, start, toMs);
  const oomKills = m.saw === "oom" ? resets : 0;
  let crashes = 0;
  if (!m.job) {
    // A crash on day D counts when that day's noon falls in the window [start, toMs), its start included.
    for (let d = Math.ceil((start - HOUR * 12) / DAY); d * DAY + 12 * HOUR < toMs; d++) {
      if (unit2(tr.entity ^ SALT_CRASH, d) < tr.crashP) crashes++;
    }
  }
  let throttleEvents = 0;
  if (m.cpuLimit != null) {
    const ka = Math.ceil(start / STEP);
    const kb = Math.ceil(toMs / STEP); // the slots k with k × STEP < toMs
    if (throttles && ka >= throttles.k0 && kb <= throttles.k1) {
      throttleEvents = throttles.before[kb - throttles.k0] - throttles.before[ka - throttles.k0];
    } else {
      for (let k = ka; k * STEP < toMs; k++) {
        if (cpuDemandAt(m, k) > m.cpuLimit) throttleEvents++;
      }
    }
  }
  return { restarts: resets + crashes, oomKills, throttleEvents };
}

/** A node's utilisation pattern. */
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
  if (stepMs !== STEP) return series((k) => utilisationSampleAt(m, k), fromMs, toMs, stepMs);
  checkWindow(fromMs, toMs, stepMs);
  return utilisationSamplesOf(m, Math.ceil(fromMs / STEP), Math.max(Math.ceil(fromMs / STEP), Math.ceil(toMs / STEP)));
}

/** The raw samples of slots [k0, k1) as objects (utilisationSamplesInto's values). */
export function utilisationSamplesOf(m: UtilisationModel, k0: number, k1: number): UtilisationSample[] {
  const n = Math.max(0, k1 - k0);
  const cpu = new Float64Array(n);
  const mem = new Float64Array(n);
  utilisationSamplesInto(m, k0, k1, cpu, mem);
  const out: UtilisationSample[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = { t: (k0 + i) * STEP, cpu: cpu[i], mem: mem[i] };
  return out;
}

/**
 * The raw samples of slots [k0, k1) written into cpu and mem from index 0 (a node has a sample at every slot):
 * exactly utilisationSampleAt's values (a unit test compares them bit for bit), computed as containerSamplesInto
 * computes a container's: the daily cosine once per slot of the day, the drift's knots once per knot, the entity's
 * half of each hash once, and no object per sample. An analysis reads 30 days of every node for the node groups'
 * series (issue 13): ~107,000 nodes and ~930 million samples at 500,000 containers, most of its node phase.
 */
export function utilisationSamplesInto(m: UtilisationModel, k0: number, k1: number, cpuOut: Float64Array, memOut: Float64Array): void {
  if (k1 <= k0) return;
  if (cpuOut.length < k1 - k0 || memOut.length < k1 - k0) throw new RangeError(`buffers of ${cpuOut.length} for ${k1 - k0} samples`);
  const daily = new Float64Array(SLOTS_PER_DAY);
  for (let s = 0; s < SLOTS_PER_DAY; s++) daily[s] = rhythm(s * STEP, m.peakHour).daily;
  const { entity, cpuBase, memBase, dailyAmp, memDailyAmp, weekendDip, noise, spikeP } = m;
  const cpuDriftKey = entity ^ SALT_DRIFT;
  const memKey = entity ^ SALT_MEM;
  const aNoise = mixA(entity);
  const aSpike = mixA(entity ^ SALT_SPIKE);
  const aSpikeSize = mixA(entity ^ SALT_SPIKE_SIZE);
  let cpuKnot = NaN;
  let cpuA = 0;
  let cpuB = 0;
  let memKnot = NaN;
  let memA = 0;
  let memB = 0;
  let slot = mod(k0, SLOTS_PER_DAY);
  let day = Math.floor((k0 * STEP) / DAY);
  let dow = mod(day + 4, 7);
  let weekend = dow === 0 || dow === 6;
  for (let k = k0; k < k1; k++) {
    if (slot === SLOTS_PER_DAY) {
      slot = 0;
      day++;
      dow = mod(day + 4, 7);
      weekend = dow === 0 || dow === 6;
    }
    const d = daily[slot++];
    const t = k * STEP;
    const hk = mixB(k);
    const u = unit2Of(aNoise, hk);
    // drift(cpuDriftKey, t / HOUR) and drift(memKey, t / (6 × HOUR)), their knots kept while they are the same
    const x = t / HOUR;
    const xk = Math.floor(x);
    if (xk !== cpuKnot) {
      cpuA = xk === cpuKnot + 1 ? cpuB : unit2(cpuDriftKey, xk) - 0.5;
      cpuB = unit2(cpuDriftKey, xk + 1) - 0.5;
      cpuKnot = xk;
    }
    const f = x - xk;
    const cpuDrift = cpuA + (cpuB - cpuA) * f * f * (3 - 2 * f);
    let cpu = cpuBase * (1 + dailyAmp * d) * (weekend ? 1 - weekendDip : 1) * (1 + 0.2 * cpuDrift) * (1 + noise * (2 * u - 1));
    if (unit2Of(aSpike, hk) < spikeP) cpu *= 1.5 + unit2Of(aSpikeSize, hk);
    const x6 = t / (6 * HOUR);
    const xk6 = Math.floor(x6);
    if (xk6 !== memKnot) {
      memA = xk6 === memKnot + 1 ? memB : unit2(memKey, xk6) - 0.5;
      memB = unit2(memKey, xk6 + 1) - 0.5;
      memKnot = xk6;
    }
    const f6 = x6 - xk6;
    const memDrift = memA + (memB - memA) * f6 * f6 * (3 - 2 * f6);
    const mem = memBase * (1 + memDailyAmp * d) * (1 + 0.04 * memDrift);
    cpuOut[k - k0] = clampPct(cpu);
    memOut[k - k0] = clampPct(mem);
  }
}
