import { describe, expect, it } from "vitest";
import { DEFAULT_CAPACITY_THRESHOLDS } from "./constants";
import { primaryConstraint, type ConstraintInputs } from "./constraint";

const g = (over: Partial<ConstraintInputs>): ConstraintInputs => ({ cpuRequestPct: 0, memRequestPct: 0, avgMemUtilization: null, peakMemUtilization: null, ...over });

describe("primaryConstraint", () => {
  it("is the resource closest to (or furthest past) its capacity threshold", () => {
    expect(primaryConstraint(g({ cpuRequestPct: 63, memRequestPct: 40 }))).toBe("Cpu Request"); // 0.9 vs 0.5
    expect(primaryConstraint(g({ cpuRequestPct: 35, memRequestPct: 60 }))).toBe("Memory Request"); // 0.5 vs 0.75
    expect(primaryConstraint(g({ cpuRequestPct: 35, memRequestPct: 60, avgMemUtilization: 68, peakMemUtilization: 70 }))).toBe("Memory Utilization"); // 68 / 80 = 0.85
  });

  it("takes the larger of the average (/ 80) and peak (/ 95) memory utilisation", () => {
    expect(primaryConstraint(g({ memRequestPct: 80, avgMemUtilization: 10, peakMemUtilization: 96 }))).toBe("Memory Utilization"); // 1.0105 > 1
    expect(primaryConstraint(g({ memRequestPct: 80, avgMemUtilization: 10, peakMemUtilization: 95 }))).toBe("Memory Request"); // tie at 1
  });

  it("breaks a tie in the spec's order: 70 % CPU and 80 % memory requests are both exactly at threshold", () => {
    expect(primaryConstraint(g({ cpuRequestPct: 70, memRequestPct: 80 }))).toBe("Cpu Request");
  });

  it("is null when nothing is requested or used", () => {
    expect(primaryConstraint(g({}))).toBeNull();
  });

  it("uses the thresholds passed in", () => {
    const t = { ...DEFAULT_CAPACITY_THRESHOLDS, cpuRequestThreshold: 90 };
    expect(primaryConstraint(g({ cpuRequestPct: 63, memRequestPct: 40 }), t)).toBe("Cpu Request"); // 0.7 vs 0.5
    expect(primaryConstraint(g({ cpuRequestPct: 63, memRequestPct: 60 }), t)).toBe("Memory Request"); // 0.7 vs 0.75
  });
});
