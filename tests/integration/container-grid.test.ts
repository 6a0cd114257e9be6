/**
 * The AI Analysis Details grid's server side on every store, over the hand-made five-container fleet: floating
 * filters compiled to conditions over whitelisted columns, fuzzy search at threshold 0.1 (substring under ten
 * characters, one edit per ten beyond), row groups with counts and sums, and the export reading exactly the grid's
 * rows from the same address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import type { ContainerRowsArgs } from "~/models/container-grid.server";
import { NODE_NAMES_SHOWN } from "~/models/container-rows.server";
import { resolveFolderScope } from "~/models/trees.server";
import { groupsIn, rowsIn } from "./scoped-reads";
import { SEED_IDS } from "~/models/treeview-common.server";
import { gridQuery } from "~/features/containers/details.server";
import { exportPages, exportQuery } from "~/features/containers/export.server";
import { TEST_STORES } from "./stores";
import { clearAnalysisCache } from "~/models/snapshot-reads.server";
import { FLEET, NOW, fakeSource, insertFleet } from "./hand-made-fleet";
import { forgetCollection, recordCollection, startApi, type Api } from "./graphql-harness";

const ALL = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" };

describe.each(TEST_STORES)("the container grid's filters, fuzzy search and groups on $name", (testStore) => {
  let api: Api;
  const rows = (args: Partial<ContainerRowsArgs> & { treeviewPath?: string }) => rowsIn(api.db, api.analyst.user, { ...ALL, pageSize: 100, sort: { field: "entityId" }, ...args });
  const ids = async (args: Partial<ContainerRowsArgs> & { treeviewPath?: string }) => (await rows(args)).rows.map((r) => r.entityId);

  beforeAll(async () => {
    api = await startApi(testStore);
    await insertFleet(api.db);
    await runAnalysis(await getStore(), { source: fakeSource(), nowMs: NOW, workers: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("filters by text, number, blank and yes/no, all together", async () => {
    expect(await ids({ filters: [{ field: "cluster", op: "eq", value: "dev-b" }] })).toEqual(["c", "d"]);
    expect(await ids({ filters: [{ field: "namespace", op: "contains", value: "HO" }] })).toEqual(["a", "b"]);
    expect(await ids({ filters: [{ field: "currentCost", op: "gt", value: 10 }] })).toEqual(["a", "c"]);
    expect(await ids({ filters: [{ field: "currentCost", op: "gt", value: 10 }, { field: "cluster", op: "ne", value: "prod-a" }] })).toEqual(["c"]);
    expect(await ids({ filters: [{ field: "recommendation", op: "blank" }] })).toEqual(["d"]);
    expect(await ids({ filters: [{ field: "restartsLast7Days", op: "ge", value: 0 }] })).toEqual(["a", "b", "c", "d", "e"]);
    // A LIKE wildcard is a plain character.
    expect(await ids({ filters: [{ field: "namespace", op: "contains", value: "%" }] })).toEqual([]);
  });

  it("answers a column's other direction from the order it has, as a cold sort does: nulls last both ways, ties by id", async () => {
    const { SORTABLE_FIELDS } = await import("~/models/container-grid.server");
    for (const field of Object.keys(SORTABLE_FIELDS)) {
      for (const first of ["asc", "desc"] as const) {
        const second = first === "asc" ? "desc" : "asc";
        clearAnalysisCache(api.db);
        const cold = await ids({ sort: { field, direction: second } });
        clearAnalysisCache(api.db);
        await ids({ sort: { field, direction: first } });
        expect(await ids({ sort: { field, direction: second } }), `${field} ${first} then ${second}`).toEqual(cold);
      }
    }
    // Under a filter too (another order of its own).
    clearAnalysisCache(api.db);
    const filter = { filters: [{ field: "currentCost", op: "gt" as const, value: 1 }] };
    const cold = await ids({ ...filter, sort: { field: "recommendation", direction: "asc" } });
    clearAnalysisCache(api.db);
    await ids({ ...filter, sort: { field: "recommendation", direction: "desc" } });
    expect(await ids({ ...filter, sort: { field: "recommendation", direction: "asc" } })).toEqual(cold);
  });

  it("reads a new order on a read thread on the embedded store, the same order as the request's own connection", async () => {
    const { offThreadLoad } = await import("~/db/off-thread.server");
    clearAnalysisCache(api.db);
    const inTransaction = await api.db.transaction().execute((trx) => rowsIn(trx, api.analyst.user, { ...ALL, pageSize: 100, sort: { field: "podService", direction: "desc" } }));
    clearAnalysisCache(api.db);
    const asked = offThreadLoad().asked;
    expect(await ids({ sort: { field: "podService", direction: "desc" } })).toEqual(inTransaction.rows.map((r) => r.entityId));
    // On PostgreSQL the driver never blocks the thread: the order is read as before.
    expect(offThreadLoad().asked - asked).toBe(testStore.name === "sqlite" ? 1 : 0);
  });

  it("refuses a filter on a column outside the whitelist", async () => {
    await expect(rows({ filters: [{ field: "c.id; drop table container", op: "eq", value: 1 }] })).rejects.toThrow("Rows cannot be filtered by");
    await expect(rows({ filters: [{ field: "cluster", op: "like" as "eq", value: 1 }] })).rejects.toThrow("Unknown filter operator");
  });

  it("searches fuzzily: a substring under ten characters, one edit per ten characters beyond, on any of the keys", async () => {
    expect(await ids({ search: "SIDECAR", fuzzy: true })).toEqual(["d"]);
    expect(await ids({ search: "sidecr", fuzzy: true })).toEqual([]);
    // 20 characters, one dropped: every container runs under the System Default Policy.
    expect(await ids({ search: "Sytem Default Policy", fuzzy: true })).toEqual(["a", "b", "c", "d", "e"]);
    expect(await ids({ search: "Sytem Defalt Plicy", fuzzy: true })).toEqual([]);
    // The fuzzy path pages and sorts as the database does, and counts all matches.
    const page = await rows({ search: "Sytem Default Policy", fuzzy: true, sort: { field: "currentCost", direction: "desc" }, page: 1, pageSize: 2 });
    expect(page.total).toBe(5);
    const sorted = await rows({ sort: { field: "currentCost", direction: "desc" }, pageSize: 2 });
    expect(page.rows.map((r) => r.entityId)).toEqual(sorted.rows.map((r) => r.entityId));
    const last = await rows({ search: "Sytem Default Policy", fuzzy: true, sort: { field: "currentCost", direction: "desc" }, page: 3, pageSize: 2 });
    expect(last.rows.map((r) => r.entityId)).toEqual(["d"]); // not analysed: no cost, nulls last
  });

  it("searches each table by itself, within the scope and the current snapshot only", async () => {
    // A policy of another snapshot is not the row's: the search reads the analysis table by itself, so it must
    // keep to the current snapshot as the join does.
    const current = await api.db.selectFrom("container_analysis").selectAll().where("container_id", "=", "a").executeTakeFirstOrThrow();
    await api.db.insertInto("container_analysis").values({ ...current, snapshot_id: "an-older-snapshot", policy_name: "Retired Zeta Policy" }).execute();
    try {
      expect(await ids({ search: "zeta", fuzzy: true })).toEqual([]);
      expect(await ids({ search: "Retired Zeta Policy", fuzzy: true })).toEqual([]);
      // The name and policy sources together, then narrowed by a filter on the join.
      expect(await ids({ search: "sidecar", fuzzy: true, filters: [{ field: "cluster", op: "eq", value: "dev-b" }] })).toEqual(["d"]);
      expect(await ids({ search: "sidecar", fuzzy: true, filters: [{ field: "cluster", op: "eq", value: "prod-a" }] })).toEqual([]);
      expect(await ids({ search: "default policy", fuzzy: true })).toEqual(["a", "b", "c", "d", "e"]);
      // Plain search reads the names only.
      expect(await ids({ search: "SIDECAR" })).toEqual(["d"]);
      expect(await ids({ search: "default policy" })).toEqual([]);
      // In a cluster's folder the search is matched on the join (its rows found by the cluster's index), in one of
      // another level by each table: either way exactly the whole fleet's matches that are in the folder, in order.
      for (const [treeviewPath, inFolder] of [
        ["dev-b", ["c", "d"]],
        ["prod-a/shop", ["a", "b"]],
        ["prod-a", ["a", "b", "e"]],
      ] as const) {
        for (const search of [{ search: "default policy", fuzzy: true }, { search: "Sytem Default Policy", fuzzy: true }, { search: "zeta", fuzzy: true }, { search: "a" }, { search: "SIDECAR" }]) {
          for (const sort of [{ field: "entityId" }, { field: "currentCost", direction: "desc" as const }]) {
            const everywhere = await ids({ ...search, sort });
            expect(await ids({ ...search, sort, treeviewPath }), `${treeviewPath} ${JSON.stringify(search)} ${sort.field}`).toEqual(everywhere.filter((id) => (inFolder as readonly string[]).includes(id)));
          }
        }
      }
    } finally {
      await api.db.deleteFrom("container_analysis").where("snapshot_id", "=", "an-older-snapshot").execute();
    }
  });

  it("groups rows with counts and sums that add up, also under a search and a filter", async () => {
    const all = await rows({});
    const g = await groupsIn(api.db, api.analyst.user, { ...ALL, groupBy: "cluster" });
    expect(g.groups.map((x) => [x.value, x.count])).toEqual([["prod-a", 3], ["dev-b", 2]]);
    expect(g.total).toBe(FLEET.length);
    const cents = (v: number) => Math.round(v * 100);
    expect(cents(g.groups.reduce((s, x) => s + x.currentCost, 0))).toBe(all.rows.reduce((s, r) => s + cents(r.currentCost ?? 0), 0));
    const fuzzy = await groupsIn(api.db, api.analyst.user, { ...ALL, groupBy: "cluster", search: "Sytem Default Policy", fuzzy: true });
    expect(fuzzy.groups).toEqual(g.groups);
    const rec = await groupsIn(api.db, api.analyst.user, { ...ALL, groupBy: "recommendation", filters: [{ field: "cluster", op: "eq", value: "dev-b" }] });
    expect(rec.total).toBe(2);
    expect(rec.groups.some((x) => x.value === null && x.count === 1)).toBe(true);
    await expect(groupsIn(api.db, api.analyst.user, { ...ALL, groupBy: "currentCost" })).rejects.toThrow("Rows cannot be grouped by 'currentCost'");
  });

  it("exports exactly the grid's rows for the same address", async () => {
    const params = new URLSearchParams("q=Sytem%20Default%20Policy&f.cluster=%3Dprod-a&f.currentCost=%3E1&sort=currentCost&dir=asc");
    const grid = await rowsIn(api.db, api.analyst.user, { ...ALL, ...gridQuery(params, false).query, page: 1, pageSize: 100 });
    const exported: string[] = [];
    const scope = await resolveFolderScope(api.db, api.analyst.user, ALL);
    for await (const page of exportPages(api.db, scope, exportQuery(params))) exported.push(...page.map((r) => r.entityId));
    expect(grid.rows.map((r) => r.entityId)).toEqual(["e", "a"]);
    expect(exported).toEqual(["e", "a"]);
  });

  it("carries a group's node count and its first few names on a grid page, every name when asked (exports, the API)", async () => {
    const node = (cluster: string, name: string) => ({
      id: `${cluster}/${name}`, cluster, node_group: "general", name, instance_type: "m5.large",
      cpu_capacity: 2000, mem_capacity: 8192, pod_capacity: 110, cpu_allocatable: 1900, mem_allocatable: 7800,
    });
    const prodNames = ["n-05", "n-01", "n-04", "n-02", "n-03"];
    // A page read before the nodes arrive: the groups' names are kept for this inventory (the latest collection run).
    expect((await rows({})).rows.find((r) => r.cluster === "prod-a")!.nodeCount).toBe(0);
    await api.db.insertInto("k8s_node").values([...prodNames.map((n) => node("prod-a", n)), node("dev-b", "only-1"), node("dev-b-other", "x")]).execute();
    // Nodes come with a collection run, which is what the kept names follow.
    const at = "2999-01-01T00:00:00.000Z";
    await recordCollection(api.db, { id: "run-nodes", at, containers: 5 });
    try {
      const page = await rows({});
      const prod = page.rows.find((r) => r.cluster === "prod-a")!;
      expect(NODE_NAMES_SHOWN).toBe(3);
      expect(prod.nodes).toEqual(["n-01", "n-02", "n-03"]);
      expect(prod.nodeCount).toBe(5);
      expect(prod.hostName).toBeNull();
      const dev = page.rows.find((r) => r.cluster === "dev-b")!;
      expect([dev.nodes, dev.nodeCount, dev.hostName]).toEqual([["only-1"], 1, "only-1"]);
      const all = await rows({ withNodes: true });
      expect(all.rows.find((r) => r.cluster === "prod-a")!.nodes).toEqual(["n-01", "n-02", "n-03", "n-04", "n-05"]);
      expect(all.rows.find((r) => r.cluster === "prod-a")!.nodeCount).toBe(5);
      const none = await rows({ withNodes: false });
      expect(none.rows.every((r) => r.nodes.length === 0 && r.nodeCount === 0)).toBe(true);
      // Within one inventory the grid's names come from what was kept, not from another count of the group.
      await api.db.deleteFrom("k8s_node").where("name", "=", "n-05").execute();
      expect((await rows({})).rows.find((r) => r.cluster === "prod-a")!.nodeCount).toBe(5);
      expect((await rows({ withNodes: true })).rows.find((r) => r.cluster === "prod-a")!.nodeCount).toBe(4);
    } finally {
      await api.db.deleteFrom("k8s_node").where("node_group", "=", "general").execute();
      await forgetCollection(api.db, "run-nodes");
    }
  });
});
