/**
 * Box-plot statistics of a bucket of samples (ANALYSIS.md "Samples and windows"): Min, Q1 (p25), Median (p50),
 * Sustained (p75), Peak (the highest value: samples are 5-minute averages), Avg (arithmetic mean). Percentiles by
 * linear interpolation between closest ranks (percentile.ts), found from bucket counts (select.ts) rather than a full
 * sort: the same numbers at about half the cost.
 */
import { percentileSorted } from "./percentile";
import { percentilesInPlace } from "./select";
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

/**
 * Statistics of values, reordering the array in place (no copy), plus any extra percentiles asked for (e.g. the
 * policy's 95th); null when empty.
 */
export function boxStatsInPlace(values: Float64Array, extra: readonly number[] = []): { stats: BoxStats; extra: number[] } | null {
  const n = values.length;
  if (n === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (x < min) min = x;
    if (x > max) max = x;
    sum += x;
  }
  const [q1, median, sustained, ...rest] = percentilesInPlace(values, [25, 50, 75, ...extra], min, max);
  return { stats: { min, q1, median, sustained, peak: max, avg: sum / n, count: n }, extra: rest };
}

/** Statistics of values (the input is left as it was); null when empty. */
export function boxStats(values: ArrayLike<number>): BoxStats | null {
  return boxStatsInPlace(Float64Array.from(values))?.stats ?? null;
}

/** The six statistics charts and the API show for a bucket; every one null where the bucket had no samples. */
export type BucketStats = { [K in "min" | "q1" | "median" | "sustained" | "peak" | "avg"]: number | null };

export function bucketStats(s: BoxStats | null): BucketStats {
  return s
    ? { min: s.min, q1: s.q1, median: s.median, sustained: s.sustained, peak: s.peak, avg: s.avg }
    : { min: null, q1: null, median: null, sustained: null, peak: null, avg: null };
}
