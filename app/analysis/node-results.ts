/**
 * The node_analysis and node_group_analysis rows of a snapshot (migration 005): the spec's Node and Node group
 * entities, from what the node phase saw (each node's utilisation, first and last sample, the group's per-time
 * sums) and the containers' results (recommended requests, restarts, memory limit events).
 *
 * What the sources do not report, and how it is derived (README.md "Nodes and node groups", the same words):
 * - Pods per node: a source reports pods per workload, not per node. A node holds one pod of each DaemonSet of
 *   its cluster plus an even share of its group's other pods (Σ over manifests of their average replicas), at
 *   most its pod limit: numPodsAvg. Pods follow load, so the peak scales that share by the node's CPU peak / average, and the
 *   scheduler stops at the node's pod limit: numPodsPeak = min(maxAllowedPods, ceil(share × peak / avg) + DaemonSets).
 * - First and last seen: the first and last sample within the 7-day window; Age (Days) counts from the first seen
 *   to the window's end. A node without samples has neither.
 * - GPU fields: what the source reports of the node's GPUs (MetricsSource.nodeGpu); null without a GPU.
 */
import type { PackedGroupSeries } from "~/domain/nodes/group-series-pack";
import type { NodeAnalysisTable, NodeGroupAnalysisTable, NodeGroupTable, NodeTable } from "~/db/schema";
import { indexByName } from "~/engine/catalog";
import type { InstanceType } from "~/engine/catalog";
import {
  analyseNodeGroup,
  manifestKeyOf,
  nodeMonthlyMoney,
  nodeUtilisationFlags,
  type GroupUtilisation,
  type NodeGroupContainerInput,
  type NodeInput,
} from "~/engine/nodes";
import type { ContainerTable } from "~/db/schema";
import type { NodeGpu } from "~/engine/source-contract";
import { DAY_MS } from "~/lib/time";

export const NODE_HEALTH_RANK: Record<string, number> = { "High Risk": 3, "Medium Risk": 2, "Low Risk": 1 };

/** One node as the node phase leaves it. */
export interface NodeSeen {
  row: NodeTable;
  input: NodeInput;
  firstMs: number | null;
  lastMs: number | null;
  numPodsAvg: number | null;
  /** Its GPUs over the window; null or absent without a GPU. */
  gpu?: NodeGpu | null;
}

/** One node group as the node phase leaves it. */
export interface GroupSeen {
  group: NodeGroupTable;
  nodes: NodeSeen[];
  utilisation: GroupUtilisation | null;
  /** The group's chart series over GROUP_SERIES_DAYS, packed (stored as node_group_series). */
  series?: PackedGroupSeries;
}

/** A container's results as the node group needs them (rows of container_analysis). */
export interface ContainerResult {
  recommendedCpuRequest: number | null;
  recommendedMemRequest: number | null;
  restartsLast7Days: number;
  memoryLimitEventLast7Days: number;
}

/** A container as one node group sees it: DaemonSet copies carry `ownGroup` false (their events stay with their own group). */
export interface GroupContainer {
  row: ContainerTable;
  /** Replicas on this group: all of them, or for a DaemonSet one per node of the group. */
  replicas: number;
  ownGroup: boolean;
}

/**
 * The containers running on each group. A DaemonSet runs one copy on every node of its cluster, whatever node group
 * its row names: each group gets it with one replica per node of the group (so its requests count where they are
 * placed, as the demo source and the node series count them); its restarts and memory limit events stay with the
 * group its row names, so they are counted once.
 */
export function containersByGroup(
  containers: readonly ContainerTable[],
  nodeCounts: ReadonlyMap<string, number>,
  groupsOfCluster: ReadonlyMap<string, readonly string[]>,
  key: (cluster: string, group: string) => string,
): Map<string, GroupContainer[]> {
  const out = new Map<string, GroupContainer[]>();
  const add = (k: string, c: GroupContainer) => (out.get(k) ?? out.set(k, []).get(k)!).push(c);
  for (const c of containers) {
    const own = key(c.cluster, c.node_group);
    if (c.pod_owner_kind !== "DaemonSet") {
      add(own, { row: c, replicas: c.replicas, ownGroup: true });
      continue;
    }
    const groups = groupsOfCluster.get(c.cluster) ?? [];
    for (const g of groups) {
      const k = key(c.cluster, g);
      add(k, { row: c, replicas: nodeCounts.get(k) ?? 0, ownGroup: k === own });
    }
    if (!groups.some((g) => key(c.cluster, g) === own)) add(own, { row: c, replicas: 0, ownGroup: true });
  }
  return out;
}

/** Pods per node of each group (module comment): DaemonSets of the cluster + an even share of the group's pods. */
export function podsPerNode(containers: readonly ContainerTable[], nodeCounts: ReadonlyMap<string, number>, key: (cluster: string, group: string) => string) {
  const dsByCluster = new Map<string, Set<string>>();
  const manifestReplicas = new Map<string, { group: string; replicas: number }>();
  for (const c of containers) {
    const m = manifestKeyOf(c);
    if (c.pod_owner_kind === "DaemonSet") {
      (dsByCluster.get(c.cluster) ?? dsByCluster.set(c.cluster, new Set()).get(c.cluster)!).add(m);
      continue;
    }
    const g = key(c.cluster, c.node_group);
    const seen = manifestReplicas.get(m);
    if (!seen || seen.replicas < c.replicas) manifestReplicas.set(m, { group: g, replicas: c.replicas });
  }
  const groupPods = new Map<string, number>();
  for (const { group, replicas } of manifestReplicas.values()) groupPods.set(group, (groupPods.get(group) ?? 0) + replicas);
  return (cluster: string, group: string) => {
    const k = key(cluster, group);
    const nodes = nodeCounts.get(k) ?? 0;
    const share = nodes > 0 ? (groupPods.get(k) ?? 0) / nodes : 0;
    return { share, daemonSets: dsByCluster.get(cluster)?.size ?? 0 };
  };
}

/** Peak pods of a node from its average share (module comment). */
export function peakPods(share: number, daemonSets: number, cpuAvg: number | null, cpuPeak: number | null, maxAllowedPods: number): number {
  const ratio = cpuAvg !== null && cpuPeak !== null && cpuAvg > 0 ? cpuPeak / cpuAvg : 1;
  return Math.min(maxAllowedPods, Math.ceil(share * ratio) + daemonSets);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The money of a node's group its own money is a share of (nodeMonthlyMoney). */
export interface NodeGroupMoney {
  windowHours: number;
  currentEstimatedCost: number | null;
  estimatedWastePerMonth: number | null;
}

export function nodeRow(
  snapshotId: string,
  seen: NodeSeen,
  groupId: string | null,
  windowEndMs: number,
  catalog: ReadonlyMap<string, InstanceType>,
  group: NodeGroupMoney = { windowHours: 0, currentEstimatedCost: null, estimatedWastePerMonth: null },
): NodeAnalysisTable {
  const { row, input } = seen;
  const u = input.utilisation;
  const flags = u ? nodeUtilisationFlags(u) : null;
  const type = catalog.get(row.instance_type);
  const peak = input.numPodsPeak;
  const money = nodeMonthlyMoney(type?.hourlyPrice ?? null, input.nodeHours, group.windowHours, group);
  return {
    snapshot_id: snapshotId,
    node_id: row.id,
    node_group_id: groupId,
    cluster_name: row.cluster,
    node_group_name: row.node_group,
    node_name: row.name,
    instance_type: row.instance_type,
    cpu_utilization_avg_pct: u?.cpuUtilizationAvgPct ?? null,
    cpu_utilization_peak_pct: u?.cpuUtilizationPeakPct ?? null,
    mem_utilization_avg_pct: u?.memUtilizationAvgPct ?? null,
    mem_utilization_peak_pct: u?.memUtilizationPeakPct ?? null,
    node_hours: input.nodeHours,
    age_days: seen.firstMs === null ? null : (windowEndMs - seen.firstMs) / DAY_MS,
    first_seen_date_utc: iso(seen.firstMs),
    last_seen_date_utc: iso(seen.lastMs),
    max_allowed_pods: row.pod_capacity,
    num_pods_avg: seen.numPodsAvg,
    num_pods_peak: peak,
    max_allowed_pods_pct: peak !== null && row.pod_capacity > 0 ? (peak / row.pod_capacity) * 100 : null,
    // The instance type's published size (catalog); the kubelet's capacity when the catalog does not list it.
    node_cpu: type ? type.vcpus * 1000 : row.cpu_capacity,
    node_mem: type ? type.memoryGiB * 1024 : row.mem_capacity,
    capacity_cpu: row.cpu_capacity,
    capacity_mem: row.mem_capacity,
    allocatable_cpu: row.cpu_allocatable,
    allocatable_mem: row.mem_allocatable,
    gpu_model: seen.gpu?.model ?? null,
    node_gpu: seen.gpu?.gpus ?? null,
    allocatable_gpu: seen.gpu?.allocatable ?? null,
    gpu_memory_total: seen.gpu?.memoryMb ?? null,
    gpu_utilization_avg: seen.gpu?.utilizationAvg ?? null,
    gpu_mem_utilization_avg: seen.gpu?.memUtilizationAvg ?? null,
    cpu_saturated: flags?.cpuSaturated ? 1 : 0,
    mem_saturated: flags?.memSaturated ? 1 : 0,
    at_max_pod_capacity: peak !== null && peak >= row.pod_capacity ? 1 : 0,
    monthly_cost: money.monthlyCost,
    monthly_waste: money.monthlyWaste,
  };
}

export function nodeGroupRow(
  snapshotId: string,
  seen: GroupSeen,
  containers: readonly NodeGroupContainerInput[],
  windowHours: number,
  windowEndUtc: string,
  catalog: readonly InstanceType[],
): NodeGroupAnalysisTable {
  const g = seen.group;
  const a = analyseNodeGroup(
    {
      nodeGroupId: g.id,
      clusterName: g.cluster,
      nodeGroupName: g.name,
      windowHours,
      windowEndUtc,
      nodes: seen.nodes.map((n) => n.input),
      containers,
      utilisation: seen.utilisation,
    },
    catalog,
  );
  return {
    snapshot_id: snapshotId,
    node_group_id: g.id,
    cluster_name: g.cluster,
    node_group_name: g.name,
    primary_node_type: a.primaryNodeType,
    unique_node_count: a.uniqueNodeCount,
    unique_node_count_last_day: a.uniqueNodeCountLastDay,
    avg_node_count: a.avgNodeCount,
    total_node_hours: a.totalNodeHours,
    cpu_saturation_node_count: a.cpuSaturationNodeCount,
    cpu_saturation_node_pct: a.cpuSaturationNodePct,
    cpu_node_balance_ratio: a.cpuNodeBalanceRatio,
    mem_saturation_node_count: a.memSaturationNodeCount,
    mem_saturation_node_pct: a.memSaturationNodePct,
    mem_node_balance_ratio: a.memNodeBalanceRatio,
    manifest_count: a.manifestCount,
    manifest_restart_count: a.manifestRestartCount,
    manifest_mem_event_count: a.manifestMemEventCount,
    node_cpu: a.nodeCpu,
    node_mem: a.nodeMem,
    max_pod_cap_node_count: a.maxPodCapNodeCount,
    cpu_request_pct: a.cpuRequestPct,
    peak_cpu_utilization: a.peakCpuUtilization,
    avg_cpu_utilization: a.avgCpuUtilization,
    mem_request_pct: a.memRequestPct,
    peak_mem_utilization: a.peakMemUtilization,
    avg_mem_utilization: a.avgMemUtilization,
    primary_constraint: a.primaryConstraint,
    current_node_family: a.currentNodeFamily,
    optimized_node_family: a.optimizedNodeFamily,
    optimized_node_type: a.optimizedNodeType,
    current_estimated_cost: a.currentEstimatedCost,
    optimized_estimated_cost: a.optimizedEstimatedCost,
    estimated_waste_per_month: a.estimatedWastePerMonth,
    estimated_waste_percent: a.estimatedWastePercent,
    manifest_to_opt_count: a.manifestToOptCount,
    surplus_cpu: a.surplusCpu,
    surplus_mem: a.surplusMem,
    aggregated_allocatable_cpu: a.aggregatedAllocatableCpu,
    aggregated_allocatable_mem: a.aggregatedAllocatableMem,
    aggregated_capacity_cpu: a.aggregatedCapacityCpu,
    aggregated_capacity_mem: a.aggregatedCapacityMem,
    optimized_avg_node_count: a.optimizedAvgNodeCount,
    health: a.health,
    health_reasons: JSON.stringify(a.healthReasons),
    unpriced_instance_types: JSON.stringify(a.unpricedInstanceTypes),
  };
}

export { indexByName };
