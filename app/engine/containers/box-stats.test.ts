import { describe, expect, it } from "vitest";
import { boxStats, boxStatsSorted } from "./box-stats";

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
