import type { UtilisationSample } from "~/engine/source-contract";
import type { InstanceType } from "../catalog/types";
import { nodeGroupAggregates, type NodeGroupAggregates } from "./aggregates";
import {
  NODE_UTILISATION_THRESHOLDS,
  type CapacityThresholds,
  type HealthThresholds,
  type NodeGroupHealth,
  type NodeUtilisationThresholds,
  type PrimaryConstraint,
} from "./constants";
import { primaryConstraint } from "./constraint";
import { nodeUtilisationFlags, type NodeUtilisationFlags } from "./flags";
import { assessNodeGroupHealth } from "./health";
import { optimiseNodeGroup, type NodeGroupOptimisation, type OptimiseOptions } from "./optimise";
import { isAtMaxPodCapacity, maxAllowedPodsPct } from "./pods";
import { resolveCapacityThresholds, resolveHealthThresholds, type ServerThresholds } from "./thresholds";
import type { NodeGroupInput } from "./types";
import { nodeUtilisation, type NodeUtilisation } from "./utilisation";

export interface NodeAnalysis {
  utilisation: NodeUtilisation | null;
  flags: NodeUtilisationFlags | null;
  maxAllowedPodsPct: number | null;
  atMaxPodCapacity: boolean;
}

/** One node: utilisation stats from its samples, threshold flags, pod capacity. */
export function analyseNode(
  node: { maxAllowedPods: number; numPodsPeak: number | null },
  samples: readonly UtilisationSample[],
  stepMs: number,
  thresholds: NodeUtilisationThresholds = NODE_UTILISATION_THRESHOLDS,
): NodeAnalysis {
  const utilisation = nodeUtilisation(samples, stepMs);
  return {
    utilisation,
    flags: utilisation && nodeUtilisationFlags(utilisation, thresholds),
    maxAllowedPodsPct: maxAllowedPodsPct(node.numPodsPeak, node.maxAllowedPods),
    atMaxPodCapacity: isAtMaxPodCapacity(node.numPodsPeak, node.maxAllowedPods),
  };
}

export interface NodeGroupAnalysis extends NodeGroupAggregates, Omit<NodeGroupOptimisation, "currentNodeFamily"> {
  health: NodeGroupHealth;
  healthReasons: string[];
  primaryConstraint: PrimaryConstraint | null;
}

export interface NodeGroupThresholdInput {
  /** As the node group list call returns them; missing fields take the spec's defaults. */
  healththreshold?: ServerThresholds<HealthThresholds>;
  capacitythreshold?: ServerThresholds<CapacityThresholds>;
  node?: NodeUtilisationThresholds;
}

/** One node group, end to end: aggregates, health, primary constraint and optimisation. */
export function analyseNodeGroup(
  input: NodeGroupInput,
  catalog: readonly InstanceType[],
  thresholds: NodeGroupThresholdInput = {},
  options: Omit<OptimiseOptions, "capacity"> = {},
): NodeGroupAnalysis {
  const health = resolveHealthThresholds(thresholds.healththreshold);
  const capacity = resolveCapacityThresholds(thresholds.capacitythreshold);
  const aggregates = nodeGroupAggregates(input, thresholds.node ?? NODE_UTILISATION_THRESHOLDS);
  const assessment = assessNodeGroupHealth(aggregates, health, capacity);
  return {
    ...aggregates,
    ...optimiseNodeGroup(aggregates, catalog, { ...options, capacity }),
    health: assessment.health,
    healthReasons: assessment.reasons,
    primaryConstraint: primaryConstraint(aggregates, capacity),
  };
}
