/**
 * The node-group facts an analysis run gives every container of a group (spec section 3: hasCpuSaturation,
 * cpuSaturationNodePct, primaryConstraint, and the stranded risk flags), from the node engine
 * (app/engine/nodes: nodeUtilisation, groupUtilisation, nodeGroupAggregates, primaryConstraint):
 *
 * - Saturation: % of the group's nodes whose CPU (memory) average or peak reaches its threshold; "has" when above
 *   the health threshold's saturation percent (0).
 * - Stranded (ANALYSIS.md "Nodes and node groups"): memory is stranded when CPU requests fill the group and memory
 *   requests do not, i.e. cpuNodeBalanceRatio (cpuRequestPct / memRequestPct) at or above the health threshold's
 *   balance ratio (2); CPU is stranded when memNodeBalanceRatio is. Requests are the existing ones × replicas over
 *   the average allocatable.
 * - Primary constraint: Cpu Request, Memory Request or Memory Utilization, whichever is nearest its capacity
 *   threshold; it decides which resource's spare is a realizable gain (costs.ts).
 *
 * Node samples are read one node at a time over the group series' 30 days (GROUP_SERIES_DAYS) at 5 minutes: the
 * last 7 (the spec's window) go into the node's utilisation (nodeUtilisation), all 30 into the group's per-time
 * sums (GroupSeriesSums), then are dropped, so memory does not grow with the size of a group. The sums give the
 * group's utilisation over the 7 days (the engine's groupUtilisation computed as a stream) and, packed, the
 * group's chart series stored with the snapshot: a web process draws a group's charts from them, not from its
 * nodes' samples (issue 13). A node without samples is taken to have run the whole window (the inventory lists
 * it) and is not judged for saturation.
 */
import {
  DEFAULT_CAPACITY_THRESHOLDS,
  DEFAULT_HEALTH_THRESHOLDS,
  containerInputFromRow,
  nodeGroupAggregates,
  nodeInputFromRow,
  nodeUtilisation,
  nodeUtilisationOfColumns,
  primaryConstraint,
  type NodeInput,
  type NodeUtilisation,
} from "~/engine/nodes";
import type { ContainerTable, NodeGroupTable, NodeTable } from "~/db/schema";
import { SAMPLE_STEP_MS, type MetricsSource, type UtilisationSample } from "~/engine/source-contract";
import { GROUP_SERIES_DAYS, GroupSeriesSums } from "~/domain/nodes/series";
import { packGroupSeries } from "~/domain/nodes/group-series-pack";
import type { NodeSamplesInto } from "~/sources/demo";
import type { GroupFacts } from "./columns";
import { containersByGroup, peakPods, podsPerNode, type GroupSeen, type NodeSeen } from "./node-results";

export const WINDOW_HOURS = 7 * 24;

/** The key of a node group as containers name it: cluster and group name. */
export function groupKey(cluster: string, nodeGroup: string): string {
  return `${cluster}\u0000${nodeGroup}`;
}

export interface NodeGroupPhaseInput {
  nodeGroups: readonly NodeGroupTable[];
  nodes: readonly NodeTable[];
  containers: readonly ContainerTable[];
  /**
   * Asked for node samples; without one (or for a node it does not know) the node has no samples. One that can
   * write a node's samples into arrays (the demo's) is asked that way: no object per sample for the 30 days.
   */
  source?: (Pick<MetricsSource, "nodeSamples" | "nodeGpu"> & { nodeSamplesInto?: NodeSamplesInto }) | null;
  nowMs: number;
  /**
   * false: no chart series, only the 7 days of node samples the facts need (a policy change's re-analysis keeps
   * the previous snapshot's series); else GROUP_SERIES_DAYS of them, and each group's series packed.
   */
  withSeries?: boolean;
  /** Called after each group with the nodes done so far. */
  onProgress?: (nodesDone: number, nodesTotal: number) => void | Promise<void>;
}

/** The containers on each group of the input, DaemonSets on every group of their cluster (node-results.ts). */
export function groupContainers(input: Pick<NodeGroupPhaseInput, "nodeGroups" | "nodes" | "containers">) {
  const nodeCounts = new Map<string, number>();
  for (const n of input.nodes) nodeCounts.set(groupKey(n.cluster, n.node_group), (nodeCounts.get(groupKey(n.cluster, n.node_group)) ?? 0) + 1);
  const groupsOfCluster = new Map<string, string[]>();
  for (const g of input.nodeGroups) (groupsOfCluster.get(g.cluster) ?? groupsOfCluster.set(g.cluster, []).get(g.cluster)!).push(g.name);
  return containersByGroup(input.containers, nodeCounts, groupsOfCluster, groupKey);
}

export async function nodeGroupFacts(input: NodeGroupPhaseInput): Promise<Map<string, GroupFacts>> {
  return (await nodePhase(input)).facts;
}

/**
 * The node phase: the facts above, and what each node and group looked like (node-results.ts turns that into the
 * snapshot's node and node group rows once the containers' results are known).
 */
export async function nodePhase(input: NodeGroupPhaseInput): Promise<{ facts: Map<string, GroupFacts>; groups: GroupSeen[] }> {
  const fromMs = input.nowMs - WINDOW_HOURS * 3_600_000;
  const withSeries = input.withSeries ?? true;
  const seriesFromMs = withSeries ? input.nowMs - GROUP_SERIES_DAYS * 86_400_000 : fromMs;
  const windowEndUtc = new Date(input.nowMs).toISOString();
  const nodesByGroup = new Map<string, NodeTable[]>();
  for (const n of input.nodes) {
    const k = groupKey(n.cluster, n.node_group);
    (nodesByGroup.get(k) ?? nodesByGroup.set(k, []).get(k)!).push(n);
  }
  const byGroup = groupContainers(input);
  const health = DEFAULT_HEALTH_THRESHOLDS;
  const out = new Map<string, GroupFacts>();
  const groups: GroupSeen[] = [];
  const pods = podsPerNode(
    input.containers,
    new Map([...nodesByGroup].map(([k, rows]) => [k, rows.length])),
    groupKey,
  );
  const into = input.source?.nodeSamplesInto;
  const columns = into ? nodeColumns(into, seriesFromMs, input.nowMs) : null;
  let done = 0;
  for (const g of input.nodeGroups) {
    const k = groupKey(g.cluster, g.name);
    const rows = nodesByGroup.get(k) ?? [];
    const nodes: NodeInput[] = [];
    const seen: NodeSeen[] = [];
    const sums = GroupSeriesSums.over(seriesFromMs, input.nowMs, SAMPLE_STEP_MS);
    for (const row of rows) {
      const size = { capacityCpu: row.cpu_capacity, capacityMem: row.mem_capacity, allocatableCpu: row.cpu_allocatable, allocatableMem: row.mem_allocatable };
      let week: { u: NodeUtilisation | null; firstMs: number | null; lastMs: number | null };
      if (columns) {
        columns.read(row.id);
        sums.addColumns(size, columns.startMs, SAMPLE_STEP_MS, columns.cpu, columns.mem, columns.count);
        week = columns.utilisationFrom(fromMs);
      } else {
        const all: readonly UtilisationSample[] = input.source ? await input.source.nodeSamples(row.id, seriesFromMs, input.nowMs, SAMPLE_STEP_MS) : [];
        sums.add(size, all);
        const samples = lastFrom(all, fromMs);
        week = { u: nodeUtilisation(samples, SAMPLE_STEP_MS), firstMs: samples.length ? samples[0].t : null, lastMs: samples.length ? samples[samples.length - 1].t : null };
      }
      const { u, firstMs, lastMs } = week;
      const p = pods(row.cluster, row.node_group);
      const nodeInput = nodeInputFromRow(row, {
        nodeHours: u ? u.nodeHours : WINDOW_HOURS,
        lastSeenDateUtc: lastMs === null ? null : new Date(lastMs).toISOString(),
        numPodsPeak: u ? peakPods(p.share, p.daemonSets, u.cpuUtilizationAvgPct, u.cpuUtilizationPeakPct, row.pod_capacity) : null,
        utilisation: u,
      });
      nodes.push(nodeInput);
      const gpu = input.source?.nodeGpu ? await input.source.nodeGpu(row.id, fromMs, input.nowMs) : null;
      seen.push({ row, input: nodeInput, firstMs, lastMs, numPodsAvg: u ? Math.min(row.pod_capacity, p.share + p.daemonSets) : null, gpu });
    }
    const containers = (byGroup.get(k) ?? []).map((c) => ({
      ...containerInputFromRow(c.row, { recommendedCpuRequest: null, recommendedMemRequest: null, restartsLast7Days: 0, memoryLimitEventLast7Days: 0 }),
      replicas: c.replicas,
    }));
    const groupUtilisation = sums.utilisation(fromMs, input.nowMs);
    const agg = nodeGroupAggregates({
      nodeGroupId: g.id,
      clusterName: g.cluster,
      nodeGroupName: g.name,
      windowHours: WINDOW_HOURS,
      windowEndUtc,
      nodes,
      containers,
      utilisation: groupUtilisation,
    });
    const judged = nodes.some((n) => n.utilisation !== null);
    groups.push({ group: g, nodes: seen, utilisation: groupUtilisation, series: withSeries ? packGroupSeries(sums) : undefined });
    out.set(k, {
      strandedCpu: agg.memNodeBalanceRatio !== null && agg.memNodeBalanceRatio >= health.memNodeBalanceRatioThreshold,
      strandedMem: agg.cpuNodeBalanceRatio !== null && agg.cpuNodeBalanceRatio >= health.cpuNodeBalanceRatioThreshold,
      primaryConstraint: primaryConstraint(agg, DEFAULT_CAPACITY_THRESHOLDS),
      cpuSaturationNodePct: judged ? agg.cpuSaturationNodePct : null,
      memSaturationNodePct: judged ? agg.memSaturationNodePct : null,
      hasCpuSaturation: judged && agg.cpuSaturationNodePct > health.cpuSaturationNodePctThreshold,
      hasMemSaturation: judged && agg.memSaturationNodePct > health.memSaturationNodePctThreshold,
    });
    done += rows.length;
    await input.onProgress?.(done, input.nodes.length);
  }
  return { facts: out, groups };
}

/** The samples at or after fromMs of a series in time order (a slice: the samples are not copied). */
function lastFrom(samples: readonly UtilisationSample[], fromMs: number): readonly UtilisationSample[] {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (samples[mid].t < fromMs) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? samples : samples.slice(lo);
}

/**
 * One node's samples over [fromMs, toMs) in arrays kept from node to node: the 30 days of ~107,000 nodes at 500,000
 * containers are ~930 million samples, and an object for each was most of the node phase's time and memory.
 */
function nodeColumns(into: NodeSamplesInto, fromMs: number, toMs: number) {
  const k0 = Math.ceil(fromMs / SAMPLE_STEP_MS);
  const k1 = Math.max(k0, Math.ceil(toMs / SAMPLE_STEP_MS));
  const count = k1 - k0;
  const cpu = new Float64Array(count);
  const mem = new Float64Array(count);
  return {
    startMs: k0 * SAMPLE_STEP_MS,
    count,
    cpu,
    mem,
    read(nodeId: string) {
      into(nodeId, k0, k1, cpu, mem);
    },
    /** The node's utilisation over the samples at or after `from` (its 7 days), and its first and last sample's time. */
    utilisationFrom(from: number): { u: NodeUtilisation | null; firstMs: number | null; lastMs: number | null } {
      const start = Math.max(0, Math.ceil(from / SAMPLE_STEP_MS) - k0);
      const has = (i: number) => !Number.isNaN(cpu[i]) && !Number.isNaN(mem[i]);
      let first = start;
      while (first < count && !has(first)) first++;
      let last = count - 1;
      while (last >= first && !has(last)) last--;
      if (first > last) return { u: null, firstMs: null, lastMs: null };
      return { u: nodeUtilisationOfColumns(cpu, mem, first, last + 1, SAMPLE_STEP_MS), firstMs: (k0 + first) * SAMPLE_STEP_MS, lastMs: (k0 + last) * SAMPLE_STEP_MS };
    },
  };
}
