/**
 * Why a recommendation is what it is (issue 15): every step from the samples to each recommended value, in the
 * order the engine takes them. `recommendContainer` fills a WhyTrace only when it is given one (the drawer, the
 * workload screen and the API ask for one container at a time); the analysis of the fleet passes none and pays
 * nothing for it, and both take the same code path, so the chain always ends on the value the snapshot holds.
 */
import type { AnalysisMetric } from "../policy/parameters";
import { clamp, roundUpTo } from "./sizing";
import type { ResourceKey } from "./types";

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
  return (Math.round(v * 100) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });
}

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
