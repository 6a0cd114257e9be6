import { describe, expect, it } from "vitest";
import { learnedPattern } from "./pattern";
import { DAY_MS, HOUR_MS, STEP_MS } from "./types";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe("learnedPattern", () => {
  it("gives 24 hourly rows, null where an hour has no samples", () => {
    const p = learnedPattern({ t: [NOW - DAY_MS + 3 * HOUR_MS], cpu: [5], mem: [6] }, NOW);
    expect(p.cpu).toHaveLength(24);
    expect(p.mem).toHaveLength(24);
    expect(p.cpu[15].stats).toMatchObject({ min: 5, peak: 5, avg: 5, count: 1 });
    expect(p.cpu[14].stats).toBeNull();
  });

  it("weights recent days more, by hand (half-life 1 day)", () => {
    // hour 10 on the 3 previous days: 1 day ago 10 mCores (weight 0.5), 2 days ago 20 (0.25), 3 days ago 40 (0.125)
    // W = 0.875, span = 0.875 − 0.25 − 0.0625 = 0.5625; positions 0, (0.5 + 0.125 − 0.25) / 0.5625 = 2/3, 1
    // median 10 + 0.5 / (2/3) × 10 = 17.5 (unweighted: 20); Q1 13.75; sustained 20 + 0.25 × 20 = 25;
    // avg (5 + 5 + 5) / 0.875 = 17.142857
    const at = (daysAgo: number) => Date.UTC(2025, 0, 15 - daysAgo, 10, 0, 0);
    const nowAtTen = Date.UTC(2025, 0, 15, 10, 0, 0);
    const p = learnedPattern({ t: [at(1), at(2), at(3)], cpu: [10, 20, 40], mem: [1, 1, 1] }, nowAtTen, 1);
    const s = p.cpu[10].stats!;
    expect(s.median).toBeCloseTo(17.5, 10);
    expect(s.q1).toBeCloseTo(13.75, 10);
    expect(s.sustained).toBeCloseTo(25, 10);
    expect(s.avg).toBeCloseTo(15 / 0.875, 10);
    expect([s.min, s.peak, s.count]).toEqual([10, 40, 3]);
  });

  it("learns a daily cycle from a week of 5-minute samples", () => {
    const n = 7 * 288;
    const t = new Float64Array(n);
    const cpu = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = NOW - 7 * DAY_MS + i * STEP_MS;
      cpu[i] = new Date(t[i]).getUTCHours() * 10; // 0 at midnight, 230 at 23:00
    }
    const p = learnedPattern({ t, cpu, mem: cpu }, NOW);
    expect(p.cpu.map((r) => r.stats!.median)).toEqual(Array.from({ length: 24 }, (_, h) => h * 10));
    expect(p.cpu[0].stats!.count).toBe(7 * 12);
  });

  it("ignores samples outside [from, now) and refuses a non-positive half-life", () => {
    expect(learnedPattern({ t: [NOW + 1000], cpu: [1], mem: [1] }, NOW).cpu.every((r) => r.stats === null)).toBe(true);
    const old = learnedPattern({ t: [NOW - 8 * DAY_MS, NOW - DAY_MS], cpu: [1, 2], mem: [1, 2] }, NOW, 7, NOW - 7 * DAY_MS);
    expect(old.cpu[12].stats).toMatchObject({ count: 1, peak: 2 });
    expect(() => learnedPattern({ t: [], cpu: [], mem: [] }, NOW, 0)).toThrow(RangeError);
  });
});
