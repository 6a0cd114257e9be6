import { describe, expect, it } from "vitest";
import {
  DEFAULT_UNIT_PRICES,
  containerCosts,
  efficiencyRating,
  efficiencyRatingColour,
  monthlyUnitPrices,
  monthlyWaste,
} from "./costs";

describe("unit prices", () => {
  it("turn the OpenCost hourly defaults into $23.08 per core-month and $3.09 per GB-month (730 h)", () => {
    const m = monthlyUnitPrices(DEFAULT_UNIT_PRICES);
    expect(m.cpuCoreMonth).toBeCloseTo(23.07603, 10);
    expect(m.memoryGbMonth).toBeCloseTo(3.09301, 10);
    expect(monthlyUnitPrices({ cpuCoreHour: 0, memoryGbHour: 0 })).toEqual({ cpuCoreMonth: 0, memoryGbMonth: 0 });
  });
});

describe("containerCosts", () => {
  it("prices an oversized container by hand: spare, waste and rating", () => {
    // CPU: 2 cores × 23.07603 × 2 containers = 92.30412 → $92.30; recommended 0.5 core → 23.07603 → $23.08
    // Memory: 4 GB × 3.09301 × 2 = 24.74408 → $24.74; recommended 1 GB → 6.18602 → $6.19
    const c = containerCosts({ existing: { cpuRequest: 2000, memRequest: 4096 }, recommended: { cpuRequest: 500, memRequest: 1024 }, count: 2 });
    expect(c.cpu).toMatchObject({ current: 4000, recommended: 1000, spare: 3000, deficit: 0, currentCost: 92.3, recommendedCost: 23.08, spareCost: 69.22 });
    expect(c.mem).toMatchObject({ current: 8192, recommended: 2048, spare: 6144, currentCost: 24.74, recommendedCost: 6.19, spareCost: 18.55 });
    expect(c.currentCost).toBe(117.04);
    expect(c.recommendedCost).toBe(29.27);
    expect(c.spareCost).toBe(87.77);
    expect(c.monthlyWaste).toBe(87.77);
    expect(c.efficiencyRating).toBeCloseTo(29.27 / 117.04, 12);
    expect(c.atRisk).toBe(false);
    expect(c.realizableGain).toBe(87.77);
    expect(c.cents).toEqual({ current: 11704, recommended: 2927, unspecified: 0, spare: 8777, deficit: 0, immediate: 8777, additional: 0 });
  });

  it("counts an unset request as unspecified cost and a deficit (so the container is at risk)", () => {
    // CPU unset, recommended 250 mCores: 0.25 × 23.07603 = 5.769 → $5.77; memory 1 GB both → $3.09
    const c = containerCosts({ existing: { cpuRequest: null, memRequest: 1024 }, recommended: { cpuRequest: 250, memRequest: 1024 }, count: 1 });
    expect(c.cpu).toMatchObject({ current: 0, unspecified: 250, deficit: 250, currentCost: 0, unspecifiedCost: 5.77, deficitCost: 5.77 });
    expect([c.currentCost, c.unspecifiedCost, c.recommendedCost]).toEqual([3.09, 5.77, 8.86]);
    expect(c.efficiencyRating).toBe(1);
    expect(c.monthlyWaste).toBe(0);
    expect(c.atRisk).toBe(true);
  });

  it("moves the spare of a container at risk into Additional Waste, not realizable gain", () => {
    const c = containerCosts({
      existing: { cpuRequest: 2000, memRequest: 512 }, recommended: { cpuRequest: 1000, memRequest: 1024 }, count: 1,
    });
    // spare and deficit are differences of the rounded costs, so each row adds up as displayed:
    // memory 0.5 GB → $1.55 now, 1 GB → $3.09 recommended: deficit $1.54; CPU 2 cores $46.15 − 1 core $23.08 = $23.07
    expect(c.atRisk).toBe(true);
    expect([c.deficitCost, c.additionalWaste, c.realizableGain]).toEqual([1.54, 23.07, 0]);
    const throttled = containerCosts(
      { existing: { cpuRequest: 2000, memRequest: 1024 }, recommended: { cpuRequest: 1000, memRequest: 1024 }, count: 1, risks: { hasCpuThrottledRisk: true } },
    );
    expect([throttled.atRisk, throttled.additionalWaste, throttled.cents.immediate]).toEqual([true, 23.07, 0]);
  });

  it("counts CPU savings as realizable only where CPU requests constrain the node group", () => {
    const input = { existing: { cpuRequest: 2000, memRequest: 2048 }, recommended: { cpuRequest: 1000, memRequest: 1024 }, count: 1 };
    const cpuBound = containerCosts({ ...input, primaryConstraint: "Cpu Request" });
    expect([cpuBound.cpu.realizableGain, cpuBound.mem.realizableGain]).toEqual([23.07, 0]);
    const memBound = containerCosts({ ...input, primaryConstraint: "Memory Utilization" });
    expect(memBound.realizableGain).toBe(0);
  });

  it("costs nothing at zero prices, with a rating of 0", () => {
    const c = containerCosts({ existing: { cpuRequest: 100, memRequest: 100 }, recommended: { cpuRequest: 50, memRequest: 64 }, count: 1 }, { cpuCoreHour: 0, memoryGbHour: 0 });
    expect([c.currentCost, c.efficiencyRating, c.monthlyWaste]).toEqual([0, 0, 0]);
  });
});

describe("efficiency rating and monthly waste", () => {
  it("rating = recommended ÷ (current + unspecified), 0 without a current cost", () => {
    expect(efficiencyRating(80, 20, 50)).toBe(0.5);
    expect(efficiencyRating(0, 20, 20)).toBe(0);
    expect(efficiencyRating(0, 0, 0)).toBe(0);
  });

  it("waste = current + unspecified − recommended", () => {
    expect(monthlyWaste(80, 20, 50)).toBe(50);
    expect(monthlyWaste(10, 0, 30)).toBe(-20);
  });

  it("colours the rating as shown with two decimals: green at 1.00, yellow below, red above", () => {
    expect(efficiencyRatingColour(1)).toBe("green");
    expect(efficiencyRatingColour(1.004)).toBe("green");
    expect(efficiencyRatingColour(0.994)).toBe("yellow");
    expect(efficiencyRatingColour(1.006)).toBe("red");
  });
});
