import { describe, expect, it } from "vitest";
import { containerCosts } from "./costs";
import { costTotals } from "./totals";

describe("costTotals", () => {
  it("adds the container overview's totals by hand", () => {
    const t = costTotals([
      containerCosts({ existing: { cpuRequest: 2000, memRequest: 2048 }, recommended: { cpuRequest: 500, memRequest: 1024 }, count: 1 }),
      containerCosts({ existing: { cpuRequest: null, memRequest: 1024 }, recommended: { cpuRequest: 250, memRequest: 1024 }, count: 2 }),
    ]);
    // CPU: current 2000 ($46.15); unspecified 2 × 250 = 500 ($11.54); recommended 500 + 500 ($11.54 + $11.54)
    expect(t.cpu).toMatchObject({ current: 2000, currentCost: 46.15, unspecified: 500, unspecifiedCost: 11.54, recommended: 1000, recommendedCost: 23.08, spare: 1500, spareCost: 34.61, deficit: 500, deficitCost: 11.54 });
    // memory: 2 GB ($6.19) + 2 × 1 GB ($6.19); recommended 1 GB ($3.09) + 2 GB ($6.19)
    expect(t.mem).toMatchObject({ current: 4096, currentCost: 12.38, recommended: 3072, recommendedCost: 9.28, spareCost: 3.1 });
    expect([t.containerCount, t.atRiskCount]).toEqual([2, 1]);
    expect(t.totalCurrentCost).toBe(58.53);
    expect(t.totalUnspecifiedCost).toBe(11.54);
    expect(t.totalRecommendedCost).toBe(32.36);
    expect(t.monthlyWaste).toBe(37.71); // 58.53 + 11.54 − 32.36
    expect(t.efficiencyRating).toBeCloseTo(32.36 / 70.07, 12);
    expect(t.totalRealizableGain).toBe(37.71); // the first container's spare; the second is at risk with no spare
  });

  it("of nothing is zeros with a rating of 0", () => {
    expect(costTotals([])).toMatchObject({ containerCount: 0, totalCurrentCost: 0, efficiencyRating: 0, monthlyWaste: 0 });
  });
});
