import { describe, expect, it } from "vitest";
import {
  PARAMETER_BY_NAME,
  PARAMETER_DEFINITIONS,
  PARAMETER_GROUPS,
  defaultPolicyValues,
  formatParameterValue,
} from "./parameters";

describe("policy parameter definitions", () => {
  it("cover every parameter the spec's Policies tab lists (section 2.4)", () => {
    const names = PARAMETER_DEFINITIONS.map((d) => d.name);
    for (const n of [
      "workloadRangeDays", "includeWeekdays", "includeWeekends", "excludedHours", "minimumDays", "minimumHours",
      "cpuAllocationMin", "cpuAllocationMax", "cpuAllocationIncrement", "memoryAllocationMin", "memoryAllocationMax",
      "memoryAllocationIncrement", "cpuAnalysisMetric", "memoryAnalysisMetric", "upsizeThreshold", "downsizeThreshold",
      "maxPercentIncrease", "maxPercentDecrease", "minHoursForDownsize",
    ]) expect(names).toContain(n);
    expect(new Set(names).size).toBe(names.length);
  });

  it("have the defaults of ANALYSIS.md", () => {
    const v = defaultPolicyValues();
    expect(v).toMatchObject({
      workloadRangeDays: 7, cpuPercentile: 95, cpuRequestHeadroom: 0, cpuLimitHeadroom: 20, memoryRequestHeadroom: 15,
      memoryLimitFactor: 1.2, cpuAllocationMin: 10, cpuAllocationMax: 64_000, cpuAllocationIncrement: 10,
      memoryAllocationMin: 64, memoryAllocationMax: 262_144, memoryAllocationIncrement: 16, upsizeThreshold: 10,
      downsizeThreshold: 20, maxPercentIncrease: 300, maxPercentDecrease: 50, minHoursForDownsize: 168, oomMemoryFactor: 1.25,
    });
  });

  it("belong to one of four ordered groups, each with at least one parameter", () => {
    expect(PARAMETER_GROUPS.map((g) => g.displayName)).toEqual([
      "Operational Windowing", "Allocation Ranges and Increments", "Analysis Metric and Headroom", "Resource Adjustment Thresholds",
    ]);
    for (const g of PARAMETER_GROUPS) expect(PARAMETER_DEFINITIONS.some((d) => d.group === g.groupName)).toBe(true);
    expect(PARAMETER_GROUPS.every((g) => g.policyId === "CONTAINER_KUBERNETES")).toBe(true);
  });

  it("show defaults as the Policies tab reads them", () => {
    const shown = (n: string) => PARAMETER_BY_NAME.get(n)!.defaultDisplayValue;
    expect(shown("workloadRangeDays")).toBe("7 days");
    expect(shown("includeWeekends")).toBe("Yes");
    expect(shown("excludedHours")).toBe("None");
    expect(shown("cpuPercentile")).toBe("95th percentile");
    expect(shown("cpuAllocationMax")).toBe("64,000 mCores");
    const days = PARAMETER_BY_NAME.get("workloadRangeDays")!;
    expect(formatParameterValue(days, 1)).toBe("1 day");
    expect(formatParameterValue(days, 30)).toBe("30 days");
    expect(shown("memoryLimitFactor")).toBe("x1.2");
    expect(shown("upsizeThreshold")).toBe("10%");
  });

  it("format values: ordinals, hour lists and missing values", () => {
    const pct = PARAMETER_BY_NAME.get("cpuPercentile")!;
    expect(formatParameterValue(pct, 91)).toBe("91st percentile");
    expect(formatParameterValue(pct, 92)).toBe("92nd percentile");
    expect(formatParameterValue(pct, 93)).toBe("93rd percentile");
    expect(formatParameterValue(pct, 99.5)).toBe("99.5th percentile");
    expect(formatParameterValue(PARAMETER_BY_NAME.get("excludedHours")!, [2, 3])).toBe("2, 3");
    expect(formatParameterValue(PARAMETER_BY_NAME.get("includeWeekdays")!, false)).toBe("No");
    expect(formatParameterValue(PARAMETER_BY_NAME.get("workloadRangeDays")!, undefined)).toBe("None");
  });

  it("give a fresh copy of the defaults each time", () => {
    const a = defaultPolicyValues();
    a.excludedHours.push(3);
    expect(defaultPolicyValues().excludedHours).toEqual([]);
  });
});
