/**
 * Box-plot statistics of a bucket of samples (ANALYSIS.md "Samples and windows"): Min, Q1 (p25), Median (p50),
 * Sustained (p75), Peak (the highest value: samples are 5-minute averages), Avg (arithmetic mean). Percentiles by
 * linear interpolation between closest ranks (percentile.ts). One sort per call.
 */
import { percentileSorted } from "./percentile";
import type { BoxStats } from "./types";

/** Statistics of values already sorted ascending; null when there are none. */
export function boxStatsSorted(sorted: ArrayLike<number>): BoxStats | null {
  const n = sorted.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  return {
    min: sorted[0],
    q1: percentileSorted(sorted, 25),
    median: percentileSorted(sorted, 50),
    sustained: percentileSorted(sorted, 75),
    peak: sorted[n - 1],
    avg: sum / n,
    count: n,
  };
}

/** Statistics of unsorted values (a sorted copy is made; the input is left as it was); null when empty. */
export function boxStats(values: ArrayLike<number>): BoxStats | null {
  return boxStatsSorted(Float64Array.from(values).sort());
}
