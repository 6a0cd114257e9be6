import { describe, expect, it } from "vitest";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { cloudNeeds, vcpusNeededOn } from "./needs";
import { candidate } from "./testing";

const policy = CLOUD_DEFAULT_POLICY.values;
const m5_2xl = candidate("m5.2xlarge", 8, 32, 0.4);

describe("cloudNeeds", () => {
  it("vCPU need = vCPUs × sustained % / 80 % × perf ratio; memory = active memory × 1.2", () => {
    const n = cloudNeeds(m5_2xl, { sustainedCpuPct: 10, peakCpuPct: 10, activeMemoryPct: 20 }, policy);
    // 8 × 10 / 80 = 1 reference vCPU; peak 8 × 10 / 100 = 0.8 is lower
    expect(n.cpuWork).toBe(1);
    expect(n.cpuBinding).toBe("Sustained");
    expect(n.vcpusOnCurrent).toBe(1);
    // on a type 1.1 times as fast per vCPU: 1 × 1.0 / 1.1
    expect(vcpusNeededOn(n, { perfFactor: 1.1 })).toBeCloseTo(0.90909, 5);
    // 32 GiB × 20 % × 1.2
    expect(n.memoryGiB).toBeCloseTo(7.68, 9);
    expect(n.memoryFromAgent).toBe(true);
    expect(n.networkGbps).toBe(10);
  });

  it("the peak binds when it needs more at 100 % than the sustained at 80 %", () => {
    const n = cloudNeeds(m5_2xl, { sustainedCpuPct: 10, peakCpuPct: 90, activeMemoryPct: 20 }, policy);
    expect(n.cpuWork).toBeCloseTo(7.2, 9); // 8 × 90 / 100
    expect(n.cpuBinding).toBe("Peak");
  });

  it("a faster current type carries more work: perfFactor 1.25 × 4 vCPUs × 40 % / 80 % = 2.5 reference vCPUs", () => {
    const n = cloudNeeds(candidate("m7i.xlarge", 4, 16, 0.2, { perfFactor: 1.25 }), { sustainedCpuPct: 40, peakCpuPct: 40, activeMemoryPct: 50 }, policy);
    expect(n.cpuWork).toBe(2.5);
    expect(n.vcpusOnCurrent).toBe(2);
    expect(vcpusNeededOn(n, { perfFactor: 1 })).toBe(2.5);
  });

  it("without a memory agent the memory need is the current memory", () => {
    const n = cloudNeeds(m5_2xl, { sustainedCpuPct: 10, peakCpuPct: 10, activeMemoryPct: null }, policy);
    expect(n.memoryGiB).toBe(32);
    expect(n.memoryFromAgent).toBe(false);
  });

  it("network: the current type's, or the observed peak × headroom", () => {
    const p = { sustainedCpuPct: 10, peakCpuPct: 10, activeMemoryPct: 20 };
    expect(cloudNeeds({ ...m5_2xl, networkGbps: null }, p, policy).networkGbps).toBeNull();
    expect(cloudNeeds(m5_2xl, p, { ...policy, networkRequirement: "Observed peak" }, 2).networkGbps).toBeCloseTo(2.4, 9);
  });
});
