import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { NOW, facts, samples } from "./testing";
import { cloudWindow, inferStepMs } from "./window";

const policy = CLOUD_DEFAULT_POLICY.values;
const hourOfDay = (t: number) => Math.floor((t % DAY_MS) / HOUR_MS);

describe("cloudWindow", () => {
  it("an instance on all 14 days: 4,032 samples, 336 of 336 hours, uptime 1 observed and predicted", () => {
    const w = cloudWindow({ facts: facts("m5.large"), samples: samples(), nowMs: NOW }, policy);
    expect(w.count).toBe(4032);
    expect(w.stepMs).toBe(300_000);
    expect(w.totalHours).toBe(336);
    expect(w.uptimeHours).toBe(336);
    expect(w.observedUptime).toBe(1);
    expect(w.predictedUptime).toBe(1);
    expect(Array.from(w.coverageByHour)).toEqual(new Array(24).fill(1));
    expect(w.daysOfData).toBe(14);
  });

  it("off from 12:00 to 24:00 UTC: observed 0.5; predicted x / (1 + x), x = 0.5^(0.5/7), as recent halves are the off ones", () => {
    const w = cloudWindow({ facts: facts("m5.large"), samples: samples({ off: (t) => hourOfDay(t) >= 12 }), nowMs: NOW }, policy);
    expect(w.uptimeHours).toBe(168);
    expect(w.observedUptime).toBe(0.5);
    const x = 0.5 ** (0.5 / 7);
    expect(w.predictedUptime).toBeCloseTo(x / (1 + x), 3); // 0.4876
    expect(w.coverageByHour[11]).toBe(1);
    expect(w.coverageByHour[12]).toBe(0);
  });

  it("hourly samples: the step is inferred and each sample covers its hour", () => {
    const s = samples({ stepMs: HOUR_MS });
    expect(inferStepMs(s)).toBe(HOUR_MS);
    const w = cloudWindow({ facts: facts("m5.large"), samples: s, nowMs: NOW }, policy);
    expect(w.count).toBe(336);
    expect(w.observedUptime).toBe(1);
    expect(w.uptimeHours).toBe(336);
  });

  it("daily samples cover whole days and spread over every hour of day", () => {
    const w = cloudWindow({ facts: facts("m5.large"), samples: samples({ stepMs: DAY_MS }), nowMs: NOW }, policy);
    expect(w.count).toBe(14);
    expect(w.observedUptime).toBe(1);
    expect(Array.from(w.coverageByHour)).toEqual(new Array(24).fill(1));
  });

  it("after a type change only later samples count, and the window starts at the change", () => {
    const change = { atMs: NOW - 3 * DAY_MS, fromType: "m5.xlarge", toType: "m5.large" };
    const w = cloudWindow({ facts: facts("m5.large", { typeChange: change }), samples: samples(), nowMs: NOW }, policy);
    expect(w.fromMs).toBe(NOW - 3 * DAY_MS);
    expect(w.count).toBe(864);
    expect(w.totalHours).toBe(72);
    expect(w.observedUptime).toBe(1);
  });

  it("a three-day-old instance that ran throughout has 100 % uptime over its 72 hours", () => {
    const f = facts("m5.large", { createdMs: NOW - 3 * DAY_MS });
    const w = cloudWindow({ facts: f, samples: samples({ days: 3 }), nowMs: NOW }, policy);
    expect(w.totalHours).toBe(72);
    expect(w.observedUptime).toBe(1);
    expect(w.daysOfData).toBe(3);
  });

  it("idle figures: highest 1-minute CPU and the busiest day's network (in + out, rate × step)", () => {
    const s = samples({ cpu: () => 1, cpuPeak: (t) => (t === NOW - DAY_MS ? 4.5 : 2), net: 10 });
    const w = cloudWindow({ facts: facts("m5.large"), samples: s, nowMs: NOW }, policy);
    expect(w.maxCpuPeakPct).toBe(4.5);
    // 20 bytes/s × 86,400 s = 1.728 MB a day
    expect(w.maxDailyNetworkMb).toBeCloseTo(1.728, 9);
    expect(w.peakNetworkGbps).toBeCloseTo(1.6e-7, 12);
  });

  it("the busiest day is the UTC day with the highest average CPU; memory columns skip samples without memory", () => {
    const busy = NOW - 5 * DAY_MS;
    const s = samples({ cpu: (t) => (t >= busy && t < busy + DAY_MS ? 40 : 10), mem: null });
    s[0].memPct = 30;
    const w = cloudWindow({ facts: facts("m5.large"), samples: s, nowMs: NOW }, policy);
    expect(w.busiestDayMs).toBe(busy);
    expect(w.memCount).toBe(1);
    expect(w.memT[0]).toBe(s[0].t);
    expect(w.avgMemPct).toBe(30);
  });

  it("without samples: no figures, zero uptime", () => {
    const w = cloudWindow({ facts: facts("m5.large"), samples: [], nowMs: NOW }, policy);
    expect(w.count).toBe(0);
    expect(w.observedUptime).toBe(0);
    expect(w.predictedUptime).toBe(0);
    expect(w.peakCpuPct).toBeNull();
    expect(w.busiestDayMs).toBeNull();
  });
});
