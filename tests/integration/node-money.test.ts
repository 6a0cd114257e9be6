/**
 * The Nodes grid's money (issue 14, must-show 1; decision 026) on every store: each node's monthly cost is its
 * catalog price × its node hours at the window's run rate and its waste its cost's share of its group's waste, so a
 * group's nodes add up to the group's current cost and waste; the grid opens sorted by the waste, largest first,
 * and its total row sums every node of the scope. On the demo fleet, whose every node type the catalogs price.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { nodeGroupRows, nodeRows, nodeTotals } from "~/models/node-analysis.server";
import { nodeGrid } from "~/features/nodes/grids.server";
import { sql } from "kysely";
import { CURRENT_SNAPSHOT_META_KEY } from "~/models/snapshot.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

describe.each(TEST_STORES)("node money on $name", (testStore) => {
  let api: Api;

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 7, size: 400, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("prices every node, and a group's nodes add up to the group's current cost and waste", async () => {
    const nodes = (await nodeRows(api.db, { pageSize: 10_000 })).rows;
    const groups = (await nodeGroupRows(api.db, { pageSize: 10_000 })).rows;
    expect(nodes.length).toBeGreaterThan(10);
    expect(nodes.filter((n) => n.monthlyCost === null)).toEqual([]);
    let checked = 0;
    for (const g of groups) {
      const own = nodes.filter((n) => n.clusterName === g.clusterName && n.nodeGroupName === g.nodeGroupName);
      if (g.currentEstimatedCost === null || own.length === 0) continue;
      expect(own.reduce((s, n) => s + n.monthlyCost!, 0)).toBeCloseTo(g.currentEstimatedCost, 6);
      if (g.estimatedWastePerMonth !== null) expect(own.reduce((s, n) => s + (n.monthlyWaste ?? 0), 0)).toBeCloseTo(g.estimatedWastePerMonth, 6);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it("opens the Nodes grid on the waste, largest first, with totals over every page", async () => {
    const store = await getStore();
    const grid = await nodeGrid(store, {}, new URLSearchParams("size=10"), { mode: "DAY_1" });
    expect([grid.sort, grid.dir]).toEqual(["monthlyWaste", "desc"]);
    const wastes = grid.rows.map((r) => r.monthlyWaste!);
    expect(wastes).toEqual([...wastes].sort((a, b) => b - a));
    const all = (await nodeRows(api.db, { pageSize: 10_000 })).rows;
    expect(grid.total).toBe(all.length);
    expect(grid.totals.nodes).toBe(all.length);
    expect(grid.totals.monthlyCost).toBeCloseTo(all.reduce((s, n) => s + (n.monthlyCost ?? 0), 0), 6);
    expect(grid.totals.monthlyWaste).toBeCloseTo(all.reduce((s, n) => s + (n.monthlyWaste ?? 0), 0), 6);
    expect(grid.totals.unpricedNodes).toBe(0);
    // The largest waste of the scope is on the first page.
    expect(wastes[0]).toBe(Math.max(...all.map((n) => n.monthlyWaste ?? -Infinity)));
    // A group's scope sums its own nodes only.
    const one = all[0];
    const scoped = await nodeTotals(api.db, { clusterNames: [one.clusterName], nodeGroupNames: [one.nodeGroupName] });
    expect(scoped.nodes).toBe(all.filter((n) => n.clusterName === one.clusterName && n.nodeGroupName === one.nodeGroupName).length);
  });

  it("pages the lists from their order kept per snapshot: every page is its slice of the whole list, in every sort", async () => {
    for (const [sortBy, sortDirection] of [["monthlyWaste", "desc"], ["gpuModel", "asc"], ["nodeName", "desc"]] as const) {
      const whole = (await nodeRows(api.db, { sortBy, sortDirection, pageSize: 10_000 })).rows.map((n) => n.nodeId);
      const paged: string[] = [];
      for (let page = 1; paged.length < whole.length; page++) {
        const p = await nodeRows(api.db, { sortBy, sortDirection, page, pageSize: 7 });
        expect(p.total).toBe(whole.length);
        paged.push(...p.rows.map((n) => n.nodeId));
      }
      expect(paged).toEqual(whole);
      // The SQL order: nulls last, then the value, ties by name.
      const { rows } = await sql<{ node_id: string }>`select node_id from node_analysis where snapshot_id = (select value from meta where key = ${CURRENT_SNAPSHOT_META_KEY})
        order by case when ${sql.ref(sortBy === "gpuModel" ? "gpu_model" : sortBy === "nodeName" ? "node_name" : "monthly_waste")} is null then 1 else 0 end,
        ${sql.ref(sortBy === "gpuModel" ? "gpu_model" : sortBy === "nodeName" ? "node_name" : "monthly_waste")} ${sql.raw(sortDirection)}, node_name, node_id`.execute(api.db);
      expect(whole).toEqual(rows.map((r) => r.node_id));
    }
    const groups = (await nodeGroupRows(api.db, { sortBy: "health", sortDirection: "desc", pageSize: 10_000 })).rows;
    const second = await nodeGroupRows(api.db, { sortBy: "health", sortDirection: "desc", page: 2, pageSize: 3 });
    expect(second.rows.map((g) => g.nodeGroupId)).toEqual(groups.slice(3, 6).map((g) => g.nodeGroupId));
    expect(second.total).toBe(groups.length);
    // Past the end: no rows, the total still told.
    const past = await nodeRows(api.db, { page: 10_000, pageSize: 100 });
    expect([past.rows.length, past.total]).toEqual([0, (await nodeTotals(api.db)).nodes]);
  });

  it("reads a new snapshot's lists and totals after an analysis, not the kept ones", async () => {
    const store = await getStore();
    const before = await nodeTotals(api.db);
    const first = (await nodeRows(api.db, { pageSize: 5 })).rows.map((n) => n.nodeId);
    // Another, smaller fleet collected and analysed: other nodes, fewer of them, in the new snapshot.
    await runDemoCollection(store, { seed: 9, size: 200, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
    const after = await nodeTotals(api.db);
    const { rows } = await sql<{ n: number }>`select count(*) as n from node_analysis where snapshot_id = (select value from meta where key = ${CURRENT_SNAPSHOT_META_KEY})`.execute(api.db);
    expect(after.nodes).toBe(Number(rows[0]!.n));
    expect(after.nodes).toBeLessThan(before.nodes);
    const page = await nodeRows(api.db, { pageSize: 5 });
    expect(page.total).toBe(after.nodes);
    expect(page.rows.map((n) => n.nodeId)).not.toEqual(first);
  }, 300_000);
});
