import { describe, expect, it } from "vitest";
import { policyParameterGroups } from "./instance";
import { defaultPolicyValues } from "./parameters";
import {
  COST_SAVER_POLICY,
  PERFORMANCE_FIRST_POLICY,
  POLICIES,
  PRODUCTION_BALANCED_POLICY,
  SYSTEM_DEFAULT_POLICY,
  isDefaultValues,
  policyByName,
  policyForContainer,
  policyValues,
} from "./policies";
import { validatePolicyValues } from "./validate";

describe("named policies", () => {
  it("are the four the demo fleet's containers name", () => {
    expect(POLICIES.map((p) => p.name)).toEqual(["System Default Policy", "Production Balanced", "Cost Saver", "Performance First"]);
  });

  it("the system default policy is every default", () => {
    expect(SYSTEM_DEFAULT_POLICY.values).toEqual(defaultPolicyValues());
    expect(isDefaultValues(SYSTEM_DEFAULT_POLICY.values)).toBe(true);
    expect(isDefaultValues(COST_SAVER_POLICY.values)).toBe(false);
  });

  it("every named policy passes validation and differs where its description says", () => {
    for (const p of POLICIES) expect(validatePolicyValues({ ...p.values }).ok).toBe(true);
    expect(PERFORMANCE_FIRST_POLICY.values.cpuPercentile).toBe(99);
    expect(COST_SAVER_POLICY.values.cpuAnalysisMetric).toBe("Sustained");
    expect(PRODUCTION_BALANCED_POLICY.values.cpuRequestHeadroom).toBe(10);
  });

  it("cannot be changed by a caller", () => {
    expect(() => {
      (SYSTEM_DEFAULT_POLICY.values as { cpuPercentile: number }).cpuPercentile = 50;
    }).toThrow(TypeError);
  });

  it("are found by name, ignoring case and spaces; unknown names fall back to the system default for containers", () => {
    expect(policyByName("Cost Saver")).toBe(COST_SAVER_POLICY);
    expect(policyByName("  performance first ")).toBe(PERFORMANCE_FIRST_POLICY);
    expect(policyByName("Nope")).toBeUndefined();
    expect(policyByName(null)).toBeUndefined();
    expect(policyForContainer("Nope")).toBe(SYSTEM_DEFAULT_POLICY);
    expect(policyForContainer("Production Balanced")).toBe(PRODUCTION_BALANCED_POLICY);
  });
});

describe("policyValues", () => {
  it("takes a policy or its values", () => {
    expect(policyValues(COST_SAVER_POLICY)).toBe(COST_SAVER_POLICY.values);
    expect(policyValues(COST_SAVER_POLICY.values)).toBe(COST_SAVER_POLICY.values);
  });
});

describe("policyParameterGroups", () => {
  it("lists the groups in order with display values and units", () => {
    const groups = policyParameterGroups(PERFORMANCE_FIRST_POLICY);
    expect(groups.map((g) => g.id)).toEqual(["windowing", "allocation", "sizing", "thresholds"]);
    const sizing = groups[2].parameters;
    expect(sizing.find((p) => p.id === "cpuPercentile")).toEqual({ id: "cpuPercentile", displayName: "CPU Percentile", value: "99th percentile", unit: "percentile", advanced: false });
    expect(groups[0].parameters.find((p) => p.id === "excludedHours")?.value).toBe("None");
  });

  it('shows "None" for a missing value', () => {
    const values = { ...SYSTEM_DEFAULT_POLICY.values } as Partial<typeof SYSTEM_DEFAULT_POLICY.values>;
    delete values.minimumDays;
    const groups = policyParameterGroups({ values: values as typeof SYSTEM_DEFAULT_POLICY.values });
    expect(groups[0].parameters.find((p) => p.id === "minimumDays")?.value).toBe("None");
  });
});
