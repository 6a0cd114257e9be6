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
import { startApi, type Api } from "./graphql-harness";
import { getStore } from "~/db/db.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { WHY_PER_REQUEST } from "~/graphql/resolvers/why";
import ExcelJS from "exceljs";
import { xlsxExportResponse } from "~/features/containers/export.server";
import { resolveFolderScope } from "~/models/trees.server";

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
      // The price used (with its source and date) and the resulting cost end on the snapshot's figures, to the cent.
      expect(why.costSteps.map((c) => c.rule)).toEqual(["price", "currentCost", "recommendedCost", "total"]);
      expect(why.costSteps[1].value).toBe(row.current_cost);
      expect(why.costSteps[2].value).toBe(row.recommended_cost);
      expect(Math.round(why.costSteps[1].value * 100)).toBe(Math.round((row.cpu_current_cost! + row.mem_current_cost!) * 100));
      expect(why.costSteps[0].text).toMatch(/source: Settings unit costs.*as of the analysis of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(why.costSteps[2].text).toContain(`= $${row.cpu_recommended_cost!.toFixed(2)}`);
    }
    expect(analysed).toBeGreaterThan(150);
  });

  it("has nothing to explain for a container it does not know", async () => {
    expect(await explainContainer(store, "no-such-container")).toBeNull();
  });
});

describe.each(TEST_STORES)("why over GraphQL on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 7, size: 200, now: NOW });
    await runAnalysis(store, { workers: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers one container's steps, and a grid page's rows up to the per-request bound", async () => {
    const row = (await api.db.selectFrom("container_analysis").selectAll().where("analysed", "=", 1).orderBy("container_id").executeTakeFirst())!;
    const q = `query ($id: String!) { getContainerRecommendationWhy(entityId: $id) { policyName windowDays samples expectedSamples analysed
      values { key unit steps { rule value text chart } } currentCost recommendedCost cpuCoreMonthPrice priceSource costSteps { rule value text } } }`;
    const why = (await api.data(api.analyst, q, { id: row.container_id }, "containers")).getContainerRecommendationWhy;
    expect(why).toMatchObject({ policyName: row.policy_name, windowDays: 7, samples: row.sample_count, expectedSamples: 2016, analysed: true, currentCost: row.current_cost });
    const last = Object.fromEntries(why.values.map((v: { key: string; steps: { value: number }[] }) => [v.key, v.steps.at(-1)!.value]));
    expect(last).toEqual({ cpuRequest: row.rec_cpu_request, cpuLimit: row.rec_cpu_limit, memRequest: row.rec_mem_request, memLimit: row.rec_mem_limit });
    expect(why.values[0].steps[0]).toMatchObject({ rule: "statistic", chart: "cpu" });
    expect(why.priceSource).toMatch(/^Settings unit costs/);
    expect(why.costSteps.at(-1)).toMatchObject({ rule: "total", value: expect.closeTo(row.current_cost! - row.recommended_cost!, 6) });
    expect((await api.data(api.analyst, q, { id: "no-such-container" }, "containers")).getContainerRecommendationWhy).toBeNull();

    const page = `query { getContainerDetailsByViewAndFilter(viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}", treeviewPath: "", pageSize: ${WHY_PER_REQUEST + 2}) { rows { entityId why { samples } } } }`;
    const answer = await api.gql(api.analyst, page, {}, "containers");
    const rows = answer.body.data!.getContainerDetailsByViewAndFilter.rows as { why: { samples: number } | null }[];
    expect(rows).toHaveLength(WHY_PER_REQUEST + 2);
    expect(rows.filter((r) => r.why !== null)).toHaveLength(WHY_PER_REQUEST);
    expect(answer.body.errors?.[0].message).toBe(`Bad Request: At most ${WHY_PER_REQUEST} recommendations are explained in one request; ask for the rest in pages.`);
  });

  it("writes the Excel export's Why column: one line per row, retold from the stored figures, agreeing with the full chain", async () => {
    const scope = await resolveFolderScope(api.db, api.analyst.user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" });
    const response = xlsxExportResponse({ db: api.db, scope, params: new URLSearchParams(), viewName: "Cluster", origin: "http://x" });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const whyCol = headers.indexOf("Why") + 1;
    const linkCol = headers.indexOf("Container details") + 1;
    expect(whyCol).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(201);
    const store = await getStore();
    let told = 0;
    let panel = 0;
    for (let i = 2; i <= sheet.rowCount; i++) {
      const line = String(sheet.getRow(i).getCell(whyCol).value);
      const link = sheet.getRow(i).getCell(linkCol).value as { text: string };
      const id = new URL(link.text).searchParams.get("entityId")!;
      const why = (await explainContainer(store, id))!;
      if (!why.analysed) {
        expect(line).toBe(`Not analysed: ${why.reason} (${why.window.samples.toLocaleString("en-US")} samples)`);
        continue;
      }
      expect(line).not.toContain("\n");
      expect(line).toMatch(/ → \$[\d,]+\.\d\d\/month at \$[\d.]+\/core, \$[\d.]+\/GB$/);
      // Every value told from its statistic starts from the figure the full chain starts from and ends on its value.
      for (const [key, label, first] of [["cpuRequest", "CPU req mCores", "statistic"], ["memRequest", "Mem req MB", "statistic"]] as const) {
        const part = new RegExp(`${label}: ([^;]+)`).exec(line)![1];
        const end = why.steps[key].at(-1)!.value.toLocaleString("en-US", { maximumFractionDigits: 2 });
        if (part.includes("(see the panel)")) {
          panel++;
          expect(part).toBe(`${end} (see the panel)`);
          continue;
        }
        told++;
        const stat = why.steps[key].find((s) => s.rule === first)!.value;
        expect(part).toContain(` ${(Math.round(stat * 100) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} +`);
        expect(part).toMatch(new RegExp(`(→ |, |kept at )${end.replace(/[,.]/g, "\\$&")}( |$)`));
      }
    }
    // Most requests are retold; the rest (a percentile the analysis does not store, OOM floors) point to the panel.
    expect(told).toBeGreaterThan(panel * 4);
  });

  it("answers a node group's why over GraphQL: the chain to its optimised count, price source and cost", async () => {
    const q = `{ nodeGroupDetailsByViewAndFilter { nodeGroupId optimizedNodeFamily optimizedAvgNodeCount why { rule text chart } } }`;
    const groups = (await api.data(api.analyst, q, {}, "nodegroups")).nodeGroupDetailsByViewAndFilter as {
      optimizedNodeFamily: string | null;
      optimizedAvgNodeCount: number | null;
      why: { rule: string; text: string; chart: string | null }[];
    }[];
    const g = groups.find((x) => x.optimizedNodeFamily !== null)!;
    expect(g.why[0]).toMatchObject({ rule: "samples", chart: "nodes" });
    expect(g.why.find((s) => s.rule === "count")!.text).toMatch(new RegExp(`= ${g.optimizedAvgNodeCount}( |$)`));
    expect(g.why.find((s) => s.rule === "price")!.text).toMatch(/catalog: .*prices as of \d{4}-\d{2}-\d{2}$/);
  });

  it("needs a signed-in caller", async () => {
    const answer = await api.gql(null, `{ getContainerRecommendationWhy(entityId: "x") { analysed } }`, {}, "containers");
    expect(answer.status).toBe(401);
  });
});
