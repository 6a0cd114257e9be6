import { describe, expect, it } from "vitest";
import type { ContainerMetricBucket, WorkloadChart } from "~/models/container-metrics.server";
import { historyCharts, patternCharts } from "./charts";
import { clampRange, parseWorkloadUrl, toggleSeriesHref, visibilityParam, withParams } from "./url";

const TABS = ["overview", "metricViewer"] as const;
const stats = (v: number | null) => ({ min: v, q1: v, median: v, sustained: v, peak: v, avg: v });

describe("the workload address", () => {
  it("reads defaults: overview, every chart, the learned pattern, all series, the longest range", () => {
    expect(parseWorkloadUrl(new URLSearchParams(""), TABS)).toEqual({
      tab: "overview",
      charts: null,
      viewMode: "workload",
      hidden: [],
      range: 90,
      chart: null,
      chartMode: "workload",
      fit: true,
    });
  });

  it("reads charts as a comma list or as the form's repeated fields, an empty marker meaning none", () => {
    expect(parseWorkloadUrl(new URLSearchParams("charts=cpu,memory,bogus"), TABS).charts).toEqual(["cpu", "memory"]);
    expect(parseWorkloadUrl(new URLSearchParams("charts=&charts=restarts&charts=cpu"), TABS).charts).toEqual(["restarts", "cpu"]);
    expect(parseWorkloadUrl(new URLSearchParams("charts="), TABS).charts).toEqual([]);
  });

  it("ignores tabs that are not offered and unknown modes; the dialog mode follows the page's", () => {
    const u = parseWorkloadUrl(new URLSearchParams("tabGroup2=policies&viewMode=HOUR_1&chart=cpuPct&fit=0"), TABS);
    expect(u).toMatchObject({ tab: "overview", viewMode: "HOUR_1", chart: "cpuPct", chartMode: "HOUR_1", fit: false });
    expect(parseWorkloadUrl(new URLSearchParams("viewMode=WEEK&chartMode=DAY_1&chart=nope"), TABS)).toMatchObject({ viewMode: "workload", chartMode: "DAY_1", chart: null });
  });

  it("holds five-minute history to 7 days and other ranges to the offered ones", () => {
    expect(clampRange(90, "MINUTE_5")).toBe(7);
    expect(clampRange(null, "MINUTE_5")).toBe(7);
    expect(clampRange(30, "DAY_1")).toBe(30);
    expect(clampRange(45, "DAY_1")).toBe(90);
    expect(parseWorkloadUrl(new URLSearchParams("viewMode=MINUTE_5&range=30"), TABS).range).toBe(7);
  });

  it("writes hidden series in a fixed order and flips one on a legend click", () => {
    expect(visibilityParam(["limit", "average"])).toBe("average:off,limit:off");
    const params = new URLSearchParams("entityId=e1&visibility=average:off");
    const hidden = parseWorkloadUrl(params, TABS).hidden;
    expect(hidden).toEqual(["average"]);
    expect(toggleSeriesHref(params, hidden, "limit")).toBe("?entityId=e1&visibility=average%3Aoff%2Climit%3Aoff");
    expect(toggleSeriesHref(params, hidden, "average")).toBe("?entityId=e1");
    expect(withParams(params, { chart: "cpu", visibility: null })).toBe("?entityId=e1&chart=cpu");
  });
});

const row = (hour: number, v: number | null) => ({ hour, ...stats(v) });

describe("the workload charts", () => {
  const data = Array.from({ length: 24 }, (_, h) => row(h, h === 3 ? null : 50 + h));
  const pattern: WorkloadChart[] = [
    { metric: "cpu", title: "CPU Utilization", yAxisLabel: "CPU (mCores)", unit: "mCores", isRecommendation: false, lowerLimit: 200, upperLimit: 400, data },
    { metric: "cpu", title: "CPU Utilization - Recommended", yAxisLabel: "CPU (mCores)", unit: "mCores", isRecommendation: true, lowerLimit: 100, upperLimit: null, data },
    { metric: "memory", title: "Memory Working Set", yAxisLabel: "Memory (MB)", unit: "MB", isRecommendation: false, lowerLimit: null, upperLimit: null, data },
    { metric: "containers", title: "Number of Containers", yAxisLabel: "Containers", unit: "", isRecommendation: false, lowerLimit: null, upperLimit: null, data: data.map((r) => row(r.hour, 2)) },
  ];

  it("merges the current and recommended pattern charts, and gives percent charts only where there is a request", () => {
    const charts = patternCharts(pattern);
    expect(charts.map((c) => c.key)).toEqual(["cpu", "memory", "cpuPct", "containers"]);
    const [cpu, memory, cpuPct, containers] = charts;
    expect(cpu).toMatchObject({ xMode: "hour", request: 200, limit: 400, recommendedRequest: 100, recommendedLimit: null, percent: false });
    expect(cpu.points[5]).toMatchObject({ x: 5, median: 55 });
    expect(cpu.points[3].median).toBeNull();
    expect(memory).toMatchObject({ request: null, recommendedRequest: null });
    // 110 mCores of a 200 mCores request is 55 %; the limit 400 is 200 %, the recommended request 50 %.
    expect(cpuPct.points[10].avg).toBeCloseTo(30, 9);
    expect(cpuPct).toMatchObject({ percent: true, request: 100, limit: 200, recommendedRequest: 50 });
    expect(containers).toMatchObject({ request: null, limit: null, recommendedRequest: null });
  });

  it("leaves out charts without statistics and restarts that are all zero", () => {
    const empty: WorkloadChart[] = [{ ...pattern[0], data: data.map((r) => row(r.hour, null)) }];
    expect(patternCharts(empty)).toEqual([]);
    const bucket = (iso: string, restarts: number): ContainerMetricBucket => ({
      auditUtcTimeBucket: iso,
      entityId: "e",
      vmmObjectId: "e",
      curReqLimFromMetrics: false,
      cpuUtilization: stats(10),
      memoryWorkingSet: stats(null),
      numberOfContainers: stats(1),
      numberOfRestarts: stats(restarts),
      cPURequest: 20,
      cPULimit: null,
      memoryRequest: null,
      memoryLimit: null,
      recommCPURequest: 30,
      recommCPULimit: 60,
      recommMemoryRequest: null,
      recommMemoryLimit: null,
    });
    const calm = historyCharts([bucket("2026-11-20T00:00:00.000Z", 0), bucket("2026-11-21T00:00:00.000Z", 0)], "DAY_1");
    expect(calm.map((c) => c.key)).toEqual(["cpu", "cpuPct", "containers"]);
    expect(calm[0]).toMatchObject({ xMode: "time", request: 20, recommendedRequest: 30, recommendedLimit: 60 });
    expect(calm[0].points[1]).toMatchObject({ x: Date.UTC(2026, 10, 21), label: "11/21/26" });
    expect(calm[1].points[0].avg).toBe(50);
    const hourly = historyCharts([bucket("2026-11-21T13:00:00.000Z", 2)], "HOUR_1");
    expect(hourly.map((c) => c.key)).toContain("restarts");
    expect(hourly[0].points[0].label).toBe("11/21/26, 13:00");
  });
});
