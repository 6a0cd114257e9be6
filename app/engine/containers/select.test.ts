import { describe, expect, it } from "vitest";
import { percentileSorted } from "./percentile";
import { percentilesInPlace, sortPairs } from "./select";

let seed = 7;
const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);

describe("percentilesInPlace", () => {
  it("gives the same percentiles as sorting, by hand", () => {
    // sorted 10 20 30 40: p25 17.5, p50 25, p95 38.5, p100 40
    expect(percentilesInPlace(new Float64Array([40, 10, 30, 20]), [25, 50, 95, 100])).toEqual([17.5, 25, 38.5, 40]);
    expect(percentilesInPlace(new Float64Array(0), [50])[0]).toBeNaN();
  });

  it("agrees with sort-then-interpolate on 500 random arrays, duplicates and all", () => {
    const ps = [0, 25, 50, 75, 90, 95, 99, 99.9, 100];
    for (let r = 0; r < 500; r++) {
      const n = 1 + Math.floor(rnd() * 3000);
      const levels = r % 3 === 0 ? 5 : 100000; // every third array is mostly duplicates
      const a = Float64Array.from({ length: n }, () => Math.floor(rnd() * levels) / 10);
      const sorted = a.slice().sort();
      const got = percentilesInPlace(a, ps);
      ps.forEach((p, i) => expect(got[i]).toBe(percentileSorted(sorted, p)));
      expect(a.slice().sort()).toEqual(sorted); // same values, reordered
    }
  });

  it("agrees with sort-then-interpolate on every small array size, where ranks coincide and sit at both ends", () => {
    const ps = [0, 1, 25, 49, 50, 51, 75, 95, 99, 100];
    for (let n = 1; n <= 40; n++) {
      for (let r = 0; r < 20; r++) {
        const a = Float64Array.from({ length: n }, () => Math.floor(rnd() * (r % 2 ? 4 : 1000)));
        const sorted = a.slice().sort();
        const got = percentilesInPlace(a, ps);
        ps.forEach((p, i) => expect(got[i], `n ${n} p ${p}`).toBe(percentileSorted(sorted, p)));
        expect(a.slice().sort()).toEqual(sorted);
      }
    }
  });

  it("agrees with sort-then-interpolate where values crowd one bucket: far outliers, a long tail, negatives, infinities", () => {
    const ps = [0, 25, 50, 75, 95, 99, 100];
    const shapes: (() => number)[] = [
      () => (rnd() < 0.001 ? 1e12 : rnd()), // one value in a thousand a trillion times the rest
      () => Math.exp(rnd() * 60), // 26 orders of magnitude: every level of buckets crowded at the bottom
      () => (rnd() - 0.5) * 1000, // negatives
      () => (rnd() < 0.01 ? Infinity : rnd() * 10), // a range that cannot be bucketed
      () => (rnd() < 0.5 ? 1 : 1 + Number.EPSILON), // two neighbouring doubles
    ];
    for (const shape of shapes) {
      for (let r = 0; r < 40; r++) {
        const a = Float64Array.from({ length: 50 + Math.floor(rnd() * 3000) }, shape);
        const before = a.slice();
        const sorted = a.slice().sort();
        const got = percentilesInPlace(a, ps);
        ps.forEach((p, i) => expect(got[i]).toBe(percentileSorted(sorted, p)));
        expect(a).toEqual(before); // read, not reordered
      }
    }
  });

  it("handles sorted, reversed and constant input", () => {
    const up = Float64Array.from({ length: 2016 }, (_, i) => i);
    expect(percentilesInPlace(up.slice(), [95])).toEqual([percentileSorted(up, 95)]);
    expect(percentilesInPlace(up.slice().reverse(), [25])).toEqual([percentileSorted(up, 25)]);
    expect(percentilesInPlace(new Float64Array(2016).fill(3), [50, 95])).toEqual([3, 3]);
  });
});

describe("sortPairs", () => {
  it("sorts values and carries their weights along", () => {
    const v = Float64Array.from({ length: 300 }, () => Math.floor(rnd() * 50));
    const w = v.map((x) => x * 2 + 1);
    sortPairs(v, w);
    for (let i = 1; i < v.length; i++) expect(v[i - 1] <= v[i]).toBe(true);
    for (let i = 0; i < v.length; i++) expect(w[i]).toBe(v[i] * 2 + 1);
  });
});
