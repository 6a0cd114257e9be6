import { describe, expect, it } from "vitest";
import { DEFAULT_CAPACITY_THRESHOLDS, DEFAULT_HEALTH_THRESHOLDS } from "./constants";
import { assessNodeGroupHealth, nodeGroupHealth, type HealthInputs } from "./health";

const calm: HealthInputs = {
  cpuSaturationNodePct: 0,
  memSaturationNodePct: 0,
  manifestMemEventCount: 0,
  cpuNodeBalanceRatio: 1,
  memNodeBalanceRatio: 1,
  maxPodCapNodeCount: 0,
};
const health = (over: Partial<HealthInputs>) => nodeGroupHealth({ ...calm, ...over });

describe("nodeGroupHealth: High Risk", () => {
  it("at a saturated-node percent above 50, not at exactly 50", () => {
    expect(health({ cpuSaturationNodePct: 50 })).toBe("Medium Risk");
    expect(health({ cpuSaturationNodePct: 50.01 })).toBe("High Risk");
    expect(health({ memSaturationNodePct: 50 })).toBe("Medium Risk");
    expect(health({ memSaturationNodePct: 51 })).toBe("High Risk");
  });

  it("at any memory limit event (1), not at zero", () => {
    expect(health({ manifestMemEventCount: 0 })).toBe("Low Risk");
    expect(health({ manifestMemEventCount: 1 })).toBe("High Risk");
  });

  it("at a balance ratio of 10 or more, not 9.99", () => {
    expect(health({ cpuNodeBalanceRatio: 9.99 })).toBe("Medium Risk");
    expect(health({ cpuNodeBalanceRatio: 10 })).toBe("High Risk");
    expect(health({ memNodeBalanceRatio: 9.99 })).toBe("Medium Risk");
    expect(health({ memNodeBalanceRatio: 10 })).toBe("High Risk");
  });

  it("at its fixed limits whatever the server's thresholds", () => {
    const lax = { ...DEFAULT_HEALTH_THRESHOLDS, cpuSaturationNodePctThreshold: 60, cpuNodeBalanceRatioThreshold: 20 };
    expect(nodeGroupHealth({ ...calm, cpuSaturationNodePct: 51 }, lax)).toBe("High Risk");
    expect(nodeGroupHealth({ ...calm, cpuNodeBalanceRatio: 10 }, lax)).toBe("High Risk");
  });
});

describe("nodeGroupHealth: Medium Risk (above the health and capacity thresholds)", () => {
  it("at any saturated-node percent above 0", () => {
    expect(health({ cpuSaturationNodePct: 0.1 })).toBe("Medium Risk");
    expect(health({ memSaturationNodePct: 0.1 })).toBe("Medium Risk");
  });

  it("at a balance ratio above 2, not at exactly 2", () => {
    expect(health({ cpuNodeBalanceRatio: 2 })).toBe("Low Risk");
    expect(health({ cpuNodeBalanceRatio: 2.01 })).toBe("Medium Risk");
    expect(health({ memNodeBalanceRatio: 2 })).toBe("Low Risk");
    expect(health({ memNodeBalanceRatio: 2.01 })).toBe("Medium Risk");
  });

  it("at any node at max pod capacity", () => {
    expect(health({ maxPodCapNodeCount: 0 })).toBe("Low Risk");
    expect(health({ maxPodCapNodeCount: 1 })).toBe("Medium Risk");
  });

  it("against the thresholds the server returned", () => {
    const h = { ...DEFAULT_HEALTH_THRESHOLDS, cpuSaturationNodePctThreshold: 20, memNodeBalanceRatioThreshold: 5 };
    const c = { ...DEFAULT_CAPACITY_THRESHOLDS, nodesAtMaxPodCapacityThreshold: 2 };
    expect(nodeGroupHealth({ ...calm, cpuSaturationNodePct: 20 }, h, c)).toBe("Low Risk");
    expect(nodeGroupHealth({ ...calm, cpuSaturationNodePct: 21 }, h, c)).toBe("Medium Risk");
    expect(nodeGroupHealth({ ...calm, memNodeBalanceRatio: 5 }, h, c)).toBe("Low Risk");
    expect(nodeGroupHealth({ ...calm, memNodeBalanceRatio: 5.5 }, h, c)).toBe("Medium Risk");
    expect(nodeGroupHealth({ ...calm, maxPodCapNodeCount: 2 }, h, c)).toBe("Low Risk");
    expect(nodeGroupHealth({ ...calm, maxPodCapNodeCount: 3 }, h, c)).toBe("Medium Risk");
  });
});

describe("nodeGroupHealth: Low Risk", () => {
  it("when nothing is above its threshold, and when nothing is requested (null ratios)", () => {
    expect(nodeGroupHealth(calm)).toBe("Low Risk");
    expect(health({ cpuNodeBalanceRatio: null, memNodeBalanceRatio: null })).toBe("Low Risk");
  });
});

describe("assessNodeGroupHealth", () => {
  it("names every condition that set the level", () => {
    expect(assessNodeGroupHealth({ ...calm, cpuSaturationNodePct: 60, manifestMemEventCount: 3, maxPodCapNodeCount: 1 })).toEqual({
      health: "High Risk",
      reasons: ["CPU-saturated nodes above 50 %", "Memory limit events"],
    });
    expect(assessNodeGroupHealth({ ...calm, memNodeBalanceRatio: 3, maxPodCapNodeCount: 1 })).toEqual({
      health: "Medium Risk",
      reasons: ["Memory node balance ratio above 2", "Nodes at max pod capacity"],
    });
    expect(assessNodeGroupHealth(calm)).toEqual({ health: "Low Risk", reasons: [] });
  });
});
