/**
 * The analysis run and its read models on every store: a hand-made fleet whose numbers are checked by hand, the
 * snapshot swap (a failure midway leaves the previous snapshot current and whole; readers see the previous
 * snapshot until the swap), and the demo fleet (waterfall identity to the cent, histograms adding up, the same
 * rows from worker threads as in-process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "~/db/connect.server";
import { costTotals, waterfall, type ResourceCost } from "~/engine/containers";
import type { SessionUser } from "~/lib/auth-types";
import { ANALYSIS_COLUMNS } from "~/analysis/columns";
import { currentSnapshotId, needsAnalysis, runAnalysis } from "~/analysis/run.server";
import { containerById } from "~/models/container-grid.server";
import type { ContainerOverview, HistogramCounts } from "~/models/container-overview.server";
import { foldersIn, histogramsIn, overviewIn, risksIn, rowsIn } from "./scoped-reads";
import { type ContainerRow } from "~/models/container-rows.server";
import { type ScopeArgs } from "~/graphql/context.server";
import { clearTreeCache } from "~/models/tree-scope.server";
import { getParameters } from "~/models/config-parameters.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { getUserByName, seedDemoUsers } from "~/models/users.server";
import { seedTreeviewDefaults } from "~/models/views.server";
import { runDemoCollection } from "~/sources/collect.server";
import { TEST_STORES } from "./stores";
import { NOW, fakeSource, insertFleet } from "./hand-made-fleet";

const ALL = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers };

/** Rows of a snapshot, by container, without the snapshot id. */
async function snapshotRows(store: Store, snapshotId: string) {
  const rows = await store.db.selectFrom("container_analysis").selectAll().where("snapshot_id", "=", snapshotId).orderBy("container_id").execute();
  return rows.map(({ snapshot_id: _s, ...rest }) => rest);
}

/** The engine's own totals over rows: costTotals of per-row ResourceCosts, waterfall of per-row cents. */
function engineTotals(rows: ContainerRow[], raw: Awaited<ReturnType<typeof snapshotRows>>) {
  const analysed = raw.filter((r) => r.analysed === 1);
  const resource = (r: (typeof raw)[number], p: "cpu" | "mem"): ResourceCost => ({
    current: r[`${p}_current`]!,
    recommended: r[`${p}_recommended`]!,
    unspecified: r[`${p}_unspecified`]!,
    spare: r[`${p}_spare`]!,
    deficit: r[`${p}_deficit`]!,
    currentCost: r[`${p}_current_cost`]!,
    recommendedCost: r[`${p}_recommended_cost`]!,
    unspecifiedCost: r[`${p}_unspecified_cost`]!,
    spareCost: r[`${p}_spare_cost`]!,
    deficitCost: r[`${p}_deficit_cost`]!,
    realizableGain: r[`${p}_realizable_gain`]!,
    additionalWaste: r[`${p}_additional_waste`]!,
  });
  const ids = new Set(rows.map((r) => r.entityId));
  const inScope = analysed.filter((r) => ids.has(r.container_id));
  return {
    totals: costTotals(inScope.map((r) => ({ cpu: resource(r, "cpu"), mem: resource(r, "mem"), atRisk: r.at_risk === 1 }))),
    waterfall: waterfall(
      inScope.map((r) => ({
        cents: {
          current: r.cents_current!,
          recommended: r.cents_recommended!,
          unspecified: r.cents_unspecified!,
          spare: r.cents_spare!,
          deficit: r.cents_deficit!,
          immediate: r.cents_immediate!,
          additional: r.cents_additional!,
        },
      })),
    ),
  };
}

function expectIdentity(o: ContainerOverview) {
  const c = o.waterfall.cents;
  expect(c.currentSpend + c.immediateSavings + c.riskRemoval + c.additionalWaste, "Current + Immediate + Risk Removal + Additional = Optimal").toBe(c.optimalSpend);
  expect(o.waterfall.currentSpend).toBe(o.totalCurrentCost);
  expect(o.waterfall.optimalSpend).toBe(o.totalRecommendedCost);
}

function expectHistogramsAddUp(h: HistogramCounts, count: number) {
  expect(h.containerCount).toBe(count);
  for (const chart of [h.cpuRequest, h.cpuLimit, h.memRequest, h.memLimit]) expect(chart.reduce((s, b) => s + b.value, 0)).toBe(count);
}

async function allRows(store: Store, user: SessionUser, scope: ScopeArgs) {
  return (await rowsIn(store.db, user, { ...scope, pageSize: 1000 })).rows;
}

describe.each(TEST_STORES)("analysis of a hand-made fleet on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  let user: SessionUser;
  beforeAll(async () => {
    store = await testStore.open();
    await seedDemoUsers(store.db);
    await seedTreeviewDefaults(store.db);
    user = (await getUserByName(store.db, "analyst"))!;
    await insertFleet(store.db);
  });
  afterAll(async () => {
    if (store) clearTreeCache(store.db);
    await store?.dispose();
  });

  it("seeds the unit prices as configuration parameters", async () => {
    expect(await getParameters(store.db)).toEqual([
      { parameterKey: "cpu_core_default_cost", numberValue: 0.031611 },
      { parameterKey: "memory_gib_default_cost", numberValue: 0.004237 },
    ]);
  });

  it("analyses every container into a complete, current snapshot with the hand-checked numbers", async () => {
    expect(await currentSnapshotId(store.db)).toBeUndefined();
    const progress: string[] = [];
    const r = await runAnalysis(store, { source: fakeSource(), nowMs: NOW, chunkSize: 2, onProgress: (p) => void progress.push(`${p.phase}:${p.done}`) });
    expect(progress).toEqual(["containers:0", "containers:2", "containers:4", "containers:5", "swap:5", "done:5"]);
    expect(r).toMatchObject({ containerCount: 5, analysedCount: 4, workers: 0, collectionRunId: null, previousSnapshotId: null });
    expect(r.waterfall.cents).toEqual({ currentSpend: 3719, immediateSavings: -461, riskRemoval: 196, additionalWaste: -1154, optimalSpend: 2300 });
    expect(await currentSnapshotId(store.db)).toBe(r.snapshotId);
    const snap = await store.db.selectFrom("analysis_snapshot").selectAll().where("id", "=", r.snapshotId).executeTakeFirstOrThrow();
    expect(snap).toMatchObject({ status: "complete", container_count: 5, analysed_count: 4, window_end: new Date(NOW).toISOString(), error: null });
    expect(JSON.parse(snap.prices_json)).toEqual({ cpuCoreHour: 0.031611, memoryGbHour: 0.004237 });
    expect(Object.keys(JSON.parse(snap.policies_json))).toEqual(["System Default Policy"]);

    const a = await containerById(store.db, "a");
    expect(a).toMatchObject({
      entityId: "a",
      cluster: "prod-a",
      controllerType: "Deployment",
      podService: "api",
      containerName: "app",
      policyName: "System Default Policy",
      analysed: true,
      recommendation: "Downsize",
      currentCount: 2,
      existingCpuRequest: 200,
      cpuRequest: 100,
      cpuLimit: 200,
      memRequest: 256,
      memLimit: 320,
      badges: { cpuRequest: "Decrease", cpuLimit: "Decrease", memRequest: "No Change", memLimit: "Decrease" },
      cpuRequestVsPct: 200,
      cpuSurplus: 100,
      totalExistingCpuRequest: 400,
      totalCpuSurplus: 200,
      cpuPeak: 100,
      cpuSustained: 100,
      memPeak: 200,
      currentCost: 10.78,
      recommendedCost: 6.17,
      netSavings: 4.61,
      totalRealizableGain: 4.61,
      atRisk: false,
      buckets: { cpuRequest: 200, cpuLimit: 200, memRequest: 100, memLimit: 150 },
    });
    expect(await containerById(store.db, "b")).toMatchObject({ policyName: "System Default Policy", recommendation: "Size from unspecified", cpuRequest: 50, memRequest: 128, unspecifiedCost: 1.54, atRisk: true, buckets: { cpuRequest: -1, cpuLimit: -1, memRequest: -1, memLimit: -1 } });
    expect(await containerById(store.db, "c")).toMatchObject({ cpuRequest: 500, memRequest: 240, additionalCpuWaste: 11.54, totalMemoryRequestShortfall: 140, atRisk: true });
    expect(await containerById(store.db, "d")).toMatchObject({
      analysed: false,
      notAnalysedReason: expect.stringMatching(/^Not enough data/),
      recommendation: null,
      currentCost: null,
      buckets: null,
      hasMemoryPodTerminationRisk: true,
      memoryLimitEventLast7Days: 2,
      restartsLastDay: 2,
    });
    expect(await containerById(store.db, "e")).toMatchObject({ recommendation: "Just Right", hasCpuThrottledRisk: true, atRisk: true, netSavings: 0 });
    expect(await containerById(store.db, "nope")).toBeUndefined();
  });

  it("totals the whole fleet like the engine, to the cent, with histograms adding up", async () => {
    const o = await overviewIn(store.db, user, ALL);
    expectIdentity(o);
    expect(o.waterfall.cents).toEqual({ currentSpend: 3719, immediateSavings: -461, riskRemoval: 196, additionalWaste: -1154, optimalSpend: 2300 });
    expect(o).toMatchObject({
      containerCount: 4,
      atRiskCount: 3,
      totalCurrentCost: 37.19,
      totalRecommendedCost: 23,
      totalUnspecifiedCost: 1.54,
      totalDeficitCost: 1.96,
      totalSpareCost: 16.15,
      totalRealizableGain: 4.61,
      monthlyWaste: 15.73, // 3719 + 154 − 2300 cents
      counts: { containers: 5, notAnalysed: 1, clusters: 2, namespaces: 3, manifests: 4, restartsLast7Days: 2, memoryLimitEventsLast7Days: 2 },
    });
    expect(o.efficiencyRating).toBeCloseTo(2300 / (3719 + 154), 12);
    expect(o.fields).toMatchObject({ totalCpuRequestCurrent: 1500, totalCpuRequestSpare: 700, totalCpuRequestUnspecified: 50, totalMemoryRequestDeficit: 268, totalCpuRealizable: 200, totalCpuRealizableGain: 4.61 });
    const rows = await allRows(store, user, ALL);
    const engine = engineTotals(rows, await snapshotRows(store, (await currentSnapshotId(store.db))!));
    expect(o.waterfall).toEqual(engine.waterfall);
    expect({ ...o.cpu, realizable: undefined, additionalWaste: undefined }).toEqual({ ...engine.totals.cpu, realizable: undefined });
    // The Additional Waste bar splits into CPU and memory shares that add up to it to the cent.
    expect(Math.round(o.cpu.additionalWaste * 100) + Math.round(o.memory.additionalWaste * 100)).toBe(-o.waterfall.cents.additionalWaste);
    expect(o.totalCurrentCost).toBe(engine.totals.totalCurrentCost);
    expect(o.totalRealizableGain).toBe(engine.totals.totalRealizableGain);

    const h = await histogramsIn(store.db, user, ALL);
    expectHistogramsAddUp(h, 4);
    expect(h.cpuRequest.filter((b) => b.value > 0)).toEqual([
      { bucket: -1, value: 1 },
      { bucket: 100, value: 1 },
      { bucket: 200, value: 2 },
    ]);
    expect(o.histograms).toEqual(h);
    // Cached per snapshot and scope; each caller gets its own copy.
    o.cpu.current = -1;
    expect((await overviewIn(store.db, user, ALL)).cpu.current).toBe(1500);
    const noUnspecified = await histogramsIn(store.db, user, { ...ALL, includeUnspecified: false });
    expect(noUnspecified.cpuRequest.map((b) => b.bucket)).toEqual([20, 40, 60, 85, 100, 120, 150, 200, 300, 500]);
  });

  it("scopes every total by a Filter and by a folder of a View", async () => {
    // Production Only (environment = prod): A, B, E. 1381 − 461 + 154 = 1074.
    const prod = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.productionOnly };
    const o = await overviewIn(store.db, user, prod);
    expectIdentity(o);
    expect(o.waterfall.cents).toEqual({ currentSpend: 1381, immediateSavings: -461, riskRemoval: 154, additionalWaste: 0, optimalSpend: 1074 });
    expectHistogramsAddUp(await histogramsIn(store.db, user, prod), 3);
    // Cluster View, folder prod-a/shop: A and B.
    const shop = { ...ALL, treeviewPath: "prod-a/shop" };
    const s = await overviewIn(store.db, user, shop);
    expectIdentity(s);
    expect(s.waterfall.cents).toEqual({ currentSpend: 1078, immediateSavings: -461, riskRemoval: 154, additionalWaste: 0, optimalSpend: 771 });
    expectHistogramsAddUp(await histogramsIn(store.db, user, shop), 2);
    // The same folder with the root's name in front, and a Business Unit View folder under the prod Filter.
    expect((await overviewIn(store.db, user, { ...ALL, treeviewPath: "System Breakdown/prod-a/shop" })).waterfall).toEqual(s.waterfall);
    const retail = await overviewIn(store.db, user, { viewId: SEED_IDS.businessUnitView, filterId: SEED_IDS.productionOnly, treeviewPath: "Retail" });
    expect(retail.waterfall.cents.currentSpend).toBe(1078);
    await expect(overviewIn(store.db, user, { ...ALL, treeviewPath: "no-such-cluster" })).rejects.toThrow(/was not found/);
  });

  it("summarises risks, and counts child folders sorted by container count", async () => {
    expect(await risksIn(store.db, user, ALL)).toEqual({
      hasCpuThrottledRisk: true,
      hasCpuStrandedRisk: false,
      hasMemoryPodTerminationRisk: true,
      hasMemoryStrandedRisk: false,
      hasMemoryProcessTerminationRisk: false,
      counts: { cpuThrottled: 1, cpuStranded: 0, memoryPodTermination: 1, memoryStranded: 0, memoryProcessTermination: 0 },
      containerCount: 5,
      atRiskCount: 3,
    });
    expect((await risksIn(store.db, user, { ...ALL, treeviewPath: "prod-a/shop" })).hasCpuThrottledRisk).toBe(false);
    expect(await foldersIn(store.db, user, ALL)).toEqual([
      { label: "prod-a", entityName: "System Breakdown/prod-a", containerAtRiskCount: 2, containerSavingsTotal: 4.61, containerCount: 3, containerCurrentCost: 13.81, totalSavingsPercentage: (461 / 1381) * 100 },
      { label: "dev-b", entityName: "System Breakdown/dev-b", containerAtRiskCount: 1, containerSavingsTotal: 0, containerCount: 2, containerCurrentCost: 23.38, totalSavingsPercentage: 0 },
    ]);
    expect((await foldersIn(store.db, user, { ...ALL, treeviewPath: "prod-a" })).map((r) => [r.label, r.containerCount])).toEqual([
      ["shop", 2],
      ["pay", 1],
    ]);
    // The deepest folder level: its children are containers, not folders.
    expect(await foldersIn(store.db, user, { ...ALL, treeviewPath: "prod-a/shop/api" })).toEqual([]);
  });

  it("pages, sorts (whitelisted columns only, nulls last) and searches container rows on the server", async () => {
    const page1 = await rowsIn(store.db, user, { ...ALL, sort: { field: "monthlyWaste", direction: "desc" }, pageSize: 2 });
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    // Monthly waste: C 11.12, A 4.61, E 0, B 0 (unspecified 1.54 − recommended 1.54), D null (last).
    expect(page1.rows.map((r) => r.entityId)).toEqual(["c", "a"]);
    const page3 = await rowsIn(store.db, user, { ...ALL, sort: { field: "monthlyWaste", direction: "desc" }, pageSize: 2, page: 3 });
    expect(page3.rows.map((r) => r.entityId)).toEqual(["d"]);
    const asc = await rowsIn(store.db, user, { ...ALL, sort: { field: "monthlyWaste", direction: "asc" } });
    expect(asc.rows.map((r) => r.entityId)).toEqual(["b", "e", "a", "c", "d"]);
    const search = await rowsIn(store.db, user, { ...ALL, search: " ETL " });
    expect(search.rows.map((r) => r.entityId)).toEqual(["c", "d"]);
    expect((await rowsIn(store.db, user, { ...ALL, search: "100%" })).total).toBe(0);
    const scoped = await rowsIn(store.db, user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.productionOnly, sort: { field: "containerName" } });
    expect(scoped.rows.map((r) => r.entityId)).toEqual(["a", "b", "e"]);
    await expect(rowsIn(store.db, user, { ...ALL, sort: { field: "c.id; drop table container" } })).rejects.toThrow(/cannot be sorted/);
    await expect(rowsIn(store.db, user, { ...ALL, pageSize: 5000 })).rejects.toThrow(/pageSize/);
    await expect(rowsIn(store.db, user, { ...ALL, page: 0 })).rejects.toThrow(/page/);
  });

  it("leaves the previous snapshot current and whole when a run fails midway", async () => {
    const before = await currentSnapshotId(store.db);
    const beforeRows = await snapshotRows(store, before!);
    const beforeOverview = await overviewIn(store.db, user, ALL);
    // Chunks of one: a and b are written, then the source fails on c.
    let written = 0;
    await expect(
      runAnalysis(store, { source: fakeSource({ failOn: "c" }), nowMs: NOW, chunkSize: 1, onProgress: (p) => void (p.phase === "containers" && (written = p.done)) }),
    ).rejects.toThrow("the metrics source lost its connection at c");
    expect(written).toBe(2);
    expect(await currentSnapshotId(store.db)).toBe(before);
    expect(await snapshotRows(store, before!)).toEqual(beforeRows);
    expect(await overviewIn(store.db, user, ALL)).toEqual(beforeOverview);
    const failed = await store.db.selectFrom("analysis_snapshot").selectAll().where("status", "=", "failed").execute();
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toContain("lost its connection");
    expect(await snapshotRows(store, failed[0].id)).toEqual([]);
  });

  it("keeps readers on the previous snapshot until the swap, then cleans up old and abandoned rows", async () => {
    const before = (await currentSnapshotId(store.db))!;
    const beforeOverview = await overviewIn(store.db, user, ALL);
    // A run killed earlier left rows under a snapshot nobody points at.
    await store.db
      .insertInto("analysis_snapshot")
      .values({ id: "killed", collection_run_id: null, status: "running", started_at: "2025-01-01T00:00:00.000Z", finished_at: null, window_end: "2025-01-01T00:00:00.000Z", container_count: 5, analysed_count: 0, ms: null, policies_json: "{}", prices_json: "{}", error: null })
      .execute();
    const leftover = (await snapshotRows(store, before)).slice(0, 2).map((r) => ({ ...r, snapshot_id: "killed" }));
    await store.db.insertInto("container_analysis").values(leftover).execute();

    // Doubled prices make the new snapshot's totals differ from the old one's.
    await store.db.updateTable("config_parameter").set({ number_value: 0.063222 }).where("parameter_key", "=", "cpu_core_default_cost").execute();
    const seen: { done: number; id: string | undefined; same: boolean }[] = [];
    const r = await runAnalysis(store, {
      source: fakeSource(),
      nowMs: NOW,
      chunkSize: 1,
      onProgress: async (p) => {
        if (p.phase !== "containers" && p.phase !== "swap") return;
        const o = await overviewIn(store.db, user, ALL);
        seen.push({ done: p.done, id: await currentSnapshotId(store.db), same: JSON.stringify(o) === JSON.stringify(beforeOverview) });
      },
    });
    expect(seen).toHaveLength(7); // 0..5 written, then the swap
    expect(seen.every((s) => s.id === before && s.same)).toBe(true);
    expect(r.previousSnapshotId).toBe(before);
    expect(await currentSnapshotId(store.db)).toBe(r.snapshotId);
    const after = await overviewIn(store.db, user, ALL);
    expectIdentity(after);
    expect(after.totalCurrentCost).toBeGreaterThan(beforeOverview.totalCurrentCost);
    expect(after.snapshotId).toBe(r.snapshotId);
    const statuses = Object.fromEntries((await store.db.selectFrom("analysis_snapshot").select(["id", "status"]).execute()).map((s) => [s.id, s.status]));
    expect(statuses[before]).toBe("superseded");
    expect(statuses.killed).toBe("abandoned");
    expect(statuses[r.snapshotId]).toBe("complete");
    const { n } = await store.db.selectFrom("container_analysis").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(5); // only the current snapshot's rows remain
    await store.db.updateTable("config_parameter").set({ number_value: 0.031611 }).where("parameter_key", "=", "cpu_core_default_cost").execute();
  });

  it("writes exactly the table's columns", () => {
    expect(new Set(ANALYSIS_COLUMNS).size).toBe(ANALYSIS_COLUMNS.length);
  });
});

describe.each(TEST_STORES)("analysis of the demo fleet on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  let user: SessionUser;
  beforeAll(async () => {
    store = await testStore.open();
    await seedDemoUsers(store.db);
    await seedTreeviewDefaults(store.db);
    user = (await getUserByName(store.db, "analyst"))!;
  });
  afterAll(async () => {
    if (store) clearTreeCache(store.db);
    await store?.dispose();
  });

  it("analyses the collected fleet when it needs it, with the waterfall identity and histograms holding under any scope", async () => {
    const collection = await runDemoCollection(store, { seed: 42, size: 800, now: NOW });
    expect(await needsAnalysis(store)).toBe(true);
    const r = await runAnalysis(store, { workers: 0 });
    expect(r).toMatchObject({ containerCount: 800, collectionRunId: collection.runId, nowMs: NOW, workers: 0 });
    expect(r.analysedCount).toBeGreaterThan(700);
    expect(await needsAnalysis(store)).toBe(false);
    // A snapshot an older version wrote (no recorded format, so no node rows) is analysed again on start.
    const format = await store.db.selectFrom("meta").select("value").where("key", "=", "analysis_format").executeTakeFirstOrThrow();
    await store.db.deleteFrom("meta").where("key", "=", "analysis_format").execute();
    expect(await needsAnalysis(store)).toBe(true);
    await store.db.insertInto("meta").values({ key: "analysis_format", value: format.value }).execute();
    expect(await needsAnalysis(store)).toBe(false);

    const raw = await snapshotRows(store, r.snapshotId);
    const scopes: ScopeArgs[] = [
      ALL,
      { viewId: SEED_IDS.businessUnitView, filterId: SEED_IDS.productionOnly },
      { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.largeRequests },
    ];
    const firstCluster = (await foldersIn(store.db, user, ALL))[0];
    scopes.push({ ...ALL, treeviewPath: firstCluster.entityName });
    for (const scope of scopes) {
      const o = await overviewIn(store.db, user, scope);
      const rows = await allRows(store, user, scope);
      expect(rows.length).toBe(o.counts.containers);
      expect(o.containerCount).toBe(rows.filter((x) => x.analysed).length);
      expectIdentity(o);
      expectHistogramsAddUp(o.histograms, o.containerCount);
      const engine = engineTotals(rows, raw);
      expect(o.waterfall).toEqual(engine.waterfall);
      expect(o.totalCurrentCost).toBe(engine.totals.totalCurrentCost);
      expect(o.totalRecommendedCost).toBe(engine.totals.totalRecommendedCost);
      expect(o.totalRealizableGain).toBe(engine.totals.totalRealizableGain);
      expect(o.atRiskCount).toBe(engine.totals.atRiskCount);
      for (const k of ["currentCost", "recommendedCost", "unspecifiedCost", "spareCost", "deficitCost", "realizableGain"] as const) {
        expect(o.cpu[k]).toBe(engine.totals.cpu[k]);
        expect(o.memory[k]).toBe(engine.totals.mem[k]);
      }
    }
    const whole = await overviewIn(store.db, user, ALL);
    expect(whole.waterfall).toEqual(r.waterfall);
    expect(whole.counts.containers).toBe(800);
    // The folder table adds up to the whole.
    const folders = await foldersIn(store.db, user, ALL);
    expect(folders.reduce((s, f) => s + f.containerCount, 0)).toBe(800);
    expect(Math.round(folders.reduce((s, f) => s + f.containerCurrentCost, 0) * 100)).toBe(whole.waterfall.cents.currentSpend);
    // The demo fleet's node groups give saturation and primary constraints.
    expect(raw.some((x) => x.primary_constraint !== null)).toBe(true);
    expect(raw.some((x) => x.has_cpu_saturation === 1)).toBe(true);
  });

  it("computes the same rows on worker threads as in-process", async () => {
    const inProcess = await runAnalysis(store, { workers: 0, chunkSize: 150 });
    const rowsInProcess = await snapshotRows(store, inProcess.snapshotId);
    const threaded = await runAnalysis(store, { workers: 2, chunkSize: 150 });
    expect(threaded.workers).toBe(2);
    expect(threaded.workerMaxRssKb).toBeGreaterThan(0);
    expect(await snapshotRows(store, threaded.snapshotId)).toEqual(rowsInProcess);
    expect(threaded.waterfall).toEqual(inProcess.waterfall);
  });
});
