/**
 * In-place selection and pair sorting for the hot loops (150,000 containers × 2,016 samples): no callbacks, no
 * allocation. `percentilesInPlace` gives exactly what sorting and percentileSorted give (linear interpolation
 * between closest ranks), at about half the cost of a sort, by selecting only the ranks it needs.
 */

/** Median of three, as the pivot value. */
function pivotOf(a: Float64Array, lo: number, hi: number): number {
  const x = a[lo];
  const y = a[(lo + hi) >>> 1];
  const z = a[hi];
  return x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
}

/**
 * Reorders a[lo..hi] so that a[k] holds the value it would hold if a[lo..hi] were sorted, everything before it is
 * no greater and everything after it no smaller (quickselect, Hoare partition, median-of-three pivot; falls back
 * to sorting the range after 64 rounds, so it is never quadratic).
 */
export function selectRank(a: Float64Array, lo: number, hi: number, k: number): void {
  for (let round = 0; hi > lo; round++) {
    if (round === 64) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const p = pivotOf(a, lo, hi);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return; // a[j+1..i-1] all equal the pivot
  }
}

/**
 * The percentiles ps (0–100) of a, reordering a in place (its values are kept). Each is computed as
 * percentileSorted would on the sorted array; NaN for an empty array.
 */
export function percentilesInPlace(a: Float64Array, ps: readonly number[]): number[] {
  const n = a.length;
  if (n === 0) return ps.map(() => NaN);
  const ranks: number[] = [];
  for (const p of ps) {
    if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be between 0 and 100 (got ${p})`);
    const h = ((n - 1) * p) / 100;
    const lo = Math.floor(h);
    ranks.push(lo);
    if (h > lo) ranks.push(lo + 1);
  }
  ranks.sort((x, y) => y - x);
  let hi = n - 1;
  for (let r = 0; r < ranks.length; r++) {
    const k = ranks[r];
    if (k > hi) continue; // already in place (a duplicate rank)
    selectRank(a, 0, hi, k);
    hi = k - 1;
  }
  return ps.map((p) => {
    const h = ((n - 1) * p) / 100;
    const lo = Math.floor(h);
    const frac = h - lo;
    return frac === 0 ? a[lo] : a[lo] + frac * (a[lo + 1] - a[lo]);
  });
}

function insertionPairs(v: Float64Array, w: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const x = v[i];
    const y = w[i];
    let j = i - 1;
    while (j >= lo && v[j] > x) {
      v[j + 1] = v[j];
      w[j + 1] = w[j];
      j--;
    }
    v[j + 1] = x;
    w[j + 1] = y;
  }
}

/** Sorts v[lo..hi] ascending, moving w with it (quicksort with an insertion-sort finish). */
export function sortPairs(v: Float64Array, w: Float64Array, lo = 0, hi = v.length - 1, depth = 0): void {
  while (hi - lo > 16) {
    if (depth > 64) {
      insertionPairs(v, w, lo, hi); // never reached with real samples; keeps the worst case finite
      return;
    }
    const p = pivotOf(v, lo, hi);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i] < p) i++;
      while (v[j] > p) j--;
      if (i <= j) {
        const t = v[i];
        v[i] = v[j];
        v[j] = t;
        const u = w[i];
        w[i] = w[j];
        w[j] = u;
        i++;
        j--;
      }
    }
    depth++;
    if (j - lo < hi - i) {
      sortPairs(v, w, lo, j, depth);
      lo = i;
    } else {
      sortPairs(v, w, i, hi, depth);
      hi = j;
    }
  }
  insertionPairs(v, w, lo, hi);
}
