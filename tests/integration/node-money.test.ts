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
});
