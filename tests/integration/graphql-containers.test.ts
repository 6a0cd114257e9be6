/**
 * Container analysis over real HTTP (service path containers) on every store: a hand-made fleet of five containers,
 * analysed with a fake metrics source, read through every operation. The operations agree with each other (overview,
 * summary cards, folder counts, histograms and rows summed), the waterfall holds to the cent, and a View, Filter or
 * folder changes every total consistently. Bad arguments get a clear "Validation Error:", callers without
 * credentials a 401.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import { runAnalysis } from "~/analysis/run.server";
import { containerById } from "~/models/container-grid.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import {
  ANALYSIS,
  GET_CONTAINER_COUNTS_BY_VIEW_AND_FILTER,
  GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER,
  GET_CONTAINER_DETAILS_FOR_ENTITY,
  GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER,
  GET_CONTAINER_RISK_SUMMARY_BY_VIEW_AND_FILTER,
  GET_PARAMETERS,
  GET_SUMMARY_ADDONS_BY_VIEW_AND_FILTER,
  type AnalysisVariables,
  type ContainerDetailsVariables,
  type ScopeVariables,
} from "../graphql-operations/containers";
import { SAVE_OR_UPDATE_VIEW_FILTER } from "~/graphql/operations/treeview";
import type { ResultOf, TypedDocument } from "~/graphql/operations/typed-document";
import type { ContainerOverview, ContainerRow } from "~/graphql/operations/types";
import { TEST_STORES } from "./stores";
import { NOW, fakeSource, insertFleet } from "./hand-made-fleet";
import { startApi, type Api, type Caller } from "./graphql-harness";

const ALL: ScopeVariables = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" };
const PROD: ScopeVariables = { ...ALL, filterId: SEED_IDS.productionOnly };
const NOT_FOUND_FILTER = "Not Found: Filter not found. It may have been deleted, or it is private to another user.";
const NOT_FOUND_VIEW = "Not Found: View not found. It may have been deleted, or it is private to another user.";
const CHARTS = { CPU_REQUEST: "cpuRequest", CPU_LIMIT: "cpuLimit", MEM_REQUEST: "memRequest", MEM_LIMIT: "memLimit" } as const;

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);
const sum = <T>(list: readonly T[], of: (x: T) => number | null | undefined) => list.reduce((s, x) => s + (of(x) ?? 0), 0);
const sumCents = <T>(list: readonly T[], of: (x: T) => number | null | undefined) => list.reduce((s, x) => s + cents(of(x)), 0);

describe.each(TEST_STORES)("container analysis over GraphQL on $name", (testStore) => {
  let api: Api;
  let carolFilter = "";

  /** Runs a typed document on the containers path and answers its data (fails on any error). */
  const ask = <D extends TypedDocument<any, any>>(doc: D, variables: D extends TypedDocument<any, infer V> ? V : never, who?: Caller, service = "containers") =>
    api.data(who ?? api.analyst, doc.document, variables as Record<string, unknown>, service) as Promise<ResultOf<D>>;
  /** The first error of a call that must fail. */
  const failure = async (doc: TypedDocument<any, any>, variables: object, who?: Caller) => {
    const answer = await api.gql(who ?? api.analyst, doc.document, variables as Record<string, unknown>, "containers");
    expect(answer.body.errors?.length, JSON.stringify(answer.body.data)).toBeGreaterThan(0);
    return { status: answer.status, message: answer.body.errors![0].message, code: answer.body.errors![0].extensions?.code };
  };
  const overview = async (scope: ScopeVariables) => (await ask(GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER, scope)).getContainerOverviewByViewAndFilter;
  const summary = async (scope: ScopeVariables) => (await ask(GET_SUMMARY_ADDONS_BY_VIEW_AND_FILTER, scope)).getSummaryAddonsByViewAndFilter;
  const folders = async (scope: ScopeVariables) => (await ask(GET_CONTAINER_COUNTS_BY_VIEW_AND_FILTER, scope)).getContainerCountsByViewAndFilter;
  const risks = async (scope: ScopeVariables) => (await ask(GET_CONTAINER_RISK_SUMMARY_BY_VIEW_AND_FILTER, scope)).getContainerRiskSummaryByViewAndFilter;
  const page = async (vars: ContainerDetailsVariables) => (await ask(GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER, vars)).getContainerDetailsByViewAndFilter;
  const chart = async (vars: AnalysisVariables) => (await ask(ANALYSIS, vars)).analysis;
  /** Every row of a scope, read page by page as a script would. */
  async function allRows(vars: ContainerDetailsVariables, pageSize = 2): Promise<ContainerRow[]> {
    const rows: ContainerRow[] = [];
    for (let p = 1; ; p++) {
      const answer = await page({ ...vars, page: p, pageSize });
      rows.push(...answer.rows);
      if (p * pageSize >= answer.total) return rows;
    }
  }
  /** Waterfall bars in cents, from the dollars (the cents field is checked against them). */
  const bars = (o: ContainerOverview) => o.waterfall.cents;

  function expectIdentity(o: ContainerOverview) {
    const c = o.waterfall.cents;
    expect(c.currentSpend + c.immediateSavings + c.riskRemoval + c.additionalWaste, "Current + Immediate + Risk Removal + Additional = Optimal").toBe(c.optimalSpend);
    expect(cents(o.waterfall.currentSpend) + cents(o.waterfall.immediateSavings) + cents(o.waterfall.riskRemoval) + cents(o.waterfall.additionalWaste)).toBe(
      cents(o.waterfall.optimalSpend),
    );
    for (const k of ["currentSpend", "immediateSavings", "riskRemoval", "additionalWaste", "optimalSpend"] as const) expect(cents(o.waterfall[k]), k).toBe(c[k]);
    expect(cents(o.waterfall.currentSpend)).toBe(cents(o.totalCurrentCost));
    expect(cents(o.waterfall.optimalSpend)).toBe(cents(o.totalRecommendedCost));
    expect(cents(o.monthlyWaste)).toBe(cents(o.totalCurrentCost) + cents(o.totalUnspecifiedCost) - cents(o.totalRecommendedCost));
  }

  function expectHistogramsAddUp(o: ContainerOverview) {
    expect(o.histograms.containerCount).toBe(o.containerCount);
    for (const k of Object.values(CHARTS)) expect(sum(o.histograms[k], (b) => b.value), k).toBe(o.containerCount);
  }

  /** Every figure the operations share, for one scope, agreeing across overview, summary, folders, risks and rows. */
  async function expectConsistent(scope: ScopeVariables) {
    const [o, s, f, r, rows] = await Promise.all([overview(scope), summary(scope), folders(scope), risks(scope), allRows(scope, 3)]);
    expectIdentity(o);
    expectHistogramsAddUp(o);
    const analysed = rows.filter((x) => x.analysed);
    // Counts.
    expect(s.containers).toBe(o.counts.containers);
    expect(rows.length).toBe(o.counts.containers);
    expect(r.containerCount).toBe(o.counts.containers);
    expect(analysed.length).toBe(o.containerCount);
    expect(o.counts.notAnalysed).toBe(rows.length - analysed.length);
    expect(s.containerManifests).toBe(o.counts.manifests);
    expect(new Set(rows.map((x) => `${x.cluster}/${x.namespace}/${x.controllerType}/${x.podService}`)).size).toBe(o.counts.manifests);
    expect(rows.filter((x) => x.atRisk).length).toBe(o.atRiskCount);
    expect(r.atRiskCount).toBe(o.atRiskCount);
    // Money: rows summed give the overview's totals to the cent.
    expect(sumCents(rows, (x) => x.currentCost)).toBe(bars(o).currentSpend);
    expect(sumCents(rows, (x) => x.recommendedCost)).toBe(bars(o).optimalSpend);
    expect(sumCents(rows, (x) => x.unspecifiedCost)).toBe(cents(o.totalUnspecifiedCost));
    expect(sumCents(rows, (x) => x.spareCost)).toBe(cents(o.totalSpareCost));
    expect(sumCents(rows, (x) => x.deficitCost)).toBe(cents(o.totalDeficitCost));
    expect(sumCents(rows, (x) => x.totalRealizableGain)).toBe(cents(o.totalRealizableGain));
    expect(sumCents(rows, (x) => x.totalCpuRealizableGain)).toBe(cents(o.totalCpuRealizableGain));
    expect(sumCents(rows, (x) => x.totalMemoryRealizableGain)).toBe(cents(o.totalMemoryRealizableGain));
    expect(sumCents(rows, (x) => x.monthlyWaste)).toBe(cents(o.monthlyWaste));
    expect(sumCents(rows, (x) => x.cpuCurrentCost)).toBe(cents(o.totalCpuRequestCurrentCost));
    expect(sumCents(rows, (x) => x.memCurrentCost)).toBe(cents(o.totalMemoryRequestCurrentCost));
    expect(sumCents(rows, (x) => x.additionalCpuWaste) + sumCents(rows, (x) => x.additionalMemoryWaste)).toBe(Math.abs(bars(o).additionalWaste));
    // Quantities: rows summed give the overview's request totals.
    expect(sum(rows, (x) => x.totalExistingCpuRequest)).toBe(o.totalCpuRequestCurrent);
    expect(sum(rows, (x) => x.totalExistingMemRequest)).toBe(o.totalMemoryRequestCurrent);
    expect(sum(rows, (x) => x.totalCpuSurplus)).toBe(o.totalCpuRequestSpare);
    expect(sum(rows, (x) => x.totalMemSurplus)).toBe(o.totalMemoryRequestSpare);
    expect(sum(rows, (x) => x.totalCpuRequestShortfall)).toBe(o.totalCpuRequestDeficit);
    expect(sum(rows, (x) => x.totalMemoryRequestShortfall)).toBe(o.totalMemoryRequestDeficit);
    // Summary cards are the overview's figures.
    expect(s).toEqual({
      containers: o.counts.containers,
      containerManifests: o.counts.manifests,
      totalCpuSurplus: o.totalCpuRequestSpare,
      totalMemSurplus: o.totalMemoryRequestSpare,
      cpuRequestSurplusCores: o.totalCpuRequestSpare / 1000,
      memoryRequestSurplusGb: o.totalMemoryRequestSpare / 1024,
      monthlySavings: o.monthlyWaste,
      efficiencyRating: o.efficiencyRating,
    });
    // Histograms are the rows' buckets counted.
    for (const k of Object.values(CHARTS)) {
      for (const b of o.histograms[k]) expect(analysed.filter((x) => x.buckets![k] === b.bucket).length, `${k} ${b.bucket}`).toBe(b.value);
    }
    // Risk flags are the rows' flags.
    expect(r.counts).toEqual({
      cpuThrottled: rows.filter((x) => x.hasCpuThrottledRisk).length,
      cpuStranded: rows.filter((x) => x.hasCpuStrandedRisk).length,
      memoryPodTermination: rows.filter((x) => x.hasMemoryPodTerminationRisk).length,
      memoryStranded: rows.filter((x) => x.hasMemoryStrandedRisk).length,
      memoryProcessTermination: rows.filter((x) => x.hasMemoryProcessTerminationRisk).length,
    });
    expect(r.hasCpuThrottledRisk).toBe(r.counts.cpuThrottled > 0);
    expect(r.hasMemoryPodTerminationRisk).toBe(r.counts.memoryPodTermination > 0);
    // Child folders add up to the folder (when it has child folders).
    if (f.length) {
      expect(sum(f, (x) => x.containerCount)).toBe(o.counts.containers);
      expect(sum(f, (x) => x.containerAtRiskCount)).toBe(o.atRiskCount);
      expect(sumCents(f, (x) => x.containerCurrentCost)).toBe(bars(o).currentSpend);
      expect(sumCents(f, (x) => x.containerSavingsTotal)).toBe(Math.abs(bars(o).immediateSavings));
    }
    return { o, s, f, r, rows };
  }

  beforeAll(async () => {
    api = await startApi(testStore);
    await insertFleet(api.db);
    const result = await runAnalysis(await getStore(), { source: fakeSource(), nowMs: NOW, workers: 0 });
    expect(result.waterfall.cents).toEqual({ currentSpend: 3719, immediateSavings: -461, riskRemoval: 196, additionalWaste: -1154, optimalSpend: 2300 });
    const saved = await api.data(api.carol, SAVE_OR_UPDATE_VIEW_FILTER.document, {
      viewFilter: { viewFilterId: EMPTY_ID, name: "Carol's shop", filterDetails: [{ datasourceId: "K8S_NAMESPACE", operand: "=", filterValue: "shop" }] },
    });
    carolFilter = saved.saveOrUpdateViewFilter.viewFilterId;
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers the overview of the whole fleet with the hand-checked totals, the waterfall to the cent and histograms adding up", async () => {
    const o = await overview(ALL);
    expectIdentity(o);
    expectHistogramsAddUp(o);
    expect(o.waterfall).toEqual({
      currentSpend: 37.19,
      immediateSavings: -4.61,
      riskRemoval: 1.96,
      additionalWaste: -11.54,
      optimalSpend: 23,
      cents: { currentSpend: 3719, immediateSavings: -461, riskRemoval: 196, additionalWaste: -1154, optimalSpend: 2300 },
    });
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
      totalCpuRequestCurrent: 1500,
      totalCpuRequestSpare: 700,
      totalCpuRequestUnspecified: 50,
      totalMemoryRequestDeficit: 268,
      totalCpuRealizable: 200,
      totalCpuRealizableGain: 4.61,
      counts: { containers: 5, notAnalysed: 1, clusters: 2, namespaces: 3, manifests: 4, restartsLast7Days: 2, memoryLimitEventsLast7Days: 2 },
    });
    expect(o.snapshotId).toEqual(expect.any(String));
    expect(o.efficiencyRating).toBeCloseTo(2300 / (3719 + 154), 12);
    // Spare and deficit costs are the per-resource costs summed.
    expect(cents(o.totalCpuRequestSpareCost) + cents(o.totalMemoryRequestSpareCost)).toBe(1615);
    expect(cents(o.totalCpuRequestDeficitCost) + cents(o.totalMemoryRequestDeficitCost)).toBe(196);
    expect(cents(o.totalCpuRequestCurrentCost) + cents(o.totalMemoryRequestCurrentCost)).toBe(3719);
    expect(o.histograms.cpuRequest.filter((b) => b.value > 0)).toEqual([
      { bucket: -1, value: 1 },
      { bucket: 100, value: 1 },
      { bucket: 200, value: 2 },
    ]);
    expect(o.histograms.cpuRequest.map((b) => b.bucket)).toEqual([-1, 20, 40, 60, 85, 100, 120, 150, 200, 300, 500]);
    // The all-zero ids are the caller's defaults: the Cluster View and All Containers.
    expect(await overview({ viewId: EMPTY_ID, filterId: EMPTY_ID, treeviewPath: "" })).toEqual(o);
  });

  it("answers summary cards, folder counts and risks that agree with the overview and with the rows summed", async () => {
    const { s, f, r } = await expectConsistent(ALL);
    expect(s).toMatchObject({ containers: 5, containerManifests: 4, totalCpuSurplus: 700, cpuRequestSurplusCores: 0.7, monthlySavings: 15.73 });
    expect(f).toEqual([
      { label: "prod-a", entityName: `${TEXT.rootName}/prod-a`, containerAtRiskCount: 2, containerSavingsTotal: 4.61, containerCount: 3, containerCurrentCost: 13.81, totalSavingsPercentage: (461 / 1381) * 100 },
      { label: "dev-b", entityName: `${TEXT.rootName}/dev-b`, containerAtRiskCount: 1, containerSavingsTotal: 0, containerCount: 2, containerCurrentCost: 23.38, totalSavingsPercentage: 0 },
    ]);
    expect(r).toEqual({
      hasCpuThrottledRisk: true,
      hasCpuStrandedRisk: false,
      hasMemoryPodTerminationRisk: true,
      hasMemoryStrandedRisk: false,
      hasMemoryProcessTerminationRisk: false,
      counts: { cpuThrottled: 1, cpuStranded: 0, memoryPodTermination: 1, memoryStranded: 0, memoryProcessTermination: 0 },
      containerCount: 5,
      atRiskCount: 3,
    });
    // The deepest folder level has containers, not folders, below it.
    expect(await folders({ ...ALL, treeviewPath: "prod-a/shop/api" })).toEqual([]);
  });

  it("changes every total consistently with the folder, the Filter and the View", async () => {
    const whole = await overview(ALL);
    // Folders: each top-level folder is consistent on its own, and the two add up to the whole, bar by bar.
    const prodA = await expectConsistent({ ...ALL, treeviewPath: "prod-a" });
    const devB = await expectConsistent({ ...ALL, treeviewPath: `${TEXT.rootName}/dev-b` });
    expect(bars(prodA.o)).toEqual({ currentSpend: 1381, immediateSavings: -461, riskRemoval: 154, additionalWaste: 0, optimalSpend: 1074 });
    expect(bars(devB.o)).toEqual({ currentSpend: 2338, immediateSavings: 0, riskRemoval: 42, additionalWaste: -1154, optimalSpend: 1226 });
    for (const k of Object.keys(bars(whole)) as (keyof ContainerOverview["waterfall"]["cents"])[]) {
      expect(bars(prodA.o)[k] + bars(devB.o)[k], k).toBe(bars(whole)[k]);
    }
    expect(prodA.s.containers + devB.s.containers).toBe(5);
    expect(prodA.o.containerCount + devB.o.containerCount).toBe(whole.containerCount);
    expect(prodA.f.map((x) => [x.label, x.containerCount])).toEqual([["shop", 2], ["pay", 1]]);
    expect(devB.r).toMatchObject({ hasCpuThrottledRisk: false, hasMemoryPodTerminationRisk: true, containerCount: 2 });

    // A deeper folder, written in any case.
    const shop = await expectConsistent({ ...ALL, treeviewPath: "PROD-A/Shop" });
    expect(bars(shop.o)).toEqual({ currentSpend: 1078, immediateSavings: -461, riskRemoval: 154, additionalWaste: 0, optimalSpend: 771 });
    expect(shop.rows.map((x) => x.entityId).sort()).toEqual(["a", "b"]);

    // A Filter (Production Only: a, b, e) narrows to the same containers as the prod-a folder.
    const prod = await expectConsistent(PROD);
    expect(bars(prod.o)).toEqual(bars(prodA.o));
    expect(prod.f.map((x) => [x.label, x.containerCount])).toEqual([["prod-a", 3]]);
    expect(prod.s.containers).toBe(3);

    // Another View groups the same Filter differently: Business Unit > Cluster > Namespace.
    const byUnit = { viewId: SEED_IDS.businessUnitView, filterId: SEED_IDS.productionOnly, treeviewPath: "" };
    const units = await expectConsistent(byUnit);
    expect(units.f.map((x) => [x.label, x.containerCount])).toEqual([["Retail", 2], ["Finance", 1]]);
    expect(bars(units.o)).toEqual(bars(prod.o));
    const retail = await expectConsistent({ ...byUnit, treeviewPath: "Retail" });
    expect(bars(retail.o)).toEqual(bars(shop.o));

    // A user's own Filter: only its owner may use it.
    expect((await failure(GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER, { ...ALL, filterId: carolFilter })).message).toBe(NOT_FOUND_FILTER);
    const asCarol = (await ask(GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER, { ...ALL, filterId: carolFilter }, api.carol)).getContainerOverviewByViewAndFilter;
    expect(bars(asCarol)).toEqual(bars(shop.o));
  });

  it("answers each histogram through the analysis call, for the folder that parentValues and level name", async () => {
    const base = { viewId: ALL.viewId, viewFilterId: ALL.filterId, includeMemEventCount: true, includeUnspecified: true, analyzedOnly: true, kubexView: true };
    const whole = await overview(ALL);
    const shop = await overview({ ...ALL, treeviewPath: "prod-a/shop" });
    const prodA = await overview({ ...ALL, treeviewPath: "prod-a" });
    for (const [entry, key] of Object.entries(CHARTS)) {
      const answer = await chart({ ...base, resourceType: "CPU & Memory", metricType: "Request", chartingEntry: entry });
      expect(answer).toEqual({ bucketList: whole.histograms[key], containerCount: 4 });
      expect(sum(answer.bucketList, (b) => b.value)).toBe(4);
      // Without Unspecified: the -1 bucket is dropped, the rest unchanged.
      const known = await chart({ ...base, includeUnspecified: false, chartingEntry: entry });
      expect(known.bucketList).toEqual(whole.histograms[key].filter((b) => b.bucket !== -1));
      // parentValues name the folder from the root; level says how many of them to use (the root's name is skipped).
      const path = ["prod-a", "shop"];
      expect((await chart({ ...base, parentValues: path, chartingEntry: entry })).bucketList).toEqual(shop.histograms[key]);
      expect((await chart({ ...base, level: 2, parentValues: [TEXT.rootName, ...path], chartingEntry: entry })).bucketList).toEqual(shop.histograms[key]);
      expect((await chart({ ...base, level: 1, parentValues: path, chartingEntry: entry })).bucketList).toEqual(prodA.histograms[key]);
      expect((await chart({ ...base, level: 0, parentValues: path, chartingEntry: entry })).bucketList).toEqual(whole.histograms[key]);
    }
    // The Filter is viewFilterId.
    const prod = await chart({ ...base, viewFilterId: SEED_IDS.productionOnly, chartingEntry: "MEM_REQUEST" });
    expect(prod).toEqual({ bucketList: prodA.histograms.memRequest, containerCount: 3 });
    // A bar's containers: the grid's click-through gives as many rows as the bar counts.
    for (const b of whole.histograms.cpuRequest.filter((x) => x.value > 0)) {
      const rows = await page({ ...ALL, chartingEntry: "CPU_REQUEST", bucket: b.bucket });
      expect(rows.total, `bucket ${b.bucket}`).toBe(b.value);
    }
    expect((await page({ ...ALL, chartingEntry: "CPU_REQUEST", bucket: 200 })).rows.map((x) => x.entityId)).toEqual(["a", "c"]);
    expect((await page({ ...ALL, chartingEntry: "CPU_REQUEST", bucket: -1 })).rows.map((x) => x.entityId)).toEqual(["b"]);
  });

  it("pages, sorts and searches container rows with the spec's field names; one row by entity id", async () => {
    // Monthly waste: c 11.12, a 4.61, e 0, b 0, d null (nulls last; ties by entity id in the same direction).
    const first = await page({ ...ALL, sortField: "monthlyWaste", sortDirection: "DESC", pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.rows.map((x) => x.entityId)).toEqual(["c", "a"]);
    const paged = await allRows({ ...ALL, sortField: "monthlyWaste", sortDirection: "desc" });
    expect(paged.map((x) => x.entityId)).toEqual(["c", "a", "e", "b", "d"]);
    expect((await page({ ...ALL, sortField: "monthlyWaste", page: 3, pageSize: 2 })).rows.map((x) => x.entityId)).toEqual(["d"]);
    expect((await page({ ...ALL, page: 9 })).rows).toEqual([]);
    // Default order: container name ascending (then entity id).
    expect((await page(ALL)).rows.map((x) => x.containerName)).toEqual(["app", "app", "main", "proxy", "sidecar"]);
    expect((await page({ ...ALL, search: " ETL " })).rows.map((x) => x.entityId)).toEqual(["c", "d"]);
    expect((await page({ ...ALL, search: "100%" })).total).toBe(0);
    // Built-in grid views keep only the rows behind one figure of the summary.
    const grid = async (gridViewId: string) => (await page({ ...ALL, gridViewId })).rows.map((x) => x.entityId);
    expect(await grid("realizable_cpu_saving")).toEqual(["a"]);
    expect(await grid("additional_cpu_waste")).toEqual(["c"]);
    expect(await grid("memory_request_risks")).toEqual(["c"]);
    expect(await grid("unspecified_cpu_request_risk")).toEqual(["b"]);

    const a = paged.find((x) => x.entityId === "a")!;
    expect(a).toMatchObject({
      entityId: "a",
      cluster: "prod-a",
      nodeGroupName: "general",
      namespace: "shop",
      controllerType: "Deployment",
      podService: "api",
      containerName: "app",
      policyName: "System Default Policy",
      recommendation: "Downsize",
      currentCount: 2,
      existingCpuRequest: 200,
      cpuRequest: 100,
      cpuLimit: 200,
      memRequest: 256,
      memLimit: 320,
      badges: { cpuRequest: "Decrease", cpuLimit: "Decrease", memRequest: "No Change", memLimit: "Decrease" },
      buckets: { cpuRequest: 200, cpuLimit: 200, memRequest: 100, memLimit: 150 },
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
    });
    // The API row is the model's row, every field of it.
    for (const id of ["a", "b", "c", "d", "e"]) {
      const one = (await ask(GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: id })).getContainerDetailsForEntity;
      expect(one).toEqual(await containerById(api.db, id));
      expect(one).toEqual(paged.find((x) => x.entityId === id));
    }
    expect((await ask(GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: "d" })).getContainerDetailsForEntity).toMatchObject({
      analysed: false,
      notAnalysedReason: expect.stringMatching(/^Not enough data/),
      recommendation: null,
      currentCost: null,
      badges: null,
      buckets: null,
      hasMemoryPodTerminationRisk: true,
    });
    expect((await ask(GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: "nope" })).getContainerDetailsForEntity).toBeNull();
  });

  it("answers the unit prices on the containers and config-parameter paths", async () => {
    const expected = [
      { parameterKey: "cpu_core_default_cost", numberValue: 0.031611 },
      { parameterKey: "memory_gib_default_cost", numberValue: 0.004237 },
    ];
    expect((await ask(GET_PARAMETERS, {})).getParameters).toEqual(expected);
    expect((await ask(GET_PARAMETERS, {}, api.admin, "config-parameter")).getParameters).toEqual(expected);
  });

  it("answers 401 with the spec's text to callers without credentials", async () => {
    const calls: [TypedDocument<any, any>, object][] = [
      [GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER, ALL],
      [GET_SUMMARY_ADDONS_BY_VIEW_AND_FILTER, ALL],
      [GET_CONTAINER_COUNTS_BY_VIEW_AND_FILTER, ALL],
      [GET_CONTAINER_RISK_SUMMARY_BY_VIEW_AND_FILTER, ALL],
      [ANALYSIS, { viewId: ALL.viewId, viewFilterId: ALL.filterId, chartingEntry: "CPU_REQUEST" }],
      [GET_PARAMETERS, {}],
      [GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER, ALL],
      [GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: "a" }],
    ];
    for (const [doc, variables] of calls) {
      const answer = await api.gql(null, doc.document, variables as Record<string, unknown>, "containers");
      expect(answer.status, doc.operationName).toBe(401);
      expect(answer.body).toEqual({ errors: [{ message: TEXT.unauthorized, extensions: { code: "UNAUTHENTICATED" } }] });
    }
  });

  it("refuses bad arguments with a clear Validation Error, and unknown scopes with Not Found", async () => {
    const rows = (vars: Partial<ContainerDetailsVariables>) => failure(GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER, { ...ALL, ...vars });
    const validation = (message: string) => ({ status: 200, message: `Validation Error: ${message}`, code: "BAD_USER_INPUT" });
    expect(await rows({ sortField: "c.id; drop table container" })).toEqual(validation("Rows cannot be sorted by 'c.id; drop table container'."));
    expect(await rows({ sortField: "notes" })).toEqual(validation("Rows cannot be sorted by 'notes'."));
    expect(await rows({ sortDirection: "sideways" })).toEqual(validation("Sort direction must be asc or desc (got 'sideways')."));
    expect(await rows({ pageSize: 1001 })).toEqual(validation("pageSize must be a whole number from 1 to 1000."));
    expect(await rows({ pageSize: 0 })).toEqual(validation("pageSize must be a whole number from 1 to 1000."));
    expect(await rows({ page: 0 })).toEqual(validation("page must be a whole number from 1."));
    expect(await rows({ gridViewId: "everything" })).toEqual(validation("Unknown grid view 'everything'."));
    expect(await rows({ chartingEntry: "CPU_REQUEST" })).toEqual(validation("chartingEntry and bucket go together: give both or neither."));
    expect(await rows({ chartingEntry: "GPU_REQUEST", bucket: 100 })).toEqual(
      validation("Unknown chartingEntry 'GPU_REQUEST'; use one of CPU_REQUEST, CPU_LIMIT, MEM_REQUEST, MEM_LIMIT."),
    );
    // 1000 rows is the largest page.
    expect((await page({ ...ALL, pageSize: 1000 })).rows).toHaveLength(5);

    const analysis = (vars: Partial<AnalysisVariables>) => failure(ANALYSIS, { viewId: ALL.viewId, viewFilterId: ALL.filterId, chartingEntry: "CPU_REQUEST", ...vars });
    expect(await analysis({ chartingEntry: "CPU" })).toEqual(validation("Unknown chartingEntry 'CPU'; use one of CPU_REQUEST, CPU_LIMIT, MEM_REQUEST, MEM_LIMIT."));
    expect(await analysis({ resourceType: "GPU" })).toEqual(validation("Unknown resourceType 'GPU'; use one of CPU & Memory, CPU, Memory."));
    expect(await analysis({ metricType: "Usage" })).toEqual(validation("Unknown metricType 'Usage'; use one of Request & Limit, Request, Limit."));
    expect(await analysis({ level: 3, parentValues: ["prod-a", "shop"] })).toEqual(
      validation("level must be a whole number from 0 to the number of parentValues below the root (2)."),
    );
    expect(await analysis({ level: -1 })).toEqual(validation("level must be a whole number from 0 to the number of parentValues below the root (0)."));
    expect(await analysis({ parentValues: ["prod-a/shop"] })).toEqual(validation("parentValues holds 'prod-a/shop'; a folder name cannot contain '/'."));
    expect(await analysis({ parentValues: ["prod-a", " "] })).toEqual(validation("parentValues cannot hold a blank folder name."));

    // Unknown folders, Views and Filters; a Filter private to another user.
    const notFoundPath = { status: 200, message: "Not Found: Tree path 'prod-a/nowhere' was not found in this view and filter.", code: "NOT_FOUND" };
    for (const doc of [GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER, GET_SUMMARY_ADDONS_BY_VIEW_AND_FILTER, GET_CONTAINER_COUNTS_BY_VIEW_AND_FILTER, GET_CONTAINER_RISK_SUMMARY_BY_VIEW_AND_FILTER, GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER]) {
      expect(await failure(doc, { ...ALL, treeviewPath: "prod-a/nowhere" }), doc.operationName).toEqual(notFoundPath);
      expect((await failure(doc, { ...ALL, filterId: carolFilter })).message, doc.operationName).toBe(NOT_FOUND_FILTER);
      expect((await failure(doc, { ...ALL, viewId: "11111111-1111-4111-8111-111111111111" })).message, doc.operationName).toBe(NOT_FOUND_VIEW);
    }
    expect(await analysis({ parentValues: ["prod-a", "nowhere"] })).toEqual(notFoundPath);
    expect((await analysis({ viewFilterId: carolFilter })).message).toBe(NOT_FOUND_FILTER);

    // Wrong types and missing required arguments never reach a resolver.
    const wrongType = await rows({ pageSize: "50" as unknown as number });
    expect(wrongType.code).toBe("BAD_REQUEST");
    expect(wrongType.message).toMatch(/^Bad Request: Variable "\$pageSize" got invalid value "50"/);
    const missing = await api.gql(api.analyst, `query { getContainerOverviewByViewAndFilter(viewId: "x", filterId: "y") { containerCount } }`, {}, "containers");
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0].message).toMatch(/^Bad Request: .*argument "treeviewPath" of type "String!" is required/);
  });
});
