import { describe, expect, it } from "vitest";
import { DEFAULT_COMPARISON_SPEND_TOLERANCE, DEFAULT_MAP_SPEND_TOLERANCE, SPEND_TOLERANCE_OPTIONS } from "~/engine/cloud/constants";
import { candidate } from "~/engine/cloud/testing";
import { pageTitle } from "~/features/shell/page-title";
import { catalogMapOffered, catalogMapSearch, changedPart, featuresOf, parseCatalogMapUrl, parseTolerance, toleranceLabel } from "./catalog-map";

const parse = (q: string) => parseCatalogMapUrl(new URLSearchParams(q));

describe("spend tolerance options and defaults (spec section 9)", () => {
  it("are the nine options in order, 5x in the filter bar and 1.1 in the comparison", () => {
    expect(SPEND_TOLERANCE_OPTIONS.map((o) => [o.label, o.value])).toEqual([
      ["No more than optimal", 1],
      ["5% more", 1.05],
      ["10% more", 1.1],
      ["20% more", 1.2],
      ["50% more", 1.5],
      ["2x", 2],
      ["5x", 5],
      ["10x", 10],
      ["Unlimited", -1],
    ]);
    expect(DEFAULT_MAP_SPEND_TOLERANCE).toBe(5);
    expect(DEFAULT_COMPARISON_SPEND_TOLERANCE).toBe(1.1);
    expect(parse("")).toMatchObject({ tolerance: 5, comparisonTolerance: 1.1 });
    expect(toleranceLabel(5)).toBe("5x");
    expect(toleranceLabel(-1)).toBe("Unlimited");
    expect(toleranceLabel(1.1)).toBe("10% more");
  });

  it("take only one of the options from the address, else the default", () => {
    expect(parseTolerance("1.05", 5)).toBe(1.05);
    expect(parseTolerance("-1", 5)).toBe(-1);
    expect(parseTolerance("3", 5)).toBe(5);
    expect(parseTolerance("lots", 1.1)).toBe(1.1);
    expect(parseTolerance("", 1.1)).toBe(1.1);
    expect(parse("tolerance=10&comparisonTolerance=2")).toMatchObject({ tolerance: 10, comparisonTolerance: 2 });
  });
});

describe("the Catalog Map's address", () => {
  it("defaults: Commonly used, every supplier, no features, nothing selected, scores on", () => {
    expect(parse("entityId=i-1")).toEqual({
      show: ["common"],
      suppliers: ["Intel", "AMD", "ARM"],
      tolerance: 5,
      features: [],
      selected: null,
      showScores: true,
      comparisonTolerance: 1.1,
    });
  });

  it("reads comma lists (links) and repeated fields after the form's empty marker", () => {
    expect(parse("show=common,region&supplier=AMD").show).toEqual(["common", "region"]);
    expect(parse("show=&show=policies&show=region").show).toEqual(["region", "policies"]);
    expect(parse("supplier=&supplier=ARM").suppliers).toEqual(["ARM"]);
    expect(parse("features=gpu,arm").features).toEqual(["gpu", "arm"]);
  });

  it("the empty marker alone means none ticked, not the default", () => {
    expect(parse("show=").show).toEqual([]);
    expect(parse("supplier=").suppliers).toEqual([]);
  });

  it("drops unknown values and keeps the spec's order", () => {
    expect(parse("show=bogus,policies,common").show).toEqual(["common", "policies"]);
    expect(parse("supplier=IBM,arm,ARM").suppliers).toEqual(["ARM"]);
    expect(parse("features=warp-drive").features).toEqual([]);
  });

  it("selected type, scores toggle", () => {
    expect(parse("selected=m5.large&scores=hide")).toMatchObject({ selected: "m5.large", showScores: false });
    expect(parse("selected=%20%20").selected).toBeNull();
    expect(parse(`selected=${"x".repeat(101)}`).selected).toBeNull();
  });

  it("writes addresses over the current one, leaving defaults out, and reads them back", () => {
    const base = "entityId=i-1&viewId=v";
    expect(catalogMapSearch(base, { selected: "m5.large" })).toBe("?entityId=i-1&viewId=v&selected=m5.large");
    const state = { show: ["region" as const], suppliers: ["AMD" as const], tolerance: 2, features: ["gpu" as const], showScores: false, comparisonTolerance: 1.5 };
    const q = catalogMapSearch(base, state);
    expect(parse(q.slice(1))).toMatchObject(state);
    expect(catalogMapSearch(q, { show: ["common"], suppliers: ["Intel", "AMD", "ARM"], tolerance: 5, features: [], showScores: true, comparisonTolerance: 1.1 })).toBe(
      "?entityId=i-1&viewId=v",
    );
    expect(catalogMapSearch(base + "&selected=a", { selected: null })).toBe("?entityId=i-1&viewId=v");
  });

  it("tells a filter change (the map reloads) from a selection change (only the comparison)", () => {
    const p = (q: string) => new URLSearchParams(q);
    expect(changedPart(p("entityId=a"), p("entityId=a&selected=m5.large"))).toBe("comparison");
    expect(changedPart(p("entityId=a"), p("entityId=a&comparisonTolerance=2"))).toBe("comparison");
    expect(changedPart(p("entityId=a"), p("entityId=a&tolerance=2"))).toBe("map");
    expect(changedPart(p("entityId=a"), p("entityId=a&show=common"))).toBe("none");
    expect(changedPart(p("entityId=a"), p("entityId=b"))).toBe("map");
  });
});

describe("what the Catalog Map is offered for, and instance features", () => {
  it("not for the spec's scale-group and GCE service types (2.2)", () => {
    for (const t of ["VMSS", "VM Scale Set", "VMSS_SINGLE", "ASG", "ASG_SINGLE", "GCE", "GCE Instance"]) expect(catalogMapOffered(t)).toBe(false);
    for (const t of ["EC2", "RDS", "VM"]) expect(catalogMapOffered(t)).toBe(true);
  });

  it("features of a type", () => {
    expect(featuresOf(candidate("m5.large", 2, 8, 0.1))).toEqual([]);
    expect(featuresOf(candidate("p3.2xlarge", 8, 61, 3, { gpus: 1, localStorageGb: 100, networkGbps: 25 }))).toEqual(["gpu", "local-nvme", "high-network"]);
    expect(featuresOf(candidate("m6g.metal", 64, 256, 2, { architecture: "arm64", metal: true, burstable: true }))).toEqual(["arm", "burstable", "metal"]);
  });
});

describe("the standalone route's page title", () => {
  it("is Catalog Map", () => {
    expect(pageTitle("/kubex/cloud-tree/catalog-map", new URLSearchParams("entityId=i-1"))).toBe("Catalog Map");
    expect(pageTitle("/kubex/cloud-tree", new URLSearchParams(""))).toBe("Cloud Summary");
  });
});
