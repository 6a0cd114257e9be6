import type { InstanceType } from "./types";

/** Types by name, for pricing the nodes a group runs. A later entry with the same name wins. */
export function indexByName(types: readonly InstanceType[]): Map<string, InstanceType> {
  return new Map(types.map((t) => [t.name, t]));
}

/** GiB of memory per vCPU: the CPU:memory shape of a type (m5 4, c5 2, r5 8). */
export function memoryPerVcpu(type: Pick<InstanceType, "vcpus" | "memoryGiB">): number {
  return type.memoryGiB / type.vcpus;
}
