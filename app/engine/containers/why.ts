/**
 * Why a recommendation is what it is (issue 15): every step from the samples to each recommended value, in the
 * order the engine takes them. `recommendContainer` fills a WhyTrace only when it is given one (the drawer, the
 * workload screen and the API ask for one container at a time); the analysis of the fleet passes none and pays
 * nothing for it, and both take the same code path, so the chain always ends on the value the snapshot holds.
 */
import type { AnalysisMetric, PolicyValues } from "../policy/parameters";
import { DEFAULT_UNIT_PRICES, type UnitPrices } from "./costs";
import { adjustValue, allocate, clamp, roundUpTo } from "./sizing";
import type { ResourceKey, Resources } from "./types";

export type WhyRule =
  /** The analysis metric of the window (a percentile, Sustained or Peak) the request is sized from. */
  | "statistic"
  /** The peak a limit follows (of the busiest replica when known). */
  | "peak"
  | "headroom"
  /** After OOM kills at the memory limit: at least the limit × the OOM factor. */
  | "oomFloor"
  /** The memory limit: the request × the limit factor, or the peak with headroom, whichever is larger. */
  | "limitFactor"
  /** A limit is never below its request. */
  | "atLeastRequest"
  | "roundUp"
  | "allocationRange"
  /** The change is within the upsize or downsize threshold: the current value is kept. */
  | "heldThreshold"
  /** Not enough hours of data to downsize yet: the current value is kept. */
  | "heldMinHours"
  /** The change is larger than one step may take: it goes as far as the max increase or decrease allows. */
  | "stepCap"
  /** The value the rules arrived at is the recommendation. */
  | "target"
  /** The namespace's LimitRange bounds. */
  | "limitRange";

export interface WhyStep {
  rule: WhyRule;
  /** The value after this step (mCores for CPU, MB for memory). */
  value: number;
  text: string;
  /** The chart the figure comes from, when it comes from the samples. */
  chart?: "cpu" | "memory";
}

export type WhySteps = Record<ResourceKey, WhyStep[]>;

const UNITS: Record<ResourceKey, string> = { cpuRequest: "mCores", cpuLimit: "mCores", memRequest: "MB", memLimit: "MB" };
export const whyUnit = (k: ResourceKey) => UNITS[k];

/** A figure as the chain shows it: at most two decimals, thousands grouped. */
export function whyNumber(v: number): string {
  return TWO_DECIMALS.format(Math.round(v * 100) / 100);
}

// One formatter each, made once: toLocaleString with options builds a new one per call (tens of µs each), which
// the export's Why column, 100,000 rows of about ten figures, cannot afford.
const TWO_DECIMALS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function metricName(metric: AnalysisMetric, percentile: number): string {
  return metric === "Peak" ? "Peak" : metric === "Sustained" ? "Sustained (75th percentile)" : `${ordinal(percentile)} percentile`;
}

function ordinal(n: number): string {
  const r = Math.round(n * 100) / 100;
  if (!Number.isInteger(r)) return `${r}th`;
  const s = r % 100 >= 11 && r % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[r % 10] ?? "th";
  return `${r}${s}`;
}

/** Collects the steps of one container's four values. */
export class WhyTrace {
  readonly steps: WhySteps = { cpuRequest: [], cpuLimit: [], memRequest: [], memLimit: [] };

  add(k: ResourceKey, rule: WhyRule, value: number, text: string, chart?: WhyStep["chart"]): void {
    this.steps[k].push(chart ? { rule, value, text, chart } : { rule, value, text });
  }

  /** Rounding up to the increment, then the allocation range: the steps of `allocate`, each said when it moved. */
  allocation(k: ResourceKey, raw: number, increment: number, min: number, max: number): void {
    const u = UNITS[k];
    const rounded = roundUpTo(Math.max(0, raw), increment);
    if (rounded !== raw) this.add(k, "roundUp", rounded, `rounded up to the ${whyNumber(increment)} ${u} increment: ${whyNumber(rounded)} ${u}`);
    const ranged = clamp(rounded, min, max);
    if (ranged !== rounded) {
      this.add(k, "allocationRange", ranged, `raised or lowered into the policy's allocation range ${whyNumber(min)}–${whyNumber(max)} ${u}: ${whyNumber(ranged)} ${u}`);
    }
  }
}

/** Where the container unit prices come from (they are Settings' unit costs; the seeded values are OpenCost's). */
export function containerPriceSource(prices: UnitPrices): string {
  return prices.cpuCoreHour === DEFAULT_UNIT_PRICES.cpuCoreHour && prices.memoryGbHour === DEFAULT_UNIT_PRICES.memoryGbHour
    ? "Settings unit costs at their defaults: OpenCost's public on-demand prices ($0.031611 per vCPU-hour, $0.004237 per GB-hour)"
    : `Settings unit costs ($${prices.cpuCoreHour} per vCPU-hour, $${prices.memoryGbHour} per GB-hour)`;
}

export interface CostWhyStep {
  rule: "price" | "currentCost" | "recommendedCost" | "total";
  /** $ per month after this step (the price step: $ per core-month and per GB-month are in its text). */
  value: number;
  text: string;
}

const money = (v: number) => `$${CENTS.format(v)}`;

/**
 * The price used and the resulting cost (costs.ts): each request × the running copies × the unit price, rounded
 * to the cent per resource, then summed. `costs` are the figures the analysis stored, so the chain ends on them.
 */
export function costChain(input: {
  existing: { cpuRequest: number | null; memRequest: number | null };
  recommended: { cpuRequest: number; memRequest: number };
  count: number;
  prices: { cpuCoreMonth: number; memoryGbMonth: number };
  source: string;
  pricedAt: string;
  costs: { cpuCurrent: number; cpuRecommended: number; memCurrent: number; memRecommended: number; current: number; recommended: number };
}): CostWhyStep[] {
  const { existing, recommended, count, prices, costs } = input;
  const copies = `${whyNumber(count)} running ${count === 1 ? "copy" : "copies"}`;
  const side = (label: string, req: number | null, unit: string, per: string, div: number, price: number, cost: number) =>
    req === null || !(req > 0)
      ? `${label}: no request set, so ${money(0)} (the recommendation's cost counts as unspecified)`
      : `${label}: ${whyNumber(req)} ${unit} × ${copies} ÷ ${whyNumber(div)} × ${money(price)} per ${per} = ${money(cost)}`;
  return [
    {
      rule: "price",
      value: 0,
      text: `prices used: ${money(prices.cpuCoreMonth)} per CPU core and ${money(prices.memoryGbMonth)} per GB of memory a month (730 hours); source: ${input.source}; as of the analysis of ${input.pricedAt.slice(0, 16).replace("T", " ")} UTC`,
    },
    {
      rule: "currentCost",
      value: costs.current,
      text: `now ${money(costs.current)} a month = ${side("CPU request", existing.cpuRequest, "mCores", "core", 1000, prices.cpuCoreMonth, costs.cpuCurrent)}; + ${side("memory request", existing.memRequest, "MB", "GB", 1024, prices.memoryGbMonth, costs.memCurrent)}`,
    },
    {
      rule: "recommendedCost",
      value: costs.recommended,
      text: `recommended ${money(costs.recommended)} a month = ${side("CPU request", recommended.cpuRequest, "mCores", "core", 1000, prices.cpuCoreMonth, costs.cpuRecommended)}; + ${side("memory request", recommended.memRequest, "MB", "GB", 1024, prices.memoryGbMonth, costs.memRecommended)}`,
    },
    {
      rule: "total",
      value: costs.current - costs.recommended,
      text:
        costs.current >= costs.recommended
          ? `saves ${money(costs.current - costs.recommended)} a month`
          : `costs ${money(costs.recommended - costs.current)} a month more (the containers need more than they request)`,
    },
  ];
}

/** A container's stored figures (the analysis row): what the one-line why of the export is worked out from. */
export interface StoredFigures {
  analysed: boolean;
  reason: string | null;
  existing: Resources;
  recommended: Resources;
  count: number;
  samples: number | null;
  cpu: { p95: number | null; sustained: number | null; peak: number | null };
  mem: { sustained: number | null; peak: number | null };
  currentCost: number | null;
  recommendedCost: number | null;
}

const SHORT_METRIC = (metric: AnalysisMetric, percentile: number) => (metric === "Peak" ? "peak" : metric === "Sustained" ? "sustained" : `p${whyNumber(percentile)}`);

/**
 * A compact one-line why (the Excel export's "Why" column, decision 027): worked out from the figures the analysis
 * stored, with the engine's own rounding, range and step rules (sizing.ts), not by running the engine again. Where
 * the stored figures cannot retell a value (a percentile the analysis does not store, the busiest replica's peak,
 * OOM kills, a LimitRange), the value is given with "see the panel" rather than a chain that might not be true.
 */
export function compactWhy(f: StoredFigures, pv: PolicyValues, prices: { cpuCoreMonth: number; memoryGbMonth: number } | null): string {
  const known = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const sampleCount = known(f.samples);
  if (!f.analysed) return `Not analysed: ${f.reason ?? "no data"}${sampleCount !== null ? ` (${whyNumber(sampleCount)} samples)` : ""}`;
  const cpuPeak = known(f.cpu.peak);
  const memPeak = known(f.mem.peak);
  const cpuStat = known(pv.cpuAnalysisMetric === "Peak" ? f.cpu.peak : pv.cpuAnalysisMetric === "Sustained" ? f.cpu.sustained : pv.cpuPercentile === 95 ? f.cpu.p95 : null);
  const memStat = known(pv.memoryAnalysisMetric === "Peak" ? f.mem.peak : pv.memoryAnalysisMetric === "Sustained" ? f.mem.sustained : null);
  const cpuInc = pv.cpuAllocationIncrement;
  const memInc = pv.memoryAllocationIncrement;
  const cpuTarget = (raw: number) => allocate(raw, cpuInc, pv.cpuAllocationMin, pv.cpuAllocationMax);
  const memTarget = (raw: number) => allocate(raw, memInc, pv.memoryAllocationMin, pv.memoryAllocationMax);

  /** "→ target" and how the step rules took it to the stored value; null when they do not arrive there. */
  const settle = (k: ResourceKey, target: number, inc: number): string | null => {
    const rec = f.recommended[k]!;
    const cur = f.existing[k];
    for (const downsizeAllowed of [true, false]) {
      const a = adjustValue(cur, target, pv, inc, downsizeAllowed);
      if (a.value !== rec) continue;
      if (a.held === "threshold") return `→ ${whyNumber(target)}, kept at ${whyNumber(rec)} (within the ${target > cur! ? pv.upsizeThreshold : pv.downsizeThreshold}% threshold)`;
      if (a.held === "minHours") return `→ ${whyNumber(target)}, kept at ${whyNumber(rec)} (under ${pv.minHoursForDownsize} h of data)`;
      if (a.capped) return `→ ${whyNumber(target)}, ${whyNumber(rec)} this step (max ${target > cur! ? `+${pv.maxPercentIncrease}` : `-${pv.maxPercentDecrease}`}%)`;
      return `→ ${whyNumber(rec)}`;
    }
    return null;
  };
  const panel = (k: ResourceKey) => `${whyNumber(f.recommended[k]!)} (see the panel)`;
  const parts: string[] = [];
  const samples = sampleCount !== null ? ` of ${whyNumber(sampleCount)} samples` : "";

  let cpuReq: string | null = null;
  if (cpuStat !== null) {
    const s = settle("cpuRequest", cpuTarget(cpuStat * (1 + pv.cpuRequestHeadroom / 100)), cpuInc);
    if (s) cpuReq = `${SHORT_METRIC(pv.cpuAnalysisMetric, pv.cpuPercentile)}${samples} ${whyNumber(cpuStat)} +${whyNumber(pv.cpuRequestHeadroom)}% ${s}`;
  }
  parts.push(`CPU req mCores: ${cpuReq ?? panel("cpuRequest")}`);

  let cpuLim: string | null = null;
  if (cpuPeak !== null) {
    const byPeak = cpuPeak * (1 + pv.cpuLimitHeadroom / 100);
    const s = settle("cpuLimit", cpuTarget(Math.max(byPeak, f.recommended.cpuRequest!)), cpuInc);
    if (s) cpuLim = `peak ${whyNumber(cpuPeak)} +${whyNumber(pv.cpuLimitHeadroom)}% ${s}`;
  }
  parts.push(`CPU lim: ${cpuLim ?? panel("cpuLimit")}`);

  let memReq: string | null = null;
  if (memStat !== null) {
    const s = settle("memRequest", memTarget(memStat * (1 + pv.memoryRequestHeadroom / 100)), memInc);
    if (s) memReq = `${SHORT_METRIC(pv.memoryAnalysisMetric, pv.memoryPercentile)} ${whyNumber(memStat)} +${whyNumber(pv.memoryRequestHeadroom)}% ${s}`;
  }
  parts.push(`Mem req MB: ${memReq ?? panel("memRequest")}`);

  let memLim: string | null = null;
  if (memPeak !== null) {
    const byFactor = f.recommended.memRequest! * pv.memoryLimitFactor;
    const byPeak = memPeak * (1 + pv.memoryLimitHeadroom / 100);
    const s = settle("memLimit", memTarget(Math.max(byFactor, byPeak)), memInc);
    if (s) memLim = byFactor >= byPeak ? `req × ${whyNumber(pv.memoryLimitFactor)} ${s}` : `peak ${whyNumber(memPeak)} +${whyNumber(pv.memoryLimitHeadroom)}% ${s}`;
  }
  parts.push(`Mem lim: ${memLim ?? panel("memLimit")}`);

  if (known(f.currentCost) !== null && known(f.recommendedCost) !== null) {
    const at = prices ? ` at ${money(prices.cpuCoreMonth)}/core, ${money(prices.memoryGbMonth)}/GB` : "";
    parts.push(`${money(f.currentCost!)} → ${money(f.recommendedCost!)}/month${at}`);
  }
  return parts.join("; ");
}
