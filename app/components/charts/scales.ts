/**
 * Pure geometry shared by the charts: d3-scale helpers, nice ticks, x-axis keys and labels, gap-aware line paths
 * and the waterfall's floating bars. No React, no DOM: unit-tested in scales.test.ts.
 */
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from "d3-scale";
import { formatCount, formatDate, round } from "~/lib/format";

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PlotArea extends Margins {
  width: number;
  height: number;
  innerWidth: number;
  innerHeight: number;
}

/**
 * Charts draw their x axis in virtual units, 0…VIRTUAL_WIDTH across the plot, and write every x as a percentage
 * (`pct`) of a plot SVG that CSS sizes to the card minus the margins. y stays in pixels (the body height is fixed).
 * So the server's SVG is already the final size at any card width: no viewBox scaling (text keeps its 11 px and
 * more), no measurement, no redraw at hydration.
 */
export const VIRTUAL_WIDTH = 1000;

/** An x in virtual units as a percentage of the plot's width ("12.5%"). */
export function pct(x: number): string {
  return `${round((x / VIRTUAL_WIDTH) * 100, 3)}%`;
}

/** The plot rectangle inside a width × height viewBox; never negative. */
export function plotArea(width: number, height: number, m: Margins): PlotArea {
  return { ...m, width, height, innerWidth: Math.max(0, width - m.left - m.right), innerHeight: Math.max(0, height - m.top - m.bottom) };
}

const finite = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * A value scale from 0 (or the smallest negative value) up to the largest value, niced; or exactly [0, fixedMax] when
 * fixedMax is given (percent axes 0–100). An all-zero or empty input still gives a usable [0, 1]. Clamped, so
 * anything beyond a fixed maximum sits on the edge instead of leaving the plot.
 */
export function valueScale(values: Iterable<number | null | undefined>, range: [number, number], opts: { fixedMax?: number; ticks?: number } = {}): ScaleLinear<number, number> {
  if (opts.fixedMax !== undefined && opts.fixedMax > 0) return scaleLinear().domain([0, opts.fixedMax]).range(range).clamp(true);
  let lo = 0;
  let hi = 0;
  for (const v of values) {
    if (!finite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === hi) hi = lo + 1;
  return scaleLinear().domain([lo, hi]).range(range).nice(opts.ticks ?? 5).clamp(true);
}

/** Nice round tick values between min and max (d3's 1-2-5 steps), about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!finite(min) || !finite(max)) return [];
  if (min === max) return [min];
  return scaleLinear().domain([min, max]).nice(count).ticks(count);
}

/** The ticks of a value scale (its niced domain); whole numbers only when `integer` (count axes: restarts, days, hours). */
export function scaleTicks(scale: ScaleLinear<number, number>, count = 5, integer = false): number[] {
  const ticks = scale.ticks(count);
  if (!integer) return ticks;
  const whole = ticks.filter((t) => Number.isInteger(t));
  // A domain of 0–1 niced to fifths keeps 0 and 1: a step below 1 never shows on a count axis.
  return whole;
}


/**
 * Tick and value text built from the shared formatters: whole numbers through formatCount (1,234; 12.3K), small
 * values to one decimal as the spec's "Number display: one decimal".
 */
export function formatTick(value: number): string {
  if (!finite(value)) return "-";
  if (Math.abs(value) >= 100 || Number.isInteger(value)) return formatCount(value);
  return String(round(value, Math.abs(value) < 1 ? 2 : 1));
}

/** Evenly spaced bands (one per key) with inner padding. */
export function bandScale<K extends string | number>(keys: readonly K[], range: [number, number], padding = 0.25): ScaleBand<K> {
  return scaleBand<K>().domain(keys as K[]).range(range).paddingInner(padding).paddingOuter(padding / 2);
}

/** How the x values of a series are read: hour of day 0–23, time buckets (Date, ISO string or epoch ms), or plain categories. */
export type XMode = "hour" | "time" | "category";
export type { XValue } from "~/domain/charts/box-series";
import type { XValue } from "~/domain/charts/box-series";

/** A stable key of an x value: the hour number, the epoch ms of a time bucket, or the string itself. */
export function xKey(x: XValue, mode: XMode): string {
  if (mode === "time") {
    const t = x instanceof Date ? x.getTime() : typeof x === "number" ? x : new Date(x).getTime();
    return Number.isNaN(t) ? String(x) : String(t);
  }
  return x instanceof Date ? String(x.getTime()) : String(x);
}

/** The keys of the x axis in order: all 24 hours in hour mode; otherwise the points' own order (time mode sorted by time), without duplicates. */
export function xDomain(xs: readonly XValue[], mode: XMode): string[] {
  if (mode === "hour") return Array.from({ length: 24 }, (_, h) => String(h));
  const keys = [...new Set(xs.map((x) => xKey(x, mode)))];
  if (mode === "time") keys.sort((a, b) => Number(a) - Number(b));
  return keys;
}

/** The text under an x tick: a given label, the hour, the UTC date of a time bucket, or the category. */
export function xLabel(x: XValue, mode: XMode, label?: string): string {
  if (label !== undefined) return label;
  if (mode === "time") return formatDate(x);
  return x instanceof Date ? formatDate(x) : String(x);
}

/** Indexes of the ticks to label so that no more than maxTicks are shown (the first always; then every k-th). */
export function thinTicks(count: number, maxTicks: number): number[] {
  if (count <= 0) return [];
  const step = Math.max(1, Math.ceil(count / Math.max(1, maxTicks)));
  const out: number[] = [];
  for (let i = 0; i < count; i += step) out.push(i);
  return out;
}

/**
 * Which x ticks to label without knowing the width: those that fit a narrow plot (`narrowPx`, a phone's card) are
 * always shown, the others only when they fit a wide one (`widePx`; `wideOnly`, hidden by a container query in
 * narrow charts). `spacing` is the room one label needs. The narrow step is a multiple of the wide one, so the narrow
 * labels are a subset of the wide ones.
 */
export function responsiveTicks(count: number, spacing: number, narrowPx = 260, widePx = 600): { index: number; wideOnly: boolean }[] {
  if (count <= 0) return [];
  const stepFor = (px: number) => Math.max(1, Math.ceil(count / Math.max(2, Math.floor(px / spacing))));
  const wide = stepFor(widePx);
  const narrow = Math.ceil(stepFor(narrowPx) / wide) * wide;
  const out: { index: number; wideOnly: boolean }[] = [];
  for (let i = 0; i < count; i += wide) out.push({ index: i, wideOnly: i % narrow !== 0 });
  return out;
}

/** An SVG path through points, broken where a y is missing (null, NaN): "M x y L x y … M …". Empty when nothing to draw. */
export function linePath(points: readonly { x: number; y: number | null | undefined }[]): string {
  let d = "";
  let pen = false;
  for (const p of points) {
    if (!finite(p.y) || !finite(p.x)) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${round(p.x, 2)},${round(p.y, 2)}`;
    pen = true;
  }
  return d;
}

export interface WaterfallStepInput {
  /** "total" bars stand on zero; "step" bars float from the running total and move it by their signed value. */
  type: "total" | "step";
  value: number;
}

export interface WaterfallStep {
  /** Where the bar starts and ends in value terms (a decrease starts high and ends low). */
  start: number;
  end: number;
  /** The running total after this bar. */
  total: number;
  kind: "total" | "decrease" | "increase";
}

/**
 * Floating bars of a waterfall: a total goes from 0 to its value and resets the running total; a step goes from the
 * running total by its signed value (negative = decrease). A zero step is a decrease when `zeroAs` says so.
 */
export function waterfallSteps(bars: readonly (WaterfallStepInput & { zeroAs?: "decrease" | "increase" })[]): WaterfallStep[] {
  let running = 0;
  return bars.map((b) => {
    const v = finite(b.value) ? b.value : 0;
    if (b.type === "total") {
      running = v;
      return { start: 0, end: v, total: v, kind: "total" };
    }
    const start = running;
    running = start + v;
    const kind = v < 0 ? "decrease" : v > 0 ? "increase" : (b.zeroAs ?? "decrease");
    return { start, end: running, total: running, kind };
  });
}

/** True when a series has at least one number to draw. */
export function hasAnyValue(values: Iterable<number | null | undefined>): boolean {
  for (const v of values) if (finite(v)) return true;
  return false;
}

export { finite as isFiniteNumber };
