import { describe, expect, it } from "vitest";
import { reconcileWaste } from "./waste-reconciliation";

describe("reconcileWaste", () => {
  // A scope where the waterfall adds up: 1000 − 300 + 120 − 50 = 770; 60 of the risk removal is unset requests.
  const f = { current: 1000, optimal: 770, immediate: 300, additional: 50, riskRemoval: 120, unspecified: 60, monthlyWaste: 1000 + 60 - 770 };

  it("Current − Optimal is the spare less the whole risk removal", () => {
    const r = reconcileWaste(f);
    expect(r.currentMinusOptimal).toBe(230);
    expect(r.spare - f.riskRemoval).toBe(r.currentMinusOptimal);
  });

  it("Monthly Waste is the spare less the shortfall of set requests, and the Breakdown's Savings the immediate part", () => {
    const r = reconcileWaste(f);
    expect(r.spare).toBe(350);
    expect(r.setShortfall).toBe(60);
    expect(r.spare - r.setShortfall).toBe(r.monthlyWaste);
    expect(r.breakdownSavings).toBe(300);
  });
});
