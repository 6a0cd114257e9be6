import { describe, expect, it } from "vitest";
import { scaleTicks, valueScale, responsiveTicks, formatTick } from "./scales";
import { axisUnit, isCountUnit } from "./units";

describe("axisUnit", () => {
  it("shows mCores as cores from 1,000 on, and MB as GB from 1,024 on", () => {
    expect(axisUnit("mCores", "CPU (mCores)", 29_000)).toEqual({ unit: "cores", factor: 0.001, yLabel: "CPU (cores)" });
    expect(axisUnit("MB", "Memory (MB)", 59_400)).toEqual({ unit: "GB", factor: 1 / 1024, yLabel: "Memory (GB)" });
    // 59,400 MB / 1,024 = 58.0 GB: the tick text of the top value
    expect(formatTick(59_400 * axisUnit("MB", "Memory (MB)", 59_400).factor)).toBe("58");
    expect(formatTick(1_536 / 1024)).toBe("1.5");
  });

  it("keeps small values in the spec's units, and leaves other units alone", () => {
    expect(axisUnit("mCores", "CPU (mCores)", 999)).toEqual({ unit: "mCores", factor: 1, yLabel: "CPU (mCores)" });
    expect(axisUnit("MB", "Memory (MB)", 1_023)).toEqual({ unit: "MB", factor: 1, yLabel: "Memory (MB)" });
    expect(axisUnit("%", "CPU (%)", 5_000)).toEqual({ unit: "%", factor: 1, yLabel: "CPU (%)" });
    expect(axisUnit(undefined, "Restarts", 5_000).factor).toBe(1);
    expect(axisUnit("mCores", "CPU (mCores)", Number.NaN).factor).toBe(1);
  });

  it("knows the count units", () => {
    expect(["pods", "nodes", "events", "restarts", "Days", "hours"].every(isCountUnit)).toBe(true);
    expect(["%", "mCores", "GB", undefined].some(isCountUnit)).toBe(false);
  });
});

describe("whole-number ticks on count axes", () => {
  it("keeps only whole ticks: 0–1 restarts is 0 and 1, never 0.2 … 0.8", () => {
    const s = valueScale([0, 1], [100, 0]);
    expect(scaleTicks(s)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(scaleTicks(s, 5, true)).toEqual([0, 1]);
  });

  it("0–3 and 0–7 tick every unit; 0–168 node hours every 50 (d3's 1-2-5 steps are whole above 1)", () => {
    expect(scaleTicks(valueScale([0, 3], [100, 0]), 5, true)).toEqual([0, 1, 2, 3]);
    expect(scaleTicks(valueScale([0, 7], [100, 0]), 5, true)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(scaleTicks(valueScale([0, 168], [100, 0]), 5, true)).toEqual([0, 50, 100, 150, 200]);
  });
});

describe("responsiveTicks", () => {
  it("labels all 24 hours in a wide plot and every third in a narrow one", () => {
    // wide: floor(600/22) = 27 ≥ 24 → every hour; narrow: floor(260/22) = 11 → step ceil(24/11) = 3
    const t = responsiveTicks(24, 22);
    expect(t.map((x) => x.index)).toEqual([...Array(24).keys()]);
    expect(t.filter((x) => !x.wideOnly).map((x) => x.index)).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
  });

  it("makes the narrow step a multiple of the wide one", () => {
    // 30 dated buckets at 64 px: wide floor(600/64) = 9 → step 4; narrow floor(260/64) = 4 → step 8
    const t = responsiveTicks(30, 64);
    expect(t.map((x) => x.index)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(t.filter((x) => !x.wideOnly).map((x) => x.index)).toEqual([0, 8, 16, 24]);
    expect(responsiveTicks(0, 22)).toEqual([]);
  });
});
