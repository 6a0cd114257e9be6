import { describe, expect, it } from "vitest";
import {
  CLOUD_DEFAULT_POLICY,
  CLOUD_GROUP_NAMES,
  CLOUD_PARAMETER_DEFINITIONS,
  CLOUD_PARAMETER_GROUPS,
  defaultCloudPolicyValues,
  defineCloudPolicy,
  validateCloudPolicyValues,
} from "./cloud";
import { SYSTEM_DEFAULT_POLICY } from "./policies";
import { defaultPolicyValues } from "./parameters";

describe("cloud policy", () => {
  it("has the documented defaults", () => {
    expect(defaultCloudPolicyValues()).toEqual({
      workloadRangeDays: 14,
      policyMinDays: 2,
      halfLifeDays: 7,
      cpuSustainedLimit: 80,
      cpuPeakLimit: 100,
      memoryMetric: "Peak",
      memoryHeadroom: 1.2,
      idleCpuPeakPct: 5,
      idleNetworkMbPerDay: 5,
      spendTolerance: 1.1,
      maxEffort: "High",
      allowExotic: false,
      networkRequirement: "Current type",
      networkHeadroom: 1.2,
      minimumSavingsPercent: 5,
      groupMinimumSize: 1,
    });
    expect(CLOUD_DEFAULT_POLICY.values).toEqual(defaultCloudPolicyValues());
  });

  it("every parameter belongs to a group and shows its default", () => {
    for (const d of CLOUD_PARAMETER_DEFINITIONS) {
      expect(CLOUD_GROUP_NAMES).toContain(d.group);
      expect(d.defaultDisplayValue.length).toBeGreaterThan(0);
    }
    expect(CLOUD_PARAMETER_GROUPS.map((g) => g.orderIndex)).toEqual([0, 1, 2, 3]);
    expect(CLOUD_PARAMETER_DEFINITIONS.find((d) => d.name === "spendTolerance")!.defaultDisplayValue).toBe("x1.1");
  });

  it("accepts -1 (unlimited) and at least 1 as spend tolerance, nothing between", () => {
    expect(validateCloudPolicyValues({ spendTolerance: -1 }).ok).toBe(true);
    expect(validateCloudPolicyValues({ spendTolerance: 1 }).ok).toBe(true);
    const bad = validateCloudPolicyValues({ spendTolerance: 0.9 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0].parameter).toBe("spendTolerance");
  });

  it("rejects unknown names, wrong types and crossed limits", () => {
    const v = validateCloudPolicyValues({ nope: 1, maxEffort: "Extreme", policyMinDays: 1.5 });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.parameter).sort()).toEqual(["maxEffort", "nope", "policyMinDays"]);
    const crossed = validateCloudPolicyValues({ workloadRangeDays: 3, policyMinDays: 5, cpuSustainedLimit: 90, cpuPeakLimit: 85 });
    expect(crossed.ok).toBe(false);
    if (!crossed.ok) expect(crossed.errors.map((e) => e.parameter)).toEqual(["policyMinDays", "cpuPeakLimit"]);
  });

  it("a named policy states only its changes and is frozen", () => {
    const p = defineCloudPolicy("saver", "Saver", "", { spendTolerance: 1, minimumSavingsPercent: 0 });
    expect(p.values.spendTolerance).toBe(1);
    expect(p.values.workloadRangeDays).toBe(14);
    expect(() => {
      (p.values as { spendTolerance: number }).spendTolerance = 2;
    }).toThrow(TypeError);
    expect(() => defineCloudPolicy("x", "X", "", { cpuSustainedLimit: 5 })).toThrow(/CPU Sustained Limit/);
  });

  it("leaves the container policies alone", () => {
    expect(SYSTEM_DEFAULT_POLICY.values).toEqual(defaultPolicyValues());
  });
});
