import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderAt } from "~/components/grid/render-at";
import { tags } from "~/components/charts/test-utils";
import { analyseCloudService, prepareCloudCatalog } from "~/engine/cloud";
import { CATALOG_MAP_LEGEND } from "~/engine/cloud/constants";
import { facts, NOW, samples, smallCatalog } from "~/engine/cloud/testing";
import { parseCatalogMapUrl } from "~/features/cloud/catalog-map";
import { buildComparison, buildMapView, type CatalogMapOk, type CatalogMapView } from "~/features/cloud/catalog-map.server";
import { DownloadReportButton } from "../DownloadReportButton";
import { CatalogMapTab } from "./CatalogMapTab";

const CATALOG = prepareCloudCatalog(smallCatalog());

function dataAt(search: string, shape: Parameters<typeof samples>[0] = { cpu: () => 10, mem: () => 20 }, type = "m5.2xlarge"): CatalogMapOk {
  const a = analyseCloudService({ facts: facts(type), samples: samples(shape), nowMs: NOW }, CATALOG);
  const url = parseCatalogMapUrl(new URLSearchParams(search));
  const r = a.result;
  return {
    kind: "catalogMap",
    entityId: r.entityId,
    url,
    search: `?${search}`,
    status: "ok",
    service: {
      name: "web-1",
      provider: r.cloudProvider,
      serviceType: r.serviceType,
      region: r.region,
      os: r.os,
      instanceType: r.existingInstanceType,
      recommendation: r.recommendation,
      recommendedInstanceType: r.recommendedInstanceType,
      predictedUptimePct: r.predictedUptimePct,
    },
    features: [{ id: "gpu", label: "GPU" }],
    prices: { dataset: "Test prices", asOf: "2026-07-20", pricedRegion: "us-east-1", fallback: false },
    unscored: null,
    map: buildMapView(a, a.scoring!.rc, url),
    mapError: false,
    comparison: buildComparison(a, a.scoring!.rc, url),
    comparisonError: false,
  };
}

const render = (data: CatalogMapOk | Parameters<typeof CatalogMapTab>[0]["data"]) => renderAt(`/kubex/cloud-tree/catalog-map${"search" in data ? data.search : ""}`, () => createElement(CatalogMapTab, { data }));

describe("the Catalog Map tab rendered on the server (JavaScript off)", () => {
  it("the legend's exact texts and values", async () => {
    const html = await render(dataAt("entityId=i-m5.2xlarge"));
    const legend = tags(html, "li").filter((t) => "data-legend" in t.attrs).map((t) => t.attrs["data-legend"]);
    expect(legend).toEqual([...CATALOG_MAP_LEGEND]);
    expect(legend).toEqual(["Not available in region", "Insufficient Resources", "Technically Incompatible", "Outside Spend Tolerance", "Meets All Policies", "Highlighted Instance Features"]);
    const scale = html.slice(html.indexOf('data-testid="score-scale"'));
    for (const v of ["0", "33", "66", "100"]) expect(scale).toContain(`>${v}</text>`);
    expect(html).toContain("Instance Type Analysis");
    expect(html).toContain("Instance Family");
    expect(html).toContain("Instance Size");
    expect(html).toContain("Red means insufficient resources, orange technically incompatible with the workload, yellow too expensive, green meets all requirements.");
    expect(html).toContain("Prices: Test prices, as of 2026-07-20");
  });

  it("up to 70 families: both layouts, the fit one from 1024 px up by a CSS media query, score labels on", async () => {
    const html = await render(dataAt("entityId=i-m5.2xlarge"));
    const layouts = tags(html).filter((t) => t.attrs["data-layout"]).map((t) => t.attrs["data-layout"]);
    expect(layouts).toEqual(["fit", "fixed"]);
    expect(html).toMatch(/<div class="hidden lg:block"><svg[^>]*data-layout="fit"/);
    expect(html).toMatch(/<div class="lg:hidden"><div[^>]*data-layout="fixed"/);
    expect(tags(html, "text").filter((t) => t.attrs.class?.startsWith("cm-t")).length).toBeGreaterThan(0);
    // Hide Scores is a link to the address with scores=hide
    expect(tags(html, "a").find((t) => t.attrs["data-testid"] === "scores-toggle")?.attrs.href).toContain("scores=hide");
    const hidden = await render(dataAt("entityId=i-m5.2xlarge&scores=hide"));
    expect(tags(hidden, "text").filter((t) => t.attrs.class?.startsWith("cm-t"))).toHaveLength(0);
  });

  it("more than 70 families: fixed cells only and no score labels", async () => {
    const data = dataAt("entityId=i-m5.2xlarge");
    const base = data.map!;
    const many: CatalogMapView = {
      ...base,
      families: Array.from({ length: 71 }, (_, i) => ({ key: `f${i}`, supplier: "Intel" })),
      cells: Array.from({ length: 71 }, (_, i) => ({ ...base.cells[0], type: `f${i}.large`, f: i, s: 0, current: undefined, recommended: undefined })),
    };
    const html = await render({ ...data, map: many });
    const layouts = tags(html).filter((t) => t.attrs["data-layout"]).map((t) => t.attrs["data-layout"]);
    expect(layouts).toEqual(["fixed"]);
    expect(tags(html, "text").filter((t) => t.attrs.class?.startsWith("cm-t"))).toHaveLength(0);
    expect(tags(html, "span").find((t) => t.attrs["data-testid"] === "scores-toggle")?.attrs["aria-disabled"]).toBe("true");
    const rect = tags(html, "rect").find((t) => t.attrs.class?.startsWith("cm-c"))!;
    expect(Number(rect.attrs.width)).toBeCloseTo(23, 0);
  });

  it("every cell is a link selecting its type, with the tooltip as its name", async () => {
    const html = await render(dataAt("entityId=i-m5.2xlarge"));
    const fitPart = html.slice(html.indexOf('data-layout="fit"'), html.indexOf('data-layout="fixed"'));
    const links = tags(fitPart, "a").filter((t) => t.attrs.class === "cm-a");
    expect(links.length).toBe(13);
    const m6g = links.find((t) => t.attrs["data-type"] === "m6g.large")!;
    expect(m6g.attrs.href).toBe("/kubex/cloud-tree/catalog-map?entityId=i-m5.2xlarge&selected=m6g.large");
    const title = (type: string) => new RegExp(`data-type="${type.replace(/\./g, "\\.")}"[^>]*><title>([^<]*)</title>`).exec(fitPart)![1];
    expect(title("m6g.large")).toBe("m6g.large\nScore: 100\nCPU: 2 vCPUs\nMemory: 8 GB\nCost: $58.40 per month at 100% predicted uptime\nMeets All Policies\nRecommended type");
    expect(title("m5.24xlarge")).toBe("m5.24xlarge\nNot available in region");
    expect(title("m5.2xlarge")).toContain("Current type");
  });

  it("Terminate: no score in any tooltip", async () => {
    const html = await render(dataAt("entityId=i-m5.xlarge", { cpu: () => 0.5, net: 1 }, "m5.xlarge"));
    expect(html).toContain("CPU: 4 vCPUs");
    expect(html).not.toContain("Score:");
  });

  it("the filter bar is a GET form with the defaults ticked and no loading text", async () => {
    const html = await render(dataAt("entityId=i-m5.2xlarge&selected=c5.large"));
    const form = tags(html, "form").find((t) => t.attrs["aria-label"] === "Catalog Map filters")!;
    expect(form.attrs.method).toBe("get");
    const inputs = tags(html, "input");
    const checked = (name: string) => inputs.filter((t) => t.attrs.name === name && "checked" in t.attrs).map((t) => t.attrs.value);
    expect(checked("show")).toEqual(["common"]);
    expect(checked("supplier")).toEqual(["Intel", "AMD", "ARM"]);
    expect(checked("features")).toEqual([]);
    expect(inputs.filter((t) => t.attrs.type === "hidden" && t.attrs.name === "show" && t.attrs.value === "")).toHaveLength(1);
    // the other parameters ride along
    expect(inputs.some((t) => t.attrs.type === "hidden" && t.attrs.name === "selected" && t.attrs.value === "c5.large")).toBe(true);
    const tolerance = html.slice(html.indexOf('name="tolerance"'), html.indexOf("</select>"));
    expect(tolerance).toMatch(/<option value="5" selected="">5x<\/option>/);
    expect(tolerance.match(/<option/g)).toHaveLength(9);
    expect(html).toContain("Show instance types that are...");
    expect(html).toContain("Processor Supplier");
    expect(html).toContain("Highlight Instance Features");
    for (const text of ["Loading features...", "Loading catalog data...", "Loading comparison data..."]) expect(html).not.toContain(text);
  });

  it("the comparison grid: Current, Recommended, Selected, each policy in a <details>, 1.1 by default", async () => {
    const html = await render(dataAt("entityId=i-m5.2xlarge&selected=c5.large"));
    for (const h of ["Instance Type", "Overall Result", "Within Spend Tolerance", "Technically Compatible", "Sufficient Resources"]) expect(html).toContain(`>${h}</th>`);
    expect(tags(html, "details").filter((t) => ["within-spend-tolerance", "technically-compatible", "sufficient-resources"].includes(t.attrs["data-testid"]))).toHaveLength(9);
    expect(html).toMatch(/<tr[^>]*data-testid="comparison-selected"[\s\S]*?c5\.large[\s\S]*?Insufficient Resources/);
    expect(html).toMatch(/<option value="1.1" selected="">10% more<\/option>/);
    expect(html).toContain("Processor");
    expect(html).toContain("8 GB");
  });

  it("the spec's messages for errors and for nothing to compare", async () => {
    const data = dataAt("entityId=i-m5.2xlarge");
    expect(await render({ ...data, map: null, mapError: true })).toContain("Error loading catalog data");
    expect(await render({ ...data, comparison: null, comparisonError: true })).toContain("Error loading instance comparison data. Please try again.");
    expect(await render({ ...data, comparison: null })).toContain("No instance data available for comparison.");
    const failed = await render({ kind: "catalogMap", entityId: "x", url: data.url, search: "?entityId=x", status: "error" });
    expect(failed).toContain("Error loading catalog data");
    expect(failed).toContain("Error loading instance comparison data. Please try again.");
  });
});

describe("DownloadReportButton without JavaScript", () => {
  it("a plain link to the PDF with the file name; disabled without a URL", () => {
    const html = renderToStaticMarkup(createElement(DownloadReportButton, { url: "/CIRBA/api/v2/systems/i-1/analysis-report", fileName: "AWS_web_i-1.pdf" }));
    const a = tags(html, "a")[0];
    expect(a.attrs).toMatchObject({ href: "/CIRBA/api/v2/systems/i-1/analysis-report", download: "AWS_web_i-1.pdf", "data-state": "idle" });
    expect(html).toContain("Download Impact Analysis Report");
    const none = renderToStaticMarkup(createElement(DownloadReportButton, { url: null, fileName: "x.pdf" }));
    expect(tags(none, "button")[0].attrs).toHaveProperty("disabled");
    expect(tags(none, "a")).toHaveLength(0);
  });
});
