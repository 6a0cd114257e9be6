import { describe, expect, it } from "vitest";
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { DAY_MS, HOUR_MS, STEP_MS } from "./types";
import { selectWindow, type WindowPolicy } from "./window";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0); // Wednesday 12:00 UTC
const policy = (changes: Partial<WindowPolicy> = {}): WindowPolicy => ({ ...SYSTEM_DEFAULT_POLICY.values, ...changes });

/** 5-minute samples over [from, to) with cpu = index and mem = 2 × index. */
function series(from: number, to: number) {
  const t: number[] = [];
  for (let x = Math.ceil(from / STEP_MS) * STEP_MS; x < to; x += STEP_MS) t.push(x);
  return { t, cpu: t.map((_, i) => i), mem: t.map((_, i) => 2 * i) };
}
const WEEK = series(NOW - 7 * DAY_MS, NOW);

describe("selectWindow", () => {
  it("takes the 2,016 samples of the past 7 days and counts 168 hours of data", () => {
    const w = selectWindow(series(NOW - 9 * DAY_MS, NOW + DAY_MS), policy(), { nowMs: NOW });
    expect(w.analysed).toBe(true);
    if (!w.analysed) return;
    expect(w.count).toBe(2016);
    expect(w.hoursOfData).toBe(168);
    expect(w.qualifyingDays).toBe(8); // two half days at the ends plus six whole days
    expect(w.runs).toBe(1);
    expect(w.cpu[0]).toBe(2 * 288); // the window starts two days into the series
  });

  it("leaves out Saturday and Sunday when weekends are excluded", () => {
    const w = selectWindow(WEEK, policy({ includeWeekends: false }), { nowMs: NOW });
    expect(w.analysed && w.count).toBe(2016 - 2 * 288);
  });

  it("leaves out weekdays when only weekends are included", () => {
    const w = selectWindow(WEEK, policy({ includeWeekdays: false }), { nowMs: NOW });
    expect(w.analysed && w.count).toBe(2 * 288);
  });

  it("leaves out excluded hours of day (UTC)", () => {
    // hours 0 and 1 occur 7 times each in the week: 2 × 7 × 12 samples fewer
    const w = selectWindow(WEEK, policy({ excludedHours: [0, 1] }), { nowMs: NOW });
    expect(w.analysed && w.count).toBe(2016 - 168);
  });

  it("does not analyse a container with too few hours on any day, and says why", () => {
    const three = series(NOW - 3 * HOUR_MS, NOW); // 3 hours today
    expect(selectWindow(three, policy(), { nowMs: NOW }).analysed).toBe(true);
    const w = selectWindow(three, policy({ minimumHours: 4 }), { nowMs: NOW });
    expect(w).toMatchObject({
      analysed: false,
      reason: "Not enough data: 0 days with at least 4 hours of samples in the past 7 days; the policy needs 1.",
    });
    const two = selectWindow(three, policy({ minimumDays: 2 }), { nowMs: NOW });
    expect(two.analysed === false && two.reason).toBe(
      "Not enough data: 1 day with at least 2 hours of samples in the past 7 days; the policy needs 2.",
    );
  });

  it("says so when there are no samples, or when the filters leave none", () => {
    expect(selectWindow({ t: [], cpu: [], mem: [] }, policy(), { nowMs: NOW })).toMatchObject({ analysed: false, reason: "No samples in the past 7 days." });
    const saturday = series(Date.UTC(2025, 0, 11, 8), Date.UTC(2025, 0, 11, 12));
    expect(selectWindow(saturday, policy({ includeWeekends: false }), { nowMs: NOW })).toMatchObject({
      analysed: false,
      reason: "No samples in the past 7 days are left after the policy's weekday, weekend and excluded-hour filters.",
    });
  });

  it("sizes a Job from its runs: hour filters do not apply, and its days are whole days of history", () => {
    // three 10-minute runs at 03:00 on Jan 12, 13 and 14; now is Jan 15 12:00 → 3 days 9 hours since the first run
    const t = [12, 13, 14].flatMap((d) => [Date.UTC(2025, 0, d, 3, 0), Date.UTC(2025, 0, d, 3, 5)]);
    const job = { t, cpu: t.map(() => 500), mem: t.map(() => 300) };
    const w = selectWindow(job, policy({ excludedHours: [3], minimumDays: 3 }), { nowMs: NOW, isJob: true });
    expect(w).toMatchObject({ analysed: true, count: 6, runs: 3, qualifyingDays: 3, hoursOfData: 81 });
    expect(selectWindow(job, policy({ minimumDays: 4 }), { nowMs: NOW, isJob: true })).toMatchObject({
      analysed: false,
      reason: "Not enough data: 3 whole days of history in the past 7 days; the policy needs 4.",
    });
    // a weekly Job first seen long ago has the whole range of history although it ran once
    const weekly = { t: [t[0]], cpu: [500], mem: [300] };
    expect(selectWindow(weekly, policy({ minimumDays: 7 }), { nowMs: NOW, isJob: true, firstSeenMs: NOW - 90 * DAY_MS })).toMatchObject({
      analysed: true, qualifyingDays: 7, runs: 1,
    });
    expect(selectWindow({ t: [], cpu: [], mem: [] }, policy(), { nowMs: NOW, isJob: true })).toMatchObject({ reason: "No runs in the past 7 days." });
  });

  it("counts hours of data from the first sample, or from first seen when that is earlier", () => {
    const twoDays = series(NOW - 2 * DAY_MS, NOW);
    expect(selectWindow(twoDays, policy(), { nowMs: NOW }).hoursOfData).toBe(48);
    expect(selectWindow(twoDays, policy(), { nowMs: NOW, firstSeenMs: NOW - 3 * DAY_MS }).hoursOfData).toBe(72);
    expect(selectWindow(twoDays, policy(), { nowMs: NOW, firstSeenMs: NOW - 30 * DAY_MS }).hoursOfData).toBe(168);
  });

  it("copies the GPU columns only when asked", () => {
    const g = { ...WEEK, gpu: WEEK.t.map(() => 0.5), gpuMem: WEEK.t.map(() => 1000) };
    const off = selectWindow(g, policy(), { nowMs: NOW });
    const on = selectWindow(g, policy(), { nowMs: NOW, gpu: true });
    expect(off.analysed && off.gpu).toBeNull();
    expect(on.analysed && on.gpu?.length).toBe(2016);
    expect(on.analysed && on.gpuMem?.[0]).toBe(1000);
  });
});
