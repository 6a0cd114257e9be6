import { describe, expect, it } from "vitest";
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { recommendGpu } from "./gpu";

describe("recommendGpu", () => {
  it("asks for whole GPUs and GPU memory with the memory headroom, per container and in total", () => {
    // peak 1.4 GPUs → 2; peak 3,000 MB × 1.15 = 3,450 → 3,456 (216 × 16); 3 containers
    const g = recommendGpu([0.2, 1.4, 0.9], [1000, 3000, 2000], 4, 3, SYSTEM_DEFAULT_POLICY.values);
    expect(g).toEqual({
      gpuRequest: 2, existingGpuRequest: 4, totalExistingGpuRequest: 12, gpuMemory: 3456, totalGpuMemory: 10_368,
      badge: "Decrease", peakGpu: 1.4, peakGpuMemory: 3000,
    });
  });

  it("keeps at least one GPU for an idle GPU container, and sets a value where none was", () => {
    const g = recommendGpu([0, 0], [0, 0], null, 1, SYSTEM_DEFAULT_POLICY.values);
    expect([g.gpuRequest, g.badge, g.totalExistingGpuRequest, g.gpuMemory]).toEqual([1, "Set Value", 0, 0]);
  });

  it("an exact whole number of GPUs in use is not rounded up", () => {
    expect(recommendGpu([2], [10], 2, 1, SYSTEM_DEFAULT_POLICY.values)).toMatchObject({ gpuRequest: 2, badge: "No Change" });
  });
});
