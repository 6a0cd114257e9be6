import { memoryPerVcpu } from "../catalog/lookup";
import type { InstanceType } from "../catalog/types";

/**
 * How far a type's CPU:memory shape is from the needed one: |log2(type GiB per vCPU / needed GiB per vCPU)|.
 * 0 is a perfect fit; 1 is a factor of 2 either way (an m5 for a need shaped like a c5 or an r5). 0 for every type
 * when the need has no shape (nothing requested in one of the resources).
 */
export function shapeDistance(type: Pick<InstanceType, "vcpus" | "memoryGiB">, neededGibPerVcpu: number | null): number {
  if (neededGibPerVcpu === null || !(neededGibPerVcpu > 0) || !Number.isFinite(neededGibPerVcpu)) return 0;
  return Math.abs(Math.log2(memoryPerVcpu(type) / neededGibPerVcpu));
}

/** The shape of a need in GiB per vCPU (MB / 1024 over mCores / 1000); null unless both are positive. */
export function neededShape(cpuMCores: number, memMB: number): number | null {
  return cpuMCores > 0 && memMB > 0 ? memMB / 1024 / (cpuMCores / 1000) : null;
}
