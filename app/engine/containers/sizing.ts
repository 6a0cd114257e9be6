/**
 * The arithmetic of one recommended value (ANALYSIS.md "Container recommendation"): round up to the allocation
 * increment, clamp to the allocation range, then hold or limit the change against the current value:
 *
 * - Upsize only when the target is more than `upsizeThreshold` % above the current value; downsize only when it
 *   is more than `downsizeThreshold` % below, and only once there are `minHoursForDownsize` hours of data.
 * - One step moves at most `maxPercentIncrease` % up (rounded down to the increment) or `maxPercentDecrease` %
 *   down (rounded up to the increment), and always at least one increment.
 * - An unset (null, or 0) current value is simply set to the target.
 */
import type { PolicyValues } from "../policy/parameters";

const EPS = 1e-9;

/** x rounded up to a multiple of increment (values a hair above a multiple, from floating point, stay on it). */
export function roundUpTo(x: number, increment: number): number {
  return Math.ceil(x / increment - EPS) * increment + 0; // + 0 turns -0 into 0
}

/** x rounded down to a multiple of increment. */
export function roundDownTo(x: number, increment: number): number {
  return Math.floor(x / increment + EPS) * increment;
}

export function clamp(x: number, min: number, max: number): number {
  return x < min ? min : x > max ? max : x;
}

/** Rounded up to the increment, then clamped to [min, max]. */
export function allocate(raw: number, increment: number, min: number, max: number): number {
  return clamp(roundUpTo(Math.max(0, raw), increment), min, max);
}

export type StepRules = Pick<PolicyValues, "upsizeThreshold" | "downsizeThreshold" | "maxPercentIncrease" | "maxPercentDecrease">;

export interface Adjusted {
  value: number;
  /** Why the current value was kept although the target differs. */
  held: "threshold" | "minHours" | null;
  /** The step was cut to the max percent increase or decrease. */
  capped: boolean;
}

/** The recommended value for a target, given the current value and the policy's thresholds and max step. */
export function adjustValue(
  existing: number | null,
  target: number,
  rules: StepRules,
  increment: number,
  downsizeAllowed: boolean,
): Adjusted {
  if (existing === null || !(existing > 0)) return { value: target, held: null, capped: false };
  if (target > existing) {
    if (target * 100 <= existing * (100 + rules.upsizeThreshold) * (1 + EPS)) return { value: existing, held: "threshold", capped: false };
    let cap = roundDownTo((existing * (100 + rules.maxPercentIncrease)) / 100, increment);
    if (cap <= existing) cap = roundDownTo(existing, increment) + increment;
    return cap < target ? { value: cap, held: null, capped: true } : { value: target, held: null, capped: false };
  }
  if (target < existing) {
    if (!downsizeAllowed) return { value: existing, held: "minHours", capped: false };
    if (target * 100 >= existing * (100 - rules.downsizeThreshold) * (1 - EPS)) return { value: existing, held: "threshold", capped: false };
    let floor = roundUpTo((existing * (100 - rules.maxPercentDecrease)) / 100, increment);
    if (floor >= existing) floor = roundUpTo(existing, increment) - increment;
    return floor > target ? { value: floor, held: null, capped: true } : { value: target, held: null, capped: false };
  }
  return { value: existing, held: null, capped: false };
}
