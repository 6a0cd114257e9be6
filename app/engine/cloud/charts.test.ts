import { describe, expect, it } from "vitest";
import { DAY_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { analyseCloudService } from "./analyse";
import { prepareCloudCatalog } from "./catalog";
import { workloadCharts } from "./charts";
import { LEGEND_ORDER, WORKLOAD_CHART_ORDER } from "./constants";
import { NOW, facts, groupSizes, samples, smallCatalog, type SampleShape } from "./testing";

const CATALOG = prepareCloudCatalog(smallCatalog());
const policy = CLOUD_DEFAULT_POLICY.values;
const analyse = (type: string, shape: SampleShape, extra: Partial<Parameters<typeof facts>[1]> = {}) =>
  analyseCloudService({ facts: facts(type, extra), samples: samples(shape), nowMs: NOW }, CATALOG);

describe("workloadCharts", () => {
  it("single instance: CPU, CPU recommended, memory, memory recommended, busiest day, in the spec's order and words", () => {
    const a = analyse("m5.2xlarge", { cpu: () => 10, mem: () => 20 });
    const charts = workloadCharts(a, policy);
    expect(charts.map((c) => c.key)).toEqual(["cpu", "cpuRecommended", "memory", "memoryRecommended", "busiestDayCpu"]);
    expect(charts.map((c) => c.title)).toEqual([
      "CPU Utilization (Current)",
      "CPU Utilization (Recommended)",
      "Memory Utilization (Current)",
      "Memory Utilization (Recommended)",
      "CPU Utilization - Busiest Day",
    ]);
    expect(charts.map((c) => c.isRecommendation)).toEqual([false, true, false, true, false]);
    const [cpu, cpuRec, mem, memRec, busiest] = charts;
    expect(cpu.rows).toHaveLength(24);
    expect(cpu.rows[7]).toEqual({ hour: 7, low: 10, q1: 10, median: 10, q3: 10, high: 10, weight: 1 });
    // m6g.large: 2 vCPUs for 8 → × 4; 8 GiB for 32 → × 4
    expect(cpuRec.rows[7]).toEqual({ hour: 7, low: 40, q1: 40, median: 40, q3: 40, high: 40, weight: 1 });
    expect(memRec.rows[0].median).toBe(80);
    expect(cpu.yAxisLabel).toBe("%");
    expect(cpu.limits).toEqual({
      asgCpuLimit: null,
      asgScoringStrategy: null,
      asgMemLimit: null,
      averageLimit: 10,
      sustainedLimit: 80,
      peakLimit: 100,
      memLimit: null,
      memStrategy: null,
      upperLimit: 100,
      lowerLimit: 0,
    });
    expect(cpuRec.limits.averageLimit).toBe(40);
    expect(mem.limits).toMatchObject({ memLimit: 83.33, memStrategy: "Peak", averageLimit: 20, upperLimit: 100, lowerLimit: 0 });
    expect(busiest.rows[23]).toEqual({ hour: 23, low: 10, q1: 10, median: 10, q3: 10, high: 10, weight: 1 });
  });

  it("the busiest day is the day with the highest average CPU, its hours unweighted", () => {
    const busy = NOW - 3 * DAY_MS;
    const a = analyse("m5.2xlarge", { cpu: (t) => (t >= busy && t < busy + DAY_MS ? 30 + ((t / 300_000) % 12) : 10) });
    const rows = workloadCharts(a, policy).find((c) => c.key === "busiestDayCpu")!.rows;
    // each hour holds 30, 31, …, 41: min 30, q1 32.75, median 35.5, q3 38.25, max 41
    expect(rows[4]).toEqual({ hour: 4, low: 30, q1: 32.75, median: 35.5, q3: 38.25, high: 41, weight: 1 });
  });

  it("Terminate has no recommended charts; relearning has no charts (historical ones show instead)", () => {
    const idle = analyse("m5.large", { cpu: () => 1, net: 1 });
    expect(idle.result.recommendation).toBe("Terminate");
    expect(workloadCharts(idle, policy).map((c) => c.key)).toEqual(["cpu", "memory", "busiestDayCpu"]);
    const learning = analyse("m5.large", {}, { typeChange: { atMs: NOW - DAY_MS, fromType: "m5.xlarge", toType: "m5.large" } });
    expect(workloadCharts(learning, policy)).toEqual([]);
  });

  it("scale groups: in-service instances with the min and max group size, and per-instance limits", () => {
    const a = analyseCloudService(
      { facts: facts("m5.large", { service: "ASG" }), samples: samples({ cpu: () => 20, mem: null }), groupSizes: groupSizes(() => 10, 2, 12), nowMs: NOW },
      CATALOG,
    );
    const charts = workloadCharts(a, policy);
    expect(charts.map((c) => c.key)).toEqual(["cpu", "cpuRecommended", "inService", "busiestDayCpu"]);
    const inService = charts[2];
    expect(inService).toMatchObject({ title: "In-Service Instances", yAxisLabel: "Instances", isRecommendation: false });
    expect(inService.limits).toMatchObject({ lowerLimit: 2, upperLimit: 12 });
    expect(inService.rows[0].median).toBe(10);
    // 10 instances' work on the predicted 3: 20 × 10 / 3
    expect(charts[1].rows[0].median).toBe(66.67);
    expect(charts[0].limits).toMatchObject({ asgCpuLimit: 80, asgScoringStrategy: "Sustained" });
  });

  it("the chart keys follow section 9's order and the legend its own", () => {
    expect(WORKLOAD_CHART_ORDER).toEqual(["cpu", "cpuRecommended", "memory", "memoryRecommended", "inService", "busiestDayCpu"]);
    expect(LEGEND_ORDER).toEqual(["Learned Pattern Models", "Average Limit", "Peak Limit", "Sustained Limit", "Min Group Size", "Max Group Size"]);
  });
});
