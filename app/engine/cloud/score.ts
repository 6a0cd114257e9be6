/**
 * Scoring every catalog type of a service's region (spec section 4; ANALYSIS.md "Cloud instances").
 *
 * - Sufficient Resources: vcpus × perfFactor ≥ the CPU work (needs.ts) and memory ≥ the memory need.
 * - Technically Compatible: offered for the OS (Windows needs a Windows price, and x86: no Windows on Arm);
 *   the same architecture group, or another one (x86 ↔ Arm) at High effort for Linux; Mac hosts only for Mac
 *   workloads; migration effort (Low same family, Medium same architecture, High other architecture) at most the
 *   policy's maxEffort; burstable, accelerated, bare-metal, specialised (and, unless allowed, exotic) types only
 *   when the current type is one; at least the current type's GPUs and GPU memory, local disk, and the network
 *   the needs ask for.
 * - Optimal price = the lowest price among sufficient and compatible types; optimal cost = that × 730 × uptime.
 * - Within Spend Tolerance: tolerance < 0 (unlimited), or cost × uptime ≤ tolerance × optimal cost (cost at full
 *   time; compared with a relative margin of 1e-9 so a type exactly at the tolerance is within it).
 * - Blended score: not offered → null (Not available in region); insufficient → 0; sufficient but incompatible
 *   → round(1 + 48 × reference / price) clamped to 1–49 (reference: the optimal price, or the cheapest
 *   sufficient type when nothing is compatible); sufficient and compatible → 100 at the optimal price, else
 *   floor(50 + 50 × optimal / price) clamped to 50–99: twice the optimal price scores 75, five times 60.
 *
 * The hot path (the recommendation) walks the types in price order and stops at the first fit; scoreCandidates
 * fills every score into a typed array; describeCandidate builds the comparison grid's texts for one type.
 */
import type { CloudPolicyValues } from "../policy/cloud";
import {
  ARCH_ARM,
  ARCH_LABELS,
  ARCH_MAC_ARM,
  ARCH_MAC_X86,
  ARCH_OTHER,
  ARCH_X86,
  FLAG_ACCELERATED,
  FLAG_BURSTABLE,
  FLAG_EXOTIC,
  FLAG_METAL,
  FLAG_SPECIALISED,
  archGroupOf,
  flagsOf,
  type RegionCatalog,
} from "./catalog";
import { HOURS_PER_MONTH, SCORE_BEST, SCORE_COMPATIBLE, type Effort, type OverallResult } from "./constants";
import type { CloudNeeds } from "./needs";
import type { CloudCandidate, CloudOs } from "./types";

/** Why a type is technically incompatible, as bits (0 = compatible). */
export const WINDOWS_ON_ARM = 1 << 0;
export const ARCHITECTURE = 1 << 1;
export const EFFORT = 1 << 2;
export const BURSTABLE = 1 << 3;
export const ACCELERATED = 1 << 4;
export const METAL = 1 << 5;
export const SPECIALISED = 1 << 6;
export const EXOTIC = 1 << 7;
export const GPU = 1 << 8;
export const LOCAL_DISK = 1 << 9;
export const NETWORK = 1 << 10;

/** Relative margin for comparisons of derived figures (floating point must not turn "exactly at" into "over"). */
const EPS = 1e-9;

const EFFORT_RANK: Readonly<Record<"Low" | "Medium" | "High", number>> = { Low: 1, Medium: 2, High: 3 };
export const EFFORT_BY_RANK: readonly Effort[] = ["None", "Low", "Medium", "High"];

export interface ScoringContext {
  rc: RegionCatalog;
  current: CloudCandidate;
  /** Index of the current type in rc (−1 when the prices are another region's and it is not there). */
  currentIndex: number;
  os: CloudOs;
  needs: CloudNeeds;
  maxEffort: number;
  allowExotic: boolean;
  spendTolerance: number;
  /** Predicted uptime (0–1) and instances (average group size, 1 for single instances) every cost is taken at. */
  uptime: number;
  instances: number;
  currentArch: number;
  currentFlags: number;
  /** Lowest price ($/h) among sufficient and compatible types, and one such type; NaN / −1 when none. */
  optimalPrice: number;
  optimalIndex: number;
  /** Position of the optimal type in the price order walked (the OS's), −1 when none. */
  optimalOrderPos: number;
  /** The price incompatible scores fall from: the optimal price, else the cheapest sufficient type's. */
  referencePrice: number;
}

export type ScoringPolicy = Pick<CloudPolicyValues, "maxEffort" | "allowExotic" | "spendTolerance">;

/** The hourly price of type i for the OS; NaN when not offered. */
export const priceOf = (ctx: Pick<ScoringContext, "rc" | "os">, i: number) => (ctx.os === "Windows" ? ctx.rc.windows[i] : ctx.rc.linux[i]);

export function isSufficient(ctx: Pick<ScoringContext, "rc" | "needs">, i: number): boolean {
  return ctx.rc.work[i] >= ctx.needs.cpuWork * (1 - EPS) && ctx.rc.memory[i] >= ctx.needs.memoryGiB * (1 - EPS);
}

/** 1 Low (same family), 2 Medium (same architecture group), 3 High (another architecture). */
export function effortRank(ctx: Pick<ScoringContext, "rc" | "current" | "currentArch">, i: number): number {
  const rc = ctx.rc;
  if (rc.families[rc.family[i]] === ctx.current.family) return 1;
  return rc.arch[i] === ctx.currentArch ? 2 : 3;
}

/** The incompatibility bits of type i (0 = technically compatible). */
export function incompatibility(ctx: ScoringContext, i: number): number {
  const rc = ctx.rc;
  let bits = 0;
  const arch = rc.arch[i];
  if (arch !== ctx.currentArch) {
    if (ctx.os === "Windows" && arch !== ARCH_X86) bits |= WINDOWS_ON_ARM;
    // x86 ↔ Arm is a rebuild (High effort); Mac hosts and unknown architectures are not interchangeable.
    const crossable = (arch === ARCH_X86 || arch === ARCH_ARM) && (ctx.currentArch === ARCH_X86 || ctx.currentArch === ARCH_ARM);
    if (!crossable && !(bits & WINDOWS_ON_ARM)) bits |= ARCHITECTURE;
  } else if (ctx.os === "Windows" && arch !== ARCH_X86) {
    bits |= WINDOWS_ON_ARM;
  }
  if (effortRank(ctx, i) > ctx.maxEffort) bits |= EFFORT;
  const extra = rc.flags[i] & ~ctx.currentFlags;
  if (extra) {
    if (extra & FLAG_BURSTABLE) bits |= BURSTABLE;
    if (extra & FLAG_ACCELERATED) bits |= ACCELERATED;
    if (extra & FLAG_METAL) bits |= METAL;
    if (extra & FLAG_SPECIALISED) bits |= SPECIALISED;
    if (extra & FLAG_EXOTIC && !ctx.allowExotic) bits |= EXOTIC;
  }
  const cur = ctx.current;
  if (cur.gpus > 0 && (rc.gpus[i] < cur.gpus || rc.gpuMemory[i] < cur.gpuMemoryGiB)) bits |= GPU;
  if (cur.localStorageGb > 0 && rc.localStorage[i] < cur.localStorageGb) bits |= LOCAL_DISK;
  const net = ctx.needs.networkGbps;
  if (net !== null && !(rc.network[i] >= net * (1 - EPS))) bits |= NETWORK;
  return bits;
}

/**
 * The scoring context of a service: finds the optimal price by walking the types cheapest first (stops at the
 * first sufficient and compatible one) and the reference price for incompatible scores.
 */
export function scoringContext(
  rc: RegionCatalog,
  current: CloudCandidate,
  os: CloudOs,
  needs: CloudNeeds,
  policy: ScoringPolicy,
  uptime: number,
  instances = 1,
): ScoringContext {
  const ctx: ScoringContext = {
    rc,
    current,
    currentIndex: rc.byName.get(current.name) ?? -1,
    os,
    needs,
    maxEffort: EFFORT_RANK[policy.maxEffort],
    allowExotic: policy.allowExotic,
    spendTolerance: policy.spendTolerance,
    uptime,
    instances,
    currentArch: archGroupOf(current.architecture),
    currentFlags: flagsOf(current),
    optimalPrice: NaN,
    optimalIndex: -1,
    optimalOrderPos: -1,
    referencePrice: NaN,
  };
  const order = os === "Windows" ? rc.windowsOrder : rc.linuxOrder;
  let cheapestSufficient = NaN;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    if (!isSufficient(ctx, i)) continue;
    if (Number.isNaN(cheapestSufficient)) cheapestSufficient = priceOf(ctx, i);
    if (incompatibility(ctx, i) === 0) {
      ctx.optimalIndex = i;
      ctx.optimalOrderPos = k;
      ctx.optimalPrice = priceOf(ctx, i);
      break;
    }
  }
  ctx.referencePrice = Number.isNaN(ctx.optimalPrice) ? cheapestSufficient : ctx.optimalPrice;
  return ctx;
}

/** The price order the context walks: by Windows price for Windows, else by Linux price. */
export const priceOrder = (ctx: Pick<ScoringContext, "rc" | "os">) => (ctx.os === "Windows" ? ctx.rc.windowsOrder : ctx.rc.linuxOrder);

/**
 * The best fit: the highest score within the spend tolerance is 100, the optimal price; among the types at that
 * price, the current type, then the least effort, the newest generation, the name. −1 when nothing fits.
 */
export function bestFit(ctx: ScoringContext): number {
  if (ctx.optimalIndex < 0) return -1;
  const order = priceOrder(ctx);
  let best = ctx.optimalIndex;
  if (best === ctx.currentIndex) return best;
  let bestEffort = effortRank(ctx, best);
  const limit = ctx.optimalPrice * (1 + EPS);
  for (let k = ctx.optimalOrderPos + 1; k < order.length; k++) {
    const i = order[k];
    if (priceOf(ctx, i) > limit) break;
    if (!isSufficient(ctx, i) || incompatibility(ctx, i) !== 0) continue;
    if (i === ctx.currentIndex) return i;
    const e = effortRank(ctx, i);
    const gi = ctx.rc.types[i].generation ?? -1;
    const gb = ctx.rc.types[best].generation ?? -1;
    if (e < bestEffort || (e === bestEffort && (gi > gb || (gi === gb && ctx.rc.types[i].name < ctx.rc.types[best].name)))) {
      best = i;
      bestEffort = e;
    }
  }
  return best;
}

/** The blended score of type i (see the file comment); null when it is not offered for the OS in the region. */
export function scoreOf(ctx: ScoringContext, i: number): number | null {
  const price = priceOf(ctx, i);
  if (Number.isNaN(price)) return null;
  if (!isSufficient(ctx, i)) return 0;
  if (incompatibility(ctx, i) !== 0) return incompatibleScore(ctx.referencePrice, price);
  return compatibleScore(ctx.optimalPrice, price);
}

export function compatibleScore(optimalPrice: number, price: number): number {
  if (price <= optimalPrice * (1 + EPS)) return SCORE_BEST;
  if (!(price > 0)) return SCORE_BEST;
  return Math.min(SCORE_BEST - 1, Math.max(SCORE_COMPATIBLE, Math.floor(SCORE_COMPATIBLE + (50 * optimalPrice) / price)));
}

export function incompatibleScore(referencePrice: number, price: number): number {
  if (Number.isNaN(referencePrice) || !(price > 0)) return SCORE_COMPATIBLE - 1;
  return Math.min(SCORE_COMPATIBLE - 1, Math.max(1, Math.round(1 + (48 * referencePrice) / price)));
}

/** Fills out[i] with the score of type i (−1: not available in region); no allocation when out is given. */
export function scoreCandidates(ctx: ScoringContext, out?: Int16Array): Int16Array {
  const n = ctx.rc.types.length;
  const scores = out && out.length >= n ? out : new Int16Array(n);
  for (let i = 0; i < n; i++) scores[i] = scoreOf(ctx, i) ?? -1;
  return scores;
}

/** $ per month of type i at the context's uptime and instances; null when not offered. */
export function monthlyCostOf(ctx: ScoringContext, i: number): number | null {
  const p = priceOf(ctx, i);
  return Number.isNaN(p) ? null : p * HOURS_PER_MONTH * ctx.uptime * ctx.instances;
}

/** The optimal cost ($ per month at the predicted uptime); null when no type is sufficient and compatible. */
export function optimalMonthlyCost(ctx: ScoringContext): number | null {
  return ctx.optimalIndex < 0 ? null : ctx.optimalPrice * HOURS_PER_MONTH * ctx.uptime * ctx.instances;
}

/**
 * The spec's spend tolerance test: within when the tolerance is negative (unlimited) or cost × uptime fraction ≤
 * tolerance × optimal cost (cost = a month at full time, optimal cost = the optimal type's month at the uptime).
 */
export function withinSpendTolerance(cost: number, uptimeFraction: number, optimalCost: number | null, tolerance: number): boolean {
  if (tolerance < 0) return true;
  if (optimalCost === null) return false;
  return cost * uptimeFraction <= tolerance * optimalCost * (1 + EPS);
}

/** Within tolerance, for type i of the context (with another tolerance when given: the comparison's filter). */
export function withinToleranceOf(ctx: ScoringContext, i: number, tolerance = ctx.spendTolerance): boolean {
  const p = priceOf(ctx, i);
  if (Number.isNaN(p)) return false;
  return withinSpendTolerance(p * HOURS_PER_MONTH * ctx.instances, ctx.uptime, optimalMonthlyCost(ctx), tolerance);
}

/** The spec's Overall Result of type i: the first policy it fails, or Meets All Policies. */
export function overallResultOf(ctx: ScoringContext, i: number, tolerance = ctx.spendTolerance): OverallResult {
  if (Number.isNaN(priceOf(ctx, i))) return "Not available in region";
  if (!isSufficient(ctx, i)) return "Insufficient Resources";
  if (incompatibility(ctx, i) !== 0) return "Technically Incompatible";
  return withinToleranceOf(ctx, i, tolerance) ? "Meets All Policies" : "Outside Spend Tolerance";
}

/** Heatmap cell colour band of a score (section 4). `t` places a Meets cell on the light to dark green gradient. */
export type HeatmapBand =
  | { band: "unavailable" }
  | { band: "insufficient" }
  | { band: "incompatible" }
  | { band: "expensive" }
  | { band: "meets"; t: number };

export function heatmapBand(score: number | null, withinTolerance: boolean): HeatmapBand {
  if (score === null || score < 0) return { band: "unavailable" };
  if (score === 0) return { band: "insufficient" };
  if (score < SCORE_COMPATIBLE) return { band: "incompatible" };
  if (!withinTolerance) return { band: "expensive" };
  return { band: "meets", t: (Math.min(score, SCORE_BEST) - SCORE_COMPATIBLE) / (SCORE_BEST - SCORE_COMPATIBLE) };
}

// ——— Texts for one type (the comparison grid); not on the hot path ———

const fmt = (x: number, d = 2) => Number(x.toFixed(d)).toString();
const money = (x: number) => `$${x.toFixed(2)}`;
const archName = (code: number, raw: string) => `${ARCH_LABELS[code]} (${raw})`;

export function sufficientResourceViolations(ctx: ScoringContext, c: CloudCandidate): string[] {
  const out: string[] = [];
  const need = c.perfFactor > 0 ? ctx.needs.cpuWork / c.perfFactor : Infinity;
  if (c.vcpus * c.perfFactor < ctx.needs.cpuWork * (1 - EPS)) {
    out.push(
      `Needs ${fmt(need)} vCPUs at this type's relative performance ${fmt(c.perfFactor)} (${ctx.needs.cpuBinding.toLowerCase()} CPU within its limit); has ${c.vcpus}.`,
    );
  }
  if (c.memoryGiB < ctx.needs.memoryGiB * (1 - EPS)) {
    out.push(
      ctx.needs.memoryFromAgent
        ? `Needs ${fmt(ctx.needs.memoryGiB)} GiB memory (active memory with headroom); has ${fmt(c.memoryGiB)} GiB.`
        : `Needs ${fmt(ctx.needs.memoryGiB)} GiB memory (the current memory: no memory agent, memory is not downsized); has ${fmt(c.memoryGiB)} GiB.`,
    );
  }
  return out;
}

export function technicalCompatibleViolations(ctx: ScoringContext, i: number): string[] {
  const bits = incompatibility(ctx, i);
  const c = ctx.rc.types[i];
  const cur = ctx.current;
  const out: string[] = [];
  const arch = ctx.rc.arch[i];
  if (bits & WINDOWS_ON_ARM) out.push(`Windows does not run on ${archName(arch, c.architecture)}.`);
  if (bits & ARCHITECTURE) {
    out.push(
      arch === ARCH_MAC_X86 || arch === ARCH_MAC_ARM || ctx.currentArch === ARCH_MAC_X86 || ctx.currentArch === ARCH_MAC_ARM || arch === ARCH_OTHER
        ? `Architecture ${c.architecture} cannot replace ${cur.architecture}.`
        : `Architecture ${c.architecture} differs from ${cur.architecture}.`,
    );
  }
  if (bits & EFFORT) {
    out.push(`Migration effort ${EFFORT_BY_RANK[effortRank(ctx, i)]} exceeds the policy's maximum ${EFFORT_BY_RANK[ctx.maxEffort]}.`);
  }
  if (bits & BURSTABLE) out.push(`Burstable type (CPU credits) for a workload on a non-burstable type.`);
  if (bits & ACCELERATED) out.push(`Accelerated (GPU or accelerator) type for a workload without one.`);
  if (bits & METAL) out.push(`Bare-metal type for a workload on a virtual instance.`);
  if (bits & SPECIALISED) out.push(`Specialised host (HPC or Mac) for a workload on a general type.`);
  if (bits & EXOTIC) out.push(`Exotic type (rare hardware or limited capacity) for a workload on a common type.`);
  if (bits & GPU) {
    out.push(
      `Needs ${cur.gpus} GPU${cur.gpus === 1 ? "" : "s"} with ${fmt(cur.gpuMemoryGiB)} GiB GPU memory${cur.gpuModel ? ` (now ${cur.gpuModel})` : ""}; ` +
        `has ${c.gpus}${c.gpus > 0 ? ` with ${fmt(c.gpuMemoryGiB)} GiB` : ""}.`,
    );
  }
  if (bits & LOCAL_DISK) out.push(`Needs ${fmt(cur.localStorageGb)} GB local disk (the current type's instance store); has ${fmt(c.localStorageGb)} GB.`);
  if (bits & NETWORK) {
    out.push(
      c.networkGbps === null
        ? `Network performance not published; needs ${fmt(ctx.needs.networkGbps!)} Gbps.`
        : `Network ${fmt(c.networkGbps)} Gbps is below the ${fmt(ctx.needs.networkGbps!)} Gbps needed.`,
    );
  }
  return out;
}

export function spendToleranceDescriptions(ctx: ScoringContext, i: number, tolerance = ctx.spendTolerance): string[] {
  const price = priceOf(ctx, i);
  if (Number.isNaN(price)) return [`Not offered for ${ctx.os} in ${ctx.rc.region}.`];
  const optimal = optimalMonthlyCost(ctx);
  const cost = price * HOURS_PER_MONTH * ctx.instances * ctx.uptime;
  const uptime = `${fmt(ctx.uptime * 100, 1)} % predicted uptime`;
  if (optimal === null) return [`Costs ${money(cost)} per month at ${uptime}; no type meets the needs, so there is no optimal cost.`];
  const ratio = optimal > 0 ? cost / optimal : 1;
  const limit = tolerance < 0 ? "unlimited tolerance" : `tolerance ${fmt(tolerance)}x`;
  const verdict = withinToleranceOf(ctx, i, tolerance) ? "within" : "outside";
  return [`Costs ${money(cost)} per month at ${uptime}, ${fmt(ratio)}x the optimal ${money(optimal)}: ${verdict} the ${limit}.`];
}

/** The spec's "Instance info by type", for the comparison grid (current, recommended, selected). */
export interface InstanceInfo {
  instanceType: string;
  processorFeatures: string;
  architecture: string;
  numCpus: number;
  totalMemory: number;
  generationName: string;
  instanceSize: string;
  /** Relative per-vCPU performance estimate (1.0 = reference), labelled as an estimate wherever shown. */
  perfFactor: number;
  /** $ per month at the predicted uptime (× average group size); null when not offered. */
  cost: number | null;
  recommendedInstanceCost: number | null;
  /** current cost − this type's cost (positive: cheaper than now). */
  savings: number | null;
  /** null when not offered, or hidden (Terminate). */
  blendedScore: number | null;
  gpuCount: number;
  gpuMemory: number;
  gpuName: string | null;
  overallResult: OverallResult;
  withinSpendTolerance: boolean;
  technicallyCompatible: boolean;
  sufficientResources: boolean;
  technicalCompatibleViolationDescriptions: string[];
  sufficientResourceViolationDescriptions: string[];
  spendToleranceDescriptions: string[];
}

export interface DescribeOptions {
  /** The comparison's spend tolerance (default the policy's). */
  spendTolerance?: number;
  currentCost?: number | null;
  recommendedCost?: number | null;
  /** Terminate: scores are not shown. */
  hideScores?: boolean;
}

/** The comparison grid's row for type `name` of the region; null when the region has no such type. */
export function describeCandidate(ctx: ScoringContext, name: string, options: DescribeOptions = {}): InstanceInfo | null {
  const i = ctx.rc.byName.get(name);
  if (i === undefined) return null;
  const c = ctx.rc.types[i];
  const tolerance = options.spendTolerance ?? ctx.spendTolerance;
  const cost = monthlyCostOf(ctx, i);
  const available = cost !== null;
  const sufficient = isSufficient(ctx, i);
  const compatible = incompatibility(ctx, i) === 0;
  return {
    instanceType: c.name,
    processorFeatures: [c.processorSupplier, c.processor].filter(Boolean).join(" "),
    architecture: c.architecture,
    numCpus: c.vcpus,
    totalMemory: c.memoryGiB,
    generationName: c.family,
    instanceSize: c.size,
    perfFactor: c.perfFactor,
    cost,
    recommendedInstanceCost: options.recommendedCost ?? null,
    savings: cost !== null && options.currentCost != null ? Math.round((options.currentCost - cost) * 100) / 100 : null,
    blendedScore: options.hideScores ? null : scoreOf(ctx, i),
    gpuCount: c.gpus,
    gpuMemory: c.gpuMemoryGiB,
    gpuName: c.gpuModel,
    overallResult: overallResultOf(ctx, i, tolerance),
    withinSpendTolerance: available && withinToleranceOf(ctx, i, tolerance),
    technicallyCompatible: available && compatible,
    sufficientResources: sufficient,
    technicalCompatibleViolationDescriptions: technicalCompatibleViolations(ctx, i),
    sufficientResourceViolationDescriptions: sufficientResourceViolations(ctx, c),
    spendToleranceDescriptions: spendToleranceDescriptions(ctx, i, tolerance),
  };
}

/** The spec's analysisScore transferPriorities entry of one type. */
export interface TransferPriority {
  generation_name: string;
  instance_size: string;
  strict_type: string;
  blended_score: number | null;
  cost: number | null;
  compatibility: OverallResult;
  cpu: number;
  total_memory: number;
}

/** analysisScore.transferPriorities: every type of the region by name (scores null when hidden: Terminate). */
export function transferPriorities(ctx: ScoringContext, hideScores = false): Record<string, TransferPriority> {
  const out: Record<string, TransferPriority> = {};
  const rc = ctx.rc;
  for (let i = 0; i < rc.types.length; i++) {
    const c = rc.types[i];
    const cost = monthlyCostOf(ctx, i);
    out[c.name] = {
      generation_name: c.family,
      instance_size: c.size,
      strict_type: c.name,
      blended_score: hideScores ? null : scoreOf(ctx, i),
      cost: cost === null ? null : Math.round(cost * 100) / 100,
      compatibility: overallResultOf(ctx, i),
      cpu: c.vcpus,
      total_memory: c.memoryGiB,
    };
  }
  return out;
}
