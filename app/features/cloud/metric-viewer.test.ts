import { describe, expect, it } from "vitest";
import {
  availableHistoryCharts,
  compactBucket,
  FAMILY_CHARTS,
  formatMetricValue,
  hasAllStats,
  HISTORY_CHART_DEFS,
  historyPoints,
  historySpan,
  insertPeakChart,
  knownHistoryCharts,
  metricFamilyOf,
  parseMetricViewerUrl,
  resolveViewerMode,
  selectedCharts,
  viewerModes,
  viewerRange,
  workloadModeKeys,
  type PeekStats,
} from "./metric-viewer";

const FULL = { min: 1, q1: 2, median: 3, q3: 4, max: 5, avg: 3 };
/** A peek in which every named metric has all six statistics. */
const peekOf = (...metrics: string[]): Record<string, PeekStats> => Object.fromEntries(metrics.map((m) => [m, FULL]));
const q = (s: string) => new URLSearchParams(s);

describe("service type groups (spec 3, section 9)", () => {
  it("maps every name the spec uses to its family, case-insensitively", () => {
    expect(metricFamilyOf("EC2")).toBe("AWS_EC2");
    expect(metricFamilyOf("ASG")).toBe("AWS_ASG");
    expect(metricFamilyOf("ASG_SINGLE")).toBe("AWS_ASG");
    expect(metricFamilyOf("RDS")).toBe("AWS_RDS");
    for (const t of ["Virtual Machine", "VM", "AZURE VM", "Azure VM", "VMSS", "VM Scale Set"]) expect(metricFamilyOf(t)).toBe("AZURE_VM");
    for (const t of ["GCE", "GCE Instance", "Compute Engine"]) expect(metricFamilyOf(t)).toBe("GCP");
    expect(metricFamilyOf("Lambda")).toBeNull();
  });
});

describe("chart availability from the peek (section 5)", () => {
  it("needs min, q1, median, q3, max and avg, every one a number", () => {
    expect(hasAllStats(FULL)).toBe(true);
    expect(hasAllStats(null)).toBe(false);
    expect(hasAllStats(undefined)).toBe(false);
    for (const k of ["min", "q1", "median", "q3", "max", "avg"] as const) {
      expect(hasAllStats({ ...FULL, [k]: null })).toBe(false);
      const { [k]: _dropped, ...rest } = FULL;
      expect(hasAllStats(rest)).toBe(false);
    }
    expect(hasAllStats({ ...FULL, max: Number.NaN })).toBe(false);
  });

  it("offers a chart only for a metric with all six statistics", () => {
    const peek = { ...peekOf("cpuUtilization", "diskOps"), memoryUsedPercent: { ...FULL, q3: null }, networkThroughput: null };
    expect(availableHistoryCharts("AWS_EC2", peek)).toEqual(["cpu", "diskOps"]);
  });

  it("orders charts as section 9 does: CPU, memory, in-service instances, disk bytes then operations, network bytes then packets", () => {
    const all = Object.values(FAMILY_CHARTS.AWS_ASG).filter((m) => m !== "cpuUtilizationMax");
    expect(availableHistoryCharts("AWS_ASG", peekOf(...all))).toEqual(["cpu", "memory", "inService", "diskBytesRead", "diskBytesWrite", "diskOps", "networkBytes", "networkPackets"]);
    expect(availableHistoryCharts("AWS_RDS", peekOf(...Object.values(FAMILY_CHARTS.AWS_RDS)))).toEqual(["cpu", "memory", "diskBytes", "diskOps", "networkBytes"]);
  });

  it("names charts and units as section 9 does", () => {
    expect(["cpu", "memory", "networkBytes", "networkPackets", "diskBytes", "diskOps", "cpuPeak"].map((k) => HISTORY_CHART_DEFS[k as keyof typeof HISTORY_CHART_DEFS].title)).toEqual([
      "CPU Utilization (Current)",
      "Memory Utilization (Current)",
      "Network IO (Bytes/s)",
      "Network IO (Packets/s)",
      "Disk IO (Bytes/s)",
      "Disk IO (Operations/s)",
      "CPU Utilization - Peak",
    ]);
    expect(new Set(Object.values(HISTORY_CHART_DEFS).map((d) => d.unit))).toEqual(new Set(["%", "Bytes/s", "Packets/s", "Ops/s", "Instances"]));
  });
});

describe("the CPU Utilization - Peak rule (section 5)", () => {
  it("goes before the first disk or network chart when Peak CPU and the current CPU chart are there", () => {
    expect(availableHistoryCharts("AWS_EC2", peekOf("cpuUtilization", "cpuUtilizationMax", "memoryUsedPercent", "diskOps", "networkThroughput"))).toEqual([
      "cpu",
      "memory",
      "cpuPeak",
      "diskOps",
      "networkBytes",
    ]);
    // The first I/O chart may be a network one.
    expect(availableHistoryCharts("AZURE_VM", peekOf("percentageCpu", "percentageCpuMax", "networkThroughput"))).toEqual(["cpu", "cpuPeak", "networkBytes"]);
  });

  it("goes last when there is no disk or network chart", () => {
    expect(availableHistoryCharts("AWS_EC2", peekOf("cpuUtilization", "cpuUtilizationMax", "memoryUsedPercent"))).toEqual(["cpu", "memory", "cpuPeak"]);
    expect(insertPeakChart(["cpu"], true)).toEqual(["cpu", "cpuPeak"]);
  });

  it("is not added without Peak CPU, nor without a current CPU chart", () => {
    expect(availableHistoryCharts("AWS_EC2", peekOf("cpuUtilization", "diskOps"))).toEqual(["cpu", "diskOps"]);
    expect(availableHistoryCharts("AWS_EC2", peekOf("cpuUtilizationMax", "diskOps"))).toEqual(["diskOps"]);
    expect(availableHistoryCharts("AWS_EC2", { ...peekOf("cpuUtilizationMax", "diskOps"), cpuUtilization: { ...FULL, avg: null } })).toEqual(["diskOps"]);
    // Families without a CPU maximum never have it.
    expect(availableHistoryCharts("GCP", peekOf(...Object.values(FAMILY_CHARTS.GCP)))).not.toContain("cpuPeak");
    expect(insertPeakChart(["memory", "diskOps"], true)).toEqual(["memory", "diskOps"]);
  });

  it("knows a family's charts with and without data, the Peak chart only when available", () => {
    expect(knownHistoryCharts("AWS_RDS", [])).toEqual(["cpu", "memory", "diskBytes", "diskOps", "networkBytes"]);
    expect(knownHistoryCharts("AZURE_VM", ["cpu", "cpuPeak"])).toEqual(["cpu", "memory", "cpuPeak", "diskBytes", "diskOps", "networkBytes"]);
  });
});

describe("view modes (sections 2.8 and 4)", () => {
  it("hides the workload modes of a learning service and shows daily by default", () => {
    expect(viewerModes(false)).toEqual(["workload", "workload-recommended", "daily", "hourly", "five-minute"]);
    expect(viewerModes(true)).toEqual(["daily", "hourly", "five-minute"]);
    expect(resolveViewerMode(null, false)).toBe("workload");
    expect(resolveViewerMode(null, true)).toBe("daily");
    expect(resolveViewerMode("workload", true)).toBe("daily");
    expect(resolveViewerMode("workload-recommended", true)).toBe("daily");
    expect(resolveViewerMode("hourly", true)).toBe("hourly");
    expect(resolveViewerMode("weekly", false)).toBe("workload");
  });

  it("draws the current learned charts in workload mode and their recommended versions in workload-recommended", () => {
    expect(workloadModeKeys("workload", false)).toEqual(["cpu", "memory", "busiestDayCpu"]);
    expect(workloadModeKeys("workload", true)).toEqual(["cpu", "memory", "inService", "busiestDayCpu"]);
    expect(workloadModeKeys("workload-recommended", true)).toEqual(["cpuRecommended", "memoryRecommended"]);
  });
});

describe("the charts picked (2.8)", () => {
  const known = ["cpu", "memory", "cpuPeak", "diskOps"];
  const available = ["cpu", "cpuPeak", "diskOps"];
  it("shows every available chart when the address names none", () => {
    expect(selectedCharts(null, known, available, "daily")).toEqual(["cpu", "cpuPeak", "diskOps"]);
  });
  it("shows the named ones in the mode's order, a named chart without data too", () => {
    expect(selectedCharts(["diskOps", "cpu"], known, available, "daily")).toEqual(["cpu", "diskOps"]);
    expect(selectedCharts(["memory"], known, available, "daily")).toEqual(["memory"]);
  });
  it("shows nothing when nothing is ticked", () => {
    expect(selectedCharts([], known, available, "daily")).toEqual([]);
  });
  it("reads a CPU or memory chart of one mode as the same metric's chart in another", () => {
    expect(selectedCharts(["cpuRecommended"], known, available, "daily")).toEqual(["cpu"]);
    expect(selectedCharts(["cpu", "memory"], ["cpuRecommended", "memoryRecommended"], ["cpuRecommended", "memoryRecommended"], "workload-recommended")).toEqual(["cpuRecommended", "memoryRecommended"]);
    expect(selectedCharts(["memoryRecommended"], ["cpu", "memory", "busiestDayCpu"], ["cpu", "memory"], "workload")).toEqual(["memory"]);
  });
  it("falls back to every available chart when the names belong to another mode only", () => {
    expect(selectedCharts(["busiestDayCpu"], known, available, "hourly")).toEqual(available);
  });
});

describe("the address (2.8, 7)", () => {
  it("reads viewMode, charts (links and the form's marker), range and allowMinMaxY", () => {
    expect(parseMetricViewerUrl(q(""), false)).toEqual({ mode: "workload", charts: null, range: null, allowMinMaxY: true });
    expect(parseMetricViewerUrl(q("viewMode=daily&charts=cpu,memory&range=30"), false)).toEqual({
      mode: "daily",
      charts: ["cpu", "memory"],
      range: { days: 30, clippedFrom: null },
      allowMinMaxY: true,
    });
    expect(parseMetricViewerUrl(q("viewMode=hourly&charts=&charts=cpu&charts=diskOps"), false).charts).toEqual(["cpu", "diskOps"]);
    expect(parseMetricViewerUrl(q("charts="), false).charts).toEqual([]);
    expect(parseMetricViewerUrl(q("allowMinMaxY=false"), false).allowMinMaxY).toBe(false);
    expect(parseMetricViewerUrl(q("allowMinMaxY=false&allowMinMaxY=true"), false).allowMinMaxY).toBe(true);
    expect(parseMetricViewerUrl(q("viewMode=workload"), true).mode).toBe("daily");
  });

  it("keeps a range within the mode's window (90 days, 7 for five-minute data) and says when it clipped one", () => {
    expect(viewerRange(null, "daily")).toEqual({ days: 90, clippedFrom: null });
    expect(viewerRange(null, "five-minute")).toEqual({ days: 7, clippedFrom: null });
    expect(viewerRange("7", "hourly")).toEqual({ days: 7, clippedFrom: null });
    expect(viewerRange("30", "five-minute")).toEqual({ days: 7, clippedFrom: 30 });
    expect(viewerRange("90", "five-minute")).toEqual({ days: 7, clippedFrom: 90 });
    expect(viewerRange("1", "five-minute")).toEqual({ days: 1, clippedFrom: null });
    expect(viewerRange("45", "daily")).toEqual({ days: 90, clippedFrom: null });
    expect(viewerRange("abc", "daily")).toEqual({ days: 90, clippedFrom: null });
  });
});

describe("history buckets on the page", () => {
  it("keeps four significant digits, one number for a single sample, null for none", () => {
    expect(compactBucket({ min: 1.23456, q1: 2, median: 3, q3: 4, max: 123456.7, avg: 2.5 })).toEqual([1.235, 2, 3, 4, 123500, 2.5]);
    expect(compactBucket({ min: 7.5, q1: 7.5, median: 7.5, q3: 7.5, max: 7.5, avg: 7.5 })).toBe(7.5);
    expect(compactBucket(null)).toBeNull();
  });

  it("turns buckets into dated box points and finds the span with data", () => {
    const start = Date.parse("2026-11-01T00:00:00Z");
    const chart = { mode: "daily" as const, startMs: start, stepMs: 86_400_000, buckets: [null, 5, [1, 2, 3, 4, 5, 3] as const, null] };
    const points = historyPoints(chart);
    expect(points[1]).toEqual({ x: start + 86_400_000, label: "11/2/26", min: 5, q1: 5, median: 5, sustained: 5, peak: 5, avg: 5 });
    expect(points[2]).toMatchObject({ min: 1, q1: 2, median: 3, sustained: 4, peak: 5, avg: 3 });
    expect(points[0].median).toBeNull();
    expect(historyPoints({ ...chart, mode: "hourly", stepMs: 3_600_000 })[1].label).toBe("11/1/26, 01:00");
    expect(historySpan(chart)).toEqual({ fromMs: start + 86_400_000, toMs: start + 2 * 86_400_000 });
    expect(historySpan({ ...chart, buckets: [null, null] })).toBeNull();
  });

  it("writes small values with three significant digits and large ones as counts", () => {
    expect(formatMetricValue(0.0075)).toBe("0.0075");
    expect(formatMetricValue(12.345)).toBe("12.3");
    expect(formatMetricValue(1234)).toBe("1,234");
    expect(formatMetricValue(1_250_000)).toBe("1.3M");
    expect(formatMetricValue(Number.NaN)).toBe("-");
  });
});
