import { beforeEach, describe, expect, it, vi } from "vitest";

// The loader's collaborators, so a read can be made to fail (spec document 2, sections 2.2 and 8).
const flags = { showContainerSummary: false, showPolicyTab: true };
const fail = { overview: false, histograms: false, folders: false };
vi.mock("~/features/auth/session.server", () => ({ requireUser: async () => ({ id: 1, userName: "admin", role: "admin" }) }));
vi.mock("~/db/db.server", () => ({ getDb: async () => ({}) }));
vi.mock("~/models/feature-flags.server", () => ({ getRequestFlags: async () => ({ ...flags }) }));
vi.mock("~/models/config-parameters.server", () => ({ readUnitPrices: async () => ({ cpuCoreHour: 0.01, memoryGbHour: 0.001 }) }));
vi.mock("~/features/tree/page-scope.server", () => ({ resolvePageFolder: async () => ({ folder: {} }) }));
vi.mock("./details.server", () => ({ loadDetailsGrid: async () => null }));
vi.mock("~/models/container-overview.server", () => {
  const broken = () => Promise.reject(new Error("database unavailable"));
  return {
    containerOverview: () =>
      fail.overview
        ? broken()
        : Promise.resolve({ counts: { containers: 1500, manifests: 40 }, cpu: { spare: 1500 }, memory: { spare: 2048 }, monthlyWaste: 12.5, efficiencyRating: 0.8 }),
    histogramCounts: () => (fail.histograms ? broken() : Promise.resolve({ containerCount: 0, cpuRequest: [], cpuLimit: [], memRequest: [], memLimit: [] })),
    folderCounts: () => (fail.folders ? broken() : Promise.resolve([])),
  };
});

const { loadContainerTabs } = await import("./summary.server");
const load = (query: string) => loadContainerTabs(new Request(`http://localhost/kubex/containers-tree/tree-item?${query}`));

describe("container tabs loader: cards by flag, error indicators in place of failed reads", () => {
  beforeEach(() => {
    Object.assign(flags, { showContainerSummary: false, showPolicyTab: true });
    Object.assign(fail, { overview: false, histograms: false, folders: false });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("reads the summary cards when showContainerSummary is off, in the spec's units", async () => {
    const d = await load("tabGroup1=histograms");
    expect(d.tabs).toEqual(["histograms", "summary", "analysis-details", "policies"]);
    expect(d.summaryCards).toEqual({ containers: 1500, containerManifests: 40, cpuRequestSurplusCores: 1.5, memoryRequestSurplusGb: 2, monthlySavings: 12.5, efficiencyRating: 0.8 });
    expect(d.overview).toBeNull();
  });

  it("has no summary cards when showContainerSummary is on; showPolicyTab off drops Policies", async () => {
    Object.assign(flags, { showContainerSummary: true, showPolicyTab: false });
    const d = await load("tabGroup1=overview");
    expect(d.summaryCards).toBeNull();
    expect(d.tabs).toEqual(["summary", "breakdown", "histograms", "analysis-details"]);
    expect(d.tab).toBe("summary");
  });

  it("answers 'error' for a failed summary, histogram or folder read instead of failing the page", async () => {
    Object.assign(fail, { overview: true, histograms: true, folders: true });
    expect((await load("tabGroup1=histograms")).summaryCards).toBe("error");
    expect((await load("tabGroup1=histograms")).histograms).toBe("error");
    flags.showContainerSummary = true;
    expect((await load("tabGroup1=overview")).overview).toBe("error");
    expect((await load("tabGroup1=breakdown")).children).toBe("error");
  });
});
