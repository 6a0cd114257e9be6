/**
 * The demo fleet as a MetricsSource (the spec's sandbox playground). The inventory is generated once, on first
 * use; samples and events are computed on demand from (seed, entity, time), so nothing raw is held or stored.
 */
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type {
  ContainerEvents,
  ContainerGpu,
  NodeGpu,
  ContainerSample,
  Inventory,
  InventoryContainer,
  InventoryNode,
  MetricsSource,
  UtilisationSample,
} from "~/engine/source-contract";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { generateDemoFleet, validateDemoOptions, type DemoFleet, type DemoOptions } from "./inventory";
import { cloudSampler, type CloudModels, type CloudSampler } from "./cloud-sampler";
import { GPU_INSTANCE_TYPES, containerGpuOf, gpuModel, nodeGpuOf } from "./gpu";
import { containerEventsOf, containerModel, containerSeries, nodeModel, utilisationSamplesInto, utilisationSeries } from "./samples";

export interface DemoSource extends MetricsSource {
  readonly seed: number;
  readonly size: number;
  /** Number of cloud instances (the option, or the default for the size). */
  readonly cloudSize: number;
  /** The fleet's "now" (ms, aligned to 5 minutes): first_seen and last_seen are relative to it. */
  readonly now: number;
  inventory(): Inventory;
  containerSamples(containerId: string, fromMs: number, toMs: number, stepMs?: number): ContainerSample[];
  nodeSamples(nodeId: string, fromMs: number, toMs: number, stepMs?: number): UtilisationSample[];
  /** Every node group's requested share (nodeGroupShares of the fleet; generates it on first use). */
  nodeGroupShares(): NodeGroupShares;
  /** What the estate's cloud samples are made from (stored with the collection, so web processes need no fleet). */
  cloudModels(): CloudModels;
  containerEvents(containerId: string, fromMs: number, toMs: number): ContainerEvents;
  instanceSamples(instanceId: string, fromMs: number, toMs: number, stepMs?: number): UtilisationSample[];
  cloudSamples(instanceId: string, fromMs: number, toMs: number, stepMs?: number): CloudSample[];
  groupSizeSamples(groupId: string, fromMs: number, toMs: number, stepMs?: number): GroupSizeSample[];
  containerGpu(containerId: string, fromMs: number, toMs: number): ContainerGpu | null;
  nodeGpu(nodeId: string, fromMs: number, toMs: number): NodeGpu | null;
}

interface Index {
  containers: Map<string, InventoryContainer>;
  nodes: Map<string, InventoryNode>;
  /** Members of each Kubernetes node's scale group, by group id (their mean is the group's sample). */
  k8sMembers: Map<string, string[]>;
  regions: Map<string, string>;
  /** Requested share of a node group's allocatable (cluster + "\u0000" + group name). */
  groupShare: Map<string, { cpu: number; mem: number }>;
  /** Requested share of a GPU group's GPUs (one GPU per pod of the group). */
  gpuShare: Map<string, number>;
}

/** The key of a node group in the share tables: cluster and group name. */
export const nodeGroupKey = (cluster: string, group: string) => `${cluster}\u0000${group}`;

/** A node group's requested share of its allocatable CPU and memory (what the group's nodes' samples scale with). */
export type NodeGroupShares = Map<string, { cpu: number; mem: number }>;

/**
 * The requested shares of every node group of an inventory, by nodeGroupKey: the only fleet-wide input of a demo
 * node's samples. The collection stores them (decision 022, issue 13), so a web process draws node charts from
 * the seed, the node and its group's share without generating the fleet again.
 */
export function nodeGroupShares(inv: DemoFleet["inventory"]): NodeGroupShares {
  const groupKey = nodeGroupKey;
  const requested = new Map<string, { cpu: number; mem: number }>();
  const perNode = new Map<string, { cpu: number; mem: number }>(); // DaemonSet requests per node, by cluster
  for (const c of inv.containers) {
    const isDs = c.pod_owner_kind === "DaemonSet";
    const key = isDs ? c.cluster : groupKey(c.cluster, c.node_group);
    const map = isDs ? perNode : requested;
    const acc = map.get(key) ?? { cpu: 0, mem: 0 };
    const n = isDs ? 1 : c.replicas;
    acc.cpu += (c.cpu_request ?? 0) * n;
    acc.mem += (c.mem_request ?? 0) * n;
    map.set(key, acc);
  }
  const allocatable = new Map<string, { cpu: number; mem: number }>();
  for (const n of inv.nodes) allocatable.set(groupKey(n.cluster, n.node_group), { cpu: n.cpu_allocatable, mem: n.mem_allocatable });
  const groupShare: NodeGroupShares = new Map();
  for (const g of inv.nodeGroups) {
    const key = groupKey(g.cluster, g.name);
    const alloc = allocatable.get(key);
    if (!alloc || g.node_count === 0) continue;
    const req = requested.get(key) ?? { cpu: 0, mem: 0 };
    const ds = perNode.get(g.cluster) ?? { cpu: 0, mem: 0 };
    groupShare.set(key, {
      cpu: (req.cpu + ds.cpu * g.node_count) / (alloc.cpu * g.node_count),
      mem: (req.mem + ds.mem * g.node_count) / (alloc.mem * g.node_count),
    });
  }
  return groupShare;
}

/** A group without a share (no allocatable, no nodes) runs its nodes at half. */
const NO_SHARE = { cpu: 0.5, mem: 0.5 };

/** A demo node's utilisation model from its seed, id, region and group share (the source's own, for a known node). */
export function demoNodeModel(seed: number, nodeId: string, region: string, share: { cpu: number; mem: number } | undefined) {
  const s = share ?? NO_SHARE;
  return nodeModel(seed, nodeId, region, s.cpu, s.mem);
}

/** A demo node's samples from its seed, id, region and group share: the same values as the source's nodeSamples. */
export function demoNodeSamples(seed: number, nodeId: string, region: string, share: { cpu: number; mem: number } | undefined, fromMs: number, toMs: number, stepMs = SAMPLE_STEP_MS): UtilisationSample[] {
  return utilisationSeries(demoNodeModel(seed, nodeId, region, share), fromMs, toMs, stepMs);
}

/**
 * The requested share of each GPU group's GPUs (one GPU per pod of the group, DaemonSets aside), by nodeGroupKey:
 * what a demo GPU node's utilisation follows. From the inventory's containers and node groups, so the analysis
 * computes it from the stored inventory as the source does from its own.
 */
export function nodeGroupGpuShares(
  containers: Iterable<{ id: string; cluster: string; node_group: string; pod_owner_kind: string; replicas: number }>,
  nodeGroups: Iterable<{ cluster: string; name: string; instance_type: string; node_count: number }>,
): Map<string, number> {
  const gpuPods = new Map<string, number>();
  for (const c of containers) {
    if (c.pod_owner_kind === "DaemonSet" || !gpuModel(0, c)) continue;
    const key = nodeGroupKey(c.cluster, c.node_group);
    gpuPods.set(key, (gpuPods.get(key) ?? 0) + c.replicas);
  }
  const gpuShare = new Map<string, number>();
  for (const g of nodeGroups) {
    const gpus = GPU_INSTANCE_TYPES[g.instance_type]?.gpus;
    if (!gpus || g.node_count === 0) continue;
    const key = nodeGroupKey(g.cluster, g.name);
    gpuShare.set(key, Math.min(1, (gpuPods.get(key) ?? 0) / (gpus * g.node_count)));
  }
  return gpuShare;
}

/** What a demo node's utilisation model is made from, besides the seed: its cluster's region and its group's share. */
interface NodeModelFacts {
  /** Cluster name → region. */
  regions: ReadonlyMap<string, string>;
  /** nodeGroupShares of the fleet (stored by its collection). */
  groupShare: ReadonlyMap<string, { cpu: number; mem: number }>;
  /** The nodes by id. */
  nodes: ReadonlyMap<string, { cluster: string; node_group: string }>;
}

/** The node of an id, or the `unknown` error. */
function knownNode<N>(facts: { nodes: ReadonlyMap<string, N> }, unknown: (id: string, what: string) => Error) {
  return (nodeId: string): N => {
    const n = facts.nodes.get(nodeId);
    if (!n) throw unknown(nodeId, "node");
    return n;
  };
}

/** A node's utilisation model by id (demoNodeModel), for its samples and for its cloud instance's. */
function demoNodeModelOf(seed: number, facts: NodeModelFacts, unknown: (id: string, what: string) => Error) {
  const nodeOf = knownNode(facts, unknown);
  return (nodeId: string) => {
    const n = nodeOf(nodeId);
    return demoNodeModel(seed, nodeId, facts.regions.get(n.cluster) ?? "", facts.groupShare.get(nodeGroupKey(n.cluster, n.node_group)));
  };
}

/** What a demo node's samples and GPUs are made from, besides the seed: no fleet needs to be generated for them. */
export interface DemoNodeFacts extends NodeModelFacts {
  /** nodeGroupGpuShares of the fleet. */
  gpuShare: ReadonlyMap<string, number>;
  /** The nodes by id. */
  nodes: ReadonlyMap<string, { id: string; cluster: string; node_group: string; instance_type: string }>;
}

/**
 * A node's 5-minute samples of slots [k0, k1) (slot k at k × 5 minutes) written into cpu and mem from index 0, one
 * per slot, with no object per sample: how an analysis reads 30 days of every demo node (node-groups.ts).
 */
export type NodeSamplesInto = (nodeId: string, k0: number, k1: number, cpu: Float64Array, mem: Float64Array) => void;

/**
 * A demo fleet's node samples and GPU facts from the seed and DemoNodeFacts: the demo source's own (it builds the
 * facts from its generated fleet) and the analysis run's (from the stored inventory and shares: issue 13, a 500,000-
 * container run held the generated fleet beside the stored one). Throws for a node the facts do not know.
 */
export function demoNodeSource(
  seed: number,
  facts: DemoNodeFacts,
  unknown: (id: string, what: string) => Error,
): Pick<DemoSource, "nodeSamples" | "nodeGpu"> & { nodeSamplesInto: NodeSamplesInto } {
  const nodeOf = knownNode(facts, unknown);
  const model = demoNodeModelOf(seed, facts, unknown);
  return {
    nodeSamples: (nodeId, fromMs, toMs, stepMs = SAMPLE_STEP_MS) => utilisationSeries(model(nodeId), fromMs, toMs, stepMs),
    nodeSamplesInto: (nodeId, k0, k1, cpu, mem) => utilisationSamplesInto(model(nodeId), k0, k1, cpu, mem),
    nodeGpu(nodeId, fromMs, toMs) {
      const n = nodeOf(nodeId);
      const share = facts.gpuShare.get(nodeGroupKey(n.cluster, n.node_group)) ?? 0.5;
      return nodeGpuOf(seed, n, facts.regions.get(n.cluster) ?? "", share, fromMs, toMs);
    },
  };
}

/**
 * A demo estate's cloud samples from its models (stored by the collection) and what its Kubernetes nodes' models
 * need: the same samples as the demo source's, with no estate generated. A node instance's model is its node's, from
 * the seed, the node's cluster and group, the cluster's region and the group's share.
 */
export function demoCloudSampler(seed: number, models: CloudModels, facts: NodeModelFacts, unknown: (id: string, what: string) => Error): CloudSampler {
  return cloudSampler(models, demoNodeModelOf(seed, facts, unknown), unknown);
}

function buildIndex(fleet: DemoFleet): Index {
  const inv = fleet.inventory;
  const regions = new Map(inv.clusters.map((c) => [c.name, c.region]));
  const k8sMembers = new Map<string, string[]>();
  for (const i of inv.cloudInstances) {
    if (!i.group_id || !fleet.cloud.nodeOf.has(i.id)) continue;
    const list = k8sMembers.get(i.group_id);
    if (list) list.push(i.id);
    else k8sMembers.set(i.group_id, [i.id]);
  }
  return {
    gpuShare: nodeGroupGpuShares(inv.containers, inv.nodeGroups),
    containers: new Map(inv.containers.map((c) => [c.id, c])),
    nodes: new Map(inv.nodes.map((n) => [n.id, n])),
    k8sMembers,
    regions,
    groupShare: nodeGroupShares(inv),
  };
}

/** A demo MetricsSource. Throws DemoOptionsError for a bad seed, size, cloud size or now. */
export function createDemoSource(options: DemoOptions): DemoSource {
  const { seed, size, now, cloudSize } = validateDemoOptions(options);
  let fleet: DemoFleet | undefined;
  let index: Index | undefined;
  const demo = () => (fleet ??= generateDemoFleet({ seed, size, now, cloudSize }));
  const inv = () => demo().inventory;
  const idx = () => (index ??= buildIndex(demo()));
  const unknownIn = (id: string, what: string) => new Error(`Unknown ${what} "${id}" in the demo fleet (seed ${seed}, size ${size})`);
  const find = <T>(map: Map<string, T>, id: string, what: string): T => {
    const found = map.get(id);
    if (!found) throw unknownIn(id, what);
    return found;
  };
  let nodeSource: ReturnType<typeof demoNodeSource> | undefined;
  const nodes = () => (nodeSource ??= demoNodeSource(seed, idx(), unknownIn));
  const cloudModels = (): CloudModels => ({ models: demo().cloud.models, shapes: demo().cloud.shapes, nodeOf: demo().cloud.nodeOf, k8sMembers: idx().k8sMembers });
  let sampler: CloudSampler | undefined;
  const cloud = () => (sampler ??= demoCloudSampler(seed, cloudModels(), idx(), unknownIn));
  return {
    seed,
    size,
    cloudSize,
    now,
    inventory: inv,
    containerSamples(containerId, fromMs, toMs, stepMs = SAMPLE_STEP_MS) {
      const c = find(idx().containers, containerId, "container");
      return containerSeries(containerModel(seed, c, idx().regions.get(c.cluster) ?? ""), fromMs, toMs, stepMs);
    },
    containerEvents(containerId, fromMs, toMs) {
      const c = find(idx().containers, containerId, "container");
      return containerEventsOf(containerModel(seed, c, idx().regions.get(c.cluster) ?? ""), fromMs, toMs);
    },
    nodeGroupShares: () => idx().groupShare,
    cloudModels,
    nodeSamples: (nodeId, fromMs, toMs, stepMs) => nodes().nodeSamples(nodeId, fromMs, toMs, stepMs),
    containerGpu(containerId, fromMs, toMs) {
      const c = find(idx().containers, containerId, "container");
      const g = gpuModel(seed, c);
      return g && containerGpuOf(g, containerModel(seed, c, idx().regions.get(c.cluster) ?? ""), fromMs, toMs);
    },
    nodeGpu: (nodeId, fromMs, toMs) => nodes().nodeGpu(nodeId, fromMs, toMs),
    instanceSamples(instanceId, fromMs, toMs, stepMs = SAMPLE_STEP_MS) {
      return cloud().cloudSamples(instanceId, fromMs, toMs, stepMs).map((s) => ({ t: s.t, cpu: s.cpuPct, mem: s.memPct ?? 0 }));
    },
    cloudSamples: (id, fromMs, toMs, stepMs) => cloud().cloudSamples(id, fromMs, toMs, stepMs),
    groupSizeSamples: (groupId, fromMs, toMs, stepMs) => cloud().groupSizeSamples(groupId, fromMs, toMs, stepMs),
  };
}
