import { describe, expect, it } from "vitest";
import { DAY_MS } from "../containers/types";
import { daysUntilData, relearningState, relearningText } from "./relearning";

const NOW = Date.UTC(2025, 0, 15);
const change = (daysAgo: number) => ({ atMs: NOW - daysAgo * DAY_MS, fromType: "m5.xlarge", toType: "m5.large" });

describe("relearning", () => {
  it("the spec's text: after next refresh (≤ 0), in 1 day, in N days", () => {
    expect(relearningText(0)).toBe("Learning after instance change, analysis ready after next refresh.");
    expect(relearningText(-2)).toBe("Learning after instance change, analysis ready after next refresh.");
    expect(relearningText(1)).toBe("Learning after instance change, analysis ready in 1 day.");
    expect(relearningText(5)).toBe("Learning after instance change, analysis ready in 5 days.");
  });

  it("numberOfDaysUntilData = ceil(policyMinDays − days since the change) while relearning", () => {
    expect(relearningState(change(0), NOW, 7)).toEqual({ relearning: true, daysSinceChange: 0, numberOfDaysUntilData: 7 });
    expect(relearningState(change(0.5), NOW, 7)).toEqual({ relearning: true, daysSinceChange: 0.5, numberOfDaysUntilData: 7 });
    expect(relearningState(change(2.25), NOW, 7).numberOfDaysUntilData).toBe(5);
    expect(relearningState(change(6.9), NOW, 7).numberOfDaysUntilData).toBe(1);
    expect(relearningState(change(7), NOW, 7)).toEqual({ relearning: false, daysSinceChange: 7, numberOfDaysUntilData: 0 });
    expect(relearningState(change(30), NOW, 7).relearning).toBe(false);
  });

  it("no type change, no relearning; a change in the future counts as now", () => {
    expect(relearningState(null, NOW, 7)).toEqual({ relearning: false, daysSinceChange: null, numberOfDaysUntilData: 0 });
    expect(relearningState(change(-1), NOW, 2)).toEqual({ relearning: true, daysSinceChange: 0, numberOfDaysUntilData: 2 });
  });

  it("days until a new service has the minimum data", () => {
    expect(daysUntilData(0.5, 2)).toBe(2);
    expect(daysUntilData(1, 2)).toBe(1);
    expect(daysUntilData(2, 2)).toBe(0);
  });
});
