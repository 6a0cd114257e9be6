import { describe, expect, it } from "vitest";
import type { InstanceType } from "../catalog/types";
import { currentMonthlyCost } from "./cost";

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
