import { DEFAULT_CAPACITY_THRESHOLDS, PRIMARY_CONSTRAINTS, type CapacityThresholds, type PrimaryConstraint } from "./constants";
import type { NodeGroupAggregates } from "./aggregates";

export type ConstraintInputs = Pick<NodeGroupAggregates, "cpuRequestPct" | "memRequestPct" | "avgMemUtilization" | "peakMemUtilization">;

/** value / threshold: 1 means the resource sits exactly at its capacity threshold. */
function pressure(value: number | null, threshold: number): number {
  if (value === null || value <= 0) return 0;
  return threshold > 0 ? value / threshold : Infinity;
}

/**
 * The resource that fills up first, relative to its capacity threshold: Cpu Request (cpuRequestPct / 70),
 * Memory Request (memRequestPct / 80) or Memory Utilization (the larger of avg / 80 and peak / 95). CPU
 * utilisation is not one of the spec's values: CPU is compressible (it throttles), memory is not (it evicts).
 * Ties go in that order; null when nothing is requested or used.
 */
export function primaryConstraint(g: ConstraintInputs, capacity: CapacityThresholds = DEFAULT_CAPACITY_THRESHOLDS): PrimaryConstraint | null {
  const pressures: Record<PrimaryConstraint, number> = {
    "Cpu Request": pressure(g.cpuRequestPct, capacity.cpuRequestThreshold),
    "Memory Request": pressure(g.memRequestPct, capacity.memoryRequestThreshold),
    "Memory Utilization": Math.max(
      pressure(g.avgMemUtilization, capacity.avgMemoryUtilizationThreshold),
      pressure(g.peakMemUtilization, capacity.peakMemoryUtilizationThreshold),
    ),
  };
  let best: PrimaryConstraint | null = null;
  for (const c of PRIMARY_CONSTRAINTS) if (pressures[c] > 0 && (best === null || pressures[c] > pressures[best])) best = c;
  return best;
}
