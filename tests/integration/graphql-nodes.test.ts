/**
 * Nodes and node groups over real HTTP on every store: a hand-made fleet of node groups built to sit on each edge
 * of the health rule (spec section 4), analysed with a fake metrics source (flat node samples), read back through
 * the node list, node group list, nodeDetailById, nodeGroupDetailByIdentifier and both metric series.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { nodeGroupMetricSeries, setNodeSampleSource } from "~/models/node-metrics.server";
import {
  METRICS_VIEWER_NODE_GROUP,
  METRICS_VIEWER_NODES,
  NODE_DETAIL_BY_ID,
  NODE_GROUP_DETAIL_BY_IDENTIFIER,
  NODE_GROUP_LIST,
  NODE_LIST,
} from "../graphql-operations/node";
import type { ResultOf, TypedDocument } from "~/graphql/operations/typed-document";
import type { ContainerEvents, ContainerSample, MetricsSource, UtilisationSample } from "~/engine/source-contract";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 300_000;
const DAY = 86_400_000;
const CLUSTER = "prod-eks";

/**
 * Node groups (allocatable 1000 mCores / 10,000 MB per node, all nodes sampled the whole week):
 *   sat-high    3 nodes, 2 CPU-saturated (avg 80 ≥ 70): 66.7 % > 50             → High Risk
 *   sat-half    2 nodes, 1 CPU-saturated: exactly 50 %, not above 50, above 0    → Medium Risk
 *   ratio-10    requests 500 m / 500 MB: 50 % / 5 %, CPU balance ratio exactly 10 → High Risk
 *   ratio-9     requests 450 m / 500 MB: ratio 9, above 2 but under 10           → Medium Risk
 *   oom         balanced, one memory limit event                                 → High Risk
 *   pods        pod limit 2, a Deployment of 3 replicas: at max pod capacity     → Medium Risk
 *   calm        balanced (20 % / 20 %), no saturation, events or full nodes      → Low Risk
 */
interface GroupSpec {
  name: string;
  nodes: { cpu: number; mem: number }[];
  cpuRequest: number;
  memRequest: number;
  replicas?: number;
  podCapacity?: number;
  oomKills?: number;
}
const GROUPS: GroupSpec[] = [
  { name: "sat-high", nodes: [{ cpu: 80, mem: 30 }, { cpu: 80, mem: 30 }, { cpu: 20, mem: 30 }], cpuRequest: 300, memRequest: 3000 },
  { name: "sat-half", nodes: [{ cpu: 80, mem: 30 }, { cpu: 20, mem: 30 }], cpuRequest: 200, memRequest: 2000 },
  { name: "ratio-10", nodes: [{ cpu: 30, mem: 30 }], cpuRequest: 500, memRequest: 500 },
  { name: "ratio-9", nodes: [{ cpu: 30, mem: 30 }], cpuRequest: 450, memRequest: 500 },
  { name: "oom", nodes: [{ cpu: 30, mem: 30 }], cpuRequest: 200, memRequest: 2000, oomKills: 1 },
  { name: "pods", nodes: [{ cpu: 30, mem: 30 }], cpuRequest: 50, memRequest: 500, replicas: 3, podCapacity: 2 },
  { name: "calm", nodes: [{ cpu: 30, mem: 30 }], cpuRequest: 200, memRequest: 2000 },
];
const EXPECTED_HEALTH: Record<string, string> = {
  "sat-high": "High Risk",
  "sat-half": "Medium Risk",
  "ratio-10": "High Risk",
  "ratio-9": "Medium Risk",
  oom: "High Risk",
  pods: "Medium Risk",
  calm: "Low Risk",
};

const nodeId = (g: string, i: number) => `n-${g}-${i}`;
const groupId = (g: string) => `ng-${g}`;
const flat = (cpu: number, mem: number, fromMs: number, toMs: number): UtilisationSample[] => {
  const out: UtilisationSample[] = [];
  for (let t = Math.max(Math.ceil(fromMs / STEP) * STEP, NOW - 7 * DAY); t < Math.min(toMs, NOW); t += STEP) out.push({ t, cpu, mem });
  return out;
};
const nodeLoad = new Map(GROUPS.flatMap((g) => g.nodes.map((n, i) => [nodeId(g.name, i), n] as const)));
const nodeSamples = (id: string, fromMs: number, toMs: number) => {
  const n = nodeLoad.get(id);
  return n ? flat(n.cpu, n.mem, fromMs, toMs) : [];
};

function source(): MetricsSource {
  const byId = new Map(GROUPS.map((g) => [`c-${g.name}`, g]));
  return {
    inventory: () => {
      throw new Error("not used");
    },
    containerSamples(id, fromMs, toMs) {
      const g = byId.get(id)!;
      const out: ContainerSample[] = [];
      for (let t = Math.ceil(Math.max(fromMs, NOW - 7 * DAY) / STEP) * STEP; t < toMs; t += STEP) out.push({ t, cpu: g.cpuRequest / 2, mem: g.memRequest / 2 });
      return out;
    },
    containerEvents(id): ContainerEvents {
      const g = byId.get(id)!;
      return { restarts: g.oomKills ?? 0, oomKills: g.oomKills ?? 0, throttleEvents: 0 };
    },
    nodeSamples,
  };
}

async function insertNodeFleet(api: Api) {
  await api.db.insertInto("k8s_cluster").values({ name: CLUSTER, provider: "AWS", region: "us-east-1" }).execute();
  for (const g of GROUPS) {
    await api.db.insertInto("node_group").values({ id: groupId(g.name), cluster: CLUSTER, name: g.name, instance_type: "m5.large", node_count: g.nodes.length }).execute();
    for (let i = 0; i < g.nodes.length; i++) {
      await api.db
        .insertInto("k8s_node")
        .values({
          id: nodeId(g.name, i),
          cluster: CLUSTER,
          node_group: g.name,
          name: `${g.name}-node-${i}`,
          instance_type: "m5.large",
          cpu_capacity: 2000,
          mem_capacity: 8192 + 1808, // capacity 10,000 MB: utilisation in GB is easy to check
          pod_capacity: g.podCapacity ?? 110,
          cpu_allocatable: 1000,
          mem_allocatable: 10_000,
        })
        .execute();
    }
    // One container (all its replicas) per group; its requests set the group's request percents.
    const replicas = g.replicas ?? 1;
    await api.db
      .insertInto("container")
      .values({
        id: `c-${g.name}`,
        cluster: CLUSTER,
        namespace: "apps",
        pod_owner_kind: "Deployment",
        pod_owner_name: g.name,
        container_name: "main",
        node_group: g.name,
        policy: "System Default Policy",
        replicas,
        cpu_request: g.cpuRequest / replicas,
        cpu_limit: null,
        mem_request: g.memRequest / replicas,
        mem_limit: null,
        first_seen: "2024-01-01T00:00:00.000Z",
        last_seen: new Date(NOW).toISOString(),
      })
      .execute();
  }
}

describe.each(TEST_STORES)("nodes and node groups over GraphQL on $name", (testStore) => {
  let api: Api;
  const ask = <D extends TypedDocument<any, any>>(doc: D, variables: D extends TypedDocument<any, infer V> ? V : never, service = "k8s/node") =>
    api.data(api.analyst, doc.document, variables as Record<string, unknown>, service) as Promise<ResultOf<D>>;
  const failure = async (doc: TypedDocument<any, any>, variables: object, service = "metrics-viewer") => {
    const answer = await api.gql(api.analyst, doc.document, variables as Record<string, unknown>, service);
    expect(answer.body.errors?.length, JSON.stringify(answer.body.data)).toBeGreaterThan(0);
    return answer.body.errors![0].message;
  };

  beforeAll(async () => {
    api = await startApi(testStore);
    await insertNodeFleet(api);
    await runAnalysis(await getStore(), { source: source(), nowMs: NOW, workers: 0 });
    setNodeSampleSource(nodeSamples);
  });
  afterAll(async () => {
    setNodeSampleSource(undefined);
    await api?.close();
  });

  it("lists every node group with the health the section 4 rule gives, on each of its edges, and the thresholds it used", async () => {
    const list = await ask(NODE_GROUP_LIST, {}, "nodegroups");
    const groups = list.nodeGroupDetailsByViewAndFilter;
    expect(Object.fromEntries(groups.map((g) => [g.nodeGroupName, g.health]))).toEqual(EXPECTED_HEALTH);
    expect(groups.map((g) => g.nodeGroupName)).toEqual([...GROUPS.map((g) => g.name)].sort());
    expect(list.healththreshold).toEqual({ cpuSaturationNodePctThreshold: 0, cpuNodeBalanceRatioThreshold: 2, memSaturationNodePctThreshold: 0, memNodeBalanceRatioThreshold: 2 });
    expect(list.capacitythreshold).toEqual({
      cpuRequestThreshold: 70,
      peakCpuUtilizationThreshold: 85,
      avgCpuUtilizationThreshold: 70,
      memoryRequestThreshold: 80,
      peakMemoryUtilizationThreshold: 95,
      avgMemoryUtilizationThreshold: 80,
      nodesAtMaxPodCapacityThreshold: 0,
    });
    expect(list.summaryAddonsByViewAndFilter).toEqual({ clusters: 1, nodeGroups: 7, avgNodes: 10 });
    const by = Object.fromEntries(groups.map((g) => [g.nodeGroupName, g]));
    expect(by["sat-high"]).toMatchObject({ uniqueNodeCount: 3, cpuSaturationNodeCount: 2, memSaturationNodeCount: 0, avgNodeCount: 3, totalNodeHours: 504 });
    expect(by["sat-high"].cpuSaturationNodePct).toBeCloseTo(200 / 3, 9);
    expect(by["sat-half"]).toMatchObject({ cpuSaturationNodePct: 50, manifestMemEventCount: 0 });
    expect(by["ratio-10"]).toMatchObject({ cpuRequestPct: 50, memRequestPct: 5, cpuNodeBalanceRatio: 10, memNodeBalanceRatio: 0.1, primaryConstraint: "Cpu Request" });
    expect(by["ratio-9"].cpuNodeBalanceRatio).toBeCloseTo(9, 9);
    expect(by.oom).toMatchObject({ manifestMemEventCount: 1, manifestRestartCount: 1, manifestCount: 1 });
    expect(by.pods).toMatchObject({ maxPodCapNodeCount: 1 });
    expect(by.calm).toMatchObject({ cpuNodeBalanceRatio: 1, cpuSaturationNodePct: 0, maxPodCapNodeCount: 0, manifestMemEventCount: 0, primaryNodeType: "m5.large" });
    // A group on one m5.large ($0.096 an hour): 0.096 × 730.
    expect(by.calm.currentEstimatedCost).toBeCloseTo(70.08, 6);
    expect(by.calm.estimatedWastePerMonth).toBeCloseTo(by.calm.currentEstimatedCost! - by.calm.optimizedEstimatedCost!, 6);
  });

  it("scopes the lists by cluster and node group names", async () => {
    const some = await ask(NODE_GROUP_LIST, { clusterNames: [CLUSTER], nodeGroupNames: ["calm", "oom"] }, "nodegroups");
    expect(some.nodeGroupDetailsByViewAndFilter.map((g) => g.nodeGroupName)).toEqual(["calm", "oom"]);
    expect(some.summaryAddonsByViewAndFilter).toEqual({ clusters: 1, nodeGroups: 2, avgNodes: 2 });
    const none = await ask(NODE_GROUP_LIST, { clusterNames: ["no-such-cluster"] }, "nodegroups");
    expect(none.nodeGroupDetailsByViewAndFilter).toEqual([]);
    expect(none.summaryAddonsByViewAndFilter).toEqual({ clusters: 0, nodeGroups: 0, avgNodes: 0 });
  });

  it("lists nodes with their summary, and only those at max pod capacity when asked", async () => {
    const all = await ask(NODE_LIST, {});
    expect(all.nodeDetailIgnoreGuestFilter).toHaveLength(10);
    expect(all.summaryAddonsIgnoreGuestFilter).toEqual({ numUniqueNodes: 10, numNodeGroups: 7 });
    const full = await ask(NODE_LIST, { nodesAtMaxPodCapacityOnly: true });
    expect(full.nodeDetailIgnoreGuestFilter.map((n) => n.nodeId)).toEqual([nodeId("pods", 0)]);
    expect(full.nodeDetailIgnoreGuestFilter[0]).toMatchObject({ maxAllowedPods: 2, numPodsPeak: 2, maxAllowedPodsPct: 100, numPodsAvg: 2 }); // 3 pods want the node; it takes 2
    expect(full.summaryAddonsIgnoreGuestFilter).toEqual({ numUniqueNodes: 1, numNodeGroups: 1 });
    const half = await ask(NODE_LIST, { nodeGroupNames: ["sat-half"] });
    expect(half.nodeDetailIgnoreGuestFilter.map((n) => n.nodeName)).toEqual(["sat-half-node-0", "sat-half-node-1"]);
  });

  it("answers one node and one node group, null for unknown ones", async () => {
    const node = (await ask(NODE_DETAIL_BY_ID, { nodeId: nodeId("sat-high", 0) })).nodeDetailById!;
    expect(node).toMatchObject({
      nodeGroupId: groupId("sat-high"),
      clusterName: CLUSTER,
      nodeGroupName: "sat-high",
      nodeName: "sat-high-node-0",
      instanceType: "m5.large",
      cpuUtilizationAvgPct: 80,
      cpuUtilizationPeakPct: 80,
      memUtilizationAvgPct: 30,
      nodeHours: 168,
      ageDays: 7,
      firstSeenDateUtc: new Date(NOW - 7 * DAY).toISOString(),
      lastSeenDateUtc: new Date(NOW - STEP).toISOString(),
      maxAllowedPods: 110,
      nodeCpu: 2000, // m5.large: 2 vCPUs, 8 GiB in the catalog
      nodeMem: 8192,
      capacityMem: 10_000,
      allocatableCpu: 1000,
      gpuModel: null,
      nodeGpu: null,
    });
    expect((await ask(NODE_DETAIL_BY_ID, { nodeId: "no-such-node" })).nodeDetailById).toBeNull();
    const group = (await ask(NODE_GROUP_DETAIL_BY_IDENTIFIER, { nodeGroupName: "oom", clusterName: CLUSTER }, "nodegroups")).nodeGroupDetailByIdentifier!;
    expect(group).toMatchObject({ nodeGroupId: groupId("oom"), health: "High Risk" });
    expect((await ask(NODE_GROUP_DETAIL_BY_IDENTIFIER, { nodeGroupName: "oom", clusterName: "elsewhere" }, "nodegroups")).nodeGroupDetailByIdentifier).toBeNull();
  });

  it("gives a node's series per day and per hour from its samples, with null for what no source measures", async () => {
    const vars = { nodeId: nodeId("sat-half", 0), startDate: new Date(NOW - 2 * DAY).toISOString(), endDate: new Date(NOW).toISOString() };
    const daily = (await ask(METRICS_VIEWER_NODES, vars, "metrics-viewer")).metricsViewerNodes!;
    // Two days back from 12:00: half of one day, a whole day, half of today.
    expect(daily.map((r) => r.auditUtcTimeBucket)).toEqual(["2025-01-13T00:00:00.000Z", "2025-01-14T00:00:00.000Z", "2025-01-15T00:00:00.000Z"]);
    expect(daily[1].cpuUtilization).toEqual({ min: 80, q1: 80, median: 80, sustained: 80, peak: 80, avg: 80 });
    expect(daily[1].memoryUtilizationGb.avg).toBeCloseTo((0.3 * 10_000) / 1024, 9);
    expect(daily[1].cpuRequestCores.avg).toBeCloseTo(0.1, 9); // 200 m over 2 nodes
    expect(daily[1].cpuRequestPercent.avg).toBeCloseTo(10, 9);
    expect(daily[1].diskThroughput).toEqual({ min: null, q1: null, median: null, sustained: null, peak: null, avg: null });
    const hourly = (await ask(METRICS_VIEWER_NODES, { ...vars, timeInterval: "HOUR_1" }, "metrics-viewer")).metricsViewerNodes!;
    expect(hourly).toHaveLength(48);
    expect(hourly[0].auditUtcTimeBucket).toBe(new Date(NOW - 2 * DAY).toISOString());
    expect((await ask(METRICS_VIEWER_NODES, { ...vars, nodeId: "nope" }, "metrics-viewer")).metricsViewerNodes).toBeNull();
  });

  it("gives a node group's series as one machine, with its node count", async () => {
    const vars = { nodeGroupId: groupId("sat-half"), startDate: new Date(NOW - DAY).toISOString(), endDate: new Date(NOW).toISOString(), timeInterval: "DAY_1" };
    const rows = (await ask(METRICS_VIEWER_NODE_GROUP, vars, "metrics-viewer")).metricsViewerNodeGroup!;
    expect(rows).toHaveLength(2);
    expect(rows[0].cpuUtilization.avg).toBeCloseTo(50, 9); // 80 % and 20 % of equal nodes
    expect(rows[0].nodes).toEqual({ min: 2, q1: 2, median: 2, sustained: 2, peak: 2, avg: 2 });
    expect(rows[0].cpuRequestPercent.avg).toBeCloseTo(10, 9); // 200 m of 2 × 1000 m
  });

  it("gives other requests a turn while it works out a node group's series", async () => {
    // Each node's samples take 30 ms of this thread here. A demo node's are made in the web process (a few ms each
    // over 30 days, and a group can have ~1,900 nodes): a group's series must not hold the event loop from its first
    // node to its last, or every other request of the process waits for it (~7 s for the biggest group at 500k).
    const slow = (id: string, fromMs: number, toMs: number) => {
      const until = performance.now() + 30;
      while (performance.now() < until);
      return nodeSamples(id, fromMs, toMs);
    };
    setNodeSampleSource(slow);
    try {
      let longest = 0;
      let probing = true;
      const probe = (async () => {
        let last = performance.now();
        while (probing) {
          await new Promise((resolve) => setImmediate(resolve));
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
        }
      })();
      const rows = await nodeGroupMetricSeries(await getStore(), groupId("sat-high"), { startDate: new Date(NOW - DAY).toISOString(), endDate: new Date(NOW).toISOString(), timeInterval: "DAY_1" });
      probing = false;
      await probe;
      expect(rows?.[0].metrics.nodes).toMatchObject({ min: 3, peak: 3 });
      // Three nodes of 30 ms: 90 ms at a stretch without the turns.
      expect(longest).toBeLessThan(60);
    } finally {
      setNodeSampleSource(nodeSamples);
    }
  });

  it("refuses five-minute history older than 7 days, other intervals and time zones", async () => {
    const base = { nodeId: nodeId("calm", 0), endDate: new Date(NOW).toISOString() };
    expect(await failure(METRICS_VIEWER_NODES, { ...base, startDate: new Date(NOW - 8 * DAY).toISOString(), timeInterval: "MINUTE_5" })).toBe(
      "Validation Error: Five-minute history is limited to the last 7 days.",
    );
    const ok = (await ask(METRICS_VIEWER_NODES, { ...base, startDate: new Date(NOW - 3_600_000).toISOString(), timeInterval: "MINUTE_5" }, "metrics-viewer")).metricsViewerNodes!;
    expect(ok).toHaveLength(12);
    expect(await failure(METRICS_VIEWER_NODES, { ...base, startDate: new Date(NOW - DAY).toISOString(), timeInterval: "WEEK_1" })).toMatch(/^Validation Error: Unknown timeInterval/);
    expect(await failure(METRICS_VIEWER_NODES, { ...base, startDate: new Date(NOW - DAY).toISOString(), rollupTimezone: "CET" })).toMatch(/^Validation Error: Unknown rollupTimezone/);
  });

  it("answers callers without credentials with 401", async () => {
    const answer = await api.gql(null, NODE_LIST.document, {}, "k8s/node");
    expect(answer.status).toBe(401);
  });
});
