import { describe, expect, it } from "vitest";
import { analyseContainer, DEFAULT_UNIT_PRICES } from "~/engine/containers";
import { COST_SAVER_POLICY, SYSTEM_DEFAULT_POLICY } from "~/engine/policy";
import type { ContainerAnalysisTable } from "~/db/schema";
import type { ContainerEvents, ContainerSample } from "~/engine/source-contract";
import { analyseChunk, readChunk, type ChunkContainer } from "./chunk";
import { ANALYSIS_COLUMNS, CENTS_INDEX } from "./columns";
import { sampleBuffers, type ContainerReader } from "~/sources/sample-reader";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 300_000;
const DAY = 86_400_000;

/** Flat samples (cpu, mem) for the last `hours` hours. */
function flat(cpu: number, mem: number, hours = 7 * 24): ContainerSample[] {
  const n = hours * 12;
  return Array.from({ length: n }, (_, i) => ({ t: NOW - (n - i) * STEP, cpu, mem }));
}

function fakeReader(
  samples: Record<string, ContainerSample[]>,
  events: Record<string, ContainerEvents> = {},
  gpus: Record<string, { request: number; gpu: number[]; gpuMem: number[] }> = {},
): ContainerReader {
  return {
    gpu: (c) => {
      const g = gpus[c.id];
      return g ? { request: g.request, gpu: Float64Array.from(g.gpu), gpuMem: Float64Array.from(g.gpuMem) } : null;
    },
    samples(c, from, to, buf) {
      const list = (samples[c.id] ?? []).filter((s) => s.t >= from && s.t < to);
      list.forEach((s, i) => {
        buf.t[i] = s.t;
        buf.cpu[i] = s.cpu;
        buf.mem[i] = s.mem;
      });
      return list.length;
    },
    events: (c, from) => (from === NOW - DAY ? { restarts: 1, oomKills: 0, throttleEvents: 0 } : (events[c.id] ?? { restarts: 0, oomKills: 0, throttleEvents: 0 })),
  };
}

const base: Omit<ChunkContainer, "id"> = {
  cluster: "prod-a",
  namespace: "shop",
  pod_owner_kind: "Deployment",
  pod_owner_name: "api",
  node_group: "general",
  policy: "System Default Policy",
  replicas: 2,
  cpu_request: 200,
  cpu_limit: 400,
  mem_request: 256,
  mem_limit: 512,
  first_seen: "2024-01-01T00:00:00.000Z",
};

const asRow = (values: unknown[]) => Object.fromEntries(ANALYSIS_COLUMNS.map((c, i) => [c, values[i]])) as unknown as ContainerAnalysisTable;

describe("analyseChunk", () => {
  it("stores the GPU values of containers with GPU samples, and nulls for the others", async () => {
    const reader = fakeReader(
      { a: flat(100, 200), b: flat(100, 200) },
      {},
      { a: { request: 1, gpu: [0.3, 0.8, 0.5], gpuMem: [5000, 7000, 6000] } },
    );
    const { rows } = await analyseChunk(
      [{ container: { ...base, id: "a" }, group: null }, { container: { ...base, id: "b" }, group: null }],
      reader,
      { nowMs: NOW, prices: DEFAULT_UNIT_PRICES },
      sampleBuffers(),
    );
    const a = asRow(rows[0]);
    // Peak 0.8 GPUs → 1; peak 7000 MB × 1.15 (System Default's memory headroom) = 8050 → rounded up to the increment.
    expect(a.gpu_request).toBe(1);
    expect(a.existing_gpu_request).toBe(1);
    expect(a.total_existing_gpu_request).toBe(2);
    expect(a.gpu_memory).toBeGreaterThanOrEqual(8050);
    expect(a.gpu_memory! - 8050).toBeLessThan(SYSTEM_DEFAULT_POLICY.values.memoryAllocationIncrement);
    expect(a.total_gpu_memory).toBe(a.gpu_memory! * 2);
    const b = asRow(rows[1]);
    expect([b.gpu_request, b.existing_gpu_request, b.total_existing_gpu_request, b.gpu_memory, b.total_gpu_memory]).toEqual([null, null, null, null, null]);
  });

  it("writes every column of the engine's analysis, by hand for one container", async () => {
    const reader = fakeReader({ a: flat(100, 200) }, { a: { restarts: 4, oomKills: 0, throttleEvents: 0 } });
    const { rows, analysed } = await analyseChunk([{ container: { ...base, id: "a" }, group: null }], reader, { nowMs: NOW, prices: DEFAULT_UNIT_PRICES }, sampleBuffers());
    expect(analysed).toBe(1);
    expect(rows[0]).toHaveLength(ANALYSIS_COLUMNS.length);
    const row = asRow(rows[0]);
    // CPU 100 flat: request 200 → 100 (−50 %, the max step); limit 400 → 120 capped at 200. Memory 200 flat:
    // request 200 × 1.15 = 230 → 240, within the 20 % downsize threshold of 256, so kept; limit 256 × 1.2 = 307.2
    // → 320 (512 → 320).
    expect(row).toMatchObject({
      snapshot_id: null,
      container_id: "a",
      analysed: 1,
      not_analysed_reason: null,
      policy_name: "System Default Policy",
      recommendation: "Downsize",
      current_count: 2,
      rec_cpu_request: 100,
      rec_cpu_limit: 200,
      rec_mem_request: 256,
      rec_mem_limit: 320,
      badge_cpu_request: "Decrease",
      badge_mem_request: "No Change",
      cpu_request_vs_pct: 200,
      bucket_cpu_request: 200,
      bucket_mem_request: 100,
      cpu_peak: 100,
      cpu_p95: 100,
      mem_peak: 200,
      sample_count: 2016,
      running_hours: 168,
      total_hours: 168,
      restarts_last_7_days: 4,
      restarts_last_day: 1,
      at_risk: 0,
      has_cpu_throttled_risk: 0,
      has_cpu_saturation: 0,
      primary_constraint: null,
    });
    // $0.031611 × 730 / 1000 per mCore-month: 200 × 2 → $9.23 (923.04 ¢), 100 × 2 → $4.62 (461.52 ¢); spare 461 ¢.
    // $0.004237 × 730 / 1024 per MB-month: 256 × 2 → $1.55 (154.65 ¢), unchanged.
    expect([row.cpu_current_cost, row.cpu_recommended_cost, row.cpu_spare_cost, row.mem_current_cost]).toEqual([9.23, 4.62, 4.61, 1.55]);
    expect([row.cents_current, row.cents_recommended, row.cents_spare, row.cents_immediate, row.cents_additional]).toEqual([1078, 617, 461, 461, 0]);
    expect(row.net_savings).toBe(4.61);
    expect(rows[0][CENTS_INDEX.current]).toBe(1078);

    // The same numbers as the engine straight.
    const direct = analyseContainer(
      { kind: "Deployment", existing: { cpuRequest: 200, cpuLimit: 400, memRequest: 256, memLimit: 512 }, samples: { t: flat(100, 200).map((s) => s.t), cpu: flat(100, 200).map((s) => s.cpu), mem: flat(100, 200).map((s) => s.mem) }, nowMs: NOW, count: 2, firstSeenMs: Date.parse(base.first_seen) },
      SYSTEM_DEFAULT_POLICY,
    );
    expect(row.current_cost).toBe(direct.costs!.currentCost);
    expect(row.monthly_waste).toBe(direct.costs!.monthlyWaste);
    expect(JSON.parse(row.notes)).toEqual(direct.result.notes);
  });

  it("keeps a not-analysed container with its reason and risks, without costs or buckets", async () => {
    const reader = fakeReader({ short: flat(100, 200, 1) }, { short: { restarts: 2, oomKills: 2, throttleEvents: 0 } });
    const { rows, analysed } = await analyseChunk([{ container: { ...base, id: "short" }, group: null }], reader, { nowMs: NOW, prices: DEFAULT_UNIT_PRICES }, sampleBuffers());
    const row = asRow(rows[0]);
    expect(analysed).toBe(0);
    expect(row.analysed).toBe(0);
    expect(row.not_analysed_reason).toMatch(/^Not enough data/);
    expect([row.recommendation, row.current_cost, row.cents_current, row.bucket_cpu_request, row.at_risk]).toEqual([null, null, null, null, null]);
    expect(row.has_memory_pod_termination_risk).toBe(1); // OOM kills at the 512 MB limit
    expect(row.memory_limit_event_last_7_days).toBe(2);
    expect(row.running_hours).toBe(1);
  });

  it("uses each container's policy by name, System Default for an unknown one, and the node group's facts", async () => {
    const reader = fakeReader({ a: flat(100, 200), b: flat(100, 200) });
    const group = {
      strandedCpu: true,
      strandedMem: false,
      primaryConstraint: "Memory Request" as const,
      cpuSaturationNodePct: 50,
      memSaturationNodePct: 0,
      hasCpuSaturation: true,
      hasMemSaturation: false,
    };
    const { rows } = await analyseChunk(
      [
        { container: { ...base, id: "a", policy: COST_SAVER_POLICY.name }, group },
        { container: { ...base, id: "b", policy: "no such policy" }, group },
      ],
      reader,
      { nowMs: NOW, prices: DEFAULT_UNIT_PRICES },
      sampleBuffers(),
    );
    const [a, b] = rows.map(asRow);
    expect([a.policy_name, b.policy_name]).toEqual(["Cost Saver", "System Default Policy"]);
    expect(a).toMatchObject({ has_cpu_stranded_risk: 1, has_memory_stranded_risk: 0, has_cpu_saturation: 1, cpu_saturation_node_pct: 50, primary_constraint: "Memory Request" });
    // Memory is the constraint: CPU spare is not realizable (but still immediate savings in the waterfall).
    expect(b.cpu_spare_cost).toBeGreaterThan(0);
    expect(b.cpu_realizable_gain).toBe(0);
    expect(b.cents_immediate).toBe(b.cents_spare);
  });
});

describe("readChunk", () => {
  it("reads the same samples the analysis reads, and nothing else", async () => {
    const reader = fakeReader({ a: flat(1, 2), b: flat(3, 4, 10) });
    const r = await readChunk(
      [
        { container: { ...base, id: "a" }, group: null },
        { container: { ...base, id: "b" }, group: null },
      ],
      reader,
      { nowMs: NOW, prices: DEFAULT_UNIT_PRICES },
      sampleBuffers(),
    );
    expect(r).toEqual({ samples: 2016 + 120, checksum: 2016 * 3 + 120 * 7 });
  });
});
