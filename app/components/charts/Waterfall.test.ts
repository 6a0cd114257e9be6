import { describe, expect, it } from "vitest";
import { containerWaterfallBars, CONTAINER_WATERFALL_TOOLTIPS, Waterfall, type WaterfallBar } from "./Waterfall";
import { num, render, tags, textOf, withAttr } from "./test-utils";

const values = { currentSpend: 1000, immediateSavings: -300, riskRemoval: 100, additionalWaste: -200, optimalSpend: 600 };
const q = (view: string) => `/kubex/containers?tabGroup1=analysis-details&gridViewId=${view}`;

function bar(html: string, key: string) {
  const [t] = withAttr(html, "data-bar", key);
  expect(t, key).toBeDefined();
  return { top: num(t, "y"), height: num(t, "height"), bottom: num(t, "y") + num(t, "height"), x: num(t, "x"), width: num(t, "width"), kind: t.attrs["data-kind"], cls: t.attrs.class };
}

describe("Waterfall", () => {
  const html = render(Waterfall, { bars: containerWaterfallBars(values) });

  it("draws the five bars in the spec's order, left to right", () => {
    const keys = withAttr(html, "data-bar").map((t) => t.attrs["data-bar"]);
    expect(keys).toEqual(["currentSpend", "immediateSavings", "riskRemoval", "additionalWaste", "optimalSpend"]);
    const xs = keys.map((k) => bar(html, k).x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it("makes bar heights proportional to the values", () => {
    const cur = bar(html, "currentSpend");
    const opt = bar(html, "optimalSpend");
    expect(cur.height / opt.height).toBeCloseTo(1000 / 600, 6);
    expect(bar(html, "immediateSavings").height / cur.height).toBeCloseTo(0.3, 6);
    expect(bar(html, "riskRemoval").height / cur.height).toBeCloseTo(0.1, 6);
    expect(bar(html, "additionalWaste").height / cur.height).toBeCloseTo(0.2, 6);
    expect(cur.bottom).toBeCloseTo(opt.bottom, 6); // totals stand on the same baseline
  });

  it("floats the steps: Immediate Savings starts at Current Spend's top and goes down by its value", () => {
    const cur = bar(html, "currentSpend");
    const imm = bar(html, "immediateSavings");
    const risk = bar(html, "riskRemoval");
    const add = bar(html, "additionalWaste");
    const opt = bar(html, "optimalSpend");
    expect(imm.top).toBeCloseTo(cur.top, 6);
    expect(imm.bottom).toBeCloseTo(cur.top + cur.height * 0.3, 6);
    // Risk Removal rises from where savings ended; Additional Waste falls from there to Optimal Spend's top
    expect(risk.bottom).toBeCloseTo(imm.bottom, 6);
    expect(add.top).toBeCloseTo(risk.top, 6);
    expect(add.bottom).toBeCloseTo(opt.top, 6);
  });

  it("colours decreases as waste, increases as risk, totals neutral", () => {
    expect(bar(html, "currentSpend")).toMatchObject({ kind: "total", cls: expect.stringContaining("fill-sky-600") });
    expect(bar(html, "immediateSavings")).toMatchObject({ kind: "decrease", cls: expect.stringContaining("fill-waste") });
    expect(bar(html, "riskRemoval")).toMatchObject({ kind: "increase", cls: expect.stringContaining("fill-risk") });
    expect(bar(html, "additionalWaste")).toMatchObject({ kind: "decrease", cls: expect.stringContaining("fill-waste") });
    expect(bar(html, "optimalSpend")).toMatchObject({ kind: "total", cls: expect.stringContaining("fill-sky-600") });
  });

  it("writes the value above each bar with formatCurrency", () => {
    expect(textOf(html, "data-value-label", "currentSpend")).toBe("$1,000.00");
    expect(textOf(html, "data-value-label", "immediateSavings")).toBe("-$300.00");
    const label = withAttr(html, "data-value-label", "immediateSavings")[0];
    expect(num(label, "y")).toBeLessThan(bar(html, "immediateSavings").top);
  });

  it("explains each bar in its tooltip and summarises the values in the aria-label; no links means role img", () => {
    for (const tip of Object.values(CONTAINER_WATERFALL_TOOLTIPS)) expect(html).toContain(tip);
    expect(html).toContain("<title>Immediate Savings: -$300.00. ");
    const [svg] = tags(html, "svg").filter((t) => t.attrs["data-testid"] === "waterfall-svg");
    expect(svg.attrs.role).toBe("img");
    expect(svg.attrs["aria-label"]).toBe(
      "Optimization Breakdown: Current Spend $1,000.00, Immediate Savings -$300.00, Risk Removal $100.00, Additional Waste -$200.00, Optimal Spend $600.00 per month.",
    );
    expect(tags(html, "a")).toHaveLength(0);
  });

  it("links each bar to its overlay and each CPU / memory figure to its grid view", () => {
    const bars = containerWaterfallBars(values, {
      immediateSavings: { cpu: { text: "$200.00", href: q("realizable_cpu_saving") }, memory: { text: "$100.00", href: q("realizable_memory_savings"), label: "Memory immediate savings $100.00" } },
      riskRemoval: { cpu: { text: "$60.00", href: q("cpu_request_risk") }, memory: { text: "$40.00", compact: "$40" } },
    });
    const out = render(Waterfall, { bars, barHref: (b: WaterfallBar) => (b.key === "optimalSpend" ? undefined : `?bar=${b.key}`), selectedKey: "riskRemoval" });
    const links = tags(out, "a");
    const hrefs = links.map((a) => a.attrs.href);
    // the bars (SVG), then the figures (an HTML grid under them): the CPU row, then the memory row
    expect(hrefs).toEqual(["?bar=currentSpend", "?bar=immediateSavings", "?bar=riskRemoval", "?bar=additionalWaste", q("realizable_cpu_saving"), q("cpu_request_risk"), q("realizable_memory_savings")]);
    expect(links.find((a) => a.attrs.href === "?bar=riskRemoval")!.attrs["aria-current"]).toBe("true");
    expect(links.find((a) => a.attrs.href === q("realizable_memory_savings"))!.attrs["aria-label"]).toBe("Memory immediate savings $100.00");
    expect(links.find((a) => a.attrs.href === "?bar=immediateSavings")!.attrs["aria-label"]).toContain("Savings available now");
    // a figure without href is plain text: its row's name for screen readers, the full and the compact amount (CSS
    // shows one of them by the chart's width)
    expect(out).toMatch(/data-testid="waterfall-memory-riskRemoval"><span class="sr-only">Mem <\/span><span class="wf-full">\$40.00<\/span><span class="wf-compact">\$40<\/span>/);
    const [svg] = tags(out, "svg").filter((t) => t.attrs["data-testid"] === "waterfall-svg");
    expect(svg.attrs.role).toBe("group");
  });

  it("takes other orders (the cloud waterfall) and dims all but a highlighted bar", () => {
    const bars: WaterfallBar[] = [
      { key: "current", label: "Current Spend", type: "total", value: 500 },
      { key: "immediate", label: "Immediate Savings", type: "step", value: -100 },
      { key: "additional", label: "Additional Waste", type: "step", value: -50 },
      { key: "risk", label: "Risk Removal", type: "step", value: 25 },
      { key: "optimal", label: "Optimal Spend", type: "total", value: 375 },
    ];
    const out = render(Waterfall, { bars, highlightKey: "risk" });
    expect(withAttr(out, "data-bar").map((t) => t.attrs["data-bar"])).toEqual(["current", "immediate", "additional", "risk", "optimal"]);
    expect(withAttr(out, "opacity", "0.45")).toHaveLength(4);
    expect(bar(out, "risk").bottom).toBeCloseTo(bar(out, "additional").bottom, 6);
  });

  it("writes each value twice, full and compact, for wide and narrow charts; the SVG has no viewBox (its x are percentages)", () => {
    expect(withAttr(html, "data-value-label-compact", "currentSpend")[0].attrs.class).toContain("wf-compact");
    expect(withAttr(html, "data-value-label", "currentSpend")[0].attrs.class).toContain("wf-full");
    expect(html).toContain(">$1K</text>");
    expect(html).toContain(">-$300</text>");
    const [svg] = tags(html, "svg").filter((t) => t.attrs["data-testid"] === "waterfall-svg");
    expect(svg.attrs.viewBox).toBeUndefined();
    expect(bar(html, "currentSpend").x).toBeGreaterThan(0);
    expect(withAttr(html, "data-bar", "optimalSpend")[0].attrs.x).toMatch(/%$/);
    // the five bands split the plot evenly, so that the figures' five HTML columns sit under the bars
    const centres = ["currentSpend", "immediateSavings", "riskRemoval", "additionalWaste", "optimalSpend"].map((k) => bar(html, k).x + bar(html, k).width / 2);
    expect(centres.map((c) => Math.round(c * 1000) / 1000)).toEqual([10, 30, 50, 70, 90]);
  });

  it("shows No Data Available when there are no bars or every value is zero", () => {
    for (const bars of [[], containerWaterfallBars({ currentSpend: 0, immediateSavings: 0, riskRemoval: 0, additionalWaste: 0, optimalSpend: 0 })]) {
      const out = render(Waterfall, { bars });
      expect(out).toContain("No Data Available");
      expect(out).not.toContain("<svg");
      expect(out).toContain("height:275px");
    }
  });
});
