import type { GroupUtilisation } from "./group-utilisation";
import type { NodeUtilisation } from "./utilisation";

/** One node of a group as the engine needs it. CPU in mCores, memory in MB, like the spec. */
export interface NodeInput {
  nodeId: string;
  nodeName: string;
  instanceType: string;
  capacityCpu: number;
  capacityMem: number;
  allocatableCpu: number;
  allocatableMem: number;
  maxAllowedPods: number;
  /** Hours the node ran within the window. */
  nodeHours: number;
  lastSeenDateUtc: string | null;
  numPodsPeak: number | null;
  /** From nodeUtilisation(); null when the node has no samples (it is then not judged for saturation). */
  utilisation: Omit<NodeUtilisation, "nodeHours"> | null;
}

/** One container running on the group's nodes (all its replicas), with its recommendation and events. */
export interface NodeGroupContainerInput {
  /** Identifies the container's manifest (pod owner): cluster/namespace/kind/name. */
  manifestKey: string;
  /** Average running replicas over the window (the spec's currentCount). */
  replicas: number;
  /** Existing requests per replica; null when unset. */
  cpuRequest: number | null;
  memRequest: number | null;
  /** Recommended requests per replica; null when not analysed (the existing request is used instead). */
  recommendedCpuRequest: number | null;
  recommendedMemRequest: number | null;
  restartsLast7Days: number;
  memoryLimitEventLast7Days: number;
}

export interface NodeGroupInput {
  nodeGroupId: string;
  clusterName: string;
  nodeGroupName: string;
  /** Length of the analysis window (168 for the spec's 7 days) and its end. */
  windowHours: number;
  windowEndUtc: string;
  nodes: readonly NodeInput[];
  containers: readonly NodeGroupContainerInput[];
  /** From groupUtilisation(); null without samples. */
  utilisation: GroupUtilisation | null;
}
