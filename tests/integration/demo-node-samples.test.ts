/**
 * Node charts of the demo fleet without generating the fleet in the web process (issue 13): the collection stores
 * every node group's requested share with the run, and a node's samples made from the seed, the stored node row,
 * its cluster's region and that share are the very samples the demo source (and so the analysis) uses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalysis } from "~/analysis/run.server";
import { nodeSeries } from "~/domain/nodes/series";
import { nodeGroupMetricSeries, nodeMetricSeries } from "~/models/node-metrics.server";
import { DEMO_NODE_SHARES_META_KEY, latestCollection, runCollection, runDemoCollection, storedDemoNodeShares } from "~/sources/collect.server";
import { createDemoSource, demoNodeSamples, nodeGroupKey } from "~/sources/demo";
import { TEST_STORES } from "./stores";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;

describe.each(TEST_STORES)("demo node samples from the stored shares on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
    await runDemoCollection(store, { seed: 11, size: 200, now: NOW });
    await runAnalysis(store, { workers: 0 });
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("makes every analysed node's samples exactly as the demo source does", async () => {
    const latest = (await latestCollection(store))!;
    const shares = (await storedDemoNodeShares(store, latest.runId))!;
    expect(shares.size).toBeGreaterThan(0);
    const regions = new Map((await store.db.selectFrom("k8s_cluster").select(["name", "region"]).execute()).map((c) => [c.name, c.region]));
    const nodes = await store.db.selectFrom("node_analysis").select(["node_id", "cluster_name", "node_group_name"]).execute();
    expect(nodes.length).toBeGreaterThan(10);
    const demo = createDemoSource({ seed: 11, size: 200, now: latest.now! });
    const from = latest.now! - 2 * DAY;
    for (const n of nodes) {
      const stored = demoNodeSamples(11, n.node_id, regions.get(n.cluster_name) ?? "", shares.get(nodeGroupKey(n.cluster_name, n.node_group_name)), from, latest.now!);
      expect(stored, n.node_id).toEqual(demo.nodeSamples(n.node_id, from, latest.now!));
    }
  });

  it("draws a node's and its group's charts from them", async () => {
    const latest = (await latestCollection(store))!;
    const node = await store.db.selectFrom("node_analysis").selectAll().orderBy("node_id").limit(1).executeTakeFirstOrThrow();
    const args = { startDate: new Date(latest.now! - DAY).toISOString(), endDate: new Date(latest.now!).toISOString(), timeInterval: "HOUR_1" };
    const rows = (await nodeMetricSeries(store, node.node_id, args))!;
    expect(rows).toHaveLength(24);
    const demo = createDemoSource({ seed: 11, size: 200, now: latest.now! });
    const cpu = rows.map((r) => r.metrics.cpuUtilization.avg);
    const expected = nodeSeries(
      { capacityMem: node.capacity_mem, allocatableCpu: node.allocatable_cpu, allocatableMem: node.allocatable_mem, maxAllowedPods: node.max_allowed_pods, cpuUtilizationAvgPct: node.cpu_utilization_avg_pct, cpuRequest: 0, cpuLimit: 0, memRequest: 0, memLimit: 0, podShare: 0, daemonSets: 0 },
      demo.nodeSamples(node.node_id, latest.now! - DAY, latest.now!),
      "HOUR_1",
    ).map((r) => r.metrics.cpuUtilization.avg);
    expect(cpu).toEqual(expected);
    expect(cpu.every((v) => v !== null && v > 0)).toBe(true);
    const groupRows = (await nodeGroupMetricSeries(store, node.node_group_id!, args))!;
    expect(groupRows).toHaveLength(24);
    expect(groupRows.every((r) => Object.values(r.metrics).some((m) => m.avg !== null && m.avg > 0))).toBe(true);
  });

  it("drops the shares when another source's collection replaces the fleet", async () => {
    await runCollection(store, { inventory: () => ({ clusters: [], nodeGroups: [], nodes: [], containers: [], cloudInstances: [], cloudGroups: [] }) }, { source: "test", seed: 0, size: 0 });
    const row = await store.db.selectFrom("meta").select("key").where("key", "=", DEMO_NODE_SHARES_META_KEY).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
