import { DEFAULT_CAPACITY_THRESHOLDS, type CapacityThresholds } from "./constants";
import type { NodeGroupAggregates } from "./aggregates";

export type NeedsInputs = Pick<
  NodeGroupAggregates,
  "totalRecommendedCpuRequest" | "totalRecommendedMemRequest" | "avgCpuUsed" | "peakCpuUsed" | "avgMemUsed" | "peakMemUsed"
>;

/** What a node group needs so that every capacity threshold holds. */
export interface NodeGroupNeeds {
  /** Allocatable mCores / MB that hold the recommended requests at the request thresholds (70 % / 80 %). */
  cpuRequestNeed: number;
  memRequestNeed: number;
  /** Capacity mCores / MB that keep observed use at or under the avg and peak utilisation thresholds; 0 without samples. */
  cpuUsageNeed: number;
  memUsageNeed: number;
}

/** A threshold of 0 or less would make any need infinite; it is read as 100 % (no headroom). */
const fraction = (thresholdPct: number) => (thresholdPct > 0 ? thresholdPct / 100 : 1);

/**
 * cpuRequestNeed = Σ recommended CPU requests / cpuRequestThreshold; memRequestNeed likewise with
 * memoryRequestThreshold; cpuUsageNeed = max(avg CPU used / avgCpuUtilizationThreshold, peak CPU used /
 * peakCpuUtilizationThreshold); memUsageNeed likewise with the memory thresholds.
 */
export function nodeGroupNeeds(g: NeedsInputs, t: CapacityThresholds = DEFAULT_CAPACITY_THRESHOLDS): NodeGroupNeeds {
  return {
    cpuRequestNeed: g.totalRecommendedCpuRequest / fraction(t.cpuRequestThreshold),
    memRequestNeed: g.totalRecommendedMemRequest / fraction(t.memoryRequestThreshold),
    cpuUsageNeed: Math.max((g.avgCpuUsed ?? 0) / fraction(t.avgCpuUtilizationThreshold), (g.peakCpuUsed ?? 0) / fraction(t.peakCpuUtilizationThreshold)),
    memUsageNeed: Math.max((g.avgMemUsed ?? 0) / fraction(t.avgMemoryUtilizationThreshold), (g.peakMemUsed ?? 0) / fraction(t.peakMemoryUtilizationThreshold)),
  };
}

/**
 * Nodes of one size that meet every need: ceil(max(cpuRequestNeed / allocatable CPU, memRequestNeed / allocatable
 * memory, cpuUsageNeed / capacity CPU, memUsageNeed / capacity memory)), at least 1 (a group that runs anything
 * keeps a node; removing a group is not this recommendation).
 */
export function nodesNeeded(needs: NodeGroupNeeds, node: { allocatableCpu: number; allocatableMem: number; capacityCpu: number; capacityMem: number }): number {
  const ratio = (need: number, per: number) => (need <= 0 ? 0 : per > 0 ? need / per : Infinity);
  const exact = Math.max(
    ratio(needs.cpuRequestNeed, node.allocatableCpu),
    ratio(needs.memRequestNeed, node.allocatableMem),
    ratio(needs.cpuUsageNeed, node.capacityCpu),
    ratio(needs.memUsageNeed, node.capacityMem),
  );
  // 1e-9 keeps 3.0000000000000004 (floating-point noise) at 3.
  return Math.max(1, Math.ceil(exact - 1e-9));
}
