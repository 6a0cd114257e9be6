/**
 * The Prometheus source (issue 10, decision 014): the inventory of one or more clusters from kube-state-metrics,
 * and their containers' and nodes' 5-minute series from cAdvisor, streamed batch by batch into a sink (the
 * collection's stored series) so that no more than one batch's samples is ever in memory.
 *
 * Per cluster: buildinfo; nodes (series of kube_node_info and kube_node_labels over the last hour, capacity and
 * allocatable at the window's end, usage per node); namespaces (label values of kube_pod_info over the window);
 * then per namespace, in batches of at most POD_BATCH pods: pod and owner series, the latest requests and limits,
 * and the five range queries (CPU, memory, restarts, OOM, throttling).
 */
import crypto from "node:crypto";
import type { Inventory, InventoryContainer, InventoryNode, InventoryNodeGroup } from "~/engine/source-contract";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { policyForContainer } from "~/engine/policy";
import type { PromClient } from "./client";
import type { Labels, PromMatrix } from "./parse";
import { clusterMatchers, configQueries, inventorySeries, namespacesMatch, nodeQueries, POD_BATCH, scopeMatchers, usageQueries, type Matcher, type PodScope } from "./promql";
import { highestVersion, mode, nodeFacts, type NodeFacts } from "./nodes";
import { combineBatch, configByWorkload, resolveOwners, seenRange, slotOf, workloadKey, type Grid, type Owner, type WorkloadSeries } from "./workloads";

/** A series on the window's grid as stored: NaN where there is no sample. */
export interface PackedSeries {
  startMs: number;
  stepMs: number;
  cpu: Float32Array;
  mem: Float32Array;
  /** Containers only: restarts, OOM kills and throttled flags per slot. */
  restarts?: Float32Array;
  oom?: Float32Array;
  throttled?: Float32Array;
}

/** Where the series go (the collection's stored series): written as they come, batch by batch. */
export interface SeriesSink {
  write(kind: "container" | "node", id: string, series: PackedSeries): Promise<void>;
}

export interface PromClusterTarget {
  /** The cluster's name in the product. */
  name: string;
  client: PromClient;
  /** In a store holding many clusters: the label naming them, and this cluster's value of it. */
  clusterLabel?: string;
  clusterValue?: string;
}

export interface PromCollectOptions {
  targets: readonly PromClusterTarget[];
  sink: SeriesSink;
  /** The window's end (ms); default now. Aligned down to 5 minutes. */
  endMs?: number;
  /** Days of history; default 7. */
  days?: number;
  /** Progress lines (namespace by namespace). */
  log?: (line: string) => void;
}

/** What a collection saw per cluster, for the connection's status and the Connections screen. */
export interface PromClusterReport {
  name: string;
  prometheusVersion: string;
  clusterVersion: string;
  nodes: number;
  nodeGroups: number;
  containers: number;
  namespaces: number;
  /** Pods whose owner is not a workload the product analyses (bare or static pods, custom controllers). */
  skippedPods: number;
}

export interface PromCollection {
  /** The whole inventory (the runner writes it atomically); series went to the sink on the way. */
  inventory(): Promise<Inventory>;
  readonly reports: PromClusterReport[];
  readonly endMs: number;
  readonly startMs: number;
}

export class PromCollectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PromCollectionError";
  }
}

const hash = (s: string) => crypto.createHash("sha256").update(s).digest("hex").slice(0, 16);
export const containerIdOf = (cluster: string, namespace: string, owner: Owner, container: string) =>
  hash(`prom/${cluster}/${namespace}/${owner.kind}/${owner.name}/${container}`);
export const nodeIdOf = (cluster: string, node: string) => `node-${hash(`prom/${cluster}/${node}`)}`;
export const nodeGroupIdOf = (cluster: string, group: string) => `ng-${hash(`prom/${cluster}/${group}`)}`;

function byLabel(rows: readonly { metric: Labels; v: number }[], label: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const { metric, v } of rows) {
    const key = metric[label];
    if (!key) continue;
    const m = out.get(key) ?? new Map<string, number>();
    m.set(metric.resource ?? "", v);
    out.set(key, m);
  }
  return out;
}

/** Splits a namespace's pods into batches of whole workloads (a workload above POD_BATCH pods: by name prefix). */
export function podBatches(pods: readonly string[], owners: ReadonlyMap<string, Owner>): PodScope[] {
  if (pods.length <= POD_BATCH) return [{ kind: "namespace" }];
  const byOwner = new Map<string, string[]>();
  for (const pod of pods) {
    const o = owners.get(pod);
    if (!o) continue;
    const key = `${o.kind}\u0000${o.name}`;
    const list = byOwner.get(key) ?? [];
    list.push(pod);
    byOwner.set(key, list);
  }
  const scopes: PodScope[] = [];
  let current: string[] = [];
  for (const [key, list] of byOwner) {
    if (list.length > POD_BATCH) {
      scopes.push({ kind: "prefix", prefix: key.split("\u0000")[1] });
      continue;
    }
    if (current.length + list.length > POD_BATCH) {
      scopes.push({ kind: "pods", pods: current });
      current = [];
    }
    current.push(...list);
  }
  if (current.length > 0) scopes.push({ kind: "pods", pods: current });
  return scopes;
}

export function createPromCollection(options: PromCollectOptions): PromCollection {
  const days = options.days ?? 7;
  const endMs = Math.floor((options.endMs ?? Date.now()) / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const startMs = endMs - days * 86_400_000;
  const grid: Grid = { startMs, stepMs: SAMPLE_STEP_MS, slots: Math.round((endMs - startMs) / SAMPLE_STEP_MS) };
  const startSec = startMs / 1000;
  const endSec = endMs / 1000;
  const lastSec = endSec - SAMPLE_STEP_MS / 1000; // the last slot of the half-open window
  const windowSec = endSec - startSec;
  const reports: PromClusterReport[] = [];
  const log = options.log ?? (() => undefined);
  const sink = options.sink;
  const policy = policyForContainer(null).name;

  const packed = (s: Pick<WorkloadSeries, "cpu" | "mem"> & Partial<WorkloadSeries>): PackedSeries => ({
    startMs,
    stepMs: SAMPLE_STEP_MS,
    cpu: s.cpu,
    mem: s.mem,
    restarts: s.restarts,
    oom: s.oom,
    throttled: s.throttled,
  });

  async function collectCluster(target: PromClusterTarget, inv: Inventory) {
    const { client, name: cluster } = target;
    const base: Matcher[] = clusterMatchers(target.clusterLabel, target.clusterValue);
    const build = await client.buildInfo();
    // Nodes present in the last hour of the window, their facts, capacity and usage.
    const nq = nodeQueries(base, windowSec);
    const [infoSets, labelSets, capacity, allocatable, nodeCpu, nodeMem] = await Promise.all([
      client.series(nq.info, endSec - 3600, endSec),
      client.series(nq.labels, endSec - 3600, endSec),
      client.query(nq.capacity, endSec),
      client.query(nq.allocatable, endSec),
      client.queryRange(nq.cpu, startSec, lastSec, SAMPLE_STEP_MS / 1000),
      client.queryRange(nq.mem, startSec, lastSec, SAMPLE_STEP_MS / 1000),
    ]);
    const info = new Map(infoSets.filter((l) => l.node).map((l) => [l.node, l]));
    const labels = new Map(labelSets.filter((l) => l.node).map((l) => [l.node, l]));
    const cap = byLabel(capacity, "node");
    const alloc = byLabel(allocatable, "node");
    const facts = new Map<string, NodeFacts>();
    for (const node of new Set([...info.keys(), ...labels.keys()])) facts.set(node, nodeFacts(node, labels.get(node), info.get(node)));
    const groups = new Map<string, InventoryNodeGroup>();
    const groupTypes = new Map<string, string[]>();
    const nodeRows: InventoryNode[] = [];
    for (const f of [...facts.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const c = cap.get(f.name);
      const a = alloc.get(f.name) ?? c;
      const row: InventoryNode = {
        id: nodeIdOf(cluster, f.name),
        cluster,
        node_group: f.group,
        name: f.name,
        instance_type: f.instanceType,
        cpu_capacity: Math.round((c?.get("cpu") ?? 0) * 1000),
        mem_capacity: Math.round((c?.get("memory") ?? 0) / 1_048_576),
        pod_capacity: Math.round(c?.get("pods") ?? 0),
        cpu_allocatable: Math.round((a?.get("cpu") ?? 0) * 1000),
        mem_allocatable: Math.round((a?.get("memory") ?? 0) / 1_048_576),
      };
      nodeRows.push(row);
      const g = groups.get(f.group) ?? { id: nodeGroupIdOf(cluster, f.group), cluster, name: f.group, instance_type: "", node_count: 0 };
      g.node_count++;
      groups.set(f.group, g);
      groupTypes.set(f.group, [...(groupTypes.get(f.group) ?? []), f.instanceType]);
    }
    for (const [name, g] of groups) g.instance_type = mode(groupTypes.get(name) ?? [], "unknown");
    // Node utilisation (% of allocatable), streamed per node.
    const nodeSeries = new Map<string, { cpu: Float32Array; mem: Float32Array }>();
    const rowByName = new Map(nodeRows.map((n) => [n.name, n]));
    const nodeOf = (l: Labels) => {
      const row = l.node ? rowByName.get(l.node) : undefined;
      if (!row) return null;
      let s = nodeSeries.get(row.id);
      if (!s) nodeSeries.set(row.id, (s = { cpu: new Float32Array(grid.slots).fill(Number.NaN), mem: new Float32Array(grid.slots).fill(Number.NaN) }));
      return { row, s };
    };
    const fill = (m: PromMatrix, field: "cpu" | "mem") => {
      for (const series of m) {
        const found = nodeOf(series.metric);
        if (!found) continue;
        const denom = field === "cpu" ? found.row.cpu_allocatable / 1000 : found.row.mem_allocatable * 1_048_576;
        if (!(denom > 0)) continue;
        for (let i = 0; i < series.t.length; i++) {
          const k = slotOf(grid, series.t[i]);
          if (k >= 0) found.s[field][k] = Math.min(100, (series.v[i] / denom) * 100);
        }
      }
    };
    fill(nodeCpu, "cpu");
    fill(nodeMem, "mem");
    for (const [id, s] of nodeSeries) await sink.write("node", id, packed(s));
    nodeSeries.clear();
    inv.nodes.push(...nodeRows);
    inv.nodeGroups.push(...groups.values());
    const nodeGroupOf = new Map([...facts.values()].map((f) => [f.name, f.group]));

    // Workloads, namespace by namespace.
    const namespaces = (await client.labelValues("namespace", namespacesMatch(base), startSec, endSec)).sort();
    const report: PromClusterReport = {
      name: cluster,
      prometheusVersion: build.version,
      clusterVersion: highestVersion([...facts.values()].map((f) => f.kubeletVersion)),
      nodes: nodeRows.length,
      nodeGroups: groups.size,
      containers: 0,
      namespaces: namespaces.length,
      skippedPods: 0,
    };
    for (const [i, namespace] of namespaces.entries()) {
      const nsOnly: Matcher[] = [...base, ["namespace", "=", namespace]];
      const sets = inventorySeries(nsOnly, nsOnly);
      const [podInfo, podOwner, replicaSetOwner, jobOwner] = await Promise.all([
        client.series(sets.podInfo, startSec, endSec),
        client.series(sets.podOwner, startSec, endSec),
        client.series(sets.replicaSetOwner, startSec, endSec),
        client.series(sets.jobOwner, startSec, endSec),
      ]);
      const owners = resolveOwners({ podInfo, podOwner, replicaSetOwner, jobOwner });
      const pods = [...new Set(podInfo.map((l) => l.pod).filter(Boolean))].sort();
      report.skippedPods += pods.filter((p) => !owners.has(p)).length;
      const podNodes = new Map<string, string>();
      for (const l of podInfo) if (l.pod && l.node) podNodes.set(l.pod, l.node);
      const groupsOf = new Map<string, string[]>();
      for (const [pod, o] of owners) {
        const g = nodeGroupOf.get(podNodes.get(pod) ?? "");
        if (!g) continue;
        const k = `${o.kind}\u0000${o.name}`;
        const list = groupsOf.get(k);
        if (list) list.push(g);
        else groupsOf.set(k, [g]);
      }
      for (const scope of podBatches(pods, owners)) {
        const m = scopeMatchers(base, namespace, scope);
        const uq = usageQueries(m);
        const cq = configQueries(m, windowSec);
        const step = SAMPLE_STEP_MS / 1000;
        const [cpu, mem, restarts, oom, throttled, requests, limits] = await Promise.all([
          client.queryRange(uq.cpu, startSec, lastSec, step),
          client.queryRange(uq.mem, startSec, lastSec, step),
          client.queryRange(uq.restarts, startSec, lastSec, step),
          client.queryRange(uq.oom, startSec, lastSec, step),
          client.queryRange(uq.throttled, startSec, lastSec, step),
          client.query(cq.requests, endSec),
          client.query(cq.limits, endSec),
        ]);
        const series = combineBatch(grid, owners, { cpu, mem, restarts, oom, throttled });
        const req = configByWorkload(owners, requests);
        const lim = configByWorkload(owners, limits);
        // Workload containers of this batch: with samples, or at least a request or limit.
        const keys = new Set([...series.keys(), ...req.keys(), ...lim.keys()]);
        for (const key of [...keys].sort()) {
          const [kind, ownerName, container] = key.split("\u0000");
          const owner = { kind, name: ownerName } as Owner;
          // A prefix also matches other workloads' pods (same name start): they belong to their own batch.
          if (scope.kind === "prefix" && ownerName !== scope.prefix) continue;
          const s = series.get(key);
          const seen = s ? seenRange(s) : null;
          const id = containerIdOf(cluster, namespace, owner, container);
          const row: InventoryContainer = {
            id,
            cluster,
            namespace,
            pod_owner_kind: kind,
            pod_owner_name: ownerName,
            container_name: container,
            node_group: mode(groupsOf.get(`${kind}\u0000${ownerName}`) ?? [], "unknown"),
            policy,
            replicas: Math.max(1, seen?.replicas ?? 1),
            cpu_request: round(req.get(key)?.cpu),
            cpu_limit: round(lim.get(key)?.cpu),
            mem_request: round(req.get(key)?.mem),
            mem_limit: round(lim.get(key)?.mem),
            first_seen: new Date(seen ? startMs + seen.first * SAMPLE_STEP_MS : endMs).toISOString(),
            last_seen: new Date(seen ? startMs + seen.last * SAMPLE_STEP_MS : endMs).toISOString(),
            attributes: {},
          };
          inv.containers.push(row);
          report.containers++;
          if (s) await sink.write("container", id, packed(s));
        }
        series.clear();
      }
      log(`${cluster}: namespace ${i + 1}/${namespaces.length} (${namespace}), ${report.containers} containers so far`);
    }
    const region = mode([...facts.values()].map((f) => f.region), "");
    inv.clusters.push({ name: cluster, provider: mode([...facts.values()].map((f) => f.provider), "Other"), region });
    reports.push(report);
  }

  return {
    reports,
    endMs,
    startMs,
    async inventory() {
      const inv: Inventory = { clusters: [], nodeGroups: [], nodes: [], containers: [], cloudInstances: [], cloudGroups: [] };
      const names = new Set<string>();
      for (const target of options.targets) {
        if (names.has(target.name)) throw new PromCollectionError(`Cluster "${target.name}" is named twice`);
        names.add(target.name);
        try {
          await collectCluster(target, inv);
        } catch (error) {
          throw new PromCollectionError(`Cluster "${target.name}": ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return inv;
    },
  };
}

function round(v: number | undefined): number | null {
  return v === undefined ? null : Math.round(v * 100) / 100;
}



/**
 * The clusters to collect from one store: without a cluster label, one cluster named `cluster` (default: the
 * address's host name); with one, the named value, or every value the label has on kube_pod_info in the window.
 */
export async function discoverClusterTargets(
  client: PromClient,
  options: { cluster?: string; clusterLabel?: string; days?: number; endMs?: number },
): Promise<PromClusterTarget[]> {
  const label = options.clusterLabel?.trim();
  if (!label) return [{ name: options.cluster?.trim() || new URL(client.url).hostname, client }];
  if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(label)) throw new PromCollectionError(`Not a label name: ${JSON.stringify(label)}`);
  if (options.cluster?.trim()) return [{ name: options.cluster.trim(), client, clusterLabel: label, clusterValue: options.cluster.trim() }];
  const endSec = Math.floor((options.endMs ?? Date.now()) / 1000);
  const values = await client.labelValues(label, namespacesMatch([]), endSec - (options.days ?? 7) * 86_400, endSec);
  if (values.length === 0) throw new PromCollectionError(`No cluster found: kube_pod_info has no "${label}" label in the window`);
  return values.sort().map((v) => ({ name: v, client, clusterLabel: label, clusterValue: v }));
}
