import { describe, expect, it } from "vitest";
import { adjustValue, allocate, clamp, roundDownTo, roundUpTo, type StepRules } from "./sizing";

const RULES: StepRules = { upsizeThreshold: 10, downsizeThreshold: 20, maxPercentIncrease: 300, maxPercentDecrease: 50 };

describe("increments and clamps", () => {
  it("round up to the increment: 38.5 mCores → 40, 117.3 MB → 128, an exact multiple stays", () => {
    expect(roundUpTo(38.5, 10)).toBe(40);
    expect(roundUpTo(117.3, 16)).toBe(128);
    expect(roundUpTo(120, 10)).toBe(120);
    expect(roundUpTo(0.1 * 3 * 100, 10)).toBe(30); // 30.000000000000004 stays 30
    expect(roundDownTo(419.9, 10)).toBe(410);
  });

  it("clamp to the allocation range: nothing under 10 mCores or over 64,000", () => {
    expect(clamp(5, 10, 64_000)).toBe(10);
    expect(clamp(70_000, 10, 64_000)).toBe(64_000);
    expect(allocate(0, 10, 10, 64_000)).toBe(10);
    expect(allocate(3, 16, 64, 262_144)).toBe(64);
    expect(allocate(64_003, 10, 10, 64_000)).toBe(64_000);
  });
});

describe("adjustValue: thresholds and max step", () => {
  it("sets an unset value straight to the target", () => {
    expect(adjustValue(null, 250, RULES, 10, false)).toEqual({ value: 250, held: null, capped: false });
    expect(adjustValue(0, 250, RULES, 10, true).value).toBe(250);
  });

  it("keeps the current value when an upsize is 10 % or less, raises it when more", () => {
    expect(adjustValue(100, 110, RULES, 10, true)).toEqual({ value: 100, held: "threshold", capped: false });
    expect(adjustValue(100, 120, RULES, 10, true)).toEqual({ value: 120, held: null, capped: false });
  });

  it("keeps the current value when a downsize is 20 % or less, lowers it when more", () => {
    expect(adjustValue(100, 80, RULES, 10, true)).toEqual({ value: 100, held: "threshold", capped: false });
    expect(adjustValue(100, 70, RULES, 10, true)).toEqual({ value: 70, held: null, capped: false });
  });

  it("never downsizes before the minimum hours of data", () => {
    expect(adjustValue(1000, 100, RULES, 10, false)).toEqual({ value: 1000, held: "minHours", capped: false });
    expect(adjustValue(100, 500, RULES, 10, false).value).toBe(400); // upsizing is not held
  });

  it("caps one step at +300 % and -50 %", () => {
    expect(adjustValue(100, 900, RULES, 10, true)).toEqual({ value: 400, held: null, capped: true });
    expect(adjustValue(1000, 100, RULES, 10, true)).toEqual({ value: 500, held: null, capped: true });
    // caps land on the increment: 105 × 4 = 420; 1005 × 0.5 = 502.5 → 510
    expect(adjustValue(105, 2000, RULES, 10, true).value).toBe(420);
    expect(adjustValue(1005, 100, RULES, 10, true).value).toBe(510);
  });

  it("moves at least one increment when the cap is smaller than one", () => {
    const tiny = { ...RULES, maxPercentIncrease: 1, maxPercentDecrease: 1 };
    expect(adjustValue(100, 500, tiny, 10, true).value).toBe(110);
    expect(adjustValue(100, 10, tiny, 10, true).value).toBe(90);
  });

  it("keeps an equal value", () => {
    expect(adjustValue(128, 128, RULES, 16, true)).toEqual({ value: 128, held: null, capped: false });
  });
});
