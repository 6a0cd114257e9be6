import { describe, expect, it } from "vitest";
import { boxStats, boxStatsInPlace, boxStatsSorted } from "./box-stats";

describe("boxStats", () => {
  it("gives Min, Q1, Median, Sustained (p75), Peak and Avg by hand", () => {
    // sorted 10 20 30 40 100, n = 5: Q1 h = 1 → 20, median h = 2 → 30, sustained h = 3 → 40; avg 200 / 5 = 40
    expect(boxStats([40, 10, 100, 30, 20])).toEqual({ min: 10, q1: 20, median: 30, sustained: 40, peak: 100, avg: 40, count: 5 });
  });

  it("interpolates the quartiles of an even count", () => {
    // 1 2 3 4: Q1 h = 0.75 → 1.75, median h = 1.5 → 2.5, sustained h = 2.25 → 3.25
    const s = boxStats(new Float64Array([4, 3, 2, 1]))!;
    expect([s.q1, s.median, s.sustained, s.avg]).toEqual([1.75, 2.5, 3.25, 2.5]);
  });

  it("of no samples is null (the chart is omitted)", () => {
    expect(boxStats([])).toBeNull();
    expect(boxStatsSorted(new Float64Array(0))).toBeNull();
  });

  it("leaves its input unsorted", () => {
    const v = new Float64Array([3, 1, 2]);
    boxStats(v);
    expect(Array.from(v)).toEqual([3, 1, 2]);
  });
});

describe("boxStatsInPlace", () => {
  it("gives the same statistics plus extra percentiles, reordering but keeping the values", () => {
    const v = new Float64Array([40, 10, 100, 30, 20]);
    const r = boxStatsInPlace(v, [95, 100])!;
    // p95: h = 3.8 → 40 + 0.8 × 60 = 88
    expect(r.stats).toEqual({ min: 10, q1: 20, median: 30, sustained: 40, peak: 100, avg: 40, count: 5 });
    expect(r.extra[0]).toBeCloseTo(88, 10);
    expect(r.extra[1]).toBe(100);
    expect(Array.from(v).sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 100]);
    expect(boxStatsInPlace(new Float64Array(0))).toBeNull();
  });

  it("agrees with boxStatsSorted on a week of noisy samples", () => {
    const v = Float64Array.from({ length: 2016 }, (_, i) => Math.round(Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 1000));
    const sorted = v.slice().sort();
    expect(boxStatsInPlace(v)!.stats).toEqual(boxStatsSorted(sorted));
  });
});
