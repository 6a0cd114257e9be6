import { describe, expect, it } from "vitest";
import { nodeGroupSeriesBuilder, nodeSeries, podsAt, type SeriesRow, type TimeInterval } from "./series";

const DAY = 86_400_000;

type GroupInput = Parameters<ReturnType<typeof nodeGroupSeriesBuilder>["add"]>;

/** A group's series from every node's samples, without a grid (every time through the builder's map). */
function nodeGroupSeries(nodes: readonly { node: GroupInput[0]; samples: GroupInput[1] }[], requests: { cpuRequest: number; memRequest: number }, interval: TimeInterval): SeriesRow[] {
  const group = nodeGroupSeriesBuilder();
  for (const { node, samples } of nodes) group.add(node, samples);
  return group.rows(requests, interval);
}
const T0 = Date.UTC(2025, 0, 1);
const node = {
  capacityMem: 10_240,
  allocatableCpu: 1000,
  allocatableMem: 8192,
  maxAllowedPods: 10,
  cpuUtilizationAvgPct: 40,
  cpuRequest: 500,
  cpuLimit: 1000,
  memRequest: 2048,
  memLimit: 4096,
  podShare: 4,
  daemonSets: 2,
};

describe("node series", () => {
  it("buckets 5-minute samples by UTC day and hour with the box-plot statistics", () => {
    // Day 1: CPU 10, 20, 30, 40 (four samples); day 2: one sample at 50.
    const samples = [10, 20, 30, 40].map((cpu, i) => ({ t: T0 + i * 300_000, cpu, mem: 50 })).concat([{ t: T0 + DAY, cpu: 50, mem: 50 }]);
    const daily = nodeSeries(node, samples, "DAY_1");
    expect(daily.map((r) => r.auditUtcTimeBucket)).toEqual([new Date(T0).toISOString(), new Date(T0 + DAY).toISOString()]);
    expect(daily[0].metrics.cpuUtilization).toEqual({ min: 10, q1: 17.5, median: 25, sustained: 32.5, peak: 40, avg: 25 });
    expect(daily[0].metrics.memoryUtilizationGb.avg).toBeCloseTo(5, 9); // 50 % of 10 GB
    expect(daily[0].metrics.cpuRequestCores.avg).toBe(0.5);
    expect(daily[0].metrics.cpuRequestPercent.avg).toBe(50);
    expect(daily[0].metrics.memoryRequestPercent.avg).toBe(25);
    expect(daily[0].metrics.memoryLimitGb.avg).toBe(4);
    expect(daily[0].metrics.diskThroughput).toEqual({ min: null, q1: null, median: null, sustained: null, peak: null, avg: null });
    expect(nodeSeries(node, samples, "HOUR_1")).toHaveLength(2);
    expect(nodeSeries(node, samples, "MINUTE_5")).toHaveLength(5);
    expect(nodeSeries(node, [], "DAY_1")).toEqual([]);
  });

  it("follows pods with the node's CPU over its average, at most the pod limit", () => {
    expect(podsAt(node, 40)).toBe(6); // share 4 + 2 DaemonSets
    expect(podsAt(node, 20)).toBe(4); // half the load: 2 + 2
    expect(podsAt(node, 100)).toBe(10); // 10 + 2 = 12, limit 10
    expect(podsAt({ ...node, cpuUtilizationAvgPct: null }, 100)).toBe(6);
  });

  it("makes a node group one machine at each time, counting its nodes", () => {
    const a = { capacityCpu: 1000, capacityMem: 1024, allocatableCpu: 900, allocatableMem: 900 };
    const b = { capacityCpu: 3000, capacityMem: 1024, allocatableCpu: 2700, allocatableMem: 900 };
    const rows = nodeGroupSeries(
      [
        { node: a, samples: [{ t: T0, cpu: 100, mem: 10 }, { t: T0 + 300_000, cpu: 100, mem: 10 }] },
        { node: b, samples: [{ t: T0, cpu: 0, mem: 30 }] },
      ],
      { cpuRequest: 1800, memRequest: 900 },
      "DAY_1",
    );
    expect(rows).toHaveLength(1);
    // At T0: 1000 of 4000 mCores = 25 %; at T0+5m only a runs: 100 %.
    expect(rows[0].metrics.cpuUtilization).toMatchObject({ min: 25, peak: 100, avg: 62.5 });
    expect(rows[0].metrics.nodes).toMatchObject({ min: 1, peak: 2 });
    // 1800 m of 3600 allocatable, then of 900.
    expect(rows[0].metrics.cpuRequestPercent).toMatchObject({ min: 50, peak: 200 });
  });

  it("gives the same group series with the samples' grid as without: on it, off it and past its end", () => {
    const a = { capacityCpu: 1000, capacityMem: 1024, allocatableCpu: 900, allocatableMem: 900 };
    const b = { capacityCpu: 3000, capacityMem: 2048, allocatableCpu: 2700, allocatableMem: 1800 };
    const nodes = [
      // T0 + 1 min is off the 5-minute grid; T0 + 10 min is past the grid's end (toMs is exclusive).
      { node: a, samples: [{ t: T0, cpu: 100, mem: 10 }, { t: T0 + 60_000, cpu: 50, mem: 20 }, { t: T0 + 300_000, cpu: 25, mem: 10 }, { t: T0 + 600_000, cpu: 75, mem: 40 }] },
      { node: b, samples: [{ t: T0, cpu: 0, mem: 30 }, { t: T0 + 300_000, cpu: 50, mem: 50 }] },
    ];
    const requests = { cpuRequest: 1800, memRequest: 900 };
    const onGrid = nodeGroupSeriesBuilder({ fromMs: T0 - 120_000, toMs: T0 + 600_000, stepMs: 300_000 });
    for (const n of nodes) onGrid.add(n.node, n.samples);
    for (const interval of ["MINUTE_5", "HOUR_1", "DAY_1"] as const) expect(onGrid.rows(requests, interval)).toEqual(nodeGroupSeries(nodes, requests, interval));
    const fiveMinutes = onGrid.rows(requests, "MINUTE_5");
    // The off-grid time shares T0's 5-minute bucket (min 1 node, peak 2).
    expect(fiveMinutes.map((r) => [r.metrics.nodes?.min, r.metrics.nodes?.peak])).toEqual([[1, 2], [2, 2], [1, 1]]);
    // At T0 + 5 min: 250 + 1500 of 4000 mCores.
    expect(fiveMinutes[1].metrics.cpuUtilization?.avg).toBe(43.75);
  });
});
