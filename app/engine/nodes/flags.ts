import { NODE_UTILISATION_THRESHOLDS, type NodeUtilisationThresholds } from "./constants";
import type { NodeUtilisation } from "./utilisation";

export interface NodeUtilisationFlags {
  cpuAvgHigh: boolean;
  cpuPeakHigh: boolean;
  memAvgHigh: boolean;
  memPeakHigh: boolean;
  /** The node is CPU-saturated: its CPU average or peak reached its threshold. */
  cpuSaturated: boolean;
  memSaturated: boolean;
}

type Utilisation = Pick<NodeUtilisation, keyof NodeUtilisationThresholds>;

/** Flags a node whose utilisation reaches (≥) a threshold; saturated in a resource when its average or peak does. */
export function nodeUtilisationFlags(u: Utilisation, t: NodeUtilisationThresholds = NODE_UTILISATION_THRESHOLDS): NodeUtilisationFlags {
  const cpuAvgHigh = u.cpuUtilizationAvgPct >= t.cpuUtilizationAvgPct;
  const cpuPeakHigh = u.cpuUtilizationPeakPct >= t.cpuUtilizationPeakPct;
  const memAvgHigh = u.memUtilizationAvgPct >= t.memUtilizationAvgPct;
  const memPeakHigh = u.memUtilizationPeakPct >= t.memUtilizationPeakPct;
  return {
    cpuAvgHigh,
    cpuPeakHigh,
    memAvgHigh,
    memPeakHigh,
    cpuSaturated: cpuAvgHigh || cpuPeakHigh,
    memSaturated: memAvgHigh || memPeakHigh,
  };
}
