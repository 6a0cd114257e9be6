/** Nodes and node groups (service paths k8s/node, nodegroups, metrics-viewer): spec document 2, section 7. */
import type { NodeGroupRow, NodeRow } from "~/models/node-analysis.server";
import type { CapacityThresholds, HealthThresholds } from "~/engine/nodes/index";
import { NODE_GROUP_METRICS, NODE_METRICS, type BucketStats, type NodeGroupMetricKey, type NodeMetricKey } from "~/domain/nodes/series";
import { typed } from "~/graphql/operations/typed-document";

/** nodeTreeJson is a JSON array holding the root TreeNode (ROOT > CLUSTER > NODEGROUP > NODE). */
export const NODE_TREE_JSON = typed<{ nodeTreeJson: string }>(/* GraphQL */ `
  query nodeTreeJson {
    nodeTreeJson
  }
`);

const NODE_FIELDS = `nodeGroupId nodeId clusterName nodeGroupName nodeName instanceType cpuUtilizationAvgPct cpuUtilizationPeakPct
  memUtilizationAvgPct memUtilizationPeakPct nodeHours ageDays firstSeenDateUtc lastSeenDateUtc maxAllowedPods numPodsAvg numPodsPeak
  maxAllowedPodsPct nodeCpu nodeMem capacityCpu capacityMem allocatableCpu allocatableMem gpuModel nodeGpu allocatableGpu gpuMemoryTotal
  gpuUtilizationAvg gpuMemUtilizationAvg`;

const NODE_GROUP_FIELDS = `nodeGroupId clusterName nodeGroupName primaryNodeType uniqueNodeCount uniqueNodeCountLastDay avgNodeCount
  totalNodeHours cpuSaturationNodeCount cpuSaturationNodePct cpuNodeBalanceRatio memSaturationNodeCount memSaturationNodePct memNodeBalanceRatio
  manifestCount manifestRestartCount manifestMemEventCount nodeCpu nodeMem maxPodCapNodeCount cpuRequestPct peakCpuUtilization avgCpuUtilization
  memRequestPct peakMemUtilization avgMemUtilization primaryConstraint currentNodeFamily optimizedNodeFamily currentEstimatedCost
  optimizedEstimatedCost estimatedWastePerMonth estimatedWastePercent manifestToOptCount surplusCpu surplusMem aggregatedAllocatableCpu
  aggregatedAllocatableMem aggregatedCapacityCpu aggregatedCapacityMem optimizedAvgNodeCount health`;

export type NodeFields = Omit<NodeRow, "cpuSaturated" | "memSaturated" | "atMaxPodCapacity">;
export type NodeGroupFields = Omit<NodeGroupRow, "healthReasons" | "unpricedInstanceTypes" | "optimizedNodeType">;

export interface NodeListVariables {
  clusterNames?: string[];
  nodeGroupNames?: string[];
  nodesAtMaxPodCapacityOnly?: boolean;
}

/** The node list: nodes and their summary. */
export const NODE_LIST = typed<
  { nodeDetailIgnoreGuestFilter: NodeFields[]; summaryAddonsIgnoreGuestFilter: { numUniqueNodes: number; numNodeGroups: number } },
  NodeListVariables
>(/* GraphQL */ `
  query nodeList($clusterNames: [String!], $nodeGroupNames: [String!], $nodesAtMaxPodCapacityOnly: Boolean = false) {
    nodeDetailIgnoreGuestFilter(clusterNames: $clusterNames, nodeGroupNames: $nodeGroupNames, nodesAtMaxPodCapacityOnly: $nodesAtMaxPodCapacityOnly) {
      ${NODE_FIELDS}
    }
    summaryAddonsIgnoreGuestFilter(clusterNames: $clusterNames, nodeGroupNames: $nodeGroupNames, nodesAtMaxPodCapacityOnly: $nodesAtMaxPodCapacityOnly) {
      numUniqueNodes
      numNodeGroups
    }
  }
`);

/** The node group list: groups, summary and the thresholds health is judged against. */
export const NODE_GROUP_LIST = typed<
  {
    nodeGroupDetailsByViewAndFilter: NodeGroupFields[];
    summaryAddonsByViewAndFilter: { clusters: number; nodeGroups: number; avgNodes: number };
    capacitythreshold: CapacityThresholds;
    healththreshold: HealthThresholds;
  },
  { clusterNames?: string[]; nodeGroupNames?: string[] }
>(/* GraphQL */ `
  query nodeGroupList($clusterNames: [String!], $nodeGroupNames: [String!]) {
    nodeGroupDetailsByViewAndFilter(clusterNames: $clusterNames, nodeGroupNames: $nodeGroupNames) {
      ${NODE_GROUP_FIELDS}
    }
    summaryAddonsByViewAndFilter(clusterNames: $clusterNames, nodeGroupNames: $nodeGroupNames) {
      clusters
      nodeGroups
      avgNodes
    }
    capacitythreshold {
      cpuRequestThreshold
      peakCpuUtilizationThreshold
      avgCpuUtilizationThreshold
      memoryRequestThreshold
      peakMemoryUtilizationThreshold
      avgMemoryUtilizationThreshold
      nodesAtMaxPodCapacityThreshold
    }
    healththreshold {
      cpuSaturationNodePctThreshold
      cpuNodeBalanceRatioThreshold
      memSaturationNodePctThreshold
      memNodeBalanceRatioThreshold
    }
  }
`);

export const NODE_DETAIL_BY_ID = typed<{ nodeDetailById: NodeFields | null }, { nodeId: string }>(/* GraphQL */ `
  query nodeDetailById($nodeId: String!) {
    nodeDetailById(nodeId: $nodeId) {
      ${NODE_FIELDS}
    }
  }
`);

export const NODE_GROUP_DETAIL_BY_IDENTIFIER = typed<{ nodeGroupDetailByIdentifier: NodeGroupFields | null }, { nodeGroupName: string; clusterName: string }>(
  /* GraphQL */ `
  query nodeGroupDetailByIdentifier($nodeGroupName: String!, $clusterName: String!) {
    nodeGroupDetailByIdentifier(nodeGroupName: $nodeGroupName, clusterName: $clusterName) {
      ${NODE_GROUP_FIELDS}
    }
  }
`,
);

const STATS = `{ min q1 median sustained peak avg }`;

export interface SeriesVariables {
  startDate: string;
  endDate: string;
  timeInterval?: string;
  rollupTimezone?: string;
}

export type NodeMetricsRow = { auditUtcTimeBucket: string } & Record<NodeMetricKey, BucketStats>;
export type NodeGroupMetricsRow = { auditUtcTimeBucket: string } & Record<NodeGroupMetricKey, BucketStats>;

export const METRICS_VIEWER_NODES = typed<{ metricsViewerNodes: NodeMetricsRow[] | null }, SeriesVariables & { nodeId: string }>(/* GraphQL */ `
  query metricsViewerNodes($nodeId: String!, $startDate: String!, $endDate: String!, $timeInterval: String = "DAY_1", $rollupTimezone: String = "UTC") {
    metricsViewerNodes(nodeId: $nodeId, startDate: $startDate, endDate: $endDate, timeInterval: $timeInterval, rollupTimezone: $rollupTimezone) {
      auditUtcTimeBucket
      ${NODE_METRICS.map((m) => `${m.key} ${STATS}`).join("\n      ")}
    }
  }
`);

export const METRICS_VIEWER_NODE_GROUP = typed<{ metricsViewerNodeGroup: NodeGroupMetricsRow[] | null }, SeriesVariables & { nodeGroupId: string }>(/* GraphQL */ `
  query metricsViewerNodeGroup($nodeGroupId: String!, $startDate: String!, $endDate: String!, $timeInterval: String = "DAY_1", $rollupTimezone: String = "UTC") {
    metricsViewerNodeGroup(nodeGroupId: $nodeGroupId, startDate: $startDate, endDate: $endDate, timeInterval: $timeInterval, rollupTimezone: $rollupTimezone) {
      auditUtcTimeBucket
      ${NODE_GROUP_METRICS.map((m) => `${m.key} ${STATS}`).join("\n      ")}
    }
  }
`);
