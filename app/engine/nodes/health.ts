import {
  DEFAULT_CAPACITY_THRESHOLDS,
  DEFAULT_HEALTH_THRESHOLDS,
  HIGH_RISK_BALANCE_RATIO,
  HIGH_RISK_MEMORY_EVENTS,
  HIGH_RISK_SATURATION_NODE_PCT,
  type CapacityThresholds,
  type HealthThresholds,
  type NodeGroupHealth,
} from "./constants";
import type { NodeGroupAggregates } from "./aggregates";

export type HealthInputs = Pick<
  NodeGroupAggregates,
  "cpuSaturationNodePct" | "memSaturationNodePct" | "manifestMemEventCount" | "cpuNodeBalanceRatio" | "memNodeBalanceRatio" | "maxPodCapNodeCount"
>;

export interface HealthAssessment {
  health: NodeGroupHealth;
  /** Each condition that set the level, in words, for the "why". Empty for Low Risk. */
  reasons: string[];
}

const ratio = (r: number | null) => r ?? 0;

function highRisk(g: HealthInputs): string[] {
  const reasons: string[] = [];
  if (g.cpuSaturationNodePct > HIGH_RISK_SATURATION_NODE_PCT) reasons.push(`CPU-saturated nodes above ${HIGH_RISK_SATURATION_NODE_PCT} %`);
  if (g.memSaturationNodePct > HIGH_RISK_SATURATION_NODE_PCT) reasons.push(`Memory-saturated nodes above ${HIGH_RISK_SATURATION_NODE_PCT} %`);
  if (g.manifestMemEventCount > HIGH_RISK_MEMORY_EVENTS) reasons.push("Memory limit events");
  if (ratio(g.cpuNodeBalanceRatio) >= HIGH_RISK_BALANCE_RATIO) reasons.push(`CPU node balance ratio ${HIGH_RISK_BALANCE_RATIO} or more`);
  if (ratio(g.memNodeBalanceRatio) >= HIGH_RISK_BALANCE_RATIO) reasons.push(`Memory node balance ratio ${HIGH_RISK_BALANCE_RATIO} or more`);
  return reasons;
}

function mediumRisk(g: HealthInputs, h: HealthThresholds, c: CapacityThresholds): string[] {
  const reasons: string[] = [];
  if (g.cpuSaturationNodePct > h.cpuSaturationNodePctThreshold) reasons.push(`CPU-saturated nodes above ${h.cpuSaturationNodePctThreshold} %`);
  if (g.memSaturationNodePct > h.memSaturationNodePctThreshold) reasons.push(`Memory-saturated nodes above ${h.memSaturationNodePctThreshold} %`);
  if (g.manifestMemEventCount > HIGH_RISK_MEMORY_EVENTS) reasons.push("Memory limit events");
  if (ratio(g.cpuNodeBalanceRatio) > h.cpuNodeBalanceRatioThreshold) reasons.push(`CPU node balance ratio above ${h.cpuNodeBalanceRatioThreshold}`);
  if (ratio(g.memNodeBalanceRatio) > h.memNodeBalanceRatioThreshold) reasons.push(`Memory node balance ratio above ${h.memNodeBalanceRatioThreshold}`);
  if (g.maxPodCapNodeCount > c.nodesAtMaxPodCapacityThreshold) reasons.push("Nodes at max pod capacity");
  return reasons;
}

/**
 * Spec document 2 section 4. High Risk: CPU or memory saturated-node percent above 50, memory limit events above
 * 0, or either balance ratio 10 or more. Medium Risk: any saturation percent, memory events, balance ratio or
 * max-pod-capacity node count above its threshold (server `healththreshold` / `capacitythreshold`; defaults 0,
 * 0, 2 and 0). Otherwise Low Risk. A null balance ratio (nothing requested) triggers nothing.
 */
export function assessNodeGroupHealth(
  g: HealthInputs,
  health: HealthThresholds = DEFAULT_HEALTH_THRESHOLDS,
  capacity: CapacityThresholds = DEFAULT_CAPACITY_THRESHOLDS,
): HealthAssessment {
  const high = highRisk(g);
  if (high.length) return { health: "High Risk", reasons: high };
  const medium = mediumRisk(g, health, capacity);
  if (medium.length) return { health: "Medium Risk", reasons: medium };
  return { health: "Low Risk", reasons: [] };
}

/** The health level alone (see assessNodeGroupHealth). */
export function nodeGroupHealth(
  g: HealthInputs,
  health: HealthThresholds = DEFAULT_HEALTH_THRESHOLDS,
  capacity: CapacityThresholds = DEFAULT_CAPACITY_THRESHOLDS,
): NodeGroupHealth {
  return assessNodeGroupHealth(g, health, capacity).health;
}
