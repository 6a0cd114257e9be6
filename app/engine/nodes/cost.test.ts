import { describe, expect, it } from "vitest";
import type { InstanceType } from "../catalog/types";
import { currentMonthlyCost, nodeMonthlyMoney } from "./cost";

const prices = new Map(
  [
    ["m5.xlarge", 0.192],
    ["m5.large", 0.096],
    ["mac1.metal", null],
  ].map(([name, hourlyPrice]) => [name as string, { name, hourlyPrice } as InstanceType]),
);

describe("currentMonthlyCost", () => {
  it("prices node hours at the window's run rate: 2 m5.xlarge all week + 1 m5.large half of it", () => {
    // 0.192 × 336 h × 730 / 168 = 280.32; 0.096 × 84 × 730 / 168 = 35.04
    const c = currentMonthlyCost({ "m5.xlarge": 336, "m5.large": 84 }, 168, prices);
    expect(c.currentEstimatedCost).toBeCloseTo(315.36, 9);
    expect(c.unpricedInstanceTypes).toEqual([]);
  });

  it("is unknown (null) when any type has no price, naming the types", () => {
    expect(currentMonthlyCost({ "m5.xlarge": 168, "z9.huge": 10, "mac1.metal": 1 }, 168, prices)).toEqual({
      currentEstimatedCost: null,
      unpricedInstanceTypes: ["mac1.metal", "z9.huge"],
    });
  });

  it("is 0 for a group that ran nothing", () => {
    expect(currentMonthlyCost({}, 168, prices).currentEstimatedCost).toBe(0);
    expect(currentMonthlyCost({ "m5.large": 10 }, 0, prices).currentEstimatedCost).toBe(0);
  });
});

describe("nodeMonthlyMoney", () => {
  // The group of the first test: 2 m5.xlarge all week + 1 m5.large half of it, $315.36 a month; say it wastes $105.12.
  const group = { currentEstimatedCost: 315.36, estimatedWastePerMonth: 105.12 };

  it("prices one node's hours at the window's run rate and gives it its cost's share of the group's waste", () => {
    // m5.xlarge all week: 0.192 × 168 × 730 / 168 = 140.16; its share 140.16 / 315.36 = 4/9 of 105.12 = 46.72
    const big = nodeMonthlyMoney(0.192, 168, 168, group);
    expect(big.monthlyCost).toBeCloseTo(140.16, 9);
    expect(big.monthlyWaste).toBeCloseTo(46.72, 9);
    // m5.large half the week: 0.096 × 84 × 730 / 168 = 35.04; 35.04 / 315.36 = 1/9 of 105.12 = 11.68
    const small = nodeMonthlyMoney(0.096, 84, 168, group);
    expect(small.monthlyCost).toBeCloseTo(35.04, 9);
    expect(small.monthlyWaste).toBeCloseTo(11.68, 9);
    // The group's nodes add up to the group: 140.16 × 2 + 35.04 = 315.36; 46.72 × 2 + 11.68 = 105.12
    expect(2 * big.monthlyCost! + small.monthlyCost!).toBeCloseTo(group.currentEstimatedCost, 9);
    expect(2 * big.monthlyWaste! + small.monthlyWaste!).toBeCloseTo(group.estimatedWastePerMonth, 9);
  });

  it("is unknown without a catalog price, and the waste unknown when the group's cost or waste is", () => {
    expect(nodeMonthlyMoney(null, 168, 168, group)).toEqual({ monthlyCost: null, monthlyWaste: null });
    expect(nodeMonthlyMoney(0.192, 168, 168, { currentEstimatedCost: null, estimatedWastePerMonth: null }).monthlyWaste).toBeNull();
    expect(nodeMonthlyMoney(0.192, 168, 168, { currentEstimatedCost: 315.36, estimatedWastePerMonth: null })).toEqual({ monthlyCost: expect.closeTo(140.16, 9), monthlyWaste: null });
  });

  it("gives a negative share when the group is short of capacity, and nothing for a node that did not run", () => {
    // −31.536 is −10 % of the group's cost: the m5.xlarge's 140.16 → −14.016
    expect(nodeMonthlyMoney(0.192, 168, 168, { currentEstimatedCost: 315.36, estimatedWastePerMonth: -31.536 }).monthlyWaste).toBeCloseTo(-14.016, 9);
    expect(nodeMonthlyMoney(0.192, 0, 168, group)).toEqual({ monthlyCost: 0, monthlyWaste: 0 });
    expect(nodeMonthlyMoney(0.192, 10, 0, group)).toEqual({ monthlyCost: 0, monthlyWaste: 0 });
  });
});
