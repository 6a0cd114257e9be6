/**
 * Nodes and node groups (spec document 2, section 7: node tree, node list, node group list, nodeDetailById,
 * nodeGroupDetailByIdentifier, metricsViewerNodes, metricsViewerNodeGroup; fields of section 3). Served on every
 * service path (k8s/node, nodegroups, metrics-viewer, ...). The metric series types are written from the metric
 * lists of app/features/nodes/series.ts, each metric a BoxPlotStats (metrics.graphql.ts) per bucket.
 */
import { NODE_GROUP_METRICS, NODE_METRICS, NOT_MEASURED, type MetricDef } from "~/domain/nodes/series";

type Field = [name: string, type: string, about: string];

const fields = (list: Field[]) => list.map(([name, type, about]) => `  """${about}"""\n  ${name}: ${type}`).join("\n");

const series = (metrics: readonly MetricDef[]) =>
  fields(
    metrics.map((m) => [
      m.key,
      "BoxPlotStats!",
      `${m.title} (${m.unit})${NOT_MEASURED.has(m.key) ? "; no source reports it yet, so null" : ""}.`,
    ]),
  );

const NODE: Field[] = [
  ["nodeGroupId", "String", "The node group's id; null when the node's group is not in the inventory."],
  ["nodeId", "String!", "The node's id (the tree's entityId of a NODE)."],
  ["clusterName", "String!", "The cluster."],
  ["nodeGroupName", "String!", "The node group (node pool) name."],
  ["nodeName", "String!", "The node's name."],
  ["instanceType", "String!", "The cloud instance type."],
  ["cpuUtilizationAvgPct", "Float", "Average CPU utilisation, % of capacity; null without samples."],
  ["cpuUtilizationPeakPct", "Float", "Highest 5-minute CPU utilisation, % of capacity."],
  ["memUtilizationAvgPct", "Float", "Average memory utilisation, % of capacity."],
  ["memUtilizationPeakPct", "Float", "Highest 5-minute memory utilisation, % of capacity."],
  ["nodeHours", "Float!", "Hours the node ran in the 7 days."],
  ["ageDays", "Float", "Days from the first sample seen to the end of the window."],
  ["firstSeenDateUtc", "String", "First sample in the window, ISO-8601 UTC."],
  ["lastSeenDateUtc", "String", "Last sample in the window, ISO-8601 UTC."],
  ["maxAllowedPods", "Int!", "The node's pod limit."],
  ["numPodsAvg", "Float", "Average pods on the node (estimated from the workloads' replicas and the node's load)."],
  ["numPodsPeak", "Float", "Peak pods on the node (estimated, at most maxAllowedPods)."],
  ["maxAllowedPodsPct", "Float", "numPodsPeak / maxAllowedPods × 100."],
  ["nodeCpu", "Float!", "CPU of the instance type as published (mCores)."],
  ["nodeMem", "Float!", "Memory of the instance type as published (MB)."],
  ["capacityCpu", "Float!", "CPU capacity the kubelet reports (mCores)."],
  ["capacityMem", "Float!", "Memory capacity the kubelet reports (MB)."],
  ["allocatableCpu", "Float!", "Allocatable CPU (mCores)."],
  ["allocatableMem", "Float!", "Allocatable memory (MB)."],
  ["gpuModel", "String", "GPU model; null without a GPU."],
  ["nodeGpu", "Float", "GPUs on the node; null without a GPU."],
  ["allocatableGpu", "Float", "Allocatable GPUs; null without a GPU."],
  ["gpuMemoryTotal", "Float", "GPU memory (MB); null without a GPU."],
  ["gpuUtilizationAvg", "Float", "Average GPU utilisation (%); null without a GPU."],
  ["gpuMemUtilizationAvg", "Float", "Average GPU memory utilisation (%); null without a GPU."],
  ["monthlyCost", "Float", "$ per month: the instance type's catalog price × the node's hours at the window's run rate (× 730 / window hours); null without a catalog price."],
  ["monthlyWaste", "Float", "$ per month: the node's share of its group's estimatedWastePerMonth, in proportion to its cost; null when either is unknown."],
];

const GROUP: Field[] = [
  ["nodeGroupId", "String!", "The node group's id (the tree's entityId of a NODEGROUP)."],
  ["clusterName", "String!", "The cluster."],
  ["nodeGroupName", "String!", "The node group name."],
  ["primaryNodeType", "String", "The instance type with the most node hours."],
  ["uniqueNodeCount", "Int!", "Distinct nodes in the 7 days."],
  ["uniqueNodeCountLastDay", "Int!", "Distinct nodes seen in the last day."],
  ["avgNodeCount", "Float!", "Node hours / window hours."],
  ["totalNodeHours", "Float!", "Node hours in the 7 days."],
  ["cpuSaturationNodeCount", "Int!", "Nodes whose CPU average or peak reached its threshold (70 / 70 %)."],
  ["cpuSaturationNodePct", "Float!", "cpuSaturationNodeCount / nodes with samples × 100."],
  ["cpuNodeBalanceRatio", "Float", "cpuRequestPct / memRequestPct; null when nothing is requested."],
  ["memSaturationNodeCount", "Int!", "Nodes whose memory average or peak reached its threshold (90 / 95 %)."],
  ["memSaturationNodePct", "Float!", "memSaturationNodeCount / nodes with samples × 100."],
  ["memNodeBalanceRatio", "Float", "memRequestPct / cpuRequestPct; null when nothing is requested."],
  ["manifestCount", "Int!", "Distinct manifests (pod owners) of the containers on the group."],
  ["manifestRestartCount", "Int!", "Their restarts in the 7 days."],
  ["manifestMemEventCount", "Int!", "Their memory limit events in the 7 days."],
  ["nodeCpu", "Float", "CPU capacity of one node of the primary type (mCores)."],
  ["nodeMem", "Float", "Memory capacity of one node of the primary type (MB)."],
  ["maxPodCapNodeCount", "Int!", "Nodes that reached their pod limit."],
  ["cpuRequestPct", "Float!", "Existing CPU requests / average allocatable CPU × 100."],
  ["peakCpuUtilization", "Float", "Highest CPU utilisation of the group as one machine (%)."],
  ["avgCpuUtilization", "Float", "Average CPU utilisation of the group as one machine (%)."],
  ["memRequestPct", "Float!", "Existing memory requests / average allocatable memory × 100."],
  ["peakMemUtilization", "Float", "Highest memory utilisation of the group (%)."],
  ["avgMemUtilization", "Float", "Average memory utilisation of the group (%)."],
  ["primaryConstraint", "String", "Cpu Request, Memory Request or Memory Utilization: the nearest to its capacity threshold."],
  ["currentNodeFamily", "String", "Family of the primary node type."],
  ["optimizedNodeFamily", "String", "Family of the cheapest catalog type that holds the recommended requests."],
  ["currentEstimatedCost", "Float", "$ per month at on-demand prices; null when a type has no catalog price."],
  ["optimizedEstimatedCost", "Float", "$ per month of the optimised node count of the optimised type."],
  ["estimatedWastePerMonth", "Float", "currentEstimatedCost − optimizedEstimatedCost ($ per month)."],
  ["estimatedWastePercent", "Float", "estimatedWastePerMonth / currentEstimatedCost × 100."],
  ["manifestToOptCount", "Int!", "Manifests with a recommended request that differs from the existing one."],
  ["surplusCpu", "Float!", "Average allocatable CPU beyond what the recommended requests need (mCores; negative: short)."],
  ["surplusMem", "Float!", "Average allocatable memory beyond what the recommended requests need (MB; negative: short)."],
  ["aggregatedAllocatableCpu", "Float!", "Σ node allocatable CPU × its share of the window (mCores)."],
  ["aggregatedAllocatableMem", "Float!", "Σ node allocatable memory × its share of the window (MB)."],
  ["aggregatedCapacityCpu", "Float!", "Σ node CPU capacity × its share of the window (mCores)."],
  ["aggregatedCapacityMem", "Float!", "Σ node memory capacity × its share of the window (MB)."],
  ["optimizedAvgNodeCount", "Float", "Nodes of the optimised type needed."],
  ["health", "String!", "High Risk, Medium Risk or Low Risk: the rule of spec section 4 with healththreshold and capacitythreshold."],
];

const SCOPE = `
    """Clusters to include; all when absent or empty."""
    clusterNames: [String!]
    """Node groups to include (by name, in any of the clusters); all when absent or empty."""
    nodeGroupNames: [String!]`;

const WINDOW = `
    """Start of the range, ISO-8601."""
    startDate: String!
    """End of the range (exclusive), ISO-8601."""
    endDate: String!
    """DAY_1 (default), HOUR_1 or MINUTE_5 (only within the last 7 days)."""
    timeInterval: String = "DAY_1"
    """Always UTC (the default)."""
    rollupTimezone: String = "UTC"`;

export const nodeTypeDefs = /* GraphQL */ `
extend type Query {
  """
  The nodes tree ROOT > CLUSTER > NODEGROUP > NODE as a JSON array holding the root node (service path
  k8s/node). Node groups carry their node group id and nodes their node id as entityId.
  """
  nodeTreeJson: String!

  """Node list: the nodes of the current analysis in scope, by node name."""
  nodeDetailIgnoreGuestFilter(${SCOPE}
    """Only nodes whose peak pods reached their pod limit."""
    nodesAtMaxPodCapacityOnly: Boolean = false
  ): [Node!]!
  """Node list summary: distinct nodes and node groups of the same scope."""
  summaryAddonsIgnoreGuestFilter(${SCOPE}
    """Only nodes whose peak pods reached their pod limit."""
    nodesAtMaxPodCapacityOnly: Boolean = false
  ): NodeSummary!

  """Node group list: the node groups of the current analysis in scope, by name."""
  nodeGroupDetailsByViewAndFilter(${SCOPE}
  ): [NodeGroup!]!
  """Node group list summary: clusters, node groups and average nodes (summed over the groups)."""
  summaryAddonsByViewAndFilter(${SCOPE}
  ): NodeGroupSummary!
  """The capacity thresholds of node group health and optimisation (spec section 9)."""
  capacitythreshold: CapacityThreshold!
  """The health thresholds of the node group health rule (spec sections 4 and 9)."""
  healththreshold: HealthThreshold!

  """One node; null when the current analysis has no such node."""
  nodeDetailById(
    """The node's id."""
    nodeId: String!
  ): Node
  """One node group by name within its cluster; null when there is none."""
  nodeGroupDetailByIdentifier(
    """The node group's name."""
    nodeGroupName: String!
    """Its cluster."""
    clusterName: String!
  ): NodeGroup

  """A node's series in buckets aligned to UTC. Null for an unknown node."""
  metricsViewerNodes(
    """The node's id."""
    nodeId: String!${WINDOW}
  ): [NodeMetrics!]
  """A node group's series (the group as one machine) in buckets aligned to UTC. Null for an unknown node group."""
  metricsViewerNodeGroup(
    """The node group's id."""
    nodeGroupId: String!${WINDOW}
  ): [NodeGroupMetrics!]
}

"""A node over the last 7 days. CPU in mCores, memory in MB, utilisation in % of capacity."""
type Node {
${fields(NODE)}
}

"""Counts of the node list's scope."""
type NodeSummary {
  """Distinct nodes."""
  numUniqueNodes: Int!
  """Distinct node groups."""
  numNodeGroups: Int!
}

"""A node group over the last 7 days (app/engine/nodes/README.md says how each number is made)."""
type NodeGroup {
${fields(GROUP)}
  """
  Why its optimised type, count and cost are what they are (issue 15): the samples, the statistics, the needs at
  the capacity thresholds, the rule that chose the type, the price with the catalog's source and date, the cost.
  Told from the stored figures, so it costs no engine run.
  """
  why: [OptimisationWhyStep!]!
}

"""One step of why a node group or cloud service is optimised as it is."""
type OptimisationWhyStep {
  """samples, statistic, requestNeed, usageNeed, rule, count, price, cost, currentCost, waste or none."""
  rule: String!
  """The step in words, with its figures."""
  text: String!
  """The chart the figure comes from (a metric key of the entity's charts), when it comes from the samples."""
  chart: String
}

"""Counts of the node group list's scope."""
type NodeGroupSummary {
  """Distinct clusters."""
  clusters: Int!
  """Node groups."""
  nodeGroups: Int!
  """Average node count summed over the groups."""
  avgNodes: Float!
}

"""Capacity thresholds (percent, except the node count)."""
type CapacityThreshold {
  """CPU requests, % of allocatable."""
  cpuRequestThreshold: Float!
  """Peak CPU utilisation, %."""
  peakCpuUtilizationThreshold: Float!
  """Average CPU utilisation, %."""
  avgCpuUtilizationThreshold: Float!
  """Memory requests, % of allocatable."""
  memoryRequestThreshold: Float!
  """Peak memory utilisation, %."""
  peakMemoryUtilizationThreshold: Float!
  """Average memory utilisation, %."""
  avgMemoryUtilizationThreshold: Float!
  """Nodes at max pod capacity above this count make a group Medium Risk."""
  nodesAtMaxPodCapacityThreshold: Float!
}

"""Health thresholds: a value above one makes a group at least Medium Risk."""
type HealthThreshold {
  """CPU-saturated nodes, %."""
  cpuSaturationNodePctThreshold: Float!
  """CPU node balance ratio."""
  cpuNodeBalanceRatioThreshold: Float!
  """Memory-saturated nodes, %."""
  memSaturationNodePctThreshold: Float!
  """Memory node balance ratio."""
  memNodeBalanceRatioThreshold: Float!
}

"""One time bucket of a node's series: box-plot statistics of its 5-minute samples."""
type NodeMetrics {
  """Start of the bucket, ISO-8601 UTC."""
  auditUtcTimeBucket: String!
${series(NODE_METRICS)}
}

"""One time bucket of a node group's series."""
type NodeGroupMetrics {
  """Start of the bucket, ISO-8601 UTC."""
  auditUtcTimeBucket: String!
${series(NODE_GROUP_METRICS)}
}
`;
