import { describe, expect, it } from "vitest";
import { BoxPlotChart, boxPlotSummary, hasBoxData } from "./BoxPlotChart";
import type { BoxPoint } from "~/domain/charts/box-series";
import { num, render, tags, withAttr } from "./test-utils";

const pt = (x: BoxPoint["x"], base: number): BoxPoint => ({ x, min: base, q1: base + 10, median: base + 15, sustained: base + 20, peak: base + 40, avg: base + 16 });
const hours = Array.from({ length: 24 }, (_, h) => pt(h, h));
const nulls = (x: number): BoxPoint => ({ x, min: null, q1: null, median: null, sustained: null, peak: null, avg: null });

const svgOf = (html: string) => tags(html, "svg").find((t) => t.attrs["data-testid"] === "boxplot-svg")!;

describe("BoxPlotChart", () => {
  const html = render(BoxPlotChart, { title: "CPU Utilization", points: hours, yLabel: "CPU (%)", unit: "%", yMax: 100, request: 50, limit: 80 });

  it("draws 24 hour positions, 275 px tall by default, with the units in the axis label", () => {
    expect(withAttr(html, "data-box")).toHaveLength(24);
    expect(html).toContain("height:275px");
    // No viewBox: the server's SVG is the final size (x in percentages of the plot, y in pixels), nothing rescales it.
    expect(svgOf(html).attrs.viewBox).toBeUndefined();
    expect(svgOf(html).attrs.height).toBe("275");
    expect(withAttr(html, "data-box")[0].attrs.x).toMatch(/%$/);
    expect(html).toMatch(/data-testid="y-axis-label"[^>]*>CPU \(%\)</);
    expect(html).toMatch(/data-testid="x-axis-label"[^>]*>Hour of day</);
    const xs = withAttr(html, "data-box").map((t) => num(t, "x"));
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it("bands Q1 to Sustained and whiskers Min to Peak on a 0–100 axis, proportional to the values", () => {
    const boxes = withAttr(html, "data-box");
    const y = (v: number) => 10 + 231 * (1 - v / 100); // plot area 10..241 for a fixed 0–100 axis
    const b5 = boxes.find((t) => t.attrs["data-box"] === "5")!;
    expect(num(b5, "y")).toBeCloseTo(y(25), 6); // sustained 5 + 20
    expect(num(b5, "height")).toBeCloseTo(y(15) - y(25), 6); // q1 5 + 10
    const w = withAttr(html, "data-whisker", "5")[0];
    const [stem] = tags(html.slice(w.at), "line");
    expect(num(stem, "y1")).toBeCloseTo(y(5), 6);
    expect(num(stem, "y2")).toBeCloseTo(y(45), 6);
    const median = withAttr(html, "data-median", "5")[0];
    expect(num(median, "y1")).toBeCloseTo(y(20), 6);
    // every box has the same height (Sustained − Q1 is 10 everywhere) on a linear scale
    expect(new Set(boxes.map((t) => Math.round(num(t, "height") * 1e6))).size).toBe(1);
  });

  it("draws the dotted average line and request (solid) / limit (dashed) lines at their values", () => {
    const avg = withAttr(html, "data-series", "average")[0];
    expect(avg.name).toBe("path");
    expect(avg.attrs["stroke-dasharray"]).toBe("1 4");
    expect(avg.attrs.d.match(/[ML]/g)).toHaveLength(24);
    const req = withAttr(html, "data-series", "request")[0];
    const lim = withAttr(html, "data-series", "limit")[0];
    expect(num(req, "y1")).toBeCloseTo(10 + 231 * 0.5, 6);
    expect(req.attrs["stroke-dasharray"]).toBeUndefined();
    expect(num(lim, "y1")).toBeCloseTo(10 + 231 * 0.2, 6);
    expect(lim.attrs["stroke-dasharray"]).toBe("7 4");
    expect(html).toContain(">Request 50</text>");
    expect(html).toContain(">Limit 80</text>");
  });

  it("leaves out request and limit lines (and their legend entries) when not positive", () => {
    for (const [request, limit] of [
      [0, -1],
      [null, undefined],
      [-5, 0],
    ] as const) {
      const out = render(BoxPlotChart, { title: "Memory", points: hours, yLabel: "Memory (MB)", request, limit });
      expect(withAttr(out, "data-series", "request")).toHaveLength(0);
      expect(withAttr(out, "data-series", "limit")).toHaveLength(0);
      expect(tags(out, "button").map((b) => b.attrs["data-legend"])).toEqual(["box", "average"]);
    }
  });

  it("has legend toggles for Box plot, Average, Request and Limit, all pressed on the server", () => {
    const buttons = tags(html, "button");
    expect(buttons.map((b) => b.attrs["data-legend"])).toEqual(["box", "average", "request", "limit"]);
    expect(buttons.every((b) => b.attrs["aria-pressed"] === "true" && b.attrs.type === "button")).toBe(true);
    expect(html).toMatch(/>Box plot<\/button>/);
  });

  it("hides series the caller turned off", () => {
    const out = render(BoxPlotChart, { title: "CPU", points: hours, yLabel: "CPU (mCores)", request: 50, limit: 80, visibility: { box: false, limit: false } });
    expect(withAttr(out, "data-box")).toHaveLength(0);
    expect(withAttr(out, "data-series", "limit")).toHaveLength(0);
    expect(withAttr(out, "data-series", "request")).toHaveLength(1);
    expect(tags(out, "button").map((b) => b.attrs["aria-pressed"])).toEqual(["false", "true", "true", "false"]);
  });

  it("scales automatically without yMax, including the request and limit", () => {
    const out = render(BoxPlotChart, { title: "CPU", points: hours, yLabel: "CPU (mCores)", limit: 250 });
    const lim = withAttr(out, "data-series", "limit")[0];
    // domain [0, 250]: the limit sits on the top of the plot
    expect(num(lim, "y1")).toBeCloseTo(10, 6);
  });

  it("summarises the data in the aria-label", () => {
    expect(svgOf(html).attrs["aria-label"]).toBe("CPU Utilization by hour of day: peak 63 % at hour 23, average 27.5 %, minimum 0 %, request 50 %, limit 80 %.");
    expect(svgOf(html).attrs.role).toBe("img");
    expect(html).toContain("<title>Hour 5: Min 5 %, Q1 15 %, Median 20 %, Sustained 25 %, Peak 45 %, Avg 21 %</title>");
  });

  it("skips null points and shows No Data Available when every statistic is null", () => {
    const some = render(BoxPlotChart, { title: "CPU", points: [...hours.slice(0, 3), nulls(3)], yLabel: "CPU (mCores)" });
    expect(withAttr(some, "data-box")).toHaveLength(3);
    expect(hasBoxData([nulls(1), nulls(2)])).toBe(false);
    for (const points of [[], [nulls(0), nulls(1)]]) {
      const out = render(BoxPlotChart, { title: "CPU", points, yLabel: "CPU (mCores)", request: 100 });
      expect(out).toContain("No Data Available");
      expect(out).not.toContain("<svg");
      expect(out).not.toContain("<button");
      expect(out).toContain("height:275px");
    }
  });

  it("draws historical series over time buckets with dated ticks", () => {
    const days = [2, 0, 1].map((d) => pt(new Date(Date.UTC(2025, 2, 1 + d)), d * 10));
    const out = render(BoxPlotChart, { title: "CPU history", points: days, xMode: "time", yLabel: "CPU (mCores)", height: 400 });
    expect(svgOf(out).attrs.height).toBe("400");
    const order = withAttr(out, "data-box").map((t) => num(t, "x"));
    expect(order[1]).toBeLessThan(order[2]);
    expect(order[2]).toBeLessThan(order[0]); // sorted by time, not input order
    expect(out).toContain(">3/1/25</text>");
    expect(out).toMatch(/data-testid="x-axis-label"[^>]*>Date</);
    expect(boxPlotSummary({ title: "CPU history", points: days, xMode: "time" })).toBe("CPU history over time: peak 60 at 3/3/25, average 26, minimum 0.");
  });
});
