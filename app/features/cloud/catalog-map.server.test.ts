import { describe, expect, it } from "vitest";
import { analyseCloudService, prepareCloudCatalog } from "~/engine/cloud";
import { facts, NOW, samples, smallCatalog } from "~/engine/cloud/testing";
import { parseCatalogMapUrl } from "./catalog-map";
import { buildComparison, buildMapView } from "./catalog-map.server";

const CATALOG = prepareCloudCatalog(smallCatalog());
const analyse = (type: string, shape: Parameters<typeof samples>[0]) => analyseCloudService({ facts: facts(type), samples: samples(shape), nowMs: NOW }, CATALOG);
/** m5.2xlarge at 10 % CPU and 20 % memory: Downsize to m6g.large (the engine's catalog-map test). */
const busy = () => analyse("m5.2xlarge", { cpu: () => 10, mem: () => 20 });
const url = (q: string) => parseCatalogMapUrl(new URLSearchParams(q));
const types = (q: string, a = busy()) => buildMapView(a, a.scoring!.rc, url(q)).cells.map((c) => c.type).sort();

describe("the map's cells at the address's filters", () => {
  it("Commonly used (the default) leaves out exotic types but keeps types not offered in the region", () => {
    const shown = types("");
    expect(shown).not.toContain("u-6tb1.metal");
    expect(shown).toContain("m5.24xlarge");
    expect(types("show=")).toContain("u-6tb1.metal");
  });

  it("Available in current region and Meeting all policies (at the filter bar's tolerance)", () => {
    expect(types("show=region")).not.toContain("m5.24xlarge");
    const a = busy();
    const meets = buildMapView(a, a.scoring!.rc, url("show=policies&tolerance=1"));
    // only types meeting every policy, plus the current type whatever it is
    for (const c of meets.cells) if (!c.current) expect(c.band).toBe("meets");
    expect(meets.cells.find((c) => c.current)?.type).toBe("m5.2xlarge");
    expect(meets.cells.find((c) => c.recommended)?.type).toBe("m6g.large");
    // at 5x the current type (5x the optimal) meets too
    expect(buildMapView(a, a.scoring!.rc, url("show=policies")).cells.find((c) => c.current)?.band).toBe("meets");
  });

  it("Processor Supplier keeps the families of the ticked suppliers (and the current, recommended and selected types)", () => {
    expect(types("supplier=ARM&selected=c5.large")).toEqual(["c5.large", "m5.2xlarge", "m6g.large", "m6g.xlarge"]);
    expect(types("supplier=")).toEqual(["m5.2xlarge", "m6g.large"]);
  });

  it("axes hold only families and sizes with a shown type; cells index them", () => {
    const a = busy();
    const view = buildMapView(a, a.scoring!.rc, url("supplier=ARM"));
    expect(view.families.map((f) => f.key)).toEqual(["m5", "m6g"]);
    expect(view.families.map((f) => f.supplier)).toEqual(["Intel", "ARM"]);
    for (const c of view.cells) {
      expect(view.families[c.f]).toBeDefined();
      expect(view.sizes[c.s]).toBeDefined();
      expect(c.type.startsWith(view.families[c.f].key + ".")).toBe(true);
      expect(c.type.endsWith("." + view.sizes[c.s])).toBe(true);
    }
    expect(view.totalTypes).toBe(14);
  });

  it("highlights the types with a chosen feature; carries score, band, cost, CPU and memory", () => {
    const a = busy();
    const view = buildMapView(a, a.scoring!.rc, url("features=gpu,arm"));
    expect(view.cells.filter((c) => c.highlighted).map((c) => c.type).sort()).toEqual(["m6g.large", "m6g.xlarge", "p3.2xlarge"]);
    expect(view.cells.find((c) => c.type === "m6g.large")).toMatchObject({ score: 100, band: "meets", t: 1, cost: 58.4, cpu: 2, mem: 8, recommended: true });
    expect(view.cells.find((c) => c.type === "m5.24xlarge")).toMatchObject({ score: null, band: "unavailable", cost: null });
    expect(view.cells.find((c) => c.type === "c5.large")?.band).toBe("insufficient");
  });

  it("Terminate hides the scores, not the colours", () => {
    const idle = analyse("m5.xlarge", { cpu: () => 0.5, net: 1 });
    expect(idle.result.recommendation).toBe("Terminate");
    const view = buildMapView(idle, idle.scoring!.rc, url(""));
    expect(view.scoresHidden).toBe(true);
    expect(view.cells.every((c) => c.score === null)).toBe(true);
    expect(view.cells.some((c) => c.band === "meets")).toBe(true);
    expect(buildComparison(idle, idle.scoring!.rc, url("")).map((r) => [r.role, r.instanceType])).toEqual([
      ["Current", "m5.xlarge"],
      ["Recommended", null],
      ["Selected", null],
    ]);
  });
});

describe("the comparison grid", () => {
  it("Current, Recommended and Selected at the comparison's tolerance (default 1.1)", () => {
    const a = busy();
    const rows = buildComparison(a, a.scoring!.rc, url("selected=m5.large"));
    expect(rows.map((r) => [r.role, r.instanceType])).toEqual([
      ["Current", "m5.2xlarge"],
      ["Recommended", "m6g.large"],
      ["Selected", "m5.large"],
    ]);
    expect(rows[2].info).toMatchObject({ overallResult: "Outside Spend Tolerance", withinSpendTolerance: false, sufficientResources: true, technicallyCompatible: true });
    expect(buildComparison(a, a.scoring!.rc, url("selected=m5.large&comparisonTolerance=1.5"))[2].info?.overallResult).toBe("Meets All Policies");
    expect(rows[1].features).toContain("Architecture arm64");
  });

  it("an unknown selected type selects nothing", () => {
    const a = busy();
    expect(buildComparison(a, a.scoring!.rc, url("selected=z9.huge"))[2]).toMatchObject({ instanceType: null, info: null });
  });
});
