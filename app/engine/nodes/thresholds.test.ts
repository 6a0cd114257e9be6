import { describe, expect, it } from "vitest";
import { DEFAULT_CAPACITY_THRESHOLDS, DEFAULT_HEALTH_THRESHOLDS } from "./constants";
import { resolveCapacityThresholds, resolveHealthThresholds } from "./thresholds";

describe("resolveHealthThresholds", () => {
  it("is the spec's defaults without a server answer", () => {
    expect(resolveHealthThresholds()).toEqual(DEFAULT_HEALTH_THRESHOLDS);
    expect(resolveHealthThresholds(null)).toEqual(DEFAULT_HEALTH_THRESHOLDS);
  });

  it("takes each number the server returned and the default for missing or null fields", () => {
    expect(resolveHealthThresholds({ cpuSaturationNodePctThreshold: 10, memNodeBalanceRatioThreshold: null, cpuNodeBalanceRatioThreshold: 3 })).toEqual({
      cpuSaturationNodePctThreshold: 10,
      cpuNodeBalanceRatioThreshold: 3,
      memSaturationNodePctThreshold: 0,
      memNodeBalanceRatioThreshold: 2,
    });
  });

  it("ignores a non-finite number", () => {
    expect(resolveHealthThresholds({ cpuNodeBalanceRatioThreshold: NaN }).cpuNodeBalanceRatioThreshold).toBe(2);
  });
});

describe("resolveCapacityThresholds", () => {
  it("fills the capacity thresholds the same way", () => {
    expect(resolveCapacityThresholds(undefined)).toEqual(DEFAULT_CAPACITY_THRESHOLDS);
    expect(resolveCapacityThresholds({ memoryRequestThreshold: 75, nodesAtMaxPodCapacityThreshold: null })).toEqual({
      ...DEFAULT_CAPACITY_THRESHOLDS,
      memoryRequestThreshold: 75,
    });
  });
});
