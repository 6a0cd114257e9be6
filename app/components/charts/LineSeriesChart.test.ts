import { describe, expect, it } from "vitest";
import { LineSeriesChart, type LineSeries } from "./LineSeriesChart";
import { num, render, tags, withAttr } from "./test-utils";

const day = (d: number) => new Date(Date.UTC(2025, 0, 1 + d));
const series: LineSeries[] = [
  { id: "cpu", label: "CPU Request", points: [0, 1, 2, 3].map((d) => ({ x: day(d), y: d === 2 ? null : d * 25 })) },
  { id: "mem", label: "Memory Request", points: [0, 1, 2, 3].map((d) => ({ x: day(d), y: 50 })) },
];

describe("LineSeriesChart", () => {
  const html = render(LineSeriesChart, { title: "Requests", series, yLabel: "Request (%)", unit: "%", yMax: 100 });

  it("draws one path per series, broken at missing values, at proportional heights", () => {
    const [cpu] = withAttr(html, "data-series", "cpu");
    const cpuPath = tags(html.slice(cpu.at), "path")[0];
    expect(cpuPath.attrs.d.match(/M/g)).toHaveLength(2); // a gap at day 2
    const [mem] = withAttr(html, "data-series", "mem");
    const dots = tags(html.slice(mem.at), "circle").slice(0, 4);
    expect(new Set(dots.map((c) => num(c, "cy"))).size).toBe(1);
    expect(num(dots[0], "cy")).toBeCloseTo(10 + (275 - 44) * 0.5, 6);
    const cpuDots = tags(html.slice(cpu.at, mem.at), "circle");
    expect(cpuDots).toHaveLength(3);
    expect(num(cpuDots[0], "cy") - num(cpuDots[1], "cy")).toBeCloseTo(231 * 0.25, 6); // 0 → 25 % of the 231 px plot
  });

  it("summarises, labels the axes and offers legend toggles", () => {
    const svg = tags(html, "svg").find((t) => t.attrs["data-testid"] === "lines-svg")!;
    expect(svg.attrs["aria-label"]).toBe("Requests: CPU Request latest 75 %, highest 75 %; Memory Request latest 50 %, highest 50 %.");
    expect(html).toMatch(/data-testid="y-axis-label"[^>]*>Request \(%\)</);
    expect(tags(html, "button").map((b) => [b.attrs["data-legend"], b.attrs["aria-pressed"]])).toEqual([
      ["cpu", "true"],
      ["mem", "true"],
    ]);
  });

  it("shows No Data Available when no series has a value", () => {
    for (const s of [[], [{ id: "a", label: "A", points: [{ x: day(0), y: null }] }]]) {
      const out = render(LineSeriesChart, { title: "Requests", series: s, yLabel: "Request (%)" });
      expect(out).toContain("No Data Available");
      expect(out).not.toContain("<svg");
    }
  });
});
