import { describe, expect, it } from "vitest";
import { COST_SAVER_POLICY, PERFORMANCE_FIRST_POLICY, SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { recommendContainer, type ContainerInput, type ContainerRecommendation } from "./recommend";
import { DAY_MS, STEP_MS, type Resources } from "./types";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DEFAULT = SYSTEM_DEFAULT_POLICY.values;
const UNSET: Resources = { cpuRequest: null, cpuLimit: null, memRequest: null, memLimit: null };

/**
 * A full week (2,016 samples): CPU takes each value 1..2016 mCores once (so its percentiles are easy by hand),
 * memory is a flat `mem` MB.
 */
function week(mem = 1000, days = 7, cpu?: (i: number) => number) {
  const n = days * 288;
  const t = new Float64Array(n);
  const c = new Float64Array(n);
  const m = new Float64Array(n).fill(mem);
  for (let i = 0; i < n; i++) {
    t[i] = NOW - days * DAY_MS + i * STEP_MS;
    c[i] = cpu ? cpu(i) : ((i * 5) % n) + 1; // a permutation of 1..n: order does not matter
  }
  return { t, cpu: c, mem: m };
}

const run = (over: Partial<ContainerInput>, policy = DEFAULT) => {
  const r = recommendContainer({ existing: UNSET, samples: week(), nowMs: NOW, ...over }, policy);
  if (!r.analysed) throw new Error(r.reason);
  return r as ContainerRecommendation;
};

describe("recommendContainer: sizing from samples", () => {
  it("sizes a container with no requests from its samples (Size from unspecified)", () => {
    // CPU p95 of 1..2016: h = 2015 × 0.95 = 1914.25 → 1915.25 → ×1.00 → 1920 (10 mCore steps)
    // CPU limit: peak 2016 × 1.2 = 2419.2 → 2420
    // Memory request: peak 1000 × 1.15 = 1150 → 1152 (16 MB steps); limit max(1152 × 1.2 = 1382.4, 1150) → 1392
    const r = run({});
    expect(r.recommended).toEqual({ cpuRequest: 1920, cpuLimit: 2420, memRequest: 1152, memLimit: 1392 });
    expect(r.label).toBe("Size from unspecified");
    expect(r.badges).toEqual({ cpuRequest: "Set Value", cpuLimit: "Set Value", memRequest: "Set Value", memLimit: "Set Value" });
    expect(r.cpuP95).toBeCloseTo(1915.25, 9);
    expect(r.cpu).toMatchObject({ min: 1, peak: 2016, sustained: 1512.25, median: 1008.5 });
  });

  it("downsizes an oversized container by at most 50 % per step", () => {
    const r = run({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 4096, memLimit: 8192 } });
    // targets 1920 / 2420 / 1152 are more than 50 % below: floors 2000 / 4000 / 2048;
    // memory limit target max(2048 × 1.2 = 2457.6 → 2464, 1150) is below the 4096 floor
    expect(r.recommended).toEqual({ cpuRequest: 2000, cpuLimit: 4000, memRequest: 2048, memLimit: 4096 });
    expect(r.target).toEqual({ cpuRequest: 1920, cpuLimit: 2420, memRequest: 1152, memLimit: 1392 });
    expect(r.label).toBe("Downsize");
    expect(r.badges.cpuRequest).toBe("Decrease");
    expect(r.percentOfRecommended.cpuRequest).toBe(200);
    expect(r.notes).toContain("CPU request lowered to 2000 mCores, one step capped by the 50% max decrease (target 1920 mCores).");
  });

  it("upsizes an undersized container by at most 300 % per step", () => {
    const r = run({ existing: { cpuRequest: 500, cpuLimit: 1000, memRequest: 256, memLimit: 512 } });
    // CPU request 1920 (+284 %, within the 2000 cap); memory request 1152 capped at 256 × 4 = 1024;
    // memory limit max(1024 × 1.2 = 1228.8, 1150) → 1232, within its 2048 cap
    expect(r.recommended).toEqual({ cpuRequest: 1920, cpuLimit: 2420, memRequest: 1024, memLimit: 1232 });
    expect(r.label).toBe("Upsize");
  });

  it("leaves values within the thresholds alone (Just Right)", () => {
    // 1920 is +6.7 % over 1800 (≤ 10 %), 2420 is -10.4 % under 2700 (≤ 20 %)
    const r = run({ existing: { cpuRequest: 1800, cpuLimit: 2700, memRequest: 1152, memLimit: 1392 } });
    expect(r.recommended).toEqual({ cpuRequest: 1800, cpuLimit: 2700, memRequest: 1152, memLimit: 1392 });
    expect(r.label).toBe("Just Right");
    expect(r.notes).toContain("CPU request kept at 1800 mCores: the change to 1920 mCores is within the 10% upsize threshold.");
  });

  it("mixes directions into Resize", () => {
    const r = run({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 512, memLimit: 600 } });
    expect(r.label).toBe("Resize");
  });

  it("does not downsize with less than 168 hours of data, but still upsizes", () => {
    const r = run({ samples: week(1000, 5), existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 256, memLimit: 8192 } });
    // 5 days = 120 hours; CPU p95 of 1..1440: h = 1367.05 → 1368.05 → 1370
    expect(r.recommended.cpuRequest).toBe(4000);
    expect(r.recommended.memRequest).toBe(1024);
    expect(r.notes).toContain("CPU request kept at 4000 mCores: no downsize before 168 hours of data (120 so far).");
  });

  it("follows the policy: Performance First sizes CPU at p99 + 20 %, Cost Saver at Sustained", () => {
    // p99: h = 1994.85 → 1995.85 × 1.2 = 2395.02 → 2400; memory 1000 × 1.3 = 1300 → 1312
    expect(run({}, PERFORMANCE_FIRST_POLICY.values).recommended).toMatchObject({ cpuRequest: 2400, memRequest: 1312 });
    // Sustained (p75): 1512.25 → 1520; memory 1000 × 1.1 = 1100 → 1104
    expect(run({}, COST_SAVER_POLICY.values).recommended).toMatchObject({ cpuRequest: 1520, memRequest: 1104 });
    // a policy object works as well as its values
    const viaPolicy = recommendContainer({ existing: UNSET, samples: week(), nowMs: NOW }, COST_SAVER_POLICY);
    expect(viaPolicy.analysed && viaPolicy.recommended.cpuRequest).toBe(1520);
  });

  it("adds the policy's headroom before rounding: +50 % CPU request, +100 % CPU limit, +25 % memory", () => {
    const r = run({}, { ...DEFAULT, cpuRequestHeadroom: 50, cpuLimitHeadroom: 100, memoryRequestHeadroom: 25 });
    // 1915.25 × 1.5 = 2872.875 → 2880; 2016 × 2 = 4032 → 4040; 1000 × 1.25 = 1250 → 1264; limit 1264 × 1.2 = 1516.8 → 1520
    expect(r.recommended).toEqual({ cpuRequest: 2880, cpuLimit: 4040, memRequest: 1264, memLimit: 1520 });
  });

  it("clamps to the allocation range: an idle container still gets 10 mCores and 64 MB", () => {
    const r = run({ samples: week(3, 7, () => 0) });
    expect(r.recommended).toEqual({ cpuRequest: 10, cpuLimit: 10, memRequest: 64, memLimit: 80 });
    // memory limit: max(64 × 1.2 = 76.8, 3 × 1.15) → 80
  });

  it("sizes limits from the busiest replica when given", () => {
    const busiest = week(2000, 7, () => 3000);
    const r = run({ busiest });
    // CPU limit 3000 × 1.2 = 3600; memory limit max(1152 × 1.2, 2000 × 1.15 = 2300) → 2304
    expect(r.recommended).toMatchObject({ cpuRequest: 1920, cpuLimit: 3600, memRequest: 1152, memLimit: 2304 });
  });
});

describe("recommendContainer: edge cases", () => {
  it("after OOM kills, asks for at least the old limit × 1.25", () => {
    const r = run({
      samples: week(500),
      existing: { cpuRequest: 1920, cpuLimit: 2420, memRequest: 512, memLimit: 512 },
      events: { restarts: 2, oomKills: 2, throttleEvents: 0 },
    });
    // 500 × 1.15 = 575 < 512 × 1.25 = 640 → 640; limit 640 × 1.2 = 768
    expect(r.recommended).toMatchObject({ memRequest: 640, memLimit: 768 });
    expect(r.notes[0]).toBe("Memory request at least 1.25 × the 512 MB limit: 2 OOM kills cut the observed peak off at the limit.");
  });

  it("explains throttling with a low p95 as bursty load, the limit following the peak", () => {
    const r = run({
      existing: { cpuRequest: 1920, cpuLimit: 4000, memRequest: 1152, memLimit: 1392 },
      events: { restarts: 0, oomKills: 0, throttleEvents: 4 },
    });
    // p95 1915.25 < 90 % of 4000; the limit target is the peak 2016 × 1.2 → 2420 (a 39.5 % decrease, capped at 50 %)
    expect(r.recommended.cpuLimit).toBe(2420);
    expect(r.notes).toContain("CPU throttled in 4 five-minute intervals with a 95th percentile well under the limit: bursty load, so the limit follows the peak.");
  });

  it("does not analyse a container without enough data, and says why", () => {
    const r = recommendContainer({ existing: UNSET, samples: { t: [], cpu: [], mem: [] }, nowMs: NOW }, DEFAULT);
    expect(r).toMatchObject({ analysed: false, reason: "No samples in the past 7 days.", gpu: null });
  });

  it("sizes a CronJob from its runs and may downsize it once it has existed for the whole range", () => {
    const t = [9, 10, 11, 12, 13, 14].flatMap((d) => [0, 1, 2].map((k) => Date.UTC(2025, 0, d, 2, 5 * k)));
    const samples = { t, cpu: t.map((_, i) => 100 * (1 + (i % 3))), mem: t.map(() => 200) };
    const r = run({
      kind: "CronJob", samples, firstSeenMs: NOW - 60 * DAY_MS,
      existing: { cpuRequest: 1000, cpuLimit: 2000, memRequest: 1024, memLimit: 2048 },
    }, { ...DEFAULT, excludedHours: [2] });
    // 18 samples of 100/200/300: p95 h = 16.15 → 300 → 300; limit 300 × 1.2 = 360; memory 200 × 1.15 = 230 → 240 → floor 512
    expect(r.recommended).toEqual({ cpuRequest: 500, cpuLimit: 1000, memRequest: 512, memLimit: 1024 });
    expect(r.window).toMatchObject({ sampleCount: 18, runs: 6, hoursOfData: 168 });
    expect(r.notes[0]).toBe("Sized from 6 runs of the CronJob (samples exist only while a run is in progress).");
  });

  it("keeps the per-replica recommendation of an HPA-managed workload and says to review the HPA target", () => {
    const plain = run({});
    const hpa = run({ hpa: true });
    expect(hpa.recommended).toEqual(plain.recommended);
    expect(hpa.hpaManaged).toBe(true);
    expect(hpa.notes[0]).toMatch(/^HPA-managed: .*review the target/);
  });

  it("clamps to a namespace LimitRange and says so; a limit never falls below its request", () => {
    const r = run({ bounds: { cpuMax: 1000, memMin: 2048 } });
    expect(r.recommended).toEqual({ cpuRequest: 1000, cpuLimit: 1000, memRequest: 2048, memLimit: 2048 });
    expect(r.notes).toContain("CPU request clamped to the namespace LimitRange maximum of 1000 mCores.");
    expect(r.notes).toContain("Memory request clamped to the namespace LimitRange minimum of 2048 MB.");
  });

  it("raises a kept limit that would fall below a raised request", () => {
    // request 500 → 1920 (within its 2000 cap); the 2300 limit is +5.2 % short of its 2420 target: held, and kept
    // because the new 1920 request stays below it
    const r = run({ existing: { cpuRequest: 500, cpuLimit: 2300, memRequest: 1152, memLimit: 1392 } });
    expect(r.recommended).toMatchObject({ cpuRequest: 1920, cpuLimit: 2300 });
    const low = run({ existing: { cpuRequest: 500, cpuLimit: 450, memRequest: 1152, memLimit: 1392 } }, { ...DEFAULT, maxPercentIncrease: 10 });
    // request capped at 550, limit capped at 495 → 490 (rounded down), then raised to the 550 request
    expect(low.recommended).toMatchObject({ cpuRequest: 550, cpuLimit: 550 });
    expect(low.notes).toContain("CPU limit raised to the recommended CPU request (a limit is never below its request).");
  });

  it("computes GPU values only when the GPU input is given", () => {
    const s = week();
    const samples = { ...s, gpu: new Float64Array(s.t.length).fill(0.6), gpuMem: new Float64Array(s.t.length).fill(900) };
    expect(run({ samples }).gpu).toBeNull();
    const g = run({ samples, gpu: { existingRequest: 1 }, count: 2 }).gpu;
    // 0.6 GPU → 1; 900 × 1.15 = 1035 → 1040
    expect(g).toMatchObject({ gpuRequest: 1, gpuMemory: 1040, totalGpuMemory: 2080, totalExistingGpuRequest: 2, badge: "No Change" });
  });
});
