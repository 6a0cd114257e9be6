import { describe, expect, it } from "vitest";
import { catalogMapDomain } from "./domain";
import { candidate, smallCatalog } from "./testing";

describe("catalogMapDomain", () => {
  it("families on x by series then generation, sizes on y by vCPUs, with the types at each cell", () => {
    const d = catalogMapDomain([...smallCatalog(), candidate("m5.large", 2, 8, 0.11, { region: "eu-west-1" })], "EC2");
    const x = d.filter((e) => e.axis === "x");
    const y = d.filter((e) => e.axis === "y");
    expect(x.map((e) => e.label)).toEqual(["c5", "m5", "m6g", "m6i", "p3", "r5", "t3", "u-6tb1"]);
    expect(x.map((e) => e.orderIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(y.map((e) => e.label)).toEqual(["large", "xlarge", "2xlarge", "24xlarge", "metal"]);
    const m5 = x.find((e) => e.axisKey === "m5")!;
    expect(m5).toMatchObject({ serviceType: "EC2", exotic: false, processorFeature: "Intel" });
    expect(m5.instanceSizes).toEqual({ large: "m5.large", xlarge: "m5.xlarge", "2xlarge": "m5.2xlarge", "24xlarge": "m5.24xlarge" });
    expect(m5.instanceTypes).toEqual(["m5.large", "m5.xlarge", "m5.2xlarge", "m5.24xlarge"]);
    expect(x.find((e) => e.axisKey === "m6g")!.processorFeature).toBe("ARM");
    expect(x.find((e) => e.axisKey === "u-6tb1")!.exotic).toBe(true);
    expect(y.find((e) => e.axisKey === "large")!.instanceSizes).toMatchObject({ c5: "c5.large", m5: "m5.large", t3: "t3.large" });
    expect(y[0].processorFeature).toBeNull();
  });

  it("only the asked service's types", () => {
    expect(catalogMapDomain([candidate("db.m5.large", 2, 8, 0.171, { service: "RDS" })], "EC2")).toEqual([]);
    expect(catalogMapDomain([candidate("db.m5.large", 2, 8, 0.171, { service: "RDS", family: "db.m5", size: "large" })], "RDS")).toHaveLength(2);
  });
});
