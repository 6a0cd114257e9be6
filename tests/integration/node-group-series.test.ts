/**
 * A node group's chart series are computed by the analysis run and stored with its snapshot (issue 13): the web
 * process answers a group's charts from one stored row, not from its nodes' samples.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalysis } from "~/analysis/run.server";
import { GROUP_SERIES_DAYS, GroupSeriesSums, type SeriesRow } from "~/domain/nodes/series";
import { nodeGroupMetricSeries } from "~/models/node-metrics.server";
import { currentSnapshot } from "~/models/snapshot.server";
import { latestCollection, runDemoCollection } from "~/sources/collect.server";
import { createDemoSource } from "~/sources/demo";
import { TEST_STORES } from "./stores";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;
const STEP = 300_000;

const cpu = (rows: SeriesRow[]) => rows.map((r) => [r.auditUtcTimeBucket, r.metrics.cpuUtilization.avg, r.metrics.cpuUtilization.peak, r.metrics.nodes.peak]);

describe.each(TEST_STORES)("node group series stored by the analysis on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  let now: number;
  beforeAll(async () => {
    store = await testStore.open();
    await runDemoCollection(store, { seed: 5, size: 300, now: NOW });
    await runAnalysis(store, { workers: 0 });
    now = (await latestCollection(store))!.now!;
  });
  afterAll(async () => {
    await store?.dispose();
  });

  const window = (days: number, interval: string, endMs = now) => ({ startDate: new Date(endMs - days * DAY).toISOString(), endDate: new Date(endMs).toISOString(), timeInterval: interval });

  it("stores every group's 30 days at 5 minutes, equal to its nodes' samples summed", async () => {
    const snap = (await currentSnapshot(store.db))!;
    const groups = await store.db.selectFrom("node_group_analysis").select(["node_group_id", "cluster_name", "node_group_name"]).where("snapshot_id", "=", snap.id).execute();
    const series = await store.db.selectFrom("node_group_series").select(["node_group_id", "start_ms", "step_ms", "slots"]).where("snapshot_id", "=", snap.id).execute();
    expect(groups.length).toBeGreaterThan(3);
    expect(series.map((s) => s.node_group_id).sort()).toEqual(groups.map((g) => g.node_group_id).sort());
    for (const s of series) expect([Number(s.start_ms), s.step_ms, s.slots]).toEqual([now - GROUP_SERIES_DAYS * DAY, STEP, GROUP_SERIES_DAYS * 288]);

    const demo = createDemoSource({ seed: 5, size: 300, now: NOW });
    for (const g of groups.slice(0, 4)) {
      const nodes = await store.db.selectFrom("k8s_node").selectAll().where("cluster", "=", g.cluster_name).where("node_group", "=", g.node_group_name).execute();
      expect(nodes.length).toBeGreaterThan(0);
      const want = GroupSeriesSums.over(now - GROUP_SERIES_DAYS * DAY, now, STEP);
      for (const n of nodes) {
        want.add({ capacityCpu: n.cpu_capacity, capacityMem: n.mem_capacity, allocatableCpu: n.cpu_allocatable, allocatableMem: n.mem_allocatable }, demo.nodeSamples(n.id, now - GROUP_SERIES_DAYS * DAY, now));
      }
      const requests = { cpuRequest: 0, memRequest: 0 };
      for (const [days, interval] of [[30, "DAY_1"], [7, "HOUR_1"], [1, "MINUTE_5"]] as const) {
        const got = (await nodeGroupMetricSeries(store, g.node_group_id, window(days, interval)))!;
        const expected = want.rows(requests, interval, now - days * DAY, now);
        expect(got.length, `${g.node_group_name} ${interval}`).toBe(expected.length);
        expect(got.length).toBeGreaterThanOrEqual(days === 1 ? 288 : days);
        got.forEach((row, i) => {
          expect(row.auditUtcTimeBucket).toBe(expected[i].auditUtcTimeBucket);
          for (const k of ["cpuUtilization", "memoryUtilizationPercent", "memoryUtilizationGb", "nodes"] as const) {
            for (const stat of ["min", "median", "peak", "avg"] as const) expect(row.metrics[k][stat]!, `${k} ${stat}`).toBeCloseTo(expected[i].metrics[k][stat]!, 4);
          }
        });
      }
    }
  });

  it("answers a group's charts from the stored series alone, and sums its nodes' samples only without them", async () => {
    const snap = (await currentSnapshot(store.db))!;
    const g = await store.db.selectFrom("node_group_analysis").selectAll().where("snapshot_id", "=", snap.id).orderBy("node_group_id").executeTakeFirstOrThrow();
    const before = cpu((await nodeGroupMetricSeries(store, g.node_group_id, window(30, "DAY_1")))!);
    expect(before).toHaveLength(31); // 30 days from noon: 31 UTC days
    // Without the group's node rows the nodes' samples cannot be summed: the charts do not change.
    await store.db.deleteFrom("node_analysis").where("snapshot_id", "=", snap.id).where("cluster_name", "=", g.cluster_name).where("node_group_name", "=", g.node_group_name).execute();
    expect(cpu((await nodeGroupMetricSeries(store, g.node_group_id, window(30, "DAY_1")))!)).toEqual(before);
    // A window older than the stored 30 days is summed from the nodes, here none.
    expect(await nodeGroupMetricSeries(store, g.node_group_id, window(30, "DAY_1", now - 5 * DAY))).toEqual([]);
    // And so is every window once the stored series are gone.
    await store.db.deleteFrom("node_group_series").where("snapshot_id", "=", snap.id).where("node_group_id", "=", g.node_group_id).execute();
    expect(await nodeGroupMetricSeries(store, g.node_group_id, window(30, "DAY_1"))).toEqual([]);
  });

  it("a policy change's re-analysis keeps the series of the same collection instead of reading 30 days again", async () => {
    const first = (await runAnalysis(store, { workers: 0 })).snapshotId;
    const row = await store.db.selectFrom("node_group_series").selectAll().where("snapshot_id", "=", first).orderBy("node_group_id").executeTakeFirstOrThrow();
    // Mark one group's stored series: a copy carries the mark, a recomputation would not.
    const marked = Buffer.from(new Float32Array(2 * row.slots).fill(7).buffer);
    await store.db.updateTable("node_group_series").set({ used: marked }).where("snapshot_id", "=", first).where("node_group_id", "=", row.node_group_id).execute();
    const partial = await runAnalysis(store, { workers: 0, onlyPolicyChanges: true });
    expect(partial.partial).toBe(true);
    const kept = await store.db.selectFrom("node_group_series").selectAll().where("snapshot_id", "=", partial.snapshotId).orderBy("node_group_id").execute();
    const groups = await store.db.selectFrom("node_group_analysis").select("node_group_id").where("snapshot_id", "=", partial.snapshotId).execute();
    expect(kept).toHaveLength(groups.length);
    expect(Buffer.from(kept.find((r) => r.node_group_id === row.node_group_id)!.used).equals(marked)).toBe(true);
    // A full analysis computes them again.
    const full = await runAnalysis(store, { workers: 0 });
    const again = await store.db.selectFrom("node_group_series").selectAll().where("snapshot_id", "=", full.snapshotId).where("node_group_id", "=", row.node_group_id).executeTakeFirstOrThrow();
    expect(Buffer.from(again.used).equals(marked)).toBe(false);
    // A snapshot missing a group's series is not kept from: the partial run computes them all.
    await store.db.deleteFrom("node_group_series").where("snapshot_id", "=", full.snapshotId).where("node_group_id", "=", row.node_group_id).execute();
    const recomputed = await runAnalysis(store, { workers: 0, onlyPolicyChanges: true });
    const all = await store.db.selectFrom("node_group_series").select("used").where("snapshot_id", "=", recomputed.snapshotId).where("node_group_id", "=", row.node_group_id).execute();
    expect(all).toHaveLength(1);
    expect(Buffer.from(all[0].used).equals(Buffer.from(again.used))).toBe(true);
  });

  it("keeps only the current snapshot's series after the next analysis", async () => {
    const first = (await currentSnapshot(store.db))!.id;
    await runAnalysis(store, { workers: 0 });
    const current = (await currentSnapshot(store.db))!.id;
    expect(current).not.toBe(first);
    const left = await store.db.selectFrom("node_group_series").select("snapshot_id").distinct().execute();
    expect(left.map((r) => r.snapshot_id)).toEqual([current]);
  });
});
