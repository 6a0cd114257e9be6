import { describe, expect, it } from "vitest";
import { efficiencyRating, fromCents, monthlyCents, savingsPercent, toCents, wastePercent } from "./costs";

describe("cloud costs", () => {
  it("a month is hourly × 730 × uptime × instances, in whole cents", () => {
    expect(monthlyCents(0.1, 1)).toBe(7300);
    expect(monthlyCents(0.096, 0.5)).toBe(3504);
    expect(monthlyCents(0.1, 1, 2.5)).toBe(18250);
    expect(monthlyCents(0.0832, 0.4876)).toBe(2961); // 60.736 × 0.4876 = 29.6149 → $29.61
    expect(toCents(29.61)).toBe(2961);
    expect(fromCents(-0)).toBe(0);
  });

  it("efficiency rating = optimal / current, 2 decimals, 0 without a current cost (section 5)", () => {
    expect(efficiencyRating(58.4, 292)).toBe(0.2);
    expect(efficiencyRating(124.1, 73)).toBe(1.7);
    expect(efficiencyRating(2, 3)).toBe(0.67);
    expect(efficiencyRating(10, 0)).toBe(0);
  });

  it("waste % = |current − optimal| / current × 100, 0 without a current cost; savings % keeps the sign", () => {
    expect(wastePercent(292, 58.4)).toBeCloseTo(80, 9);
    expect(wastePercent(73, 124.1)).toBeCloseTo(70, 9);
    expect(wastePercent(0, 5)).toBe(0);
    expect(savingsPercent(73, 124.1)).toBeCloseTo(-70, 9);
    expect(savingsPercent(0, 5)).toBe(0);
  });
});
