import { describe, expect, it } from "vitest";
import { bandScale, formatTick, linePath, niceTicks, plotArea, thinTicks, valueScale, waterfallSteps, xDomain, xKey, xLabel } from "./scales";

describe("valueScale", () => {
  it("starts at zero and nices the top", () => {
    const s = valueScale([12, 87, null, undefined, NaN], [100, 0]);
    expect(s.domain()).toEqual([0, 100]);
    expect(s(50)).toBe(50);
  });
  it("is exactly [0, fixedMax] for percent axes and clamps beyond it", () => {
    const s = valueScale([250], [200, 0], { fixedMax: 100 });
    expect(s.domain()).toEqual([0, 100]);
    expect(s(250)).toBe(0); // clamped to the top edge
  });
  it("still gives a usable domain for empty or all-zero input, and reaches below zero when needed", () => {
    expect(valueScale([], [1, 0]).domain()).toEqual([0, 1]);
    expect(valueScale([0, 0], [1, 0]).domain()).toEqual([0, 1]);
    expect(valueScale([-30, 70], [1, 0]).domain()).toEqual([-40, 80]);
  });
});

describe("ticks and labels", () => {
  it("makes nice 1-2-5 ticks", () => {
    expect(niceTicks(0, 97)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 0.9, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(NaN, 1)).toEqual([]);
  });
  it("formats ticks with the shared formatters: whole numbers grouped, small values to one decimal, large compact", () => {
    expect(formatTick(1500)).toBe("1,500");
    expect(formatTick(25_000)).toBe("25K");
    expect(formatTick(12.34)).toBe("12.3");
    expect(formatTick(0.25)).toBe("0.25");
    expect(formatTick(0)).toBe("0");
    expect(formatTick(NaN)).toBe("-");
  });
  it("thins tick labels to a maximum", () => {
    expect(thinTicks(24, 12)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    expect(thinTicks(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(thinTicks(0, 4)).toEqual([]);
  });
});

describe("x axis", () => {
  it("always has the 24 hours in hour mode", () => {
    expect(xDomain([3, 5], "hour")).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
  });
  it("sorts time buckets and merges the same instant given as Date, string or number", () => {
    const a = Date.UTC(2025, 0, 2);
    const b = Date.UTC(2025, 0, 1);
    expect(xDomain([new Date(a), new Date(b).toISOString(), a], "time")).toEqual([String(b), String(a)]);
    expect(xKey(new Date(a), "time")).toBe(xKey(new Date(a).toISOString(), "time"));
    expect(xLabel(a, "time")).toBe("1/2/25");
    expect(xLabel(7, "hour")).toBe("7");
    expect(xLabel(7, "hour", "07:00")).toBe("07:00");
  });
  it("keeps category order", () => {
    expect(xDomain(["b", "a", "b"], "category")).toEqual(["b", "a"]);
  });
  it("lays out equal bands", () => {
    const x = bandScale([0, 1, 2, 3], [0, 400], 0);
    expect(x.bandwidth()).toBe(100);
    expect(x(2)).toBe(200);
  });
  it("computes the plot area", () => {
    expect(plotArea(640, 275, { top: 10, right: 20, bottom: 30, left: 40 })).toMatchObject({ innerWidth: 580, innerHeight: 235 });
    expect(plotArea(10, 10, { top: 10, right: 20, bottom: 30, left: 40 })).toMatchObject({ innerWidth: 0, innerHeight: 0 });
  });
});

describe("linePath", () => {
  it("breaks the line where a value is missing", () => {
    expect(
      linePath([
        { x: 0, y: 1 },
        { x: 1, y: 2 },
        { x: 2, y: null },
        { x: 3, y: 4 },
        { x: 4, y: 5.555 },
      ]),
    ).toBe("M0,1L1,2M3,4L4,5.56");
    expect(linePath([{ x: 0, y: null }])).toBe("");
  });
});

describe("waterfallSteps", () => {
  it("floats each step from the running total; totals stand on zero", () => {
    const s = waterfallSteps([
      { type: "total", value: 1000 },
      { type: "step", value: -300 },
      { type: "step", value: 100 },
      { type: "step", value: -200 },
      { type: "total", value: 600 },
    ]);
    expect(s).toEqual([
      { start: 0, end: 1000, total: 1000, kind: "total" },
      { start: 1000, end: 700, total: 700, kind: "decrease" },
      { start: 700, end: 800, total: 800, kind: "increase" },
      { start: 800, end: 600, total: 600, kind: "decrease" },
      { start: 0, end: 600, total: 600, kind: "total" },
    ]);
  });
  it("colours a zero step as asked and treats non-numbers as zero", () => {
    const s = waterfallSteps([
      { type: "total", value: 10 },
      { type: "step", value: 0, zeroAs: "increase" },
      { type: "step", value: NaN },
    ]);
    expect(s.map((x) => x.kind)).toEqual(["total", "increase", "decrease"]);
    expect(s[2]).toMatchObject({ start: 10, end: 10 });
  });
});
