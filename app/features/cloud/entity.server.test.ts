import { beforeEach, describe, expect, it, vi } from "vitest";

// The loader's collaborators (spec document 3, sections 2.2, 2.5, 2.6): flags, one service's detail and charts.
const flags = { cloudexShowMetricViewer: true };
const service = { serviceType: "EC2", relearning: false, system: "web-01" };
const calls = { charts: 0, history: [] as unknown[][], viewer: 0 };
const fail = { detail: false, missing: false };
const CHARTS = [{ key: "cpu" }, { key: "cpuRecommended" }, { key: "memory" }];
vi.mock("~/features/auth/session.server", () => ({ requireUser: async () => ({ id: 1, userName: "admin", role: "admin" }) }));
vi.mock("~/db/db.server", () => ({ getStore: async () => ({ db: {} }) }));
vi.mock("~/models/feature-flags.server", () => ({ getRequestFlags: async () => ({ ...flags }) }));
vi.mock("./detail.server", () => ({
  loadCloudDetail: async () => {
    if (fail.detail) throw new Error("database unavailable");
    if (fail.missing) return undefined;
    const vmss = service.serviceType === "VMSS";
    return { detail: { ...service }, charts: [], relearningText: null, priceSource: null, report: vmss ? null : { href: "/r", fileName: "f.pdf" }, vmss };
  },
  serviceCharts: async () => {
    calls.charts++;
    return CHARTS;
  },
  relearningCharts: async () => [{ key: "cpu", mode: "daily" }, { key: "memory", mode: "daily" }],
}));
vi.mock("./history.server", () => ({
  historyCharts: async (...args: unknown[]) => {
    calls.history.push(args.slice(2));
    return [{ key: (args[5] as string[])[0], mode: args[3], buckets: [1, 2] }];
  },
}));
vi.mock("./metric-viewer.server", () => ({
  loadMetricViewer: async () => {
    calls.viewer++;
    return { kind: "history", mode: "daily" };
  },
}));

const { loadCloudEntity } = await import("./entity.server");
const load = (query: string) => loadCloudEntity(new Request(`http://localhost/kubex/cloud-tree/tree-item?entityId=e-1&${query}`), "e-1");

async function redirectOf(query: string): Promise<string> {
  try {
    await load(query);
  } catch (e) {
    if (e instanceof Response) {
      expect(e.status).toBe(302);
      return e.headers.get("Location") ?? "";
    }
    throw e;
  }
  throw new Error("no redirect");
}

describe("cloud service loader: tabs, fallback, charts and the chart viewer", () => {
  beforeEach(() => {
    Object.assign(flags, { cloudexShowMetricViewer: true });
    Object.assign(service, { serviceType: "EC2", relearning: false });
    Object.assign(fail, { detail: false, missing: false });
    calls.charts = 0;
    calls.history = [];
    calls.viewer = 0;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("shows the Overview with its charts by default, and the tabs the service type allows", async () => {
    const d = await load("tabGroup2=overview");
    if (d.status !== "ok") throw new Error(d.status);
    expect(d.tab).toBe("details");
    expect(d.tabs).toEqual(["details", "catalog", "metric-viewer"]);
    expect(d.charts).toEqual(CHARTS);
    expect(d.actions).toBe(true);
    expect(d.viewAllCharts).toBe(true);
    expect(d.dialog).toBeNull();
    expect(d.viewer).toBeNull();
    expect(d.history).toEqual([]);
  });

  it("reads the Metric Viewer only on its tab, and no workload charts there", async () => {
    const d = await load("cloudexPage=metric-viewer&viewMode=daily");
    if (d.status !== "ok") throw new Error(d.status);
    expect(d.tab).toBe("metric-viewer");
    expect(d.viewer).toEqual({ kind: "history", mode: "daily" });
    expect(calls).toMatchObject({ viewer: 1, charts: 0 });
    expect(d.dialog).toBeNull();
  });

  it("opens the Catalog Map without computing charts", async () => {
    const d = await load("cloudexPage=catalog");
    expect(d.tab).toBe("catalog");
    expect(calls.charts).toBe(0);
  });

  it("sends an unavailable tab to the Overview, keeping the rest of the address", async () => {
    service.serviceType = "VMSS";
    expect(await redirectOf("cloudexPage=catalog&fullPath=S%2FA")).toBe("/kubex/cloud-tree/tree-item?entityId=e-1&fullPath=S%2FA");
    service.serviceType = "EC2";
    flags.cloudexShowMetricViewer = false;
    expect(await redirectOf("cloudexPage=metric-viewer")).toBe("/kubex/cloud-tree/tree-item?entityId=e-1");
  });

  it("has no action control, no report and no View all charts for a VM scale set", async () => {
    service.serviceType = "VMSS";
    const d = await load("");
    if (d.status !== "ok") throw new Error(d.status);
    expect(d.tabs).toEqual(["details"]);
    expect(d.actions).toBe(false);
    expect(d.report).toBeNull();
    expect(d.viewAllCharts).toBe(false);
  });

  it("opens the chart viewer in the mode the chart allows", async () => {
    const rec = await load("chart=cpuRecommended&chartMode=daily");
    if (rec.status !== "ok") throw new Error(rec.status);
    expect(rec.dialog).toMatchObject({ chart: "cpuRecommended", mode: "workload", modes: ["workload"], keys: ["cpu", "cpuRecommended", "memory"], days: null, fit: true, history: null });
    expect(calls.history).toEqual([]);
    const daily = await load("chart=cpu&chartMode=daily&fit=0");
    if (daily.status !== "ok") throw new Error(daily.status);
    expect(daily.dialog).toMatchObject({ mode: "daily", keys: ["cpu", "memory"], days: 90, fit: false, history: { key: "cpu", mode: "daily" } });
    expect(await load("chart=memory&chartMode=five-minute")).toMatchObject({ dialog: { mode: "five-minute", days: 7, history: { key: "memory" } } });
    // The history model is asked for the service's family, the mode, its window and the one chart shown.
    expect(calls.history).toEqual([
      ["AWS_EC2", "daily", 90, ["cpu"]],
      ["AWS_EC2", "five-minute", 7, ["memory"]],
    ]);
  });

  it("turns workload into daily for a learning service, which has no learned charts", async () => {
    service.relearning = true;
    const d = await load("chart=cpu&chartMode=workload");
    if (d.status !== "ok") throw new Error(d.status);
    expect(d.charts).toEqual([]);
    expect(calls.charts).toBe(0);
    // Its history instead of the pattern (section 4), and the dialog's daily buckets.
    expect(d.history.map((c) => c.key)).toEqual(["cpu", "memory"]);
    expect(d.dialog).toMatchObject({ mode: "daily", modes: ["daily", "hourly", "five-minute"], history: { key: "cpu", mode: "daily" } });
  });

  it("answers notFound for an unknown service and error for a failed read", async () => {
    fail.missing = true;
    expect((await load("")).status).toBe("notFound");
    fail.missing = false;
    fail.detail = true;
    expect((await load("")).status).toBe("error");
    expect(console.warn).toHaveBeenCalled();
  });
});
