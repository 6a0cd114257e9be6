import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { groupSizing } from "./group";
import { NOW, facts, groupSizes, samples } from "./testing";
import { cloudWindow } from "./window";

const policy = CLOUD_DEFAULT_POLICY.values;
const hourOfDay = (t: number) => Math.floor((t % DAY_MS) / HOUR_MS);
const day = (t: number) => hourOfDay(t) >= 8 && hourOfDay(t) < 20;

function sizing(inService: (t: number) => number, cpu: (t: number) => number, mem: ((t: number) => number) | null = null, p = policy) {
  const w = cloudWindow({ facts: facts("m5.large", { service: "ASG" }), samples: samples({ cpu, mem }), nowMs: NOW }, p);
  return groupSizing(groupSizes(inService, 1, 10), w, p)!;
}

describe("groupSizing", () => {
  it("a daily cycle: 4 in service by day and 2 by night at 50 %: needs 3 by day (200 / 80) and 2 by night (100 / 80)", () => {
    const g = sizing((t) => (day(t) ? 4 : 2), () => 50);
    expect(g.avgGroupSize).toBe(3);
    expect(g.neededByHour[12]).toBe(3);
    expect(g.neededByHour[2]).toBe(2);
    expect(g.recommMinGroupSize).toBe(2);
    expect(g.recommMaxGroupSize).toBe(3);
    expect(g.predictedAvgGroupSize).toBe(2.5);
    expect(g.inService[12].stats!.median).toBe(4);
    expect(g.cpuWork[12].stats!.sustained).toBe(200);
    expect(g.observedUptime).toBe(1);
    expect(g.minGroupSize).toBe(1);
    expect(g.maxGroupSize).toBe(10);
    expect(g.memoryFromAgent).toBe(false);
  });

  it("memory joins the need: 4 × 70 % × 1.2 = 3.36 instances of memory → 4", () => {
    const g = sizing(() => 4, () => 10, () => 70);
    expect(g.memoryFromAgent).toBe(true);
    expect(g.recommMaxGroupSize).toBe(4);
    expect(g.predictedAvgGroupSize).toBe(4);
  });

  it("never below groupMinimumSize; a group scaled to zero at night is averaged over its in-service time", () => {
    const g = sizing((t) => (day(t) ? 2 : 0), () => 10, null, { ...policy, groupMinimumSize: 2 });
    expect(g.recommMinGroupSize).toBe(2);
    expect(g.avgGroupSize).toBe(2);
    expect(g.observedUptime).toBe(0.5);
  });

  it("members' samples sharing a timestamp: uptime counts each time once, work uses the members' mean", () => {
    // two members at 30 % and 90 %: mean 60 %, work 2 × 60 = 120 instance-%, needs 120 / 80 → 2
    const a = samples({ cpu: () => 30, mem: null });
    const b = samples({ cpu: () => 90, mem: null });
    const both = a.flatMap((x, i) => [x, b[i]]);
    const w = cloudWindow({ facts: facts("m5.large", { service: "ASG" }), samples: both, nowMs: NOW }, policy);
    expect(w.count).toBe(8064);
    expect(w.observedUptime).toBe(1);
    expect(w.uptimeHours).toBe(336);
    const g = groupSizing(groupSizes(() => 2, 1, 4), w, policy)!;
    expect(g.cpuWork[0].stats!.median).toBe(120);
    // the peak member's 90 % is in the peak of the work only through the mean: 120 / 100 = 1.2 → 2
    expect(g.predictedAvgGroupSize).toBe(2);
  });

  it("no size samples in the window: null", () => {
    const w = cloudWindow({ facts: facts("m5.large", { service: "ASG" }), samples: samples(), nowMs: NOW }, policy);
    expect(groupSizing([], w, policy)).toBeNull();
  });
});
