/**
 * What Kubernetes leaves for pods on a node of a given size when we have not seen one: capacity minus
 * kube-reserved minus the hard eviction threshold, by GKE's published formula (also the basis of the EKS and
 * AKS AMIs' CPU reservation):
 * - CPU: 6 % of the first core, 1 % of the second, 0.5 % of cores 3–4, 0.25 % of every core above 4.
 * - Memory: 255 MiB below 1 GiB; otherwise 25 % of the first 4 GiB, 20 % of the next 4, 10 % of the next 8,
 *   6 % of the next 112 and 2 % above 128 GiB; plus 100 MiB for the eviction threshold.
 * Rounded down to whole mCores and MB. Observed allocatable of a type (from the group's nodes) wins over this.
 */
const CPU_TIERS: readonly [upToCores: number, fraction: number][] = [
  [1, 0.06],
  [2, 0.01],
  [4, 0.005],
  [Infinity, 0.0025],
];
const MEM_TIERS: readonly [upToGiB: number, fraction: number][] = [
  [4, 0.25],
  [8, 0.2],
  [16, 0.1],
  [128, 0.06],
  [Infinity, 0.02],
];
export const EVICTION_THRESHOLD_MB = 100;
const SMALL_NODE_RESERVED_MB = 255;

function tiered(amount: number, tiers: readonly (readonly [number, number])[]): number {
  let reserved = 0;
  let from = 0;
  for (const [upTo, fraction] of tiers) {
    if (amount <= from) break;
    reserved += (Math.min(amount, upTo) - from) * fraction;
    from = upTo;
  }
  return reserved;
}

/** kube-reserved CPU of a node with this many vCPUs, mCores. */
export function kubeReservedCpu(vcpus: number): number {
  return tiered(vcpus, CPU_TIERS) * 1000;
}

/** kube-reserved memory of a node with this much memory, MB (MiB, as the spec's MB = GB / 1024). */
export function kubeReservedMem(memoryGiB: number): number {
  return memoryGiB < 1 ? SMALL_NODE_RESERVED_MB : tiered(memoryGiB, MEM_TIERS) * 1024;
}

/** Allocatable mCores and MB of a node of this size. */
export function allocatableOf(type: { vcpus: number; memoryGiB: number }): { cpu: number; mem: number } {
  return {
    cpu: Math.floor(type.vcpus * 1000 - kubeReservedCpu(type.vcpus) + 1e-9),
    mem: Math.max(0, Math.floor(type.memoryGiB * 1024 - kubeReservedMem(type.memoryGiB) - EVICTION_THRESHOLD_MB + 1e-9)),
  };
}
