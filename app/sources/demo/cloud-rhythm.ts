/**
 * Time of the cloud estate's samples in 5-minute slots (k = t / 5 min): the daily cycle, weekends, smooth drift
 * and office hours, built for speed, since a benchmark asks for millions of slots (cloud-samples.ts).
 */
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { unit2 } from "./random";

export const STEP = SAMPLE_STEP_MS;
export const SLOTS_PER_HOUR = 3_600_000 / STEP;
export const SLOTS_PER_DAY = 24 * SLOTS_PER_HOUR;

// cos and sin of each slot's angle in the day: cos(a - peak) = cos a cos peak + sin a sin peak, with no Math.cos
// per sample.
const COS = new Float64Array(SLOTS_PER_DAY);
const SIN = new Float64Array(SLOTS_PER_DAY);
for (let s = 0; s < SLOTS_PER_DAY; s++) {
  COS[s] = Math.cos((2 * Math.PI * s) / SLOTS_PER_DAY);
  SIN[s] = Math.sin((2 * Math.PI * s) / SLOTS_PER_DAY);
}

/** The phase of a daily cycle peaking at `peakHourUtc`. */
export interface DailyPhase {
  cosPeak: number;
  sinPeak: number;
}

export function dailyPhase(peakHourUtc: number): DailyPhase {
  const a = (2 * Math.PI * peakHourUtc) / 24;
  return { cosPeak: Math.cos(a), sinPeak: Math.sin(a) };
}

// Slots are whole numbers well inside 32 bits (2^31 slots of 5 minutes is 20,000 years): `| 0` keeps V8 on
// integer arithmetic, where % is an instruction instead of a call to fmod (a third of a sample's cost otherwise).

/** Slot of the day of slot k (UTC), 0–287. */
export function slotOfDay(k: number): number {
  const s = (k | 0) % SLOTS_PER_DAY;
  return s < 0 ? s + SLOTS_PER_DAY : s;
}

/** The daily cycle in [-1, 1] at slot k, 1 at the peak hour. */
export function daily(p: DailyPhase, k: number): number {
  const s = slotOfDay(k);
  return COS[s] * p.cosPeak + SIN[s] * p.sinPeak;
}

/** Saturday or Sunday (UTC) at slot k; 1970-01-01 was a Thursday. */
export function isWeekend(k: number): boolean {
  const d = ((Math.floor(k / SLOTS_PER_DAY) | 0) + 4) % 7;
  const dow = d < 0 ? d + 7 : d;
  return dow === 0 || dow === 6;
}

// Smoothstep weights of the slots of an hour.
const SMOOTH = Float64Array.from({ length: SLOTS_PER_HOUR }, (_, j) => {
  const f = j / SLOTS_PER_HOUR;
  return f * f * (3 - 2 * f);
});

/** Smooth noise in [-0.5, 0.5] along the hours: random knots (one per hour) joined by smoothstep. */
export function hourlyDrift(key: number, k: number): number {
  const h = Math.floor(k / SLOTS_PER_HOUR);
  const a = unit2(key, h) - 0.5;
  const b = unit2(key, h + 1) - 0.5;
  return a + (b - a) * SMOOTH[k - h * SLOTS_PER_HOUR];
}

/** hourlyDrift over a window of slots with its knots drawn once: one hash per hour instead of two per slot. */
export class DriftWindow {
  private readonly h0: number;
  private readonly knots: Float64Array;

  constructor(key: number, kStart: number, kEnd: number) {
    this.h0 = Math.floor(kStart / SLOTS_PER_HOUR);
    const n = Math.max(0, Math.floor((Math.max(kStart, kEnd - 1)) / SLOTS_PER_HOUR) - this.h0) + 2;
    this.knots = new Float64Array(n);
    for (let i = 0; i < n; i++) this.knots[i] = unit2(key, this.h0 + i) - 0.5;
  }

  /** hourlyDrift(key, k) for k in the window. */
  at(k: number): number {
    const h = Math.floor(k / SLOTS_PER_HOUR);
    const a = this.knots[h - this.h0];
    return a + (this.knots[h - this.h0 + 1] - a) * SMOOTH[k - h * SLOTS_PER_HOUR];
  }
}

/** Running on weekdays between two local times (slots of the day), stopped otherwise. */
export interface OfficeHours {
  /** Local time minus UTC, in slots. */
  offsetSlots: number;
  open: number;
  close: number;
}

export function officeHours(utcOffsetHours: number, openHour: number, closeHour: number): OfficeHours {
  return { offsetSlots: utcOffsetHours * SLOTS_PER_HOUR, open: openHour * SLOTS_PER_HOUR, close: closeHour * SLOTS_PER_HOUR };
}

export function isOpen(h: OfficeHours, k: number): boolean {
  const local = k + h.offsetSlots;
  const s = slotOfDay(local);
  return s >= h.open && s < h.close && !isWeekend(local);
}
