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
 * Node samples cover the spec's 7 days at 5 minutes and are read one node at a time: each node's samples go into
 * its utilisation (nodeUtilisation) and into the group's per-time sums (GroupSums, the engine's groupUtilisation
 * computed as a stream), then are dropped, so memory does not grow with the size of a group. A node without
 * samples is taken to have run the whole window (the inventory lists it) and is not judged for saturation.
 */
import {
  DEFAULT_CAPACITY_THRESHOLDS,
  DEFAULT_HEALTH_THRESHOLDS,
  containerInputFromRow,
  nodeGroupAggregates,
  nodeInputFromRow,
  nodeUtilisation,
  primaryConstraint,
  type GroupUtilisation,
  type NodeInput,
} from "~/engine/nodes";
import type { ContainerTable, NodeGroupTable, NodeTable } from "~/db/schema";
import { SAMPLE_STEP_MS, type MetricsSource, type UtilisationSample } from "~/engine/source-contract";
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
  /** Asked for node samples; without one (or for a node it does not know) the node has no samples. */
  source?: Pick<MetricsSource, "nodeSamples" | "nodeGpu"> | null;
  nowMs: number;
  /** Called after each group with the nodes done so far. */
  onProgress?: (nodesDone: number, nodesTotal: number) => void | Promise<void>;
}

/**
 * The engine's groupUtilisation (app/engine/nodes/group-utilisation.ts), accumulated node by node: at each
 * sample time, used = Σ pct / 100 × capacity and cap = Σ capacity over the nodes with a sample then; the group's
 * % at that time is used / cap; averages are over the times with a sample, peaks the highest time. A unit test
 * holds the two equal.
 */
export class GroupSums {
  private readonly cpuUsed: Float64Array;
  private readonly memUsed: Float64Array;
  private readonly cpuCap: Float64Array;
  private readonly memCap: Float64Array;
  private readonly seen: Uint8Array;

  constructor(
    private readonly fromMs: number,
    private readonly slots: number,
  ) {
    this.cpuUsed = new Float64Array(slots);
    this.memUsed = new Float64Array(slots);
    this.cpuCap = new Float64Array(slots);
    this.memCap = new Float64Array(slots);
    this.seen = new Uint8Array(slots);
  }

  add(capacityCpu: number, capacityMem: number, samples: readonly UtilisationSample[]) {
    for (const s of samples) {
      const i = Math.round((s.t - this.fromMs) / SAMPLE_STEP_MS);
      if (i < 0 || i >= this.slots) continue;
      this.cpuUsed[i] += (s.cpu / 100) * capacityCpu;
      this.memUsed[i] += (s.mem / 100) * capacityMem;
      this.cpuCap[i] += capacityCpu;
      this.memCap[i] += capacityMem;
      this.seen[i] = 1;
    }
  }

  result(): GroupUtilisation | null {
    const pct = (used: number, cap: number) => (cap > 0 ? (used / cap) * 100 : 0);
    let n = 0;
    let sumCpuPct = 0;
    let sumMemPct = 0;
    let sumCpuUsed = 0;
    let sumMemUsed = 0;
    let peakCpuPct = 0;
    let peakMemPct = 0;
    let peakCpuUsed = 0;
    let peakMemUsed = 0;
    for (let i = 0; i < this.slots; i++) {
      if (this.seen[i] === 0) continue;
      n++;
      const cpuPct = pct(this.cpuUsed[i], this.cpuCap[i]);
      const memPct = pct(this.memUsed[i], this.memCap[i]);
      sumCpuPct += cpuPct;
      sumMemPct += memPct;
      sumCpuUsed += this.cpuUsed[i];
      sumMemUsed += this.memUsed[i];
      peakCpuPct = Math.max(peakCpuPct, cpuPct);
      peakMemPct = Math.max(peakMemPct, memPct);
      peakCpuUsed = Math.max(peakCpuUsed, this.cpuUsed[i]);
      peakMemUsed = Math.max(peakMemUsed, this.memUsed[i]);
    }
    if (n === 0) return null;
    return {
      avgCpuUtilization: sumCpuPct / n,
      peakCpuUtilization: peakCpuPct,
      avgMemUtilization: sumMemPct / n,
      peakMemUtilization: peakMemPct,
      avgCpuUsed: sumCpuUsed / n,
      peakCpuUsed,
      avgMemUsed: sumMemUsed / n,
      peakMemUsed,
    };
  }
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
  const windowEndUtc = new Date(input.nowMs).toISOString();
  const nodesByGroup = new Map<string, NodeTable[]>();
  for (const n of input.nodes) {
    const k = groupKey(n.cluster, n.node_group);
    (nodesByGroup.get(k) ?? nodesByGroup.set(k, []).get(k)!).push(n);
  }
  const byGroup = groupContainers(input);
  const health = DEFAULT_HEALTH_THRESHOLDS;
  const slots = Math.ceil((input.nowMs - fromMs) / SAMPLE_STEP_MS) + 1;
  const out = new Map<string, GroupFacts>();
  const groups: GroupSeen[] = [];
  const pods = podsPerNode(
    input.containers,
    new Map([...nodesByGroup].map(([k, rows]) => [k, rows.length])),
    groupKey,
  );
  let done = 0;
  for (const g of input.nodeGroups) {
    const k = groupKey(g.cluster, g.name);
    const rows = nodesByGroup.get(k) ?? [];
    const nodes: NodeInput[] = [];
    const seen: NodeSeen[] = [];
    const sums = new GroupSums(Math.ceil(fromMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS, slots);
    for (const row of rows) {
      const samples: readonly UtilisationSample[] = input.source ? await input.source.nodeSamples(row.id, fromMs, input.nowMs, SAMPLE_STEP_MS) : [];
      const u = nodeUtilisation(samples, SAMPLE_STEP_MS);
      const p = pods(row.cluster, row.node_group);
      const lastMs = samples.length ? samples[samples.length - 1].t : null;
      const nodeInput = nodeInputFromRow(row, {
        nodeHours: u ? u.nodeHours : WINDOW_HOURS,
        lastSeenDateUtc: lastMs === null ? null : new Date(lastMs).toISOString(),
        numPodsPeak: u ? peakPods(p.share, p.daemonSets, u.cpuUtilizationAvgPct, u.cpuUtilizationPeakPct, row.pod_capacity) : null,
        utilisation: u,
      });
      nodes.push(nodeInput);
      const gpu = input.source?.nodeGpu ? await input.source.nodeGpu(row.id, fromMs, input.nowMs) : null;
      seen.push({ row, input: nodeInput, firstMs: samples.length ? samples[0].t : null, lastMs, numPodsAvg: u ? Math.min(row.pod_capacity, p.share + p.daemonSets) : null, gpu });
      sums.add(row.cpu_capacity, row.mem_capacity, samples);
    }
    const containers = (byGroup.get(k) ?? []).map((c) => ({
      ...containerInputFromRow(c.row, { recommendedCpuRequest: null, recommendedMemRequest: null, restartsLast7Days: 0, memoryLimitEventLast7Days: 0 }),
      replicas: c.replicas,
    }));
    const groupUtilisation = sums.result();
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
    groups.push({ group: g, nodes: seen, utilisation: groupUtilisation });
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
