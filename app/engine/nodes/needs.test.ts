import { describe, expect, it } from "vitest";
import { DEFAULT_CAPACITY_THRESHOLDS } from "./constants";
import { nodeGroupNeeds, nodesNeeded, type NeedsInputs } from "./needs";

const g: NeedsInputs = {
  totalRecommendedCpuRequest: 4300,
  totalRecommendedMemRequest: 11400,
  avgCpuUsed: 3500,
  peakCpuUsed: 6800,
  avgMemUsed: 20000,
  peakMemUsed: 28500,
};

describe("nodeGroupNeeds", () => {
  it("scales requests by the request thresholds and use by the larger of avg and peak", () => {
    const n = nodeGroupNeeds(g);
    expect(n.cpuRequestNeed).toBeCloseTo(4300 / 0.7, 9); // 6142.86
    expect(n.memRequestNeed).toBeCloseTo(14250, 9); // 11400 / 0.8
    expect(n.cpuUsageNeed).toBeCloseTo(8000, 9); // max(3500 / 0.7 = 5000, 6800 / 0.85 = 8000)
    expect(n.memUsageNeed).toBeCloseTo(30000, 9); // max(20000 / 0.8 = 25000, 28500 / 0.95 = 30000)
  });

  it("needs nothing for use without samples", () => {
    expect(nodeGroupNeeds({ ...g, avgCpuUsed: null, peakCpuUsed: null, avgMemUsed: null, peakMemUsed: null })).toMatchObject({ cpuUsageNeed: 0, memUsageNeed: 0 });
  });

  it("uses the thresholds passed in, reading 0 as 100 %", () => {
    const t = { ...DEFAULT_CAPACITY_THRESHOLDS, cpuRequestThreshold: 50, memoryRequestThreshold: 0 };
    expect(nodeGroupNeeds(g, t)).toMatchObject({ cpuRequestNeed: 8600, memRequestNeed: 11400 });
  });
});

describe("nodesNeeded", () => {
  const needs = { cpuRequestNeed: 4300 / 0.7, memRequestNeed: 14250, cpuUsageNeed: 8000, memUsageNeed: 30000 };
  const m5xlarge = { allocatableCpu: 3920, allocatableMem: 14000, capacityCpu: 4000, capacityMem: 16384 };

  it("is the ceiling of the largest need over one node", () => {
    // 6142.86 / 3920 = 1.57, 14250 / 14000 = 1.02, 8000 / 4000 = 2, 30000 / 16384 = 1.83 → 2
    expect(nodesNeeded(needs, m5xlarge)).toBe(2);
    expect(nodesNeeded({ ...needs, memUsageNeed: 33000 }, m5xlarge)).toBe(3); // 2.01
  });

  it("keeps an exact fit at its count (2.0 → 2, even through floating point)", () => {
    expect(nodesNeeded({ cpuRequestNeed: 0, memRequestNeed: 28000, cpuUsageNeed: 0, memUsageNeed: 0 }, m5xlarge)).toBe(2);
    expect(nodesNeeded({ cpuRequestNeed: 0.1 + 0.2, memRequestNeed: 0, cpuUsageNeed: 0, memUsageNeed: 0 }, { ...m5xlarge, allocatableCpu: 0.1 })).toBe(3);
  });

  it("is at least 1", () => {
    expect(nodesNeeded({ cpuRequestNeed: 0, memRequestNeed: 0, cpuUsageNeed: 0, memUsageNeed: 0 }, m5xlarge)).toBe(1);
  });
});
