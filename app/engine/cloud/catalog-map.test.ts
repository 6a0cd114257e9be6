import { describe, expect, it } from "vitest";
import { analyseCloudService } from "./analyse";
import { prepareCloudCatalog } from "./catalog";
import { analysisScore, catalogMapCells, instanceInfo } from "./catalog-map";
import { NOW, candidate, facts, samples, smallCatalog } from "./testing";

const CATALOG = prepareCloudCatalog([
  ...smallCatalog(),
  candidate("db.m5.large", 2, 8, 0.171, { service: "RDS", family: "db.m5", series: "m", generation: 5, size: "large" }),
  candidate("db.m5.2xlarge", 8, 32, 0.684, { service: "RDS", family: "db.m5", series: "m", generation: 5, size: "2xlarge" }),
  candidate("db.m6g.large", 2, 8, 0.152, { service: "RDS", family: "db.m6g", series: "m", generation: 6, size: "large", architecture: "arm64", processorSupplier: "ARM" }),
  candidate("Standard_D2s_v5", 2, 8, 0.096, { provider: "Azure", region: "us-east", service: "VM", family: "Dsv5", series: "D", generation: 5, size: "2" }),
  candidate("Standard_D8s_v5", 8, 32, 0.384, { provider: "Azure", region: "us-east", service: "VM", family: "Dsv5", series: "D", generation: 5, size: "8" }),
]);
const analyse = (type: string, shape: Parameters<typeof samples>[0], extra: Partial<Parameters<typeof facts>[1]> = {}) =>
  analyseCloudService({ facts: facts(type, extra), samples: samples(shape), nowMs: NOW }, CATALOG);

describe("catalog map of a service", () => {
  it("cells: every type of the region with score, band and cost; current and recommended marked", () => {
    const a = analyse("m5.2xlarge", { cpu: () => 10, mem: () => 20 });
    const cells = catalogMapCells(a);
    expect(cells).toHaveLength(14);
    const byName = Object.fromEntries(cells.map((c) => [c.instanceType, c]));
    expect(byName["m6g.large"]).toMatchObject({ score: 100, band: { band: "meets", t: 1 }, cost: 58.4, isRecommended: true, isCurrent: false });
    expect(byName["m5.2xlarge"]).toMatchObject({ score: 60, band: { band: "expensive" }, isCurrent: true });
    expect(byName["c5.large"].band).toEqual({ band: "insufficient" });
    expect(byName["t3.large"].band).toEqual({ band: "incompatible" });
    expect(byName["m5.24xlarge"]).toMatchObject({ score: null, band: { band: "unavailable" }, cost: null });
    // the filter bar's default 5x: m5.2xlarge (5x the optimal) is within
    expect(catalogMapCells(a, 5).find((c) => c.instanceType === "m5.2xlarge")!.band).toEqual({ band: "meets", t: 0.2 });
  });

  it("comparison rows at the comparison's tolerance, with the current and recommended costs", () => {
    const a = analyse("m5.2xlarge", { cpu: () => 10, mem: () => 20 });
    expect(instanceInfo(a, "m5.large", 1.1)).toMatchObject({ overallResult: "Outside Spend Tolerance", savings: 219, recommendedInstanceCost: 58.4 });
    expect(instanceInfo(a, "m5.large", 1.25)!.overallResult).toBe("Meets All Policies");
    expect(analysisScore(a)!["m6i.large"].blended_score).toBe(94);
  });

  it("Terminate hides every score but keeps the colours", () => {
    const a = analyse("m5.large", { cpu: () => 1, net: 1 });
    expect(a.result.recommendation).toBe("Terminate");
    expect(catalogMapCells(a).every((c) => c.score === null)).toBe(true);
    expect(catalogMapCells(a).find((c) => c.instanceType === "m6g.large")!.band.band).toBe("meets");
    expect(instanceInfo(a, "m6g.large")!.blendedScore).toBeNull();
    expect(Object.values(analysisScore(a)!).every((p) => p.blended_score === null)).toBe(true);
  });

  it("RDS scores against RDS classes, Azure VMs against Azure sizes", () => {
    const rds = analyse("db.m5.2xlarge", { cpu: () => 10, mem: () => 20 }, { service: "RDS" });
    expect(rds.result).toMatchObject({ recommendation: "Downsize", recommendedInstanceType: "db.m6g.large", currentEstimatedCost: 499.32, recommendedEstimatedCost: 110.96 });
    expect(catalogMapCells(rds).map((c) => c.instanceType).sort()).toEqual(["db.m5.2xlarge", "db.m5.large", "db.m6g.large"]);
    const vm = analyse("Standard_D8s_v5", { cpu: () => 10, mem: () => 20 }, { provider: "Azure", service: "VM", region: "us-east" });
    expect(vm.result).toMatchObject({ recommendation: "Downsize", recommendedInstanceType: "Standard_D2s_v5", estimatedEffort: "Low", recommendedEstimatedCost: 70.08 });
  });

  it("nothing to draw for a service that was not scored", () => {
    const a = analyse("z9.large", {});
    expect(catalogMapCells(a)).toEqual([]);
    expect(instanceInfo(a, "m5.large")).toBeNull();
    expect(analysisScore(a)).toBeNull();
  });
});
