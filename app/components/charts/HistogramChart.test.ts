import { describe, expect, it } from "vitest";
import { histograms } from "~/engine/containers/histogram";
import { HistogramChart, orderBuckets, type HistogramBucket } from "./HistogramChart";
import { num, render, tags, textOf, withAttr } from "./test-utils";

// the engine's order: -1 first
const buckets: HistogramBucket[] = [
  { bucket: -1, value: 5 },
  { bucket: 20, value: 2 },
  { bucket: 40, value: 0 },
  { bucket: 60, value: 1 },
  { bucket: 85, value: 4 },
  { bucket: 100, value: 10 },
  { bucket: 120, value: 3 },
  { bucket: 150, value: 0 },
  { bucket: 200, value: 6 },
  { bucket: 300, value: 1 },
  { bucket: 500, value: 8 },
];
const href = (b: number) => `/kubex/containers?tabGroup1=analysis-details&gridViewId=cpu_request_${b === -1 ? "unspecified" : b}`;

const bars = (html: string) => withAttr(html, "data-bucket");

describe("HistogramChart", () => {
  const html = render(HistogramChart, { title: "CPU Request", buckets, bucketHref: href });

  it("orders the buckets ascending with Unspecified last, and draws it grey", () => {
    const order = bars(html).map((t) => Number(t.attrs["data-bucket"]));
    expect(order).toEqual([20, 40, 60, 85, 100, 120, 150, 200, 300, 500, -1]);
    const ys = bars(html).map((t) => num(t, "y"));
    expect([...ys].sort((a, b) => a - b)).toEqual(ys); // top to bottom
    const last = bars(html).at(-1)!;
    expect(last.attrs["data-category"]).toBe("unspecified");
    expect(last.attrs.class).toContain("fill-slate-400");
    expect(textOf(html, "data-side-label", "-1")).toBe("Unspecified");
    expect(textOf(html, "data-side-label", "85")).toBe("85%");
  });

  it("colours by the bucket rule", () => {
    const cls = Object.fromEntries(bars(html).map((t) => [t.attrs["data-bucket"], t.attrs.class]));
    for (const b of ["20", "40", "60", "85"]) expect(cls[b]).toContain("fill-risk");
    expect(cls["100"]).toContain("fill-fit");
    for (const b of ["120", "150", "200", "300", "500"]) expect(cls[b]).toContain("fill-waste");
  });

  it("makes bar lengths proportional to the counts and labels each count", () => {
    const w = Object.fromEntries(bars(html).map((t) => [t.attrs["data-bucket"], num(t, "width")]));
    expect(w["100"] / w["500"]).toBeCloseTo(10 / 8, 6);
    expect(w["-1"] / w["100"]).toBeCloseTo(0.5, 6);
    expect(w["40"]).toBe(0);
    const x0 = new Set(bars(html).map((t) => num(t, "x")));
    expect(x0.size).toBe(1); // all start at the same axis
    expect(textOf(html, "data-count-label", "100")).toBe("10");
    expect(textOf(html, "data-count-label", "40")).toBe("0");
  });

  it("makes each bar and its side label one link with the bucket's href", () => {
    const links = tags(html, "a");
    expect(links.map((a) => a.attrs.href)).toEqual([20, 40, 60, 85, 100, 120, 150, 200, 300, 500, -1].map(href));
    // the side label and the bar sit inside the link
    const body = html.slice(html.indexOf(`href="${href(-1).replace(/&/g, "&amp;")}"`));
    const inside = body.slice(0, body.indexOf("</a>"));
    expect(inside).toContain('data-side-label="-1"');
    expect(inside).toContain('data-bucket="-1"');
    expect(links.at(-1)!.attrs["aria-label"]).toBe("Unspecified: 5 containers (unspecified)");
    expect(links[0].attrs["aria-label"]).toBe("20%: 2 containers (too little)");
  });

  it("summarises the counts in the aria-label", () => {
    const [svg] = tags(html, "svg").filter((t) => t.attrs["data-testid"] === "histogram-svg");
    expect(svg.attrs["aria-label"]).toBe("CPU Request: 40 containers; 20% 2, 40% 0, 60% 1, 85% 4, 100% 10, 120% 3, 150% 0, 200% 6, 300% 1, 500% 8, Unspecified 5.");
    expect(svg.attrs.role).toBe("group");
    expect(html).toContain("<title>CPU Request</title>");
  });

  it("marks the selected bucket and has no links without bucketHref", () => {
    const sel = render(HistogramChart, { title: "CPU Request", buckets, bucketHref: href, selectedBucket: 200 });
    expect(tags(sel, "a").filter((a) => a.attrs["aria-current"] === "true").map((a) => a.attrs.href)).toEqual([href(200)]);
    const plain = render(HistogramChart, { title: "CPU Request", buckets });
    expect(tags(plain, "a")).toHaveLength(0);
    expect(tags(plain, "svg").find((t) => t.attrs["data-testid"] === "histogram-svg")!.attrs.role).toBe("img");
  });

  it("drops Unspecified when excluded, and draws the engine's histograms as they come", () => {
    const out = render(HistogramChart, { title: "CPU Request", buckets, includeUnspecified: false });
    expect(bars(out).map((t) => t.attrs["data-bucket"])).not.toContain("-1");
    expect(out).not.toContain("Unspecified");
    const h = histograms([{ existing: { cpuRequest: null, cpuLimit: null, memRequest: 100, memLimit: null }, recommended: { cpuRequest: 100, cpuLimit: 100, memRequest: 100, memLimit: 100 } }]);
    const eng = render(HistogramChart, { title: "Memory Request", buckets: h.memRequest });
    expect(textOf(eng, "data-count-label", "100")).toBe("1");
    expect(orderBuckets(h.cpuRequest).at(-1)).toEqual({ bucket: -1, value: 1 });
  });

  it("shows No Data Available when every count is zero or there are no buckets", () => {
    for (const b of [[], buckets.map((x) => ({ ...x, value: 0 })), [{ bucket: -1, value: 3 }]]) {
      const out = render(HistogramChart, { title: "CPU Limit", buckets: b, includeUnspecified: b.length !== 1 });
      expect(out).toContain("No Data Available");
      expect(out).toContain("CPU Limit");
      expect(out).not.toContain("<svg");
    }
  });
});
