import { describe, expect, it } from "vitest";
import { parseInstanceName } from "./names";
import { AZURE_REFERENCE_ACU, perfFactorOf } from "./perf";
import type { ProcessorSupplier } from "./types";

const perf = (name: string, processorSupplier: ProcessorSupplier, acu: number | null = null) => perfFactorOf({ ...parseInstanceName(name)!, name, acu, processorSupplier });

describe("perfFactorOf", () => {
  it("is 1.0 for the reference (Skylake/Cascade Lake) and steps with the AWS processor generation", () => {
    expect(perf("m5.large", "Intel")).toBe(1);
    expect(perf("m4.large", "Intel")).toBeLessThan(1);
    expect(perf("m6i.large", "Intel")).toBeGreaterThan(1);
    expect(perf("m7i.large", "Intel")).toBeGreaterThan(perf("m6i.large", "Intel"));
    expect(perf("m7a.large", "AMD")).toBeGreaterThan(perf("m6a.large", "AMD"));
    expect(perf("m7g.large", "ARM")).toBeGreaterThan(perf("m6g.large", "ARM"));
    expect(perf("db.m5.large", "Intel")).toBe(1);
  });

  it("knows the AWS families whose digit is no processor generation, and the t line", () => {
    expect(perf("x2gd.large", "ARM")).toBe(perf("m6g.large", "ARM"));
    expect(perf("z1d.large", "Intel")).toBeGreaterThan(1);
    expect(perf("t3.medium", "Intel")).toBe(1);
    expect(perf("t2.medium", "Intel")).toBeLessThan(1);
  });

  it("is ACU / 200 on Azure when the ACU is published, else by supplier and size version", () => {
    expect(AZURE_REFERENCE_ACU).toBe(200);
    expect(perf("Standard_D8s_v3", "Intel", 160)).toBe(0.8);
    expect(perf("Standard_A2_v2", "Intel", 100)).toBe(0.5);
    expect(perf("Standard_D8s_v5", "Intel")).toBe(1.1);
    expect(perf("Standard_B2s", "Intel")).toBe(0.85);
    expect(perf("Standard_A5", "Intel")).toBe(0.5);
  });

  it("goes by machine series on GCP, 1.0 when the series is unknown", () => {
    expect(perf("n2-standard-8", "Intel")).toBe(1.1);
    expect(perf("e2-medium", "Other")).toBe(0.9);
    expect(perf("c3-standard-8-lssd", "Intel")).toBe(1.3);
    expect(perf("zz9-standard-8", "Other")).toBe(1);
  });
});
