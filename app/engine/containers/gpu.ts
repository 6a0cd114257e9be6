/**
 * GPU values, computed only when the GPU feature (kubexShowGpuData) is on and the source measures GPUs.
 * GPUs are whole devices: gpuRequest = the peak number of GPUs in use rounded up, at least 1 (a container that
 * asks for a GPU cannot start without one). gpuMemory = peak GPU memory × (1 + memory request headroom), rounded
 * up to the memory increment. Totals multiply by the average container count.
 */
import type { PolicyValues } from "../policy/parameters";
import { badgeFor } from "./badges";
import { roundUpTo } from "./sizing";
import type { Badge } from "./types";

export interface GpuRecommendation {
  gpuRequest: number;
  existingGpuRequest: number | null;
  totalExistingGpuRequest: number;
  gpuMemory: number;
  totalGpuMemory: number;
  badge: Badge;
  peakGpu: number;
  peakGpuMemory: number;
}

function max(values: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > m) m = values[i];
  return m;
}

export function recommendGpu(
  gpu: ArrayLike<number>,
  gpuMem: ArrayLike<number>,
  existingGpuRequest: number | null,
  count: number,
  policy: Pick<PolicyValues, "memoryRequestHeadroom" | "memoryAllocationIncrement">,
): GpuRecommendation {
  const peakGpu = max(gpu);
  const peakGpuMemory = max(gpuMem);
  const gpuRequest = Math.max(1, Math.ceil(peakGpu - 1e-9));
  const gpuMemory = roundUpTo(peakGpuMemory * (1 + policy.memoryRequestHeadroom / 100), policy.memoryAllocationIncrement);
  return {
    gpuRequest,
    existingGpuRequest,
    totalExistingGpuRequest: (existingGpuRequest ?? 0) * count,
    gpuMemory,
    totalGpuMemory: gpuMemory * count,
    badge: badgeFor(existingGpuRequest, gpuRequest),
    peakGpu,
    peakGpuMemory,
  };
}
