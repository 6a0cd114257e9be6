import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { cloudPattern } from "./pattern";
import { NOW, facts, samples } from "./testing";
import { cloudWindow } from "./window";

const policy = CLOUD_DEFAULT_POLICY.values;
const hourOfDay = (t: number) => Math.floor((t % DAY_MS) / HOUR_MS);
const patternOf = (s: ReturnType<typeof samples>, p = policy) => cloudPattern(cloudWindow({ facts: facts("m5.large"), samples: s, nowMs: NOW }, p), p)!;

describe("cloudPattern", () => {
  it("sustained is the busiest hour's p75, not the window's: 10 % all day but 50 % from 09:00 to 11:00", () => {
    const p = patternOf(samples({ cpu: (t) => (hourOfDay(t) === 9 || hourOfDay(t) === 10 ? 50 : 10), mem: (t) => (hourOfDay(t) === 3 ? 70 : 40) }));
    expect(p.cpu).toHaveLength(24);
    expect(p.cpu[9].stats!.sustained).toBe(50);
    expect(p.cpu[0].stats!.sustained).toBe(10);
    expect(p.sustainedCpuPct).toBe(50);
    expect(p.peakCpuPct).toBe(50);
    expect(p.minCpuPct).toBe(10);
    // (22 × 10 + 2 × 50) / 24
    expect(p.avgCpuPct).toBeCloseTo(320 / 24, 9);
    expect(p.peakMemPct).toBe(70);
    expect(p.sustainedMemPct).toBe(70);
    expect(p.activeMemoryPct).toBe(70);
    expect(p.weightByHour).toEqual(new Array(24).fill(1));
  });

  it("the Sustained memory metric takes the busiest hour's p75 of memory", () => {
    // memory 40 %, except one sample in six at 90 % in every hour: p75 stays 40, peak 90
    const s = samples({ mem: (t) => ((t / 300_000) % 6 === 0 ? 90 : 40) });
    expect(patternOf(s).activeMemoryPct).toBe(90);
    expect(patternOf(s, { ...policy, memoryMetric: "Sustained" }).activeMemoryPct).toBe(40);
  });

  it("without a memory agent: CPU pattern only, memory figures null", () => {
    const p = patternOf(samples({ mem: null }));
    expect(p.mem).toBeNull();
    expect(p.activeMemoryPct).toBeNull();
    expect(p.avgMemPct).toBeNull();
    expect(p.sustainedCpuPct).toBe(10);
  });

  it("memory reported for part of the window: the memory pattern uses those samples only", () => {
    const start = NOW - 2 * DAY_MS;
    const s = samples({ mem: (t) => 60 }).map((x) => (x.t < start ? { ...x, memPct: null } : x));
    const p = patternOf(s);
    expect(p.mem![5].stats!.count).toBe(24);
    expect(p.cpu[5].stats!.count).toBe(168);
    expect(p.activeMemoryPct).toBe(60);
  });

  it("recent days weigh more: 30 % on the last 3 of 14 days (21 % of samples) moves the p75 only when weighted", () => {
    const s = samples({ cpu: (t) => (t >= NOW - 3 * DAY_MS ? 30 : 10) });
    // half-life 7 days: the last 3 days hold about 34 % of the weight, so the p75 lies among them
    const p = patternOf(s);
    expect(p.cpu[12].stats!.median).toBe(10);
    expect(p.cpu[12].stats!.sustained).toBe(30);
    // nearly unweighted (half-life 93 days): 3 / 14 < 25 %, so the p75 stays 10
    expect(patternOf(s, { ...policy, halfLifeDays: 93 }).cpu[12].stats!.sustained).toBe(10);
    expect(p.peakCpuPct).toBe(30);
  });

  it("no samples, no pattern", () => {
    expect(cloudPattern(cloudWindow({ facts: facts("m5.large"), samples: [], nowMs: NOW }, policy), policy)).toBeNull();
  });
});
