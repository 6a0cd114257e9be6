import { describe, expect, it } from "vitest";
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { recommendContainer, type ContainerInput, type ContainerRecommendation } from "./recommend";
import { DAY_MS, RESOURCE_KEYS, STEP_MS, type Resources } from "./types";
import { metricName, WhyTrace, type WhyStep } from "./why";

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
});
