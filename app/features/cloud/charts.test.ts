import { describe, expect, it } from "vitest";
import type { WorkloadChart } from "~/engine/cloud/charts";
import {
  chartModes,
  cloudChartOf,
  cloudCharts,
  dialogChartKeys,
  hiddenSeries,
  parseChartDialog,
  resolveChartMode,
  toggleSeriesSearch,
  viewAllChartsHref,
  workloadOnly,
} from "./charts";

const NO_LIMITS = { asgCpuLimit: null, asgScoringStrategy: null, asgMemLimit: null, averageLimit: null, sustainedLimit: null, peakLimit: null, memLimit: null, memStrategy: null, upperLimit: null, lowerLimit: null };
const rows = Array.from({ length: 24 }, (_, hour) => ({ hour, low: hour, q1: hour + 1, median: hour + 2, q3: hour + 3, high: hour + 4, weight: 1 }));
const chart = (over: Partial<WorkloadChart>): WorkloadChart => ({ key: "cpu", title: "CPU Utilization (Current)", rows, yAxisLabel: "%", isRecommendation: false, limits: NO_LIMITS, ...over });

describe("cloud workload charts as drawn (spec 3, 9)", () => {
  it("turns the engine's rows into box points and its limits into lines in the spec's legend order", () => {
    const c = cloudChartOf(chart({ limits: { ...NO_LIMITS, averageLimit: 31.5, sustainedLimit: 80, peakLimit: 100, upperLimit: 100, lowerLimit: 0 } }));
    expect(c.points[3]).toEqual({ x: 3, min: 3, q1: 4, median: 5, sustained: 6, peak: 7, avg: null });
    expect(c.lines.map((l) => [l.label, l.value])).toEqual([
      ["Average Limit", 31.5],
      ["Peak Limit", 100],
      ["Sustained Limit", 80],
    ]);
    expect(c).toMatchObject({ percent: true, yMax: 100, unit: "%", yLabel: "Utilization (%)" });
  });

  it("draws group sizes as Min and Max Group Size on the in-service chart, which is not a percent chart", () => {
    const c = cloudChartOf(chart({ key: "inService", title: "In-Service Instances", yAxisLabel: "Instances", limits: { ...NO_LIMITS, lowerLimit: 2, upperLimit: 10 } }));
    expect(c.lines.map((l) => l.label)).toEqual(["Min Group Size", "Max Group Size"]);
    expect(c.percent).toBe(false);
  });

  it("orders charts as section 9 does", () => {
    const keys = cloudCharts([chart({ key: "busiestDayCpu" }), chart({ key: "memory" }), chart({ key: "cpuRecommended" }), chart({ key: "cpu" })]).map((c) => c.key);
    expect(keys).toEqual(["cpu", "cpuRecommended", "memory", "busiestDayCpu"]);
  });
});

describe("the chart viewer's view modes (spec 2.6, 4)", () => {
  it("allows only workload for Recommended and Busiest charts and for VM scale sets", () => {
    expect(workloadOnly("CPU Utilization (Recommended)", "EC2")).toBe(true);
    expect(workloadOnly("CPU Utilization - Busiest Day", "EC2")).toBe(true);
    expect(workloadOnly("CPU Utilization (Current)", "VMSS")).toBe(true);
    expect(workloadOnly("CPU Utilization (Current)", "VM Scale Set")).toBe(true);
    expect(chartModes("CPU Utilization (Current)", "EC2", false)).toEqual(["workload", "daily", "hourly", "five-minute"]);
    expect(chartModes("CPU Utilization (Recommended)", "EC2", false)).toEqual(["workload"]);
  });

  it("switches a workload-only chart back to workload, and a learning service from workload to daily", () => {
    expect(resolveChartMode("daily", "CPU Utilization (Recommended)", "EC2", false)).toBe("workload");
    expect(resolveChartMode("hourly", "CPU Utilization (Current)", "VMSS", false)).toBe("workload");
    expect(resolveChartMode("workload", "CPU Utilization (Current)", "EC2", true)).toBe("daily");
    expect(resolveChartMode(null, "CPU Utilization (Current)", "EC2", true)).toBe("daily");
    expect(chartModes("CPU Utilization (Current)", "EC2", true)).toEqual(["daily", "hourly", "five-minute"]);
    expect(resolveChartMode("five-minute", "CPU Utilization (Current)", "EC2", false)).toBe("five-minute");
    expect(resolveChartMode("bogus", "CPU Utilization (Current)", "EC2", false)).toBe("workload");
  });

  it("walks the learned charts in workload mode and the monitored ones in a historical mode", () => {
    const learned = [{ key: "cpu" as const }, { key: "cpuRecommended" as const }, { key: "busiestDayCpu" as const }];
    expect(dialogChartKeys(learned, "workload", false)).toEqual(["cpu", "cpuRecommended", "busiestDayCpu"]);
    expect(dialogChartKeys(learned, "daily", false)).toEqual(["cpu", "memory"]);
    expect(dialogChartKeys([], "hourly", true)).toEqual(["cpu", "memory", "inService"]);
  });

  it("reads the dialog from the address", () => {
    expect(parseChartDialog(new URLSearchParams("chart=memory&chartMode=daily&fit=0"))).toEqual({ chart: "memory", requestedMode: "daily", fit: false });
    expect(parseChartDialog(new URLSearchParams("chart=nope"))).toEqual({ chart: null, requestedMode: null, fit: true });
  });

  it("links View all charts to the metric viewer with the spec's parameters", () => {
    const search = "?nodeId=0.0.1.0.2&viewId=v&filterId=f&entityId=i-1&level=4&fullPath=S%2FAWS%2Fr%2Fa%2Fweb&tnodeId=x&chart=cpuRecommended&chartMode=workload&tabGroup2=overview";
    const p = new URL(viewAllChartsHref("/kubex/cloud-tree/tree-item", search, "cpuRecommended", "workload", true), "http://x").searchParams;
    expect(Object.fromEntries(p)).toEqual({
      nodeId: "0.0.1.0.2",
      viewId: "v",
      filterId: "f",
      entityId: "i-1",
      level: "4",
      fullPath: "S/AWS/r/a/web",
      cloudexPage: "metric-viewer",
      viewMode: "workload-recommended",
      charts: "cpuRecommended",
    });
    expect(new URL(viewAllChartsHref("/t", search, "cpu", "daily", false), "http://x").searchParams.get("viewMode")).toBe("daily");
  });

  it("toggles legend series in the address", () => {
    const p = new URLSearchParams("a=1");
    const once = toggleSeriesSearch(p, "peak");
    expect(once).toBe("?a=1&visibility=peak%3Aoff");
    expect(hiddenSeries(new URLSearchParams(once))).toEqual(["peak"]);
    expect(toggleSeriesSearch(new URLSearchParams(once), "peak")).toBe("?a=1");
  });
});
