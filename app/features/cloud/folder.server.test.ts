import { beforeEach, describe, expect, it, vi } from "vitest";

// The loader's collaborators, so each read can be watched or made to fail (spec document 3, sections 2.2, 2.3, 8).
const calls = { summary: 0, grid: 0, scope: 0 };
const fail = { summary: false };
const SUMMARY = {
  ec2Service: 3,
  rdsService: 1,
  asgService: 0,
  azureVmService: 0,
  azureVmssService: 0,
  gceService: 2,
  awsTotalService: 4,
  azureTotalService: 0,
  gcpTotalService: 2,
  awsTotalCurCost: 100,
  azureTotalCurCost: 0,
  gcpTotalCurCost: 50,
};
vi.mock("~/features/auth/session.server", () => ({ requireUser: async () => ({ id: 1, userName: "admin", role: "admin" }) }));
vi.mock("~/db/db.server", () => ({ getStore: async () => ({ db: {} }) }));
vi.mock("~/models/config-parameters.server", () => ({ readUnitPrices: async () => ({ cpuCoreHour: 0.01, memoryGbHour: 0.001 }) }));
vi.mock("~/features/tree/page-scope.server", () => ({
  resolvePageFolder: async (_db: unknown, _user: unknown, kind: string, params: URLSearchParams) => {
    calls.scope++;
    expect(kind).toBe("cloud");
    return { folder: { folder: { fullPath: params.get("fullPath") ?? "System Breakdown" } } };
  },
}));
vi.mock("~/models/cloud-analysis.server", () => ({
  cloudSummary: async () => {
    calls.summary++;
    if (fail.summary) throw new Error("database unavailable");
    return SUMMARY;
  },
}));
vi.mock("./grid.server", () => ({
  loadCloudGrid: async () => {
    calls.grid++;
    return { rows: [] };
  },
}));

const { loadCloudFolder } = await import("./folder.server");
const load = (query: string) => loadCloudFolder(new Request(`http://localhost/kubex/cloud-tree/tree-item?${query}`));

describe("cloud folder loader: one scope, only the tab in the address", () => {
  beforeEach(() => {
    Object.assign(calls, { summary: 0, grid: 0, scope: 0 });
    fail.summary = false;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("reads the summary for the Summary tab (the default), with the cloud path and the catalogs behind its prices", async () => {
    const d = await load("fullPath=System%20Breakdown%2FAWS");
    expect(d.tab).toBe("cloud-summary");
    expect(d.tabs).toEqual(["cloud-summary", "cloud-analysis"]);
    expect(d.summary).toEqual(SUMMARY);
    expect(d.grid).toBeNull();
    expect(d.path).toBe("Cloud/AWS");
    expect(d.priceSources.map((s) => s.label)).toEqual(["AWS EC2", "AWS RDS", "GCP Compute Engine"]);
    expect(d.unitPrices.cpuCoreMonth).toBeCloseTo(7.3, 5);
    expect(calls).toEqual({ summary: 1, grid: 0, scope: 1 });
  });

  it("reads only the grid for the AI Analysis Details tab, also when the summary's link names it", async () => {
    expect((await load("cloudTabGroup=cloud-analysis")).grid).toEqual({ rows: [] });
    expect((await load("cloud-analysis=cloud-analysis&gridViewId=aws")).tab).toBe("cloud-analysis");
    expect(calls).toEqual({ summary: 0, grid: 2, scope: 2 });
  });

  it("answers 'error' for a failed summary instead of failing the page", async () => {
    fail.summary = true;
    const d = await load("");
    expect(d.summary).toBe("error");
    expect(d.priceSources).toEqual([]);
    expect(console.warn).toHaveBeenCalled();
  });
});
