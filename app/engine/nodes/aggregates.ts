import { familyOf } from "../catalog/names";
import { balanceRatio } from "./balance";
import { LAST_DAY_HOURS, NODE_UTILISATION_THRESHOLDS, type NodeUtilisationThresholds } from "./constants";
import { nodeUtilisationFlags } from "./flags";
import { isAtMaxPodCapacity } from "./pods";
import type { NodeGroupContainerInput, NodeGroupInput, NodeInput } from "./types";

/** A node group's aggregates in the spec's field names (section 3), plus the totals the optimiser needs. */
export interface NodeGroupAggregates {
  nodeGroupId: string;
  clusterName: string;
  nodeGroupName: string;
  /** The instance type with the most node hours; null without nodes. */
  primaryNodeType: string | null;
  currentNodeFamily: string | null;
  uniqueNodeCount: number;
  uniqueNodeCountLastDay: number;
  avgNodeCount: number;
  totalNodeHours: number;
  cpuSaturationNodeCount: number;
  cpuSaturationNodePct: number;
  memSaturationNodeCount: number;
  memSaturationNodePct: number;
  cpuNodeBalanceRatio: number | null;
  memNodeBalanceRatio: number | null;
  manifestCount: number;
  manifestRestartCount: number;
  manifestMemEventCount: number;
  manifestToOptCount: number;
  /** Capacity of one node of the primary type (mCores, MB). */
  nodeCpu: number | null;
  nodeMem: number | null;
  maxPodCapNodeCount: number;
  cpuRequestPct: number;
  memRequestPct: number;
  avgCpuUtilization: number | null;
  peakCpuUtilization: number | null;
  avgMemUtilization: number | null;
  peakMemUtilization: number | null;
  /** Σ node value × its share of the window: the group's average allocatable and capacity (mCores, MB). */
  aggregatedAllocatableCpu: number;
  aggregatedAllocatableMem: number;
  aggregatedCapacityCpu: number;
  aggregatedCapacityMem: number;
  /** Σ request × replicas (mCores, MB); an unset request counts 0, an unanalysed recommendation the existing value. */
  totalExistingCpuRequest: number;
  totalExistingMemRequest: number;
  totalRecommendedCpuRequest: number;
  totalRecommendedMemRequest: number;
  /** The largest recommended request of one replica: a node must hold it. */
  largestRecommendedCpuRequest: number;
  largestRecommendedMemRequest: number;
  avgCpuUsed: number | null;
  peakCpuUsed: number | null;
  avgMemUsed: number | null;
  peakMemUsed: number | null;
  nodeHoursByInstanceType: Record<string, number>;
  /** The smallest allocatable seen per instance type (mCores, MB): what the optimiser trusts over its formula. */
  allocatableByInstanceType: Record<string, { cpu: number; mem: number }>;
  windowHours: number;
}

const pct = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

function primaryType(hoursByType: Record<string, number>): string | null {
  const ranked = Object.entries(hoursByType).sort(([a, ha], [b, hb]) => hb - ha || a.localeCompare(b));
  return ranked[0]?.[0] ?? null;
}

function recommended(value: number | null, existing: number | null): number {
  return value ?? existing ?? 0;
}

/** A manifest needs optimising when any of its containers' recommended requests differs from the existing one. */
function needsChange(c: NodeGroupContainerInput): boolean {
  const differs = (rec: number | null, cur: number | null) => rec !== null && rec !== cur;
  return differs(c.recommendedCpuRequest, c.cpuRequest) || differs(c.recommendedMemRequest, c.memRequest);
}

function nodeTotals(nodes: readonly NodeInput[], windowHours: number) {
  const share = (n: NodeInput) => (windowHours > 0 ? n.nodeHours / windowHours : 0);
  const sum = (f: (n: NodeInput) => number) => nodes.reduce((s, n) => s + f(n) * share(n), 0);
  return {
    aggregatedAllocatableCpu: sum((n) => n.allocatableCpu),
    aggregatedAllocatableMem: sum((n) => n.allocatableMem),
    aggregatedCapacityCpu: sum((n) => n.capacityCpu),
    aggregatedCapacityMem: sum((n) => n.capacityMem),
  };
}

function containerTotals(containers: readonly NodeGroupContainerInput[]) {
  const manifests = new Set(containers.map((c) => c.manifestKey));
  const toOptimise = new Set(containers.filter(needsChange).map((c) => c.manifestKey));
  const sum = (f: (c: NodeGroupContainerInput) => number) => containers.reduce((s, c) => s + f(c), 0);
  const max = (f: (c: NodeGroupContainerInput) => number) => containers.reduce((m, c) => Math.max(m, f(c)), 0);
  return {
    manifestCount: manifests.size,
    manifestRestartCount: sum((c) => c.restartsLast7Days),
    manifestMemEventCount: sum((c) => c.memoryLimitEventLast7Days),
    manifestToOptCount: toOptimise.size,
    totalExistingCpuRequest: sum((c) => (c.cpuRequest ?? 0) * c.replicas),
    totalExistingMemRequest: sum((c) => (c.memRequest ?? 0) * c.replicas),
    totalRecommendedCpuRequest: sum((c) => recommended(c.recommendedCpuRequest, c.cpuRequest) * c.replicas),
    totalRecommendedMemRequest: sum((c) => recommended(c.recommendedMemRequest, c.memRequest) * c.replicas),
    largestRecommendedCpuRequest: max((c) => recommended(c.recommendedCpuRequest, c.cpuRequest)),
    largestRecommendedMemRequest: max((c) => recommended(c.recommendedMemRequest, c.memRequest)),
  };
}

/** Everything the node group grid shows that follows from its nodes, containers and samples (README.md). */
export function nodeGroupAggregates(input: NodeGroupInput, nodeThresholds: NodeUtilisationThresholds = NODE_UTILISATION_THRESHOLDS): NodeGroupAggregates {
  const { nodes, windowHours, utilisation: u } = input;
  const hoursByType: Record<string, number> = {};
  const allocByType: Record<string, { cpu: number; mem: number }> = {};
  for (const n of nodes) {
    hoursByType[n.instanceType] = (hoursByType[n.instanceType] ?? 0) + n.nodeHours;
    const a = allocByType[n.instanceType];
    allocByType[n.instanceType] = a ? { cpu: Math.min(a.cpu, n.allocatableCpu), mem: Math.min(a.mem, n.allocatableMem) } : { cpu: n.allocatableCpu, mem: n.allocatableMem };
  }
  const primaryNodeType = primaryType(hoursByType);
  const primaryNode = nodes.find((n) => n.instanceType === primaryNodeType);
  const judged = nodes.filter((n) => n.utilisation !== null).map((n) => nodeUtilisationFlags(n.utilisation!, nodeThresholds));
  const cpuSaturationNodeCount = judged.filter((f) => f.cpuSaturated).length;
  const memSaturationNodeCount = judged.filter((f) => f.memSaturated).length;
  const lastDayFrom = Date.parse(input.windowEndUtc) - LAST_DAY_HOURS * 3_600_000;
  const totalNodeHours = nodes.reduce((s, n) => s + n.nodeHours, 0);
  const nodeSums = nodeTotals(nodes, windowHours);
  const containerSums = containerTotals(input.containers);
  const cpuRequestPct = pct(containerSums.totalExistingCpuRequest, nodeSums.aggregatedAllocatableCpu);
  const memRequestPct = pct(containerSums.totalExistingMemRequest, nodeSums.aggregatedAllocatableMem);
  return {
    nodeGroupId: input.nodeGroupId,
    clusterName: input.clusterName,
    nodeGroupName: input.nodeGroupName,
    primaryNodeType,
    currentNodeFamily: primaryNodeType === null ? null : familyOf(primaryNodeType),
    uniqueNodeCount: new Set(nodes.map((n) => n.nodeId)).size,
    uniqueNodeCountLastDay: new Set(nodes.filter((n) => n.lastSeenDateUtc !== null && Date.parse(n.lastSeenDateUtc) >= lastDayFrom).map((n) => n.nodeId)).size,
    avgNodeCount: windowHours > 0 ? totalNodeHours / windowHours : 0,
    totalNodeHours,
    cpuSaturationNodeCount,
    cpuSaturationNodePct: pct(cpuSaturationNodeCount, judged.length),
    memSaturationNodeCount,
    memSaturationNodePct: pct(memSaturationNodeCount, judged.length),
    cpuNodeBalanceRatio: balanceRatio(cpuRequestPct, memRequestPct),
    memNodeBalanceRatio: balanceRatio(memRequestPct, cpuRequestPct),
    ...containerSums,
    nodeCpu: primaryNode?.capacityCpu ?? null,
    nodeMem: primaryNode?.capacityMem ?? null,
    maxPodCapNodeCount: nodes.filter((n) => isAtMaxPodCapacity(n.numPodsPeak, n.maxAllowedPods)).length,
    cpuRequestPct,
    memRequestPct,
    avgCpuUtilization: u?.avgCpuUtilization ?? null,
    peakCpuUtilization: u?.peakCpuUtilization ?? null,
    avgMemUtilization: u?.avgMemUtilization ?? null,
    peakMemUtilization: u?.peakMemUtilization ?? null,
    ...nodeSums,
    avgCpuUsed: u?.avgCpuUsed ?? null,
    peakCpuUsed: u?.peakCpuUsed ?? null,
    avgMemUsed: u?.avgMemUsed ?? null,
    peakMemUsed: u?.peakMemUsed ?? null,
    nodeHoursByInstanceType: hoursByType,
    allocatableByInstanceType: allocByType,
    windowHours,
  };
}
