/**
 * Why a recommendation is what it is (issue 15): explaining a container of the current snapshot runs the engine
 * again on the same samples, window end, policy and prices, and its chain must end on the values the snapshot
 * holds — to the mCore, MB and cent — for every container of a demo fleet, on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainContainer } from "~/analysis/explain.server";
import { runAnalysis } from "~/analysis/run.server";
import { currentSnapshotId } from "~/models/snapshot.server";
import { runDemoCollection } from "~/sources/collect.server";
import { NOW } from "./hand-made-fleet";
import { TEST_STORES } from "./stores";

describe.each(TEST_STORES)("why a recommendation is what it is, on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
    await runDemoCollection(store, { seed: 7, size: 200, now: NOW });
    await runAnalysis(store, { workers: 0 });
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("ends every chain on the snapshot's recommendation and costs, for every container", async () => {
    const snapshotId = (await currentSnapshotId(store.db))!;
    const rows = await store.db.selectFrom("container_analysis").selectAll().where("snapshot_id", "=", snapshotId).execute();
    expect(rows.length).toBe(200);
    let analysed = 0;
    for (const row of rows) {
      const why = (await explainContainer(store, row.container_id))!;
      expect(why.analysed).toBe(row.analysed === 1);
      expect(why.policyName).toBe(row.policy_name);
      if (!why.analysed) {
        expect(why.reason).toBe(row.not_analysed_reason);
        continue;
      }
      analysed++;
      const last = (k: keyof typeof why.steps) => why.steps[k].at(-1)!.value;
      expect([last("cpuRequest"), last("cpuLimit"), last("memRequest"), last("memLimit")]).toEqual([row.rec_cpu_request, row.rec_cpu_limit, row.rec_mem_request, row.rec_mem_limit]);
      expect(why.steps.cpuRequest[0]).toMatchObject({ rule: "statistic", chart: "cpu" });
      expect(why.window.samples).toBe(row.sample_count);
      expect(why.costs).toEqual({ current: row.current_cost, recommended: row.recommended_cost });
      expect(why.window.toMs).toBe(NOW);
    }
    expect(analysed).toBeGreaterThan(150);
  });

  it("has nothing to explain for a container it does not know", async () => {
    expect(await explainContainer(store, "no-such-container")).toBeNull();
  });
});
