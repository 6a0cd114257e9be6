/**
 * Risk flags of a container from its current configuration, its window statistics and its events (ANALYSIS.md
 * "Risks and histograms"):
 * - CPU throttling: a CPU limit is set and the 95th percentile of CPU reaches 90 % of it, or throttling events
 *   happened in the window.
 * - Memory pod termination: a memory limit is set and the peak working set reaches 95 % of it, or the container
 *   was OOM-killed at its limit.
 * - Memory process termination: OOM kills with no memory limit set (the node ran out of memory).
 * - Stranded CPU or memory: a node-group condition (one resource full, the other idle); passed in by the caller.
 */
import type { ContainerEventCounts, Resources, RiskFlags } from "./types";

export const CPU_THROTTLE_RISK_PCT = 90;
export const MEMORY_LIMIT_RISK_PCT = 95;

export interface RiskInput {
  existing: Pick<Resources, "cpuLimit" | "memLimit">;
  /** 95th percentile of CPU in the window, mCores. */
  cpuP95: number | null;
  /** Peak working set in the window (busiest replica when known), MB. */
  memPeak: number | null;
  events?: Pick<ContainerEventCounts, "oomKills" | "throttleEvents"> | null;
  /** Stranded flags of the container's node group. */
  stranded?: { cpu?: boolean; memory?: boolean } | null;
}

const isSet = (v: number | null): v is number => v !== null && v > 0;

export function risks(input: RiskInput): RiskFlags {
  const { cpuLimit, memLimit } = input.existing;
  const oomKills = input.events?.oomKills ?? 0;
  const throttleEvents = input.events?.throttleEvents ?? 0;
  return {
    hasCpuThrottledRisk:
      throttleEvents > 0 || (isSet(cpuLimit) && input.cpuP95 !== null && input.cpuP95 * 100 >= cpuLimit * CPU_THROTTLE_RISK_PCT),
    hasCpuStrandedRisk: input.stranded?.cpu === true,
    hasMemoryPodTerminationRisk:
      isSet(memLimit) && (oomKills > 0 || (input.memPeak !== null && input.memPeak * 100 >= memLimit * MEMORY_LIMIT_RISK_PCT)),
    hasMemoryStrandedRisk: input.stranded?.memory === true,
    hasMemoryProcessTerminationRisk: oomKills > 0 && !isSet(memLimit),
  };
}

/** A throttling or termination risk (what puts a container "at risk" besides a request deficit; not stranded). */
export function hasRuntimeRisk(flags: Partial<RiskFlags> | null | undefined): boolean {
  return !!flags && (flags.hasCpuThrottledRisk === true || flags.hasMemoryPodTerminationRisk === true || flags.hasMemoryProcessTerminationRisk === true);
}
