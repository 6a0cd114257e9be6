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
import type { BoxStats } from "./types";

function quantileAt(order: Uint32Array, values: ArrayLike<number>, pos: Float64Array, n: number, q: number): number {
  // pos is ascending from 0 to 1; find the first position >= q.
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pos[mid] < q) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return values[order[0]];
  const p0 = pos[lo - 1];
  const p1 = pos[lo];
  const v0 = values[order[lo - 1]];
  const v1 = values[order[lo]];
  return p1 === p0 ? v1 : v0 + ((q - p0) / (p1 - p0)) * (v1 - v0);
}

/** Weighted statistics of values with one weight each; null when no value has a positive weight. */
export function weightedBoxStats(values: ArrayLike<number>, weights: ArrayLike<number>): BoxStats | null {
  if (values.length !== weights.length) throw new RangeError("values and weights must have the same length");
  let n = 0;
  const order = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) if (weights[i] > 0) order[n++] = i;
  if (n === 0) return null;
  const idx = order.subarray(0, n).sort((a, b) => values[a] - values[b]);
  let total = 0;
  let sum = 0;
  for (let k = 0; k < n; k++) {
    const w = weights[idx[k]];
    total += w;
    sum += w * values[idx[k]];
  }
  const first = values[idx[0]];
  const last = values[idx[n - 1]];
  const stats = (q1: number, median: number, sustained: number): BoxStats => ({
    min: first, q1, median, sustained, peak: last, avg: sum / total, count: n,
  });
  if (n === 1) return stats(first, first, first);
  const w1 = weights[idx[0]];
  const wn = weights[idx[n - 1]];
  const span = total - w1 / 2 - wn / 2;
  const pos = new Float64Array(n);
  let before = 0;
  for (let k = 0; k < n; k++) {
    const w = weights[idx[k]];
    pos[k] = (before + w / 2 - w1 / 2) / span;
    before += w;
  }
  pos[n - 1] = 1;
  return stats(quantileAt(idx, values, pos, n, 0.25), quantileAt(idx, values, pos, n, 0.5), quantileAt(idx, values, pos, n, 0.75));
}
