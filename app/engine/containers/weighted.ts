/**
 * Weighted box-plot statistics, for the learned 24-hour pattern where recent days count more.
 *
 * Weighted quantile method (a weighted form of the linear interpolation between closest ranks used everywhere
 * else): sort the values; give the k-th value the plotting position
 *   P_k = (C_k + w_k / 2 - w_1 / 2) / (W - w_1 / 2 - w_n / 2),
 * where C_k is the total weight of the values before it and W the total weight (each value sits at the middle of
 * its share of the weight, stretched so the smallest value is at 0 and the largest at 1); the q-quantile is
 * interpolated linearly between the two positions around q. With equal weights P_k = (k - 1) / (n - 1), exactly
 * the unweighted method. Min and Peak are the smallest and largest value (weights cannot move an extreme); Avg is
 * the weighted mean. Values with weight 0 or less are ignored.
 */
import { sortPairs } from "./select";
import type { BoxStats } from "./types";

// Scratch buffers reused across calls (single-threaded and nothing escapes a call): no allocation per bucket.
let scratchV = new Float64Array(1024);
let scratchW = new Float64Array(1024);

/** Weighted statistics of values with one weight each; null when no value has a positive weight. */
export function weightedBoxStats(values: ArrayLike<number>, weights: ArrayLike<number>): BoxStats | null {
  if (values.length !== weights.length) throw new RangeError("values and weights must have the same length");
  return weightedBoxStatsRange(values, weights, 0, values.length);
}

/** weightedBoxStats of values[from..to) with weights[from..to) (no subarray views in hot loops). */
export function weightedBoxStatsRange(values: ArrayLike<number>, weights: ArrayLike<number>, from: number, to: number): BoxStats | null {
  if (scratchV.length < to - from) {
    scratchV = new Float64Array((to - from) * 2);
    scratchW = new Float64Array((to - from) * 2);
  }
  const v = scratchV;
  const w = scratchW;
  let n = 0;
  let total = 0;
  let sum = 0;
  for (let i = from; i < to; i++) {
    const wi = weights[i];
    if (!(wi > 0)) continue;
    v[n] = values[i];
    w[n] = wi;
    total += wi;
    sum += wi * values[i];
    n++;
  }
  if (n === 0) return null;
  sortPairs(v, w, 0, n - 1);
  const first = v[0];
  const last = v[n - 1];
  if (n === 1) return { min: first, q1: first, median: first, sustained: first, peak: first, avg: first, count: 1 };
  const half1 = w[0] / 2;
  const span = total - half1 - w[n - 1] / 2;
  const qs = [0.25, 0.5, 0.75];
  const out = [first, first, first];
  let qi = 0;
  let before = 0;
  let prevPos = 0;
  for (let k = 0; k < n && qi < 3; k++) {
    const pos = k === n - 1 ? 1 : (before + w[k] / 2 - half1) / span;
    while (qi < 3 && pos >= qs[qi]) {
      out[qi] = k === 0 || pos === prevPos ? v[k] : v[k - 1] + ((qs[qi] - prevPos) / (pos - prevPos)) * (v[k] - v[k - 1]);
      qi++;
    }
    before += w[k];
    prevPos = pos;
  }
  return { min: first, q1: out[0], median: out[1], sustained: out[2], peak: last, avg: sum / total, count: n };
}
