import { describe, expect, it } from "vitest";
import { boxStats } from "./box-stats";
import { weightedBoxStats, weightedBoxStatsRange } from "./weighted";

describe("weightedBoxStats", () => {
  it("with equal weights equals the unweighted statistics", () => {
    const v = [7, 1, 9, 4, 4, 12, 3];
    const w = v.map(() => 0.3);
    const a = weightedBoxStats(v, w)!;
    const b = boxStats(v)!;
    for (const k of ["min", "q1", "median", "sustained", "peak", "avg"] as const) expect(a[k]).toBeCloseTo(b[k], 12);
  });

  it("pulls the quartiles towards heavier values, by hand", () => {
    // values 10 20 30, weights 1 1 2: W = 4, span = 4 - 0.5 - 1 = 2.5;
    // positions 0, (1 + 0.5 - 0.5) / 2.5 = 0.4, 1.
    // median: 20 + (0.5 - 0.4) / 0.6 × 10 = 21.667; Q1: 10 + 0.25 / 0.4 × 10 = 16.25;
    // sustained: 20 + (0.75 - 0.4) / 0.6 × 10 = 25.833; avg (10 + 20 + 60) / 4 = 22.5
    const s = weightedBoxStats([30, 10, 20], [2, 1, 1])!;
    expect(s.min).toBe(10);
    expect(s.peak).toBe(30);
    expect(s.q1).toBeCloseTo(16.25, 10);
    expect(s.median).toBeCloseTo(21.6667, 4);
    expect(s.sustained).toBeCloseTo(25.8333, 4);
    expect(s.avg).toBeCloseTo(22.5, 10);
  });

  it("ignores values without weight, and is null when none has weight", () => {
    expect(weightedBoxStats([5, 1000], [1, 0])).toEqual({ min: 5, q1: 5, median: 5, sustained: 5, peak: 5, avg: 5, count: 1 });
    expect(weightedBoxStats([1, 2], [0, 0])).toBeNull();
    expect(() => weightedBoxStats([1, 2], [1])).toThrow(RangeError);
  });
});

describe("weightedBoxStatsRange", () => {
  it("reads only the given slice of values and weights", () => {
    // slice [1, 4) = values 10 20 30 with weights 1 1 2: the hand example above
    const s = weightedBoxStatsRange([999, 30, 10, 20, -5], [9, 2, 1, 1, 9], 1, 4)!;
    expect([s.min, s.peak, s.count]).toEqual([10, 30, 3]);
    expect(s.median).toBeCloseTo(21.6667, 4);
    expect(weightedBoxStatsRange([1, 2], [1, 1], 1, 1)).toBeNull();
  });
});
