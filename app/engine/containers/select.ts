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

/** Swaps the largest of a[lo..hi] into a[hi]. */
function maxToEnd(a: Float64Array, lo: number, hi: number): void {
  let m = hi;
  let max = a[hi];
  for (let i = lo; i < hi; i++) {
    if (a[i] > max) {
      max = a[i];
      m = i;
    }
  }
  a[m] = a[hi];
  a[hi] = max;
}

/** Swaps the smallest of a[lo..hi] into a[lo]. */
function minToStart(a: Float64Array, lo: number, hi: number): void {
  let m = lo;
  let min = a[lo];
  for (let i = lo + 1; i <= hi; i++) {
    if (a[i] < min) {
      min = a[i];
      m = i;
    }
  }
  a[m] = a[lo];
  a[lo] = min;
}

/**
 * Puts each rank of ranks[rlo..rhi] (ascending, distinct, all in [lo, hi]) in place, given that a[lo..hi] holds
 * exactly the values of those ranks of the whole array. The middle rank first, then the ranks below it within
 * the values below it and the ranks above within those above: each selection partitions only its own part,
 * not all that is left. A rank at either end of its part is the part's smallest or largest value: one scan (the
 * two ranks of an interpolated percentile sit side by side, so half the ranks are found this way).
 */
function selectRanks(a: Float64Array, lo: number, hi: number, ranks: readonly number[], rlo: number, rhi: number): void {
  if (rlo > rhi) return;
  const mid = (rlo + rhi) >>> 1;
  const k = ranks[mid];
  if (k === hi) maxToEnd(a, lo, hi);
  else if (k === lo) minToStart(a, lo, hi);
  else selectRank(a, lo, hi, k);
  selectRanks(a, lo, k - 1, ranks, rlo, mid - 1);
  selectRanks(a, k + 1, hi, ranks, mid + 1, rhi);
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
  ranks.sort((x, y) => x - y);
  let distinct = 0;
  for (let r = 0; r < ranks.length; r++) if (r === 0 || ranks[r] !== ranks[distinct - 1]) ranks[distinct++] = ranks[r];
  selectRanks(a, 0, n - 1, ranks, 0, distinct - 1);
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
