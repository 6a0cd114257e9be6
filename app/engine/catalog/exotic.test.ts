import { describe, expect, it } from "vitest";
import { isExotic } from "./exotic";
import { parseInstanceName } from "./names";

const exotic = (name: string, over: { accelerated?: boolean } = {}) => isExotic({ ...parseInstanceName(name)!, name, ...over });

describe("isExotic", () => {
  it("marks accelerated, metal, HPC and Mac families", () => {
    expect(exotic("g5.xlarge")).toBe(true);
    expect(exotic("m5.metal")).toBe(true);
    expect(exotic("hpc7g.16xlarge")).toBe(true);
    expect(exotic("mac2.metal")).toBe(true);
    expect(exotic("Standard_HB120rs_v3")).toBe(true);
    expect(exotic("Standard_NC4as_T4_v3")).toBe(true);
    expect(exotic("g2-standard-4")).toBe(true);
    expect(exotic("m6i.large", { accelerated: true })).toBe(true);
  });

  it("marks very-high-memory families", () => {
    for (const n of ["u-6tb1.112xlarge", "x1.16xlarge", "x1e.xlarge", "x2idn.16xlarge", "Standard_M416ms_v2", "m2-ultramem-208", "x4-megamem-960-metal"]) {
      expect(exotic(n), n).toBe(true);
    }
  });

  it("marks previous-previous generations but not the previous one", () => {
    for (const n of ["m1.small", "m3.large", "c3.large", "r3.large", "i2.xlarge", "t1.micro", "db.m3.large", "Standard_A5", "Standard_D2", "Standard_DS2", "Basic_A0", "f1-micro", "g1-small"]) {
      expect(exotic(n), n).toBe(true);
    }
    for (const n of ["t2.medium", "m4.large", "c4.xlarge", "db.m4.large", "Standard_B2s", "Standard_D4s_v3", "Standard_A2_v2", "Standard_F8s_v2", "n1-standard-4", "e2-medium"]) {
      expect(exotic(n), n).toBe(false);
    }
  });

  it("leaves the common current families alone", () => {
    for (const n of ["m5.large", "m7g.xlarge", "db.r6g.large", "Standard_D8s_v5", "Standard_E8s_v5", "n2d-standard-8", "c3-standard-8-lssd", "t2a-standard-4"]) {
      expect(exotic(n), n).toBe(false);
    }
  });
});
