/**
 * The cloud API over real HTTP on every store (spec document 3, sections 2.3, 3, 7 and 8; service paths cloudex and
 * grid-view): the hand-made estate of graphql-cloud-estate.ts is analysed, then the folder summary, the services
 * and their scoping by tree path, each recommendation's detail row, paging, sorting, search and grid views, the
 * cloud grid's saved views, and the errors are checked against answers worked out by hand. The metric viewers,
 * workload charts and Catalog Map calls are in graphql-cloud-entity.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_ID } from "~/lib/constants";
import { GET_VIEW_DEFINITIONS } from "~/graphql/operations/treeview";
import { GET_GRID_VIEW, CREATE_OR_UPDATE_USER_VIEW, ADD_VIEW_AS_FAVORITE, DELETE_USER_VIEW } from "~/graphql/operations/grid-view";
import { CLOUD_GRID_ID } from "~/domain/grid-views/texts";
import type { CloudexDetail } from "~/domain/cloud/detail";
import type { CloudFolderSummary } from "~/engine/cloud";
import { CLOUDEX_DETAILS, CLOUDEX_FOLDER_SUMMARY, type DetailsVars } from "../graphql-operations/cloud";
import { TEST_STORES } from "./stores";
import type { Api } from "./graphql-harness";
import { ESTATE, startCloudApi } from "./graphql-cloud-estate";

const ROOT = { viewId: EMPTY_ID, filterId: EMPTY_ID, treeviewPath: "" };
const cents = (x: number) => Math.round(x * 100);

/**
 * Each service's costs ($/month): the catalog's on-demand Linux price × 730 h at 100 % uptime (× the group size).
 * m5.large $0.096/h → 70.08; t3.large $0.0832 → 60.74, t4g.large $0.0672 → 49.06; db.r5.2xlarge $0.96 → 700.80,
 * db.m6g.2xlarge $0.608 → 443.84; ASG 4 × m5.large → 280.32, 2 × → 140.16; m5.xlarge $0.192 → 140.16;
 * Standard_D2s_v5 $0.096 → 70.08, Standard_D4pls_v6 → 90.52; VMSS 4 × Standard_D2s_v3 $0.096 → 280.32, 5 × → 350.40;
 * e2-standard-2 $0.067006 → 48.92.
 */
const COSTS: Record<string, [current: number, optimal: number]> = {
  "i-idle": [70.08, 0],
  "i-old": [60.74, 49.06],
  "db-big": [700.8, 443.84],
  "asg-web": [280.32, 140.16],
  "i-new": [140.16, 140.16],
  "vm-busy": [70.08, 90.52],
  "vmss-api": [280.32, 350.4],
  "gce-app": [48.92, 48.92],
};

describe.each(TEST_STORES)("the cloud API (summary, services, grid views) on $name", (testStore) => {
  let api: Api;
  const summary = async (vars: typeof ROOT): Promise<CloudFolderSummary> =>
    (await api.data(api.analyst, CLOUDEX_FOLDER_SUMMARY.document, vars, "cloudex")).cloudexFolderSummary;
  const details = async (vars: DetailsVars): Promise<CloudexDetail[]> => (await api.data(api.analyst, CLOUDEX_DETAILS.document, vars, "cloudex")).cloudexDetails;
  const failure = async (query: string, vars: object, service = "cloudex") => {
    const answer = await api.gql(api.analyst, query, vars as Record<string, unknown>, service);
    expect(answer.body.errors?.length, JSON.stringify(answer.body.data)).toBeGreaterThan(0);
    return answer.body.errors![0].message;
  };

  beforeAll(async () => {
    api = await startCloudApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers the folder summary of every service, whose figures add up to the cent", async () => {
    const s = await summary(ROOT);
    expect(s).toMatchObject({ ec2Service: 3, rdsService: 1, asgService: 1, azureVmService: 1, azureVmssService: 1, gceService: 1 });
    expect(s).toMatchObject({ awsTotalService: 5, azureTotalService: 2, gcpTotalService: 1, services: 8 });
    expect(s).toMatchObject({ terminate: 1, modernize: 1, downsize: 1, downscale: 1, upsize: 1, upscale: 1, keep: 2 });
    // Current services = the providers' sum; optimal services = services − Terminate (the idle one is AWS's).
    expect(s.services).toBe(s.awsTotalService + s.azureTotalService + s.gcpTotalService);
    expect(s.optimalServices).toBe(s.services - s.terminate);
    expect([s.awsTotalOptimalService, s.azureTotalOptimalService, s.gcpTotalOptimalService]).toEqual([4, 2, 1]);

    const sum = (ids: string[], i: 0 | 1) => ids.reduce((t, id) => t + cents(COSTS[id][i]), 0) / 100;
    const aws = ["i-idle", "i-old", "db-big", "asg-web", "i-new"];
    expect([s.awsTotalCurCost, s.azureTotalCurCost, s.gcpTotalCurCost]).toEqual([sum(aws, 0), sum(["vm-busy", "vmss-api"], 0), 48.92]);
    expect([s.awsTotalOptimalCost, s.azureTotalOptimalCost, s.gcpTotalOptimalCost]).toEqual([sum(aws, 1), sum(["vm-busy", "vmss-api"], 1), 48.92]);
    expect(cents(s.currentCost)).toBe(cents(s.awsTotalCurCost) + cents(s.azureTotalCurCost) + cents(s.gcpTotalCurCost));
    expect(cents(s.optimalCost)).toBe(cents(s.awsTotalOptimalCost) + cents(s.azureTotalOptimalCost) + cents(s.gcpTotalOptimalCost));
    expect(s.currentCost).toBe(sum(Object.keys(COSTS), 0));

    // Savings: negative for what saves, positive for what removes risk, each the service's optimal − current.
    expect(s).toMatchObject({
      terminateSavings: -70.08,
      modernizeSavings: -11.68,
      downsizeSavings: -256.96,
      downscaleSavings: -140.16,
      upsizeSavings: 20.44,
      upscaleSavings: 70.08,
    });
    expect(s.immediateSavings).toBe(-81.76);
    expect(s.additionalWaste).toBe(-397.12);
    expect(s.riskRemovalCost).toBe(90.52);
    expect(s.upsizeCost).toBe(s.riskRemovalCost);
    expect(cents(s.currentCost) + cents(s.immediateSavings) + cents(s.additionalWaste) + cents(s.riskRemovalCost)).toBe(cents(s.optimalCost));
    expect(s.estimatedWaste).toBe((cents(s.currentCost) - cents(s.optimalCost)) / 100);
    expect(s.efficiencyRating).toBe(Math.round((s.optimalCost / s.currentCost) * 100) / 100);
    expect(s.wastePct).toBe(Math.round((Math.abs(s.currentCost - s.optimalCost) / s.currentCost) * 10_000) / 100);

    // vCPUs and memory count every instance: groups × their size now and × their recommended size after; Terminate none after.
    expect(s.currentVcpus).toBe(2 + 2 + 8 + 4 * 2 + 4 + 2 + 4 * 2 + 2);
    expect(s.recommendedVcpus).toBe(0 + 2 + 8 + 2 * 2 + 4 + 4 + 5 * 2 + 2);
  });

  it("reads the same summary through the cloud View and Filter by id, and refuses a container View", async () => {
    const view = (await api.data(api.analyst, GET_VIEW_DEFINITIONS.document, { ctx: "cloud" })).getViewDefinitions.publicList[0].viewId as string;
    const filter = (await api.data(api.analyst, `{ getFilterDefinitions(ctx: "cloud") { publicList { viewFilterId } } }`)).getFilterDefinitions.publicList[0]
      .viewFilterId as string;
    expect(await summary({ viewId: view, filterId: filter, treeviewPath: "System Breakdown" })).toEqual(await summary(ROOT));
    const containerView = (await api.data(api.analyst, GET_VIEW_DEFINITIONS.document, { ctx: "containers" })).getViewDefinitions.publicList[0].viewId as string;
    expect(await failure(CLOUDEX_FOLDER_SUMMARY.document, { ...ROOT, viewId: containerView })).toBe(
      "Not Found: View not found. It may have been deleted, or it is private to another user.",
    );
  });

  it("scopes the summary and the services by tree path: provider, region and account", async () => {
    const scoped = async (treeviewPath: string) => {
      const [s, rows] = await Promise.all([summary({ ...ROOT, treeviewPath }), details({ ...ROOT, treeviewPath })]);
      const ids = rows.map((r) => r.entityId).sort();
      expect(s.services).toBe(ids.length);
      expect(cents(s.currentCost)).toBe(ids.reduce((t, id) => t + cents(COSTS[id][0]), 0));
      expect(cents(s.optimalCost)).toBe(ids.reduce((t, id) => t + cents(COSTS[id][1]), 0));
      return ids;
    };
    expect(await scoped("")).toEqual(ESTATE.map((f) => f.id).sort());
    expect(await scoped("AWS")).toEqual(["asg-web", "db-big", "i-idle", "i-new", "i-old"]);
    expect(await scoped("aws/us-east-1")).toEqual(["db-big", "i-idle", "i-old"]);
    expect(await scoped("System Breakdown/AWS/us-east-1/prod-account")).toEqual(["i-idle", "i-old"]);
    expect(await scoped("AWS/us-west-2/dev-account")).toEqual(["asg-web", "i-new"]);
    expect(await scoped("AZURE")).toEqual(["vm-busy", "vmss-api"]);
    expect(await scoped("GCP/us-central1/proj-x")).toEqual(["gce-app"]);
    const gcp = await summary({ ...ROOT, treeviewPath: "GCP" });
    expect(gcp).toMatchObject({ services: 1, gceService: 1, awsTotalService: 0, keep: 1, currentCost: 48.92, efficiencyRating: 1, estimatedWaste: 0 });
    const prod = await summary({ ...ROOT, treeviewPath: "AWS/us-east-1/prod-account" });
    expect(prod).toMatchObject({ services: 2, terminate: 1, modernize: 1, optimalServices: 1, awsTotalOptimalService: 1, immediateSavings: -81.76, additionalWaste: 0 });
    expect(await failure(CLOUDEX_FOLDER_SUMMARY.document, { ...ROOT, treeviewPath: "AWS/eu-west-9" })).toBe(
      "Not Found: Tree path 'AWS/eu-west-9' was not found in this view and filter.",
    );
  });

  it("answers each recommendation's detail row; Terminate shows no recommended values or scores", async () => {
    const one = async (entityId: string) => {
      const rows = await details({ ...ROOT, entityId });
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    const idle = await one("i-idle");
    expect(idle).toMatchObject({
      serviceType: "EC2",
      cloudProvider: "AWS",
      accountId: "111111111111",
      accountName: "prod-account",
      envName: "prod",
      system: "i-idle-name",
      region: "us-east-1",
      recommendation: "Terminate",
      overallStatus: "Idle",
      existingInstanceType: "m5.large",
      recommendedInstanceType: null,
      currentEstimatedCost: 70.08,
      recommendedEstimatedCost: null,
      estimatedSavings: 70.08,
      estimatedSavingsPercent: 100,
      estimatedEffort: "Low",
      recommendedVcpus: null,
      recommendedMemory: null,
      recommendedCint2006Rate: null,
      recommendedCpuPct: null,
      recommendedMemPct: null,
      activeMemoryPct: null,
      memoryUtilPct: null,
      uptimePct: 100,
      totalHours: 336,
      uptimeHours: 336,
      relearning: false,
      mlState: "Ready",
      level: 4,
      fullPath: "System Breakdown/AWS/us-east-1/prod-account",
      minMaxGroupSize: "N/A",
      igName: null,
    });
    expect(idle.reasonHtml).toMatch(/^<b>Terminate<\/b>: idle for the whole window/);

    expect(await one("i-old")).toMatchObject({ recommendation: "Modernize", overallStatus: "Previous generation", recommendedInstanceType: "t4g.large", estimatedSavings: 11.68 });
    expect(await one("db-big")).toMatchObject({ recommendation: "Downsize", overallStatus: "Over-provisioned", recommendedInstanceType: "db.m6g.2xlarge", recommendedEstimatedCost: 443.84 });
    expect(await one("vm-busy")).toMatchObject({ recommendation: "Upsize", overallStatus: "Under-provisioned", recommendedInstanceType: "Standard_D4pls_v6", estimatedSavings: -20.44 });
    expect(await one("asg-web")).toMatchObject({
      recommendation: "Downscale",
      igName: "asg-web-name",
      avgGroupSize: 4,
      predictedAvgGroupSize: 2,
      minMaxGroupSize: "Min: 4, Max: 8",
      recommMinMaxGroupSize: "Min: 2, Max: 2",
      scalingPolicy: "Target tracking: average CPU 50 %",
      recommendedInstanceType: "m5.large",
      profileCount: 1,
    });
    expect(await one("vmss-api")).toMatchObject({ recommendation: "Upscale", orchestrationMode: "Uniform", predictedAvgGroupSize: 5, recommMinMaxGroupSize: "Min: 5, Max: 5" });
    expect(await one("gce-app")).toMatchObject({ recommendation: "Keep", overallStatus: "Optimal", recommendedInstanceType: "e2-standard-2", estimatedSavings: 0, estimatedEffort: "None" });
    const relearning = await one("i-new");
    expect(relearning).toMatchObject({ recommendation: "Keep", overallStatus: "Learning", relearning: true, mlState: "Learning", numberOfDaysUntilData: 1, configLastChanged: "2025-01-14T12:00:00.000Z" });
    expect(relearning.reasonHtml).toMatch(/^Learning after instance change, analysis ready in 1 day\./);

    // A service outside the folder is no row of it; an unknown id is not found.
    expect(await details({ ...ROOT, treeviewPath: "GCP", entityId: "i-old" })).toEqual([]);
    expect(await failure(CLOUDEX_DETAILS.document, { ...ROOT, entityId: "i-nowhere" })).toBe("Not Found: There is no cloud service 'i-nowhere'.");
    // A scale group's members are not services.
    expect(await failure(CLOUDEX_DETAILS.document, { ...ROOT, entityId: "asg-web-m0" })).toBe("Not Found: There is no cloud service 'asg-web-m0'.");
  });

  it("pages, sorts, searches and narrows the services by grid view (our extension for scripts)", async () => {
    const all = await details(ROOT);
    // The most waste first (savings descending, ties by id in the same direction).
    expect(all.map((r) => r.entityId)).toEqual(["db-big", "asg-web", "i-idle", "i-old", "i-new", "gce-app", "vm-busy", "vmss-api"]);
    const pages = await Promise.all([1, 2, 3].map((page) => details({ ...ROOT, page, pageSize: 3 })));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat().map((r) => r.entityId)).toEqual(all.map((r) => r.entityId));
    expect((await details({ ...ROOT, sortField: "system", sortDirection: "asc" })).map((r) => r.entityId)).toEqual(ESTATE.map((f) => f.id).sort());
    expect((await details({ ...ROOT, search: "vmss" })).map((r) => r.entityId)).toEqual(["vmss-api"]);
    expect((await details({ ...ROOT, search: "e2-standard" })).map((r) => r.entityId)).toEqual(["gce-app"]);
    expect((await details({ ...ROOT, gridViewId: "terminate" })).map((r) => r.entityId)).toEqual(["i-idle"]);
    expect((await details({ ...ROOT, gridViewId: "azure" })).map((r) => r.entityId).sort()).toEqual(["vm-busy", "vmss-api"]);
    expect((await details({ ...ROOT, gridViewId: "compute_engine" })).map((r) => r.entityId)).toEqual(["gce-app"]);
    expect(await details({ ...ROOT, gridViewId: "cloud_provider" })).toHaveLength(8);
    expect(await failure(CLOUDEX_DETAILS.document, { ...ROOT, gridViewId: "biggest" })).toBe("Validation Error: Unknown cloud grid view 'biggest'.");
    expect(await failure(CLOUDEX_DETAILS.document, { ...ROOT, pageSize: 1001 })).toBe("Validation Error: pageSize must be a whole number from 1 to 1000.");
    expect(await failure(CLOUDEX_DETAILS.document, { ...ROOT, sortField: "password" })).toBe("Validation Error: Rows cannot be sorted by 'password'.");
  });

  it("lists the cloud grid's system views in the spec's order and keeps a user's view of it", async () => {
    const list = async () => JSON.parse((await api.data(api.analyst, GET_GRID_VIEW.document, { gridId: CLOUD_GRID_ID }, "grid-view")).getGridView.views) as { id: string; category: string; title: string; basedOn: string | null }[];
    const system = (await list()).filter((v) => v.category === "system");
    expect(system.map((v) => v.id)).toEqual([
      "default",
      "all_data",
      "cloud_provider",
      "optimization_type",
      "service_type",
      "ASG",
      "EC2",
      "RDS",
      "vm",
      "VMSS",
      "compute_engine",
      "aws",
      "azure",
      "gcp",
      "downscale",
      "downsize",
      "modernize",
      "terminate",
      "upscale",
      "upsize",
    ]);
    expect(system.find((v) => v.id === "vm")).toMatchObject({ title: "Virtual Machines", basedOn: "vm" });
    const created = (
      await api.data(api.analyst, CREATE_OR_UPDATE_USER_VIEW.document, { gridId: CLOUD_GRID_ID, view: JSON.stringify({ title: "Idle AWS", basedOn: "terminate", gridState: { sort: "system" } }) }, "grid-view")
    ).createOrUpdateUserView;
    expect(created.status).toBe("ok");
    await api.data(api.analyst, ADD_VIEW_AS_FAVORITE.document, { gridId: CLOUD_GRID_ID, viewId: created.viewId }, "grid-view");
    const mine = (await list()).find((v) => v.id === created.viewId);
    expect(mine).toMatchObject({ title: "Idle AWS", category: "private", basedOn: "terminate", isFavorite: true });
    await api.data(api.analyst, DELETE_USER_VIEW.document, { gridId: CLOUD_GRID_ID, viewId: created.viewId }, "grid-view");
    expect((await list()).some((v) => v.id === created.viewId)).toBe(false);
  });

  it("needs sign-in on every cloud service path", async () => {
    for (const service of ["cloudex", "metrics-viewer", "instance-type-analysis", "entity", "dropdowns", "grid-view"]) {
      const answer = await api.gql(null, CLOUDEX_FOLDER_SUMMARY.document, ROOT, service);
      expect(answer.status, service).toBe(401);
      expect(answer.body.errors![0].extensions?.code).toBe("UNAUTHENTICATED");
    }
  });
});
