import { describe, expect, it } from "vitest";
import { hasRuntimeRisk, risks } from "./risks";

const NONE = { existing: { cpuLimit: null, memLimit: null }, cpuP95: 100, memPeak: 100 };

describe("risks", () => {
  it("flags CPU throttling when p95 reaches 90 % of the limit", () => {
    expect(risks({ ...NONE, existing: { cpuLimit: 1000, memLimit: null }, cpuP95: 900 }).hasCpuThrottledRisk).toBe(true);
    expect(risks({ ...NONE, existing: { cpuLimit: 1000, memLimit: null }, cpuP95: 899 }).hasCpuThrottledRisk).toBe(false);
  });

  it("flags CPU throttling on throttling events even with a low p95", () => {
    const r = risks({ ...NONE, existing: { cpuLimit: 1000, memLimit: null }, cpuP95: 100, events: { oomKills: 0, throttleEvents: 3 } });
    expect(r.hasCpuThrottledRisk).toBe(true);
  });

  it("does not flag throttling without a CPU limit", () => {
    expect(risks({ ...NONE, cpuP95: 1e6 }).hasCpuThrottledRisk).toBe(false);
  });

  it("flags pod termination when the peak working set reaches 95 % of the memory limit, or on OOM kills at the limit", () => {
    expect(risks({ ...NONE, existing: { cpuLimit: null, memLimit: 1000 }, memPeak: 950 }).hasMemoryPodTerminationRisk).toBe(true);
    expect(risks({ ...NONE, existing: { cpuLimit: null, memLimit: 1000 }, memPeak: 949 }).hasMemoryPodTerminationRisk).toBe(false);
    const oom = risks({ ...NONE, existing: { cpuLimit: null, memLimit: 1000 }, memPeak: 500, events: { oomKills: 1, throttleEvents: 0 } });
    expect([oom.hasMemoryPodTerminationRisk, oom.hasMemoryProcessTerminationRisk]).toEqual([true, false]);
  });

  it("flags process termination for OOM kills without a memory limit", () => {
    const r = risks({ ...NONE, events: { oomKills: 2, throttleEvents: 0 } });
    expect([r.hasMemoryPodTerminationRisk, r.hasMemoryProcessTerminationRisk]).toEqual([false, true]);
  });

  it("passes the node group's stranded flags through", () => {
    const r = risks({ ...NONE, stranded: { cpu: true } });
    expect([r.hasCpuStrandedRisk, r.hasMemoryStrandedRisk]).toEqual([true, false]);
    expect(hasRuntimeRisk(r)).toBe(false);
  });

  it("counts throttling and termination as runtime risk", () => {
    expect(hasRuntimeRisk({ hasMemoryProcessTerminationRisk: true })).toBe(true);
    expect(hasRuntimeRisk(null)).toBe(false);
    expect(hasRuntimeRisk(risks(NONE))).toBe(false);
  });
});
