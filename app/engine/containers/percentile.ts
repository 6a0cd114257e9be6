/**
 * Percentiles by linear interpolation between closest ranks (Hyndman & Fan type 7; numpy's default, Excel's
 * PERCENTILE.INC): for n sorted values x[0..n-1] and p in [0, 100], h = (n - 1) × p / 100 and the percentile is
 * x[floor h] + (h - floor h) × (x[floor h + 1] - x[floor h]). p = 0 gives the minimum, p = 100 the maximum.
 */

/** The p-th percentile of values already sorted ascending; NaN when there are none. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100 (got ${p})`);
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const frac = h - lo;
  const a = sorted[lo];
  return frac === 0 ? a : a + frac * (sorted[lo + 1] - a);
}

/** The p-th percentile of unsorted values (sorts a copy; the input is left as it was). */
export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileSorted(Float64Array.from(values).sort(), p);
}
