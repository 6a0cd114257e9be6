/**
 * What a candidate type must offer under a cloud policy (ANALYSIS.md "Cloud instances"):
 *
 *   vCPU need on candidate C = current vCPUs × CPU % / limit % × (current perfFactor / C's perfFactor),
 *
 * for the busiest hour's sustained CPU at the sustained limit (default 80 %) and for the peak at the peak limit
 * (default 100 %), whichever is larger. Held as CPU work in reference vCPUs (vCPUs × perfFactor), so a candidate
 * is sufficient when its vCPUs × perfFactor ≥ the work: one multiplication per candidate, no division.
 *
 *   memory need = current memory × active memory % × memory headroom (default 1.2);
 *   without memory samples (no agent): the current memory, so memory is never downsized blind.
 *
 * Network: at least the current type's performance (policy "Current type"), or the observed peak throughput ×
 * network headroom ("Observed peak"); null when the current type's is not published.
 */
import type { CloudPolicyValues } from "../policy/cloud";
import type { CloudPattern } from "./pattern";
import type { CloudCandidate } from "./types";

export interface CloudNeeds {
  /** CPU work in reference vCPUs: sufficient when vcpus × perfFactor ≥ cpuWork. */
  cpuWork: number;
  /** Which limit set the CPU need. */
  cpuBinding: "Sustained" | "Peak";
  /** vCPUs of the current type's performance the work needs (idealCpuAlloc). */
  vcpusOnCurrent: number;
  memoryGiB: number;
  /** false: no memory samples, memory need is the current memory. */
  memoryFromAgent: boolean;
  /** Network performance a candidate must offer, Gbps; null when there is no requirement. */
  networkGbps: number | null;
}

type NeedsPolicy = Pick<CloudPolicyValues, "cpuSustainedLimit" | "cpuPeakLimit" | "memoryHeadroom" | "networkRequirement" | "networkHeadroom">;

export function cloudNeeds(
  current: Pick<CloudCandidate, "vcpus" | "memoryGiB" | "perfFactor" | "networkGbps">,
  pattern: Pick<CloudPattern, "sustainedCpuPct" | "peakCpuPct" | "activeMemoryPct">,
  policy: NeedsPolicy,
  peakNetworkGbps = 0,
): CloudNeeds {
  const currentWork = current.vcpus * current.perfFactor;
  const sustainedWork = (currentWork * pattern.sustainedCpuPct) / policy.cpuSustainedLimit;
  const peakWork = (currentWork * pattern.peakCpuPct) / policy.cpuPeakLimit;
  const cpuWork = Math.max(sustainedWork, peakWork);
  const memoryFromAgent = pattern.activeMemoryPct !== null;
  const memoryGiB = memoryFromAgent ? (current.memoryGiB * pattern.activeMemoryPct! * policy.memoryHeadroom) / 100 : current.memoryGiB;
  const networkGbps = policy.networkRequirement === "Current type" ? current.networkGbps : peakNetworkGbps * policy.networkHeadroom;
  return {
    cpuWork,
    cpuBinding: peakWork > sustainedWork ? "Peak" : "Sustained",
    vcpusOnCurrent: current.perfFactor > 0 ? cpuWork / current.perfFactor : 0,
    memoryGiB,
    memoryFromAgent,
    networkGbps,
  };
}

/** vCPUs of candidate C the work needs (the spec's per-candidate vCPU need). */
export function vcpusNeededOn(needs: Pick<CloudNeeds, "cpuWork">, candidate: Pick<CloudCandidate, "perfFactor">): number {
  return candidate.perfFactor > 0 ? needs.cpuWork / candidate.perfFactor : Infinity;
}
