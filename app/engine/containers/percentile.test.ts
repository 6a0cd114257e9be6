import { describe, expect, it } from "vitest";
import { percentile, percentileSorted } from "./percentile";

describe("percentile (linear interpolation between closest ranks)", () => {
  it("interpolates between the two closest ranks", () => {
    // n = 4, p = 95: h = 3 × 0.95 = 2.85 → 30 + 0.85 × (40 - 30) = 38.5
    expect(percentileSorted([10, 20, 30, 40], 95)).toBeCloseTo(38.5, 10);
    // p = 25: h = 0.75 → 10 + 0.75 × 10 = 17.5
    expect(percentileSorted([10, 20, 30, 40], 25)).toBeCloseTo(17.5, 10);
  });

  it("lands exactly on a sample when the rank is whole", () => {
    // n = 5, p = 50: h = 2 → the third value
    expect(percentileSorted([1, 2, 7, 9, 100], 50)).toBe(7);
  });

  it("gives the minimum at 0 and the maximum at 100", () => {
    expect(percentileSorted([3, 5, 8], 0)).toBe(3);
    expect(percentileSorted([3, 5, 8], 100)).toBe(8);
  });

  it("of one sample is that sample; of none is NaN", () => {
    expect(percentileSorted([42], 95)).toBe(42);
    expect(percentileSorted([], 95)).toBeNaN();
  });

  it("sorts unsorted input without touching it", () => {
    const values = [40, 10, 30, 20];
    expect(percentile(values, 95)).toBeCloseTo(38.5, 10);
    expect(values).toEqual([40, 10, 30, 20]);
    expect(percentile(new Float64Array([5, 1, 3]), 50)).toBe(3);
  });

  it("refuses a percentile outside 0 to 100", () => {
    expect(() => percentileSorted([1, 2], 101)).toThrow(RangeError);
    expect(() => percentileSorted([1, 2], -1)).toThrow(RangeError);
  });
});
