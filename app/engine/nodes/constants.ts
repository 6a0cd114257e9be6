/**
 * The node and node group constants of spec document 2 (sections 4 and 9), in the spec's own names. One place:
 * a change to the spec is a change here.
 */

/** A node's utilisation thresholds, % of capacity, named after the node fields they judge. */
export interface NodeUtilisationThresholds {
  cpuUtilizationAvgPct: number;
  cpuUtilizationPeakPct: number;
  memUtilizationAvgPct: number;
  memUtilizationPeakPct: number;
}

/** Section 9: "Node utilisation thresholds: CPU average 70 and peak 70; memory average 90 and peak 95." */
export const NODE_UTILISATION_THRESHOLDS: Readonly<NodeUtilisationThresholds> = {
  cpuUtilizationAvgPct: 70,
  cpuUtilizationPeakPct: 70,
  memUtilizationAvgPct: 90,
  memUtilizationPeakPct: 95,
};

/** The health thresholds the node group list call returns (`healththreshold`), section 3. */
export interface HealthThresholds {
  cpuSaturationNodePctThreshold: number;
  cpuNodeBalanceRatioThreshold: number;
  memSaturationNodePctThreshold: number;
  memNodeBalanceRatioThreshold: number;
}

/** Section 9: "saturation percent 0 and balance ratio 2 for CPU and memory". */
export const DEFAULT_HEALTH_THRESHOLDS: Readonly<HealthThresholds> = {
  cpuSaturationNodePctThreshold: 0,
  cpuNodeBalanceRatioThreshold: 2,
  memSaturationNodePctThreshold: 0,
  memNodeBalanceRatioThreshold: 2,
};

/** The capacity thresholds the node group list call returns (`capacitythreshold`), section 3. Percents. */
export interface CapacityThresholds {
  cpuRequestThreshold: number;
  peakCpuUtilizationThreshold: number;
  avgCpuUtilizationThreshold: number;
  memoryRequestThreshold: number;
  peakMemoryUtilizationThreshold: number;
  avgMemoryUtilizationThreshold: number;
  nodesAtMaxPodCapacityThreshold: number;
}

/** Section 9: "cpuRequest 70, peak CPU 85, avg CPU 70, memoryRequest 80, peak memory 95, avg memory 80, nodes at max pod capacity 0". */
export const DEFAULT_CAPACITY_THRESHOLDS: Readonly<CapacityThresholds> = {
  cpuRequestThreshold: 70,
  peakCpuUtilizationThreshold: 85,
  avgCpuUtilizationThreshold: 70,
  memoryRequestThreshold: 80,
  peakMemoryUtilizationThreshold: 95,
  avgMemoryUtilizationThreshold: 80,
  nodesAtMaxPodCapacityThreshold: 0,
};

/** Section 4, fixed in the rule (not server thresholds): High Risk above 50 % saturated nodes ... */
export const HIGH_RISK_SATURATION_NODE_PCT = 50;
/** ... or memory limit events above 0 ... */
export const HIGH_RISK_MEMORY_EVENTS = 0;
/** ... or a node balance ratio of 10 or more (section 9: "above 10 shows as the maximum red"). */
export const HIGH_RISK_BALANCE_RATIO = 10;

/**
 * A balance ratio whose other resource has nothing requested is infinite; we report this cap instead (well
 * past the 10 of High Risk, and a finite number for GraphQL's Float). Ratios above it are capped too.
 */
export const BALANCE_RATIO_CAP = 100;

export const NODE_GROUP_HEALTH = ["High Risk", "Medium Risk", "Low Risk"] as const;
export type NodeGroupHealth = (typeof NODE_GROUP_HEALTH)[number];

/** Section 3: primaryConstraint values, in the order that breaks ties. */
export const PRIMARY_CONSTRAINTS = ["Cpu Request", "Memory Request", "Memory Utilization"] as const;
export type PrimaryConstraint = (typeof PRIMARY_CONSTRAINTS)[number];

/** uniqueNodeCountLastDay counts nodes seen in the last this many hours of the window. */
export const LAST_DAY_HOURS = 24;
