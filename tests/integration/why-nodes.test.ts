/**
 * Why a node group's optimised type, count and cost (issue 15): told from the stored figures and the catalog, the
 * chain ends on the snapshot's count and costs, names the catalog's source and date, on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explainNodeGroupById } from "~/analysis/explain-node-group.server";
import { runAnalysis } from "~/analysis/run.server";
import { currentSnapshotId } from "~/models/snapshot.server";
import { runDemoCollection } from "~/sources/collect.server";
import { SHIPPED_CATALOGS } from "~/engine/catalog/sources";
import { cloudServiceWhy } from "~/analysis/explain-cloud.server";
import { NOW } from "./hand-made-fleet";
import { TEST_STORES } from "./stores";

describe.each(TEST_STORES)("why a node group's optimisation, on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
    await runDemoCollection(store, { seed: 7, size: 200, now: NOW, cloudSize: 80 });
    await runAnalysis(store, { workers: 0 });
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("tells each group's chain from its samples to the optimised count, the price with its source and date, and the cost", async () => {
    const snapshotId = (await currentSnapshotId(store.db))!;
    const groups = await store.db.selectFrom("node_group_analysis").selectAll().where("snapshot_id", "=", snapshotId).execute();
    expect(groups.length).toBeGreaterThan(0);
    let optimised = 0;
    let exactCount = 0;
    for (const g of groups) {
      const why = (await explainNodeGroupById(store.db, g.node_group_id))!;
      const rules = why.steps.map((s) => s.rule);
      expect(rules.slice(0, 1)).toEqual(["samples"]);
      expect(why.steps[0].text).toContain(`${g.unique_node_count} node`);
      if (g.optimized_node_type === null) {
        expect(rules.at(-1)).toBe("none");
        continue;
      }
      optimised++;
      expect(rules).toEqual(expect.arrayContaining(["requestNeed", "usageNeed", "rule", "count", "price", "cost", "currentCost"]));
      const count = why.steps.find((s) => s.rule === "count")!.text;
      expect(count).toMatch(new RegExp(`= ${g.optimized_avg_node_count}( |$)`));
      if (!count.includes("worked back")) exactCount++;
      const price = why.steps.find((s) => s.rule === "price")!.text;
      expect(price).toContain(g.optimized_node_type);
      const source = Object.values(SHIPPED_CATALOGS).find((c) => c.current && price.includes(c.dataset))!;
      expect(source).toBeDefined();
      expect(price).toContain(`prices as of ${source.asOf}`);
      const money = (v: number) => `$${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(why.steps.find((s) => s.rule === "cost")!.text).toContain(`= ${money(g.optimized_estimated_cost!)} a month optimised`);
      if (g.current_estimated_cost !== null) expect(why.steps.find((s) => s.rule === "currentCost")!.text).toContain(`now ${money(g.current_estimated_cost)} a month`);
    }
    expect(optimised).toBeGreaterThan(0);
    // Worked back from the stored figures, the count comes out as the analysis's for most groups.
    expect(exactCount).toBeGreaterThanOrEqual(optimised * 0.8);
  });

  it("tells each cloud service's chain: samples, statistics, need, the engine's rule, prices with source and date, costs", async () => {
    const snapshotId = (await currentSnapshotId(store.db))!;
    const rows = await store.db.selectFrom("cloud_analysis").selectAll().where("snapshot_id", "=", snapshotId).execute();
    expect(rows.length).toBeGreaterThan(0);
    const money = (v: number) => `$${v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    let costed = 0;
    for (const r of rows) {
      const steps = await cloudServiceWhy(store.db, r.service_id);
      expect(steps[0].rule).toBe("samples");
      if (r.analysed !== 1 || r.relearning === 1) {
        expect(steps.at(-1)!.rule).toBe("none");
        continue;
      }
      expect(steps.find((s) => s.rule === "rule")!.text).toBe((r.reason_html ?? "").replace(/<\/?b>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"));
      const price = steps.filter((s) => s.rule === "price");
      expect(price.length).toBeGreaterThan(0);
      for (const p of price) expect(p.text).toMatch(/catalog \(.*\), prices as of \d{4}-\d{2}-\d{2}$/);
      const now = steps.find((s) => s.rule === "currentCost");
      if (now && r.current_estimated_cost !== null) {
        // price × 730 × predicted uptime × instances, to the cent, as the analysis stored it
        expect(now.text).toContain(`= ${money(r.current_estimated_cost)} a month`);
        expect(now.text).not.toContain("the analysis stored");
        costed++;
      }
      const rec = steps.find((s) => s.rule === "cost");
      if (rec && r.recommended_estimated_cost !== null && r.recommendation !== "Terminate") {
        expect(rec.text).toContain(`= ${money(r.recommended_estimated_cost)} a month`);
        expect(rec.text).not.toContain("the analysis stored");
      }
    }
    expect(costed).toBeGreaterThan(0);
  });

  it("has nothing to explain for a group it does not know", async () => {
    expect(await explainNodeGroupById(store.db, "no-such-group")).toBeNull();
  });
});
