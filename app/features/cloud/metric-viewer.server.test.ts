import { beforeEach, describe, expect, it, vi } from "vitest";

// The Metric Viewer's collaborators (spec document 3, sections 2.8, 5, 7): the learned charts, the history model's
// peek and buckets, and the data's end.
const NOW = Date.parse("2026-11-25T12:02:00Z");
const DAY = 86_400_000;
const FULL = { min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3, numsamples: 12, total: 36 };
const peek = { metrics: {} as Record<string, typeof FULL | null>, earliest: "2026-09-01T00:00:00.000Z" as string | null };
const calls = { charts: 0, series: [] as { viewer: string; startDate: string; endDate: string; timeInterval: string }[] };
const CHARTS = [
  { key: "cpu", isRecommendation: false, percent: true },
  { key: "cpuRecommended", isRecommendation: true, percent: true },
  { key: "memory", isRecommendation: false, percent: true },
  { key: "busiestDayCpu", isRecommendation: false, percent: true },
];

vi.mock("./detail.server", () => ({
  serviceCharts: async () => {
    calls.charts++;
    return CHARTS;
  },
}));
vi.mock("~/models/cloud-entity.server", () => ({ cloudDataNow: async () => NOW }));
vi.mock("~/models/cloud-metrics.server", () => ({
  cloudMetricPeek: async () => ({ entityId: "e-1", earliestTimeBucket: peek.earliest, latestTimeBucket: peek.earliest ? "2026-11-25T12:00:00.000Z" : null, availableMetrics: [], metrics: peek.metrics }),
  cloudMetricSeries: async (_store: unknown, entityId: string, viewer: string, args: { startDate: string; endDate: string; timeInterval: string }) => {
    calls.series.push({ viewer, ...args });
    const step = { DAY_1: DAY, HOUR_1: 3_600_000, MINUTE_5: 300_000 }[args.timeInterval]!;
    const out = [];
    for (let t = Date.parse(args.startDate); t < Math.min(Date.parse(args.endDate), NOW); t += step) out.push({ auditUtcTimeBucket: new Date(t).toISOString(), entityId, metrics: peek.metrics });
    return out;
  },
}));

const { loadMetricViewer } = await import("./metric-viewer.server");
const store = {} as Parameters<typeof loadMetricViewer>[0];
const load = (query: string, serviceType = "EC2", relearning = false) => loadMetricViewer(store, "e-1", { serviceType, relearning }, new URLSearchParams(query));
const has = (...metrics: string[]) => Object.fromEntries(metrics.map((m) => [m, FULL]));

describe("the Metric Viewer loader (spec 3, 2.8)", () => {
  beforeEach(() => {
    peek.metrics = has("cpuUtilization", "cpuUtilizationMax", "diskOps", "networkThroughput");
    peek.earliest = "2026-09-01T00:00:00.000Z";
    calls.charts = 0;
    calls.series = [];
  });

  it("shows the current learned charts in workload mode, the default", async () => {
    const v = await load("");
    if (v.kind !== "workload") throw new Error(v.kind);
    expect(v.mode).toBe("workload");
    expect(v.modes).toEqual(["workload", "workload-recommended", "daily", "hourly", "five-minute"]);
    expect(v.picker.map((p) => p.title)).toEqual(["CPU Utilization (Current)", "Memory Utilization (Current)", "CPU Utilization - Busiest Day"]);
    expect(v.shown.map((s) => s.chart?.key)).toEqual(["cpu", "memory", "busiestDayCpu"]);
    expect(calls.series).toEqual([]);
  });

  it("shows the recommended versions in workload-recommended, the chart 'View all charts' names among them", async () => {
    const v = await load("viewMode=workload-recommended&charts=cpuRecommended");
    expect(v).toMatchObject({ kind: "workload", mode: "workload-recommended", picked: ["cpuRecommended"], picker: [{ key: "cpuRecommended" }] });
    // memoryRecommended is a chart of the mode this service has no data for: named, it is drawn empty.
    const named = await load("viewMode=workload-recommended&charts=memoryRecommended");
    expect(named.shown).toEqual([{ key: "memoryRecommended", title: "Memory Utilization (Recommended)", chart: null }]);
  });

  it("offers a learning service history only, daily by default, without asking for learned charts", async () => {
    const v = await load("viewMode=workload", "EC2", true);
    expect(v).toMatchObject({ kind: "history", mode: "daily", modes: ["daily", "hourly", "five-minute"] });
    expect(calls.charts).toBe(0);
  });

  it("shows the charts the peek allows, the Peak chart before the first disk or network chart, over 90 daily buckets", async () => {
    const v = await load("viewMode=daily");
    if (v.kind !== "history") throw new Error(v.kind);
    expect(v.picker.map((p) => p.key)).toEqual(["cpu", "cpuPeak", "diskOps", "networkBytes"]);
    expect(v.shown.map((s) => [s.title, s.chart?.buckets.length])).toEqual([
      ["CPU Utilization (Current)", 90],
      ["CPU Utilization - Peak", 90],
      ["Disk IO (Operations/s)", 90],
      ["Network IO (Bytes/s)", 90],
    ]);
    expect(v.shown[0].chart).toMatchObject({ unit: "%", percent: true, mode: "daily", stepMs: DAY, buckets: expect.arrayContaining([[1, 2, 3, 4, 5, 3]]) });
    expect(v.shown[2].chart).toMatchObject({ unit: "Ops/s", percent: false });
    // One call for every chart, whole days ending with today's: 90 days back from tomorrow's midnight.
    expect(calls.series).toEqual([{ viewer: "AWS_EC2", timeInterval: "DAY_1", startDate: "2026-08-28T00:00:00.000Z", endDate: "2026-11-26T00:00:00.000Z" }]);
    expect(v.window).toEqual({ startMs: Date.parse("2026-08-28T00:00:00Z"), endMs: Date.parse("2026-11-26T00:00:00Z") });
    expect(v.earliest).toBe("2026-09-01T00:00:00.000Z");
  });

  it("keeps five-minute data within the last 7 days and says a longer range was clipped", async () => {
    const v = await load("viewMode=five-minute&range=30&charts=cpu");
    if (v.kind !== "history") throw new Error(v.kind);
    expect(v.range).toEqual({ days: 7, clippedFrom: 30 });
    expect(calls.series[0]).toMatchObject({ timeInterval: "MINUTE_5", startDate: "2026-11-18T12:05:00.000Z", endDate: "2026-11-25T12:05:00.000Z" });
    expect(v.shown.map((s) => s.key)).toEqual(["cpu"]);
    const hourly = await load("viewMode=hourly&range=7");
    expect(hourly).toMatchObject({ range: { days: 7, clippedFrom: null } });
    expect(calls.series[1]).toMatchObject({ timeInterval: "HOUR_1", startDate: "2026-11-18T13:00:00.000Z" });
  });

  it("draws a named chart without data empty and asks the model only for charts with data", async () => {
    const v = await load("viewMode=hourly&charts=memory,cpu");
    expect(v.shown.map((s) => [s.key, s.chart === null])).toEqual([
      ["cpu", false],
      ["memory", true],
    ]);
  });

  it("has nothing to offer without a sample, and nothing for a service type outside the groups", async () => {
    peek.metrics = {};
    peek.earliest = null;
    const v = await load("viewMode=daily");
    expect(v).toMatchObject({ picker: [], shown: [], earliest: null });
    expect(calls.series).toEqual([]);
    const odd = await load("viewMode=daily", "Lambda");
    expect(odd).toMatchObject({ picker: [], shown: [] });
  });

  it("reads the family of the service type: a scale group's in-service instances, GCP's operations by direction", async () => {
    peek.metrics = has("cpuUtilization", "groupInServiceInstances", "diskRead", "diskWrite");
    const asg = await load("viewMode=daily", "ASG");
    expect(asg.picker.map((p) => p.title)).toEqual(["CPU Utilization (Current)", "In-Service Instances", "Disk IO (Bytes/s) - Read", "Disk IO (Bytes/s) - Write"]);
    expect(calls.series[0].viewer).toBe("AWS_ASG");
    peek.metrics = has("cpuUtilization", "diskReadOpsCount", "diskWriteOpsCount");
    const gce = await load("viewMode=daily", "GCE");
    expect(gce.picker.map((p) => p.title)).toEqual(["CPU Utilization (Current)", "Disk IO (Operations/s) - Read", "Disk IO (Operations/s) - Write"]);
  });
});
