/**
 * The size of a demo scale group (ASG, VMSS) over time, a pure function of the group and the slot. The group's
 * load (the sum of its members' CPU %) follows a daily rhythm; a target-tracking policy keeps ceil(load / target)
 * instances, held between min and max; a manually sized group keeps a fixed count; a scheduled group is scaled to
 * zero outside office hours. New instances come into service one step after the desired count rises.
 */
import type { GroupSizeSample } from "~/engine/cloud/types";
import { checkWindow } from "./samples";
import { DriftWindow, STEP, daily, hourlyDrift, isOpen, isWeekend, type DailyPhase, type OfficeHours } from "./cloud-rhythm";

const SALT_GROUP_DRIFT = 0x5bd1e995;

export interface GroupShape extends DailyPhase {
  entity: number;
  min: number;
  max: number;
  /** A manually sized group's count; null for target tracking. */
  fixed: number | null;
  /** CPU % per instance the scaling policy aims at. */
  target: number;
  /** Mean load of the group before the rhythm, in instance-% (300 = three instances at 100 %). */
  load: number;
  dailyAmp: number;
  weekendDip: number;
  /** A scheduled group: min, max and desired are 0 outside these hours. */
  hours: OfficeHours | null;
  /** No samples before this (ms). */
  createdMs: number;
}

/** A shape with the one hidden class every shape has (see cloudLoad in cloud-samples.ts). */
export function groupShapeOf(p: GroupShape): GroupShape {
  return {
    entity: p.entity,
    cosPeak: p.cosPeak,
    sinPeak: p.sinPeak,
    min: p.min,
    max: p.max,
    fixed: p.fixed,
    target: p.target,
    load: p.load,
    dailyAmp: p.dailyAmp,
    weekendDip: p.weekendDip,
    hours: p.hours,
    createdMs: p.createdMs,
  };
}

/** The group's load at slot k without the 5-minute noise (instance-%): what scaling reacts to. */
export function groupLoad(g: GroupShape, k: number, drift = hourlyDrift(g.entity ^ SALT_GROUP_DRIFT, k)): number {
  const weekend = isWeekend(k) ? 1 - g.weekendDip : 1;
  return g.load * (1 + g.dailyAmp * daily(g, k)) * weekend * (1 + 0.15 * drift);
}

/** The desired count at slot k given the group's load then. */
function desiredFor(g: GroupShape, k: number, load: number): number {
  if (g.hours && !isOpen(g.hours, k)) return 0;
  if (g.fixed !== null) return g.fixed;
  return Math.min(g.max, Math.max(g.min, Math.ceil(load / g.target - 0.05)));
}

export function desiredAt(g: GroupShape, k: number): number {
  return desiredFor(g, k, g.fixed === null ? groupLoad(g, k) : 0);
}

/** Instances in service at slot k: scale-in is immediate, scale-out takes one step. */
export function inServiceAt(g: GroupShape, k: number): number {
  return Math.min(desiredAt(g, k), desiredAt(g, k - 1));
}

/** Min, max, desired and in-service count at slot k. */
export function groupSizeAt(g: GroupShape, k: number): GroupSizeSample {
  const closed = g.hours !== null && !isOpen(g.hours, k);
  return { t: k * STEP, inService: inServiceAt(g, k), desired: desiredAt(g, k), min: closed ? 0 : g.min, max: closed ? 0 : g.max };
}

/**
 * When the member at `index` (0-based, in order of joining) last came into service at or before slot `now`, in
 * slots; members below the group's floor have served since the group began. Looks back at most `lookback`.
 */
export function memberSinceSlot(g: GroupShape, index: number, now: number, lookback: number): number {
  const createdSlot = Math.ceil(g.createdMs / STEP);
  if (!g.hours && index < (g.fixed ?? g.min)) return createdSlot;
  let k = now;
  while (k > now - lookback && k > createdSlot && inServiceAt(g, k - 1) > index) k--;
  return k;
}

/** The group's load and desired count over slots [kStart - 1, kEnd): index k - kStart + 1. */
export interface GroupWindow {
  g: GroupShape;
  kStart: number;
  kEnd: number;
  load: Float64Array;
  desired: Int32Array;
}

// The members of a group are usually asked for one after another over the same window: they share one.
let lastWindow: GroupWindow | null = null;

export function groupWindow(g: GroupShape, kStart: number, kEnd: number): GroupWindow {
  const w = lastWindow;
  if (w && w.g === g && w.kStart === kStart && w.kEnd === kEnd) return w;
  const n = Math.max(0, kEnd - kStart) + 1;
  const load = new Float64Array(n);
  const desired = new Int32Array(n);
  const drift = new DriftWindow(g.entity ^ SALT_GROUP_DRIFT, kStart - 1, kEnd);
  for (let j = 0; j < n; j++) {
    const k = kStart - 1 + j;
    load[j] = groupLoad(g, k, drift.at(k));
    desired[j] = desiredFor(g, k, load[j]);
  }
  return (lastWindow = { g, kStart, kEnd, load, desired });
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The group's size over [fromMs, toMs): a coarser step is the mean of its 5-minute samples. */
export function groupSizeSeries(g: GroupShape, fromMs: number, toMs: number, stepMs: number): GroupSizeSample[] {
  checkWindow(fromMs, toMs, stepMs);
  const out: GroupSizeSample[] = [];
  if (toMs <= fromMs) return out;
  const per = stepMs / STEP;
  const kStart = Math.ceil(fromMs / stepMs) * per;
  const w = groupWindow(g, kStart, Math.max(kStart, Math.ceil(toMs / stepMs) * per));
  const first = Math.ceil(g.createdMs / STEP);
  for (let t0 = Math.ceil(fromMs / stepMs) * stepMs; t0 < toMs; t0 += stepMs) {
    const k0 = (t0 / STEP) | 0;
    let n = 0;
    let inService = 0;
    let desired = 0;
    let min = 0;
    let max = 0;
    for (let k = Math.max(k0, first); k < k0 + per; k++) {
      const j = k - kStart + 1;
      const closed = g.hours !== null && !isOpen(g.hours, k);
      n++;
      inService += Math.min(w.desired[j], w.desired[j - 1]);
      desired += w.desired[j];
      min += closed ? 0 : g.min;
      max += closed ? 0 : g.max;
    }
    if (n === 0) continue;
    out.push({ t: t0, inService: round2(inService / n), desired: round2(desired / n), min: round2(min / n), max: round2(max / n) });
  }
  return out;
}
