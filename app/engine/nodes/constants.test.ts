import { describe, expect, it } from "vitest";
import {
  BALANCE_RATIO_CAP,
  DEFAULT_CAPACITY_THRESHOLDS,
  DEFAULT_HEALTH_THRESHOLDS,
  HIGH_RISK_BALANCE_RATIO,
  HIGH_RISK_MEMORY_EVENTS,
  HIGH_RISK_SATURATION_NODE_PCT,
  NODE_UTILISATION_THRESHOLDS,
  PRIMARY_CONSTRAINTS,
} from "./constants";

describe("spec constants (document 2, sections 4 and 9)", () => {
  it("holds the node utilisation thresholds CPU avg 70 / peak 70, memory avg 90 / peak 95", () => {
    expect(NODE_UTILISATION_THRESHOLDS).toEqual({ cpuUtilizationAvgPct: 70, cpuUtilizationPeakPct: 70, memUtilizationAvgPct: 90, memUtilizationPeakPct: 95 });
  });

  it("holds the capacity and health threshold defaults", () => {
    expect(DEFAULT_CAPACITY_THRESHOLDS).toEqual({
      cpuRequestThreshold: 70,
      peakCpuUtilizationThreshold: 85,
      avgCpuUtilizationThreshold: 70,
      memoryRequestThreshold: 80,
      peakMemoryUtilizationThreshold: 95,
      avgMemoryUtilizationThreshold: 80,
      nodesAtMaxPodCapacityThreshold: 0,
    });
    expect(DEFAULT_HEALTH_THRESHOLDS).toEqual({
      cpuSaturationNodePctThreshold: 0,
      cpuNodeBalanceRatioThreshold: 2,
      memSaturationNodePctThreshold: 0,
      memNodeBalanceRatioThreshold: 2,
    });
  });

  it("holds the High Risk limits of section 4 and a cap past them", () => {
    expect([HIGH_RISK_SATURATION_NODE_PCT, HIGH_RISK_MEMORY_EVENTS, HIGH_RISK_BALANCE_RATIO]).toEqual([50, 0, 10]);
    expect(BALANCE_RATIO_CAP).toBeGreaterThan(HIGH_RISK_BALANCE_RATIO);
    expect(PRIMARY_CONSTRAINTS).toEqual(["Cpu Request", "Memory Request", "Memory Utilization"]);
  });
});
