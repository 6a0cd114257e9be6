import { describe, expect, it } from "vitest";
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { recommendContainer, type ContainerInput, type ContainerRecommendation } from "./recommend";
import { DAY_MS, RESOURCE_KEYS, STEP_MS, type Resources } from "./types";
import { compactWhy, costChain, metricName, WhyTrace, type StoredFigures, type WhyStep } from "./why";
import type { PolicyValues } from "../policy/parameters";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DEFAULT = SYSTEM_DEFAULT_POLICY.values;
const UNSET: Resources = { cpuRequest: null, cpuLimit: null, memRequest: null, memLimit: null };

/** A week of 2,016 samples: CPU takes each value 1..2016 mCores once, memory a flat `mem` MB (as recommend.test.ts). */
function week(mem = 1000) {
  const n = 7 * 288;
  const t = new Float64Array(n);
  const c = new Float64Array(n);
  const m = new Float64Array(n).fill(mem);
  for (let i = 0; i < n; i++) {
    t[i] = NOW - 7 * DAY_MS + i * STEP_MS;
    c[i] = ((i * 5) % n) + 1;
  }
  return { t, cpu: c, mem: m };
}

function traced(over: Partial<ContainerInput>, policy = DEFAULT) {
  const trace = new WhyTrace();
  const r = recommendContainer({ existing: UNSET, samples: week(), nowMs: NOW, ...over }, policy, trace);
  if (!r.analysed) throw new Error(r.reason);
  return { r: r as ContainerRecommendation, steps: trace.steps };
}

const chain = (steps: WhyStep[]) => steps.map((s) => [s.rule, Math.round(s.value * 100) / 100]);

describe("why a container's recommendation is what it is", () => {
  it("walks each value from the samples to the recommendation: statistic, headroom, rounding, the target", () => {
    const { r, steps } = traced({});
    // CPU request: p95 of 1..2016 = 1915.25, + 0 % = 1915.25, up to the 10 mCore step = 1920, set (no current value)
    expect(chain(steps.cpuRequest)).toEqual([["statistic", 1915.25], ["headroom", 1915.25], ["roundUp", 1920], ["target", 1920]]);
    expect(steps.cpuRequest[0]).toEqual({ rule: "statistic", value: 1915.25, chart: "cpu", text: "95th percentile of CPU over 2,016 five-minute samples: 1,915.25 mCores" });
    expect(steps.cpuRequest[3].text).toBe("set to 1,920 mCores (no current value)");
    // CPU limit: peak 2016 × 1.2 = 2419.2 → 2420
    expect(chain(steps.cpuLimit)).toEqual([["peak", 2016], ["headroom", 2419.2], ["roundUp", 2420], ["target", 2420]]);
    // Memory request: Peak 1000 × 1.15 = 1150 → 1152 (16 MB steps)
    expect(chain(steps.memRequest)).toEqual([["statistic", 1000], ["headroom", 1150], ["roundUp", 1152], ["target", 1152]]);
    expect(steps.memRequest[0].text).toBe("Peak of memory over 2,016 five-minute samples: 1,000 MB");
    // Memory limit: max(1152 × 1.2 = 1382.4, 1000 × 1.15 = 1150) = 1382.4 → 1392
    expect(chain(steps.memLimit)).toEqual([["limitFactor", 1382.4], ["peak", 1000], ["headroom", 1150], ["roundUp", 1392], ["target", 1392]]);
    for (const k of RESOURCE_KEYS) expect(steps[k].at(-1)!.value).toBe(r.recommended[k]);
  });

  it("says when one step is capped, and by which limit", () => {
    const { r, steps } = traced({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 4096, memLimit: 8192 } });
    expect(steps.cpuRequest.at(-1)).toEqual({
      rule: "stepCap",
      value: 2000,
      text: "lowered from 4,000 to 2,000 mCores: one step moves at most 50% (the target 1,920 mCores comes in later steps)",
    });
    // the memory limit follows the capped request: 2048 × 1.2 = 2457.6 → 2464, below the 4096 floor of one step
    expect(chain(steps.memLimit)).toEqual([["limitFactor", 2457.6], ["peak", 1000], ["headroom", 1150], ["roundUp", 2464], ["stepCap", 4096]]);
    for (const k of RESOURCE_KEYS) expect(steps[k].at(-1)!.value).toBe(r.recommended[k]);
  });

  it("says when a threshold holds the current value, with the size of the change", () => {
    const { steps } = traced({ existing: { cpuRequest: 1800, cpuLimit: 2700, memRequest: 1152, memLimit: 1392 } });
    // 1920 is 6.67 % above 1800 (≤ 10 %); 2420 is 10.37 % below 2700 (≤ 20 %)
    expect(steps.cpuRequest.at(-1)!.text).toBe("kept at the current 1,800 mCores: 1,920 mCores is 6.67% above it, within the 10% upsize threshold");
    expect(steps.cpuLimit.at(-1)!.text).toBe("kept at the current 2,700 mCores: 2,420 mCores is 10.37% below it, within the 20% downsize threshold");
    expect(steps.memRequest.at(-1)!.text).toBe("unchanged at 1,152 MB");
  });

  it("says when too few hours of data hold a downsize", () => {
    const { steps } = traced({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 4096, memLimit: 8192 } }, { ...DEFAULT, minHoursForDownsize: 500 });
    expect(steps.cpuRequest.at(-1)).toMatchObject({ rule: "heldMinHours", value: 4000 });
    expect(steps.cpuRequest.at(-1)!.text).toBe("kept at the current 4,000 mCores: no downsize before 500 hours of data (168 so far)");
  });

  it("shows the OOM floor taking over from the peak", () => {
    const { steps } = traced({
      samples: week(500),
      existing: { cpuRequest: 1920, cpuLimit: 2420, memRequest: 512, memLimit: 512 },
      events: { restarts: 2, oomKills: 2, throttleEvents: 0 },
    });
    // 500 × 1.15 = 575 < 512 × 1.25 = 640 → 640 (a multiple of 16 already); a +25 % upsize, over the 10 % threshold
    expect(chain(steps.memRequest)).toEqual([["statistic", 500], ["headroom", 575], ["oomFloor", 640], ["target", 640]]);
    expect(steps.memRequest[2].text).toBe("2 OOM kills at the 512 MB limit cut the peak off: at least the limit × 1.25 = 640 MB");
  });

  it("ends on the LimitRange clamp and on a limit raised to its request", () => {
    const { r, steps } = traced({ bounds: { cpuMax: 1000, memMin: 2048 } });
    expect(steps.cpuRequest.at(-1)).toEqual({ rule: "limitRange", value: 1000, text: "clamped to the namespace LimitRange maximum: 1,000 mCores" });
    expect(steps.cpuLimit.at(-1)).toMatchObject({ rule: "limitRange", value: 1000 });
    expect(steps.memLimit.at(-1)).toMatchObject({ rule: "limitRange", value: 2048 });
    for (const k of RESOURCE_KEYS) expect(steps[k].at(-1)!.value).toBe(r.recommended[k]);
  });

  it("leaves the recommendation as it is without a trace (the fleet's analysis passes none)", () => {
    const input = { existing: UNSET, samples: week(), nowMs: NOW };
    const plain = recommendContainer(input, DEFAULT);
    const withTrace = recommendContainer({ ...input, samples: week() }, DEFAULT, new WhyTrace());
    expect(withTrace).toEqual(plain);
  });

  it("names the analysis metric as a person would", () => {
    expect(metricName("Percentile", 95)).toBe("95th percentile");
    expect(metricName("Percentile", 91)).toBe("91st percentile");
    expect(metricName("Percentile", 99.5)).toBe("99.5th percentile");
    expect(metricName("Sustained", 95)).toBe("Sustained (75th percentile)");
    expect(metricName("Peak", 95)).toBe("Peak");
  });

  it("takes the policy's percentile: the 99th of 1..2016 is 1,995.85, + 20 % = 2,395.02, up to 2,400", () => {
    const { steps } = traced({}, { ...DEFAULT, cpuPercentile: 99, cpuRequestHeadroom: 20 });
    // linear interpolation at rank 0.99 × 2015 = 1994.85 between 1995 and 1996
    expect(chain(steps.cpuRequest)).toEqual([["statistic", 1995.85], ["headroom", 2395.02], ["roundUp", 2400], ["target", 2400]]);
    expect(steps.cpuRequest[0].text).toBe("99th percentile of CPU over 2,016 five-minute samples: 1,995.85 mCores");
    expect(steps.cpuRequest[1].text).toBe("+ 20% CPU request headroom: 2,395.02 mCores");
  });

  it("takes Sustained as the 75th percentile: 1 + 0.75 × 2015 = 1,512.25, up to 1,520", () => {
    const { steps } = traced({}, { ...DEFAULT, cpuAnalysisMetric: "Sustained" });
    expect(chain(steps.cpuRequest)).toEqual([["statistic", 1512.25], ["headroom", 1512.25], ["roundUp", 1520], ["target", 1520]]);
  });

  it("rounds up to the policy's increment: 1,915.25 → 2,000 at 250 mCores", () => {
    const { steps } = traced({}, { ...DEFAULT, cpuAllocationIncrement: 250 });
    expect(steps.cpuRequest[2]).toEqual({ rule: "roundUp", value: 2000, text: "rounded up to the 250 mCores increment: 2,000 mCores" });
    // the limit: 2016 × 1.2 = 2419.2 → 2500
    expect(chain(steps.cpuLimit)).toEqual([["peak", 2016], ["headroom", 2419.2], ["roundUp", 2500], ["target", 2500]]);
  });

  it("clamps into the allocation range, down to the maximum and up to the minimum", () => {
    const { r, steps } = traced({}, { ...DEFAULT, cpuAllocationMax: 1000, memoryAllocationMin: 2048 });
    expect(chain(steps.cpuRequest)).toEqual([["statistic", 1915.25], ["headroom", 1915.25], ["roundUp", 1920], ["allocationRange", 1000], ["target", 1000]]);
    expect(steps.cpuRequest[3].text).toBe("raised or lowered into the policy's allocation range 10–1,000 mCores: 1,000 mCores");
    expect(chain(steps.cpuLimit)).toEqual([["peak", 2016], ["headroom", 2419.2], ["roundUp", 2420], ["allocationRange", 1000], ["target", 1000]]);
    // memory: 1000 × 1.15 = 1150 → 1152 → raised to 2048; the limit 2048 × 1.2 = 2457.6 → 2464
    expect(chain(steps.memRequest)).toEqual([["statistic", 1000], ["headroom", 1150], ["roundUp", 1152], ["allocationRange", 2048], ["target", 2048]]);
    expect(chain(steps.memLimit)).toEqual([["limitFactor", 2457.6], ["peak", 1000], ["headroom", 1150], ["roundUp", 2464], ["target", 2464]]);
    for (const k of RESOURCE_KEYS) expect(steps[k].at(-1)!.value).toBe(r.recommended[k]);
  });

  it("caps an upsize at the max percent increase: from 200, at most +300 % = 800 this step", () => {
    const { r, steps } = traced({ existing: { cpuRequest: 200, cpuLimit: 2420, memRequest: 1152, memLimit: 1392 } });
    expect(steps.cpuRequest.at(-1)).toEqual({
      rule: "stepCap",
      value: 800,
      text: "raised from 200 to 800 mCores: one step moves at most 300% (the target 1,920 mCores comes in later steps)",
    });
    expect(r.recommended.cpuRequest).toBe(800);
    expect(r.target.cpuRequest).toBe(1920);
  });

  it("says nothing to explain when there are too few samples (no data, or under the minimum)", () => {
    const trace = new WhyTrace();
    const few = week();
    const n = 12; // one hour: under the 2-hour minimum of a day
    const r = recommendContainer({ existing: UNSET, samples: { t: few.t.slice(-n), cpu: few.cpu.slice(-n), mem: few.mem.slice(-n) }, nowMs: NOW }, DEFAULT, trace);
    expect(r.analysed).toBe(false);
    for (const k of RESOURCE_KEYS) expect(trace.steps[k]).toEqual([]);
    const none = recommendContainer({ existing: UNSET, samples: { t: new Float64Array(0), cpu: new Float64Array(0), mem: new Float64Array(0) }, nowMs: NOW }, DEFAULT, new WhyTrace());
    expect(none.analysed).toBe(false);
    expect(compactWhy(stored(none), DEFAULT, null)).toBe(`Not analysed: ${(none as { reason: string }).reason} (0 samples)`);
  });
});

/** The figures the analysis stores for a result (the analysis row): what the export's one-line why is made from. */
function stored(r: ReturnType<typeof recommendContainer>, costs = { current: 0, recommended: 0 }): StoredFigures {
  const rec = r.analysed ? r.recommended : UNSET;
  return {
    analysed: r.analysed,
    reason: r.analysed ? null : r.reason,
    existing: r.existing,
    recommended: { ...rec },
    count: 1,
    samples: r.window.sampleCount,
    cpu: r.analysed ? { p95: r.cpuP95, sustained: r.cpu.sustained, peak: r.cpu.peak } : { p95: null, sustained: null, peak: null },
    mem: r.analysed ? { sustained: r.mem.sustained, peak: r.mem.peak } : { sustained: null, peak: null },
    currentCost: r.analysed ? costs.current : null,
    recommendedCost: r.analysed ? costs.recommended : null,
  };
}

describe("the one-line why of the export, from the stored figures", () => {
  const prices = { cpuCoreMonth: 23.07603, memoryGbMonth: 3.09301 };
  const run = (over: Partial<ContainerInput>, policy: PolicyValues = DEFAULT) => recommendContainer({ existing: UNSET, samples: week(), nowMs: NOW, ...over }, policy);

  it("retells each value from the statistic to the recommendation", () => {
    const line = compactWhy(stored(run({}), { current: 0, recommended: 47.79 }), DEFAULT, prices);
    expect(line).toBe(
      "CPU req mCores: p95 of 2,016 samples 1,915.25 +0% → 1,920; CPU lim: peak 2,016 +20% → 2,420; Mem req MB: peak 1,000 +15% → 1,152; " +
        "Mem lim: req × 1.2 → 1,392; $0.00 → $47.79/month at $23.08/core, $3.09/GB",
    );
  });

  it("says when a step is capped, and by how much", () => {
    const line = compactWhy(stored(run({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 4096, memLimit: 8192 } })), DEFAULT, null);
    // 1920 from 4000 is more than the 50 % one step may take: 2000; memory 1152 from 4096: 2048; its limit 2048 × 1.2 → 2464, from 8192: 4096
    expect(line).toContain("CPU req mCores: p95 of 2,016 samples 1,915.25 +0% → 1,920, 2,000 this step (max -50%)");
    expect(line).toContain("Mem req MB: peak 1,000 +15% → 1,152, 2,048 this step (max -50%)");
    expect(line).toContain("Mem lim: req × 1.2 → 2,464, 4,096 this step (max -50%)");
  });

  it("says when a threshold or too few hours hold the current value", () => {
    const held = compactWhy(stored(run({ existing: { cpuRequest: 1800, cpuLimit: 2700, memRequest: 1152, memLimit: 1392 } })), DEFAULT, null);
    expect(held).toContain("CPU req mCores: p95 of 2,016 samples 1,915.25 +0% → 1,920, kept at 1,800 (within the 10% threshold)");
    expect(held).toContain("CPU lim: peak 2,016 +20% → 2,420, kept at 2,700 (within the 20% threshold)");
    const policy = { ...DEFAULT, minHoursForDownsize: 500 };
    const young = compactWhy(stored(run({ existing: { cpuRequest: 4000, cpuLimit: 8000, memRequest: 4096, memLimit: 8192 } }, policy)), policy, null);
    expect(young).toContain("→ 1,920, kept at 4,000 (under 500 h of data)");
  });

  it("points to the panel where the stored figures cannot retell a value", () => {
    // The 99th percentile is not stored (only the 95th): the CPU request is given as it is.
    const policy = { ...DEFAULT, cpuPercentile: 99, cpuRequestHeadroom: 20 };
    expect(compactWhy(stored(run({}, policy)), policy, null)).toMatch(/^CPU req mCores: 2,400 \(see the panel\); CPU lim: peak 2,016 \+20% → 2,420;/);
    // A LimitRange clamp is not stored either: the chain would not end on the value, so it is not told.
    expect(compactWhy(stored(run({ bounds: { cpuMax: 1000 } })), DEFAULT, null)).toMatch(/^CPU req mCores: 1,000 \(see the panel\); CPU lim: 1,000 \(see the panel\);/);
  });
});

describe("the price used and the resulting cost", () => {
  it("multiplies each request by the running copies and the unit price, ending on the stored costs", () => {
    // 1920 mCores × 2 ÷ 1000 × $23.08 = $88.61; 1152 MB × 2 ÷ 1024 × $3.09 = $6.96 (cents as the analysis rounds them)
    const steps = costChain({
      existing: { cpuRequest: 4000, memRequest: null },
      recommended: { cpuRequest: 1920, memRequest: 1152 },
      count: 2,
      prices: { cpuCoreMonth: 23.07603, memoryGbMonth: 3.09301 },
      source: "Settings unit costs",
      pricedAt: "2026-11-25T18:00:00.000Z",
      costs: { cpuCurrent: 184.61, cpuRecommended: 88.61, memCurrent: 0, memRecommended: 6.96, current: 184.61, recommended: 95.57 },
    });
    expect(steps.map((s) => [s.rule, s.value])).toEqual([["price", 0], ["currentCost", 184.61], ["recommendedCost", 95.57], ["total", 184.61 - 95.57]]);
    expect(steps[0].text).toBe("prices used: $23.08 per CPU core and $3.09 per GB of memory a month (730 hours); source: Settings unit costs; as of the analysis of 2026-11-25 18:00 UTC");
    expect(steps[1].text).toBe("now $184.61 a month = CPU request: 4,000 mCores × 2 running copies ÷ 1,000 × $23.08 per core = $184.61; + memory request: no request set, so $0.00 (the recommendation's cost counts as unspecified)");
    expect(steps[2].text).toBe("recommended $95.57 a month = CPU request: 1,920 mCores × 2 running copies ÷ 1,000 × $23.08 per core = $88.61; + memory request: 1,152 MB × 2 running copies ÷ 1,024 × $3.09 per GB = $6.96");
    expect(steps[3].text).toBe("saves $89.04 a month");
  });
});
