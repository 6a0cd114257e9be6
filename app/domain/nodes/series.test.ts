import { describe, expect, it } from "vitest";
import { GroupSeriesSums, nodeSeries, podsAt, type SeriesRow, type TimeInterval } from "./series";
import { packGroupSeries, unpackGroupSeries } from "./group-series-pack";

const DAY = 86_400_000;

type GroupInput = Parameters<GroupSeriesSums["add"]>;

/** A group's series from every node's samples, on the 5-minute grid of [from, to). */
function nodeGroupSeries(
  nodes: readonly { node: GroupInput[0]; samples: GroupInput[1] }[],
  requests: { cpuRequest: number; memRequest: number },
  interval: TimeInterval,
  [from, to] = [T0 - DAY, T0 + 2 * DAY],
): SeriesRow[] {
  const group = GroupSeriesSums.over(from, to, 300_000);
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

  it("counts a sample off the 5-minute marks at the nearest mark and leaves out one outside the grid", () => {
    const a = { capacityCpu: 1000, capacityMem: 1024, allocatableCpu: 900, allocatableMem: 900 };
    const b = { capacityCpu: 3000, capacityMem: 2048, allocatableCpu: 2700, allocatableMem: 1800 };
    // b's samples sit 1 minute past the marks (a Prometheus series stored off them); T0 + 10 min is past the
    // grid's end (its window is [T0 - 2 min, T0 + 10 min)); T0 - 5 min is before its start.
    const nodes = [
      { node: a, samples: [{ t: T0 - 300_000, cpu: 10, mem: 10 }, { t: T0, cpu: 100, mem: 10 }, { t: T0 + 300_000, cpu: 25, mem: 10 }, { t: T0 + 600_000, cpu: 75, mem: 40 }] },
      { node: b, samples: [{ t: T0 + 60_000, cpu: 0, mem: 30 }, { t: T0 + 360_000, cpu: 50, mem: 50 }] },
    ];
    const requests = { cpuRequest: 1800, memRequest: 900 };
    const fiveMinutes = nodeGroupSeries(nodes, requests, "MINUTE_5", [T0 - 120_000, T0 + 600_000]);
    expect(fiveMinutes.map((r) => [r.auditUtcTimeBucket, r.metrics.nodes?.peak])).toEqual([
      [new Date(T0).toISOString(), 2],
      [new Date(T0 + 300_000).toISOString(), 2],
    ]);
    // At T0: 1000 + 0 of 4000 mCores; at T0 + 5 min: 250 + 1500 of 4000.
    expect(fiveMinutes.map((r) => r.metrics.cpuUtilization?.avg)).toEqual([25, 43.75]);
  });

  it("answers a window inside its grid as a grid of that window does", () => {
    const a = { capacityCpu: 1000, capacityMem: 1024, allocatableCpu: 900, allocatableMem: 900 };
    const samples = Array.from({ length: 3 * 288 }, (_, i) => ({ t: T0 + i * 300_000, cpu: (i * 7) % 100, mem: (i * 13) % 100 }));
    const requests = { cpuRequest: 450, memRequest: 300 };
    const wide = GroupSeriesSums.over(T0, T0 + 3 * DAY, 300_000);
    wide.add(a, samples);
    // A window off the marks and off the days: from 10:02 on day 1 to 07:00 on day 3.
    const [from, to] = [T0 + 10 * 3_600_000 + 120_000, T0 + 2 * DAY + 7 * 3_600_000];
    const narrow = GroupSeriesSums.over(from, to, 300_000);
    narrow.add(a, samples);
    expect(wide.covers(from, to)).toBe(true);
    expect(wide.covers(T0 - 1, to)).toBe(false);
    for (const interval of ["MINUTE_5", "HOUR_1", "DAY_1"] as const) expect(wide.rows(requests, interval, from, to)).toEqual(narrow.rows(requests, interval));
    expect(wide.utilisation(from, to)).toEqual(narrow.utilisation(-Infinity, Infinity));
    expect(wide.rows(requests, "DAY_1", from, to)).toHaveLength(3);
  });

  it("keeps a group's sums through their stored packing: used as float32, the rest exactly", () => {
    const a = { capacityCpu: 16_000, capacityMem: 65_536, allocatableCpu: 15_890, allocatableMem: 61_000 };
    const b = { capacityCpu: 4_000, capacityMem: 16_384, allocatableCpu: 3_920, allocatableMem: 14_000 };
    const sums = GroupSeriesSums.over(T0, T0 + DAY, 300_000);
    // b joins at noon and leaves at 18:00; a has a gap at 03:00.
    sums.add(a, Array.from({ length: 288 }, (_, i) => ({ t: T0 + i * 300_000, cpu: 33.3 + (i % 10), mem: 71.1 })).filter((_, i) => i !== 36));
    sums.add(b, Array.from({ length: 72 }, (_, i) => ({ t: T0 + DAY / 2 + i * 300_000, cpu: 12.5, mem: 40.2 })));
    const packed = packGroupSeries(sums);
    expect(packed.runs.length / 6).toBe(5); // a; none at 03:00; a again; a + b; a
    const back = unpackGroupSeries(packed);
    for (const k of ["cpuCap", "memCap", "cpuAlloc", "memAlloc", "nodes"] as const) expect(back[k]).toEqual(sums[k]);
    for (const k of ["cpuUsed", "memUsed"] as const) for (let i = 0; i < 288; i++) expect(Math.abs(back[k][i] - sums[k][i])).toBeLessThanOrEqual(sums[k][i] * 1e-7);
    const requests = { cpuRequest: 8000, memRequest: 30_000 };
    const [want, got] = [sums.rows(requests, "HOUR_1"), back.rows(requests, "HOUR_1")];
    expect(got.map((r) => r.auditUtcTimeBucket)).toEqual(want.map((r) => r.auditUtcTimeBucket));
    for (let h = 0; h < want.length; h++) expect(got[h].metrics.cpuUtilization.avg!).toBeCloseTo(want[h].metrics.cpuUtilization.avg!, 4);
    expect(() => unpackGroupSeries({ ...packed, used: packed.used.subarray(1) })).toThrow(RangeError);
    expect(() => unpackGroupSeries({ ...packed, runs: packed.runs.subarray(6) })).toThrow(RangeError);
  });
});
