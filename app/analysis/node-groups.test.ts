import { describe, expect, it } from "vitest";
import type { ContainerTable, NodeGroupTable, NodeTable } from "~/db/schema";
import type { UtilisationSample } from "~/engine/source-contract";
import { groupKey, nodeGroupFacts } from "./node-groups";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const node = (id: string, group: string): NodeTable => ({
  id,
  cluster: "c1",
  node_group: group,
  name: id,
  instance_type: "m5.large",
  cpu_capacity: 2000,
  mem_capacity: 8192,
  pod_capacity: 110,
  cpu_allocatable: 1000,
  mem_allocatable: 4000,
});
const container = (id: string, group: string, cpu: number | null, mem: number | null): ContainerTable => ({
  id,
  cluster: "c1",
  namespace: "ns",
  pod_owner_kind: "Deployment",
  pod_owner_name: id,
  container_name: id,
  node_group: group,
  policy: "System Default Policy",
  replicas: 2,
  cpu_request: cpu,
  cpu_limit: null,
  mem_request: mem,
  mem_limit: null,
  first_seen: "2024-01-01T00:00:00.000Z",
  last_seen: "2025-01-15T12:00:00.000Z",
});
const group = (name: string): NodeGroupTable => ({ id: `ng-${name}`, cluster: "c1", name, instance_type: "m5.large", node_count: 1 });

/** A week of flat node samples at (cpu %, mem %). */
const flat = (cpu: number, mem: number): UtilisationSample[] =>
  Array.from({ length: 2016 }, (_, i) => ({ t: NOW - (2016 - i) * 300_000, cpu, mem }));

describe("nodeGroupFacts", () => {
  it("flags stranded memory when CPU requests fill the group, stranded CPU the other way, none when balanced", async () => {
    // Allocatable 1000 mCores and 4000 MB per node. cpu-heavy: 2 × 400 = 80 % CPU vs 2 × 400 = 20 % memory: ratio 4.
    const facts = await nodeGroupFacts({
      nodeGroups: [group("cpu-heavy"), group("mem-heavy"), group("balanced"), group("empty")],
      nodes: [node("n1", "cpu-heavy"), node("n2", "mem-heavy"), node("n3", "balanced")],
      containers: [
        container("a", "cpu-heavy", 400, 400),
        container("b", "mem-heavy", 100, 1600), // 20 % CPU, 80 % memory: ratio 4
        container("c", "balanced", 250, 1100), // 50 % vs 55 %
        container("d", "balanced", null, null),
      ],
      nowMs: NOW,
    });
    expect(facts.get(groupKey("c1", "cpu-heavy"))).toMatchObject({ strandedMem: true, strandedCpu: false, primaryConstraint: "Cpu Request" });
    expect(facts.get(groupKey("c1", "mem-heavy"))).toMatchObject({ strandedMem: false, strandedCpu: true, primaryConstraint: "Memory Request" });
    expect(facts.get(groupKey("c1", "balanced"))).toMatchObject({ strandedMem: false, strandedCpu: false });
    // Without samples nothing is judged for saturation.
    expect(facts.get(groupKey("c1", "balanced"))).toMatchObject({ hasCpuSaturation: false, cpuSaturationNodePct: null });
    expect(facts.get(groupKey("c1", "empty"))).toEqual({
      strandedCpu: false,
      strandedMem: false,
      primaryConstraint: null,
      cpuSaturationNodePct: null,
      memSaturationNodePct: null,
      hasCpuSaturation: false,
      hasMemSaturation: false,
    });
  });

  it("judges saturation from the nodes' samples and lets memory utilisation be the constraint", async () => {
    const samples: Record<string, UtilisationSample[]> = { n1: flat(80, 40), n2: flat(10, 97) };
    const facts = await nodeGroupFacts({
      nodeGroups: [group("g")],
      nodes: [node("n1", "g"), node("n2", "g")],
      containers: [container("a", "g", 100, 100)],
      source: { nodeSamples: (id: string) => samples[id] ?? [] },
      nowMs: NOW,
    });
    // n1: CPU 80 % ≥ 70 → CPU-saturated; n2: memory 97 % ≥ 95 peak → memory-saturated. One of two each: 50 %.
    expect(facts.get(groupKey("c1", "g"))).toMatchObject({
      cpuSaturationNodePct: 50,
      memSaturationNodePct: 50,
      hasCpuSaturation: true,
      hasMemSaturation: true,
      primaryConstraint: "Memory Utilization",
    });
  });
});

describe("GroupSeriesSums.utilisation", () => {
  it("gives the engine's groupUtilisation, node by node, over the 7 days of a 30-day grid", async () => {
    const { groupUtilisation } = await import("~/engine/nodes");
    const { GroupSeriesSums } = await import("~/domain/nodes/series");
    const from = NOW - 7 * 86_400_000;
    // Nodes of different sizes with samples at different times (one joins late, one has gaps).
    const series = [
      { capacityCpu: 2000, capacityMem: 8192, samples: flat(80, 40).map((s, i) => ({ ...s, cpu: (i * 7) % 100, mem: (i * 3) % 97 })) },
      { capacityCpu: 8000, capacityMem: 32768, samples: flat(10, 60).slice(1000) },
      { capacityCpu: 4000, capacityMem: 16384, samples: flat(50, 50).filter((_, i) => i % 3 !== 0) },
    ];
    const sums = GroupSeriesSums.over(NOW - 30 * 86_400_000, NOW, 300_000);
    // Samples before the 7 days count in the series, not in the utilisation.
    const older = { capacityCpu: 2000, capacityMem: 8192, allocatableCpu: 0, allocatableMem: 0 };
    sums.add(older, [{ t: from - 300_000, cpu: 100, mem: 100 }]);
    for (const s of series) sums.add({ ...s, allocatableCpu: 0, allocatableMem: 0 }, s.samples);
    const got = sums.utilisation(from, NOW)!;
    const want = groupUtilisation(series)!;
    for (const k of Object.keys(want) as (keyof typeof want)[]) expect(got[k], k).toBeCloseTo(want[k], 9);
    expect(GroupSeriesSums.over(from, NOW, 300_000).utilisation(from, NOW)).toBeNull();
  });
});

describe("nodePhase's two ways of reading a node", () => {
  it("gives the same nodes, facts and group series from arrays (the demo's) as from sample objects", async () => {
    const { nodePhase } = await import("./node-groups");
    const STEP = 300_000;
    // Node n2 has a gap of a day, 20 days ago; n3 is unknown to the source.
    const valueAt = (id: string, k: number) => {
      if (id === "n3") return null;
      if (id === "n2" && k * STEP >= NOW - 20 * 86_400_000 && k * STEP < NOW - 19 * 86_400_000) return null;
      const h = (k * 2654435761 + id.charCodeAt(1) * 97) % 1000;
      return { cpu: Math.round(h / 11) / 10 + 5, mem: Math.round(h / 13) / 10 + 20 };
    };
    const nodeSamples = (id: string, fromMs: number, toMs: number) => {
      const out: UtilisationSample[] = [];
      for (let k = Math.ceil(fromMs / STEP); k * STEP < toMs; k++) {
        const v = valueAt(id, k);
        if (v) out.push({ t: k * STEP, ...v });
      }
      return out;
    };
    const nodeSamplesInto = (id: string, k0: number, k1: number, cpu: Float64Array, mem: Float64Array) => {
      for (let k = k0; k < k1; k++) {
        const v = valueAt(id, k);
        cpu[k - k0] = v ? v.cpu : NaN;
        mem[k - k0] = v ? v.mem : NaN;
      }
    };
    const inventory = {
      nodeGroups: [group("a"), group("b")],
      nodes: [node("n1", "a"), node("n2", "a"), node("n3", "b")],
      containers: [container("c1", "a", 400, 1000), container("c2", "b", 100, 3000)],
      nowMs: NOW,
    };
    const objects = await nodePhase({ ...inventory, source: { nodeSamples } });
    const arrays = await nodePhase({ ...inventory, source: { nodeSamples: () => expect.unreachable("read as arrays"), nodeSamplesInto } });
    expect(arrays.facts).toEqual(objects.facts);
    expect(arrays.groups).toEqual(objects.groups);
    const a = objects.groups.find((g) => g.group.name === "a")!;
    expect(a.series!.slots).toBe(30 * 288);
    expect(a.series!.runs.length / 6).toBe(3); // two nodes, one for the day of the gap, two again
    expect(objects.groups.find((g) => g.group.name === "b")!.utilisation).toBeNull();
  });
});

describe("nodePhase without series", () => {
  it("reads only the 7 days the facts need and packs no series", async () => {
    const { nodePhase } = await import("./node-groups");
    const asked: number[] = [];
    const source = { nodeSamples: (_id: string, fromMs: number) => (asked.push(fromMs), flat(50, 50)) };
    const input = { nodeGroups: [group("a")], nodes: [node("n1", "a")], containers: [container("c1", "a", 400, 1000)], nowMs: NOW, source };
    const without = await nodePhase({ ...input, withSeries: false });
    expect(asked).toEqual([NOW - 7 * 86_400_000]);
    expect(without.groups[0].series).toBeUndefined();
    const withSeries = await nodePhase(input);
    expect(asked[1]).toBe(NOW - 30 * 86_400_000);
    expect(withSeries.groups[0].series!.slots).toBe(30 * 288);
    // The same facts and the same 7-day utilisation either way.
    expect(without.facts).toEqual(withSeries.facts);
    expect(without.groups[0].utilisation).toEqual(withSeries.groups[0].utilisation);
  });
});
