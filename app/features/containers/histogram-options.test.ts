import { describe, expect, it } from "vitest";
import { histogramOptions, visibleHistogramCharts } from "./histogram-options";
import { summaryCardFigures } from "~/domain/containers/summary-cards";

const opts = (q: string) => histogramOptions(new URLSearchParams(q));
const titles = (q: string) => visibleHistogramCharts(opts(q)).map((c) => c.title);

describe("Histograms tab selectors (spec document 2, sections 2.5 and 5)", () => {
  it("defaults to CPU & Memory, Request & Limit, unspecified included: all four charts", () => {
    expect(opts("")).toEqual({ resourceType: "CPU & Memory", metricType: "Request & Limit", includeUnspecified: true });
    expect(titles("")).toEqual(["CPU Request", "CPU Limit", "Memory Request", "Memory Limit"]);
  });
  it("never leaves a selector empty: an empty or unknown value is the default", () => {
    expect(opts("resourceType=&metricType=nothing")).toMatchObject({ resourceType: "CPU & Memory", metricType: "Request & Limit" });
  });
  it("narrows the charts by resource type and metric", () => {
    expect(titles("resourceType=CPU")).toEqual(["CPU Request", "CPU Limit"]);
    expect(titles("resourceType=Memory&metricType=Limit")).toEqual(["Memory Limit"]);
    expect(titles("metricType=Request")).toEqual(["CPU Request", "Memory Request"]);
  });
  it("reads the include-unspecified checkbox after its hidden false (the last value wins)", () => {
    expect(opts("includeUnspecified=false").includeUnspecified).toBe(false);
    expect(opts("includeUnspecified=false&includeUnspecified=true").includeUnspecified).toBe(true);
  });
});

describe("container summary cards (spec document 2, section 2.2)", () => {
  it("shows surplus in cores (millicores / 1000) and GB (MB / 1024), and waste per month", () => {
    const f = summaryCardFigures({
      counts: { containers: 1500, manifests: 300 } as never,
      cpu: { spare: 2500 } as never,
      memory: { spare: 3072 } as never,
      monthlyWaste: 123.45,
      efficiencyRating: 0.5,
    });
    expect(f).toEqual({ containers: 1500, containerManifests: 300, cpuRequestSurplusCores: 2.5, memoryRequestSurplusGb: 3, monthlySavings: 123.45, efficiencyRating: 0.5 });
  });
});
