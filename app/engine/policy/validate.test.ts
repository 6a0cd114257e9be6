import { describe, expect, it } from "vitest";
import { validatePolicyValues } from "./validate";

const errorsOf = (v: Record<string, unknown>) => {
  const r = validatePolicyValues(v);
  return r.ok ? [] : r.errors.map((e) => e.message);
};

describe("validatePolicyValues", () => {
  it("fills missing parameters with their defaults", () => {
    const r = validatePolicyValues({ cpuPercentile: 90 });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.values).toMatchObject({ cpuPercentile: 90, workloadRangeDays: 7, memoryRequestHeadroom: 15 });
  });

  it("rejects a value out of range, naming the parameter, its range and the value", () => {
    expect(errorsOf({ workloadRangeDays: 0 })).toEqual(["Workload Range must be a whole number from 1 to 90 days (got 0)."]);
    expect(errorsOf({ cpuPercentile: 101 })).toEqual(["CPU Percentile must be a number from 50 to 100 percentile (got 101)."]);
    expect(errorsOf({ maxPercentDecrease: 100 })).toEqual(["Max Percent Decrease must be a number from 1 to 99 % (got 100)."]);
  });

  it("rejects wrong types, unknown choices and unknown parameters", () => {
    expect(errorsOf({ minimumDays: 1.5 })).toEqual(["Minimum Days must be a whole number from 1 to 90 days (got 1.5)."]);
    expect(errorsOf({ includeWeekends: "yes" })).toEqual(["Include Weekends must be Yes or No (true or false)."]);
    expect(errorsOf({ cpuAnalysisMetric: "Average" })).toEqual(['CPU Analysis Metric must be one of Percentile, Sustained, Peak (got "Average").']);
    expect(errorsOf({ cpuHeadroom: 5 })).toEqual(['Unknown policy parameter "cpuHeadroom".']);
  });

  it("checks excluded hours are distinct hours of day, and sorts them", () => {
    expect(errorsOf({ excludedHours: [2, 24] })).toEqual(["Excluded Hours must be hours of day from 0 to 23 (got 24)."]);
    expect(errorsOf({ excludedHours: [2, 2] })).toEqual(["Excluded Hours lists an hour more than once."]);
    const r = validatePolicyValues({ excludedHours: [4, 2, 3] });
    expect(r.ok && r.values.excludedHours).toEqual([2, 3, 4]);
  });

  it("rejects combinations under which nothing could ever be analysed or downsized", () => {
    expect(errorsOf({ includeWeekdays: false, includeWeekends: false })).toEqual([
      "Include Weekdays and Include Weekends cannot both be No: no sample would be analysed.",
    ]);
    expect(errorsOf({ workloadRangeDays: 3, minimumDays: 4, minHoursForDownsize: 72 })).toEqual([
      "Minimum Days (4) cannot exceed the Workload Range (3 days).",
    ]);
    expect(errorsOf({ excludedHours: Array.from({ length: 23 }, (_, h) => h), minimumHours: 2 })).toEqual([
      "Minimum Hours (2) cannot exceed the 1 hours of a day left after Excluded Hours.",
    ]);
    expect(errorsOf({ workloadRangeDays: 3 })).toEqual([
      "Min Hours for Downsize (168) cannot exceed the Workload Range (72 hours): nothing could ever be downsized.",
    ]);
  });

  it("requires allocation ranges in order and on the increment", () => {
    expect(errorsOf({ cpuAllocationMin: 100, cpuAllocationMax: 55 })).toEqual([
      "CPU Allocation Minimum (100 mCores) cannot exceed the maximum (55 mCores).",
      "CPU Allocation Maximum (55 mCores) must be a multiple of the increment (10 mCores).",
    ]);
    expect(errorsOf({ memoryAllocationMin: 100 })).toEqual(["Memory Allocation Minimum (100 MB) must be a multiple of the increment (16 MB)."]);
  });
});
