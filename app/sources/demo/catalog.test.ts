import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_INSTANCE_TYPES, REGION_PRICE_FACTOR, WINDOWS_LICENCE_PER_VCPU, architectureOf, hourlyPrice, instanceType, windowsHourly } from "./catalog";
import { GROUP_INSTANCE_TYPES } from "./names";

// The catalog files live beside the design documents; the check runs wherever they are present.
// The catalog files shipped in the repository (catalog/), which the demo fleet's prices are copied from.
const CATALOG_DIR = path.resolve(process.cwd(), "catalog");

describe("demo instance types", () => {
  it("copies AWS EC2 vCPUs, memory and Linux prices from the catalog file", () => {
    const text = fs.readFileSync(path.join(CATALOG_DIR, "aws-ec2-us-east-1-2023-08-30.txt"), "utf8");
    const checked = Object.entries(DEMO_INSTANCE_TYPES).filter(([, t]) => t.provider === "AWS" && t.source === "catalog");
    expect(checked.length).toBeGreaterThan(20);
    for (const [name, t] of checked) {
      const line = text.split("\n").find((l) => l.startsWith(`Instance type: ${name},`));
      expect(line, name).toBeDefined();
      expect(Number(/CPU cores: ([\d.]+)/.exec(line!)![1]), name).toBe(t.vcpus);
      expect(Number(/Memory\(GB\): ([\d.]+)/.exec(line!)![1]), name).toBe(t.memoryGiB);
      expect(Number(/Linux OD cost in us-east-1: ([\d.]+)/.exec(line!)![1]), name).toBe(t.hourly);
    }
  });

  it("copies the Azure A-series v2 from the catalog sample", () => {
    const text = fs.readFileSync(path.join(CATALOG_DIR, "azure-vm-sample-2025-04.txt"), "utf8");
    const blocks = text.split("-----------------------------");
    for (const [name, t] of Object.entries(DEMO_INSTANCE_TYPES).filter(([, t]) => t.provider === "Azure" && t.source === "catalog")) {
      const label = name.replace(/^Standard_/, "Standard ").replace(/_v2$/, " v2");
      const block = blocks.find((b) => b.includes(`(${label})`));
      expect(block, name).toBeDefined();
      expect(Number(/vCPUs: (\d+)/.exec(block!)![1])).toBe(t.vcpus);
      expect(Number(/Memory: ([\d.]+) GB/.exec(block!)![1])).toBe(t.memoryGiB);
      expect(Number(/Linux:\s+On-Demand: \$([\d.]+)/.exec(block!)![1])).toBe(t.hourly);
    }
  });

  it("knows every instance type a node group can use", () => {
    for (const byRole of Object.values(GROUP_INSTANCE_TYPES)) {
      for (const types of Object.values(byRole)) for (const t of types) expect(() => instanceType(t)).not.toThrow();
    }
    expect(() => instanceType("m9.huge")).toThrow(/Unknown demo instance type m9.huge/);
  });

  it("prices other regions with the regional factor", () => {
    expect(hourlyPrice("m5.large", "us-east-1")).toBe(0.096);
    expect(hourlyPrice("m5.large", "eu-central-1")).toBeCloseTo(0.096 * REGION_PRICE_FACTOR["eu-central-1"], 4);
  });
});

describe("demo instance types: Windows and architecture", () => {
  it("copies AWS Windows prices from the catalog file, and has none for Graviton types", () => {
    const text = fs.readFileSync(path.join(CATALOG_DIR, "aws-ec2-us-east-1-2023-08-30.txt"), "utf8");
    for (const [name, t] of Object.entries(DEMO_INSTANCE_TYPES).filter(([n, t]) => t.provider === "AWS" && t.source === "catalog" && !n.startsWith("db."))) {
      const line = text.split("\n").find((l) => l.startsWith(`Instance type: ${name},`))!;
      const windows = Number(/Windows OD cost in us-east-1: ([\d.]+)/.exec(line)![1]);
      expect(windowsHourly(name), name).toBe(windows === 0 ? null : windows);
      expect(architectureOf(name), name).toBe(/Arch: arm64/.test(line) ? "arm64" : "x86_64");
      expect(t.windowsHourly ?? 0).toBe(windows);
    }
  });

  it("adds the $0.046 per vCPU-hour Windows licence on Azure D, E, F sizes and Compute Engine, none on arm64 or RDS", () => {
    expect(windowsHourly("Standard_D4s_v3")).toBeCloseTo(0.192 + 4 * WINDOWS_LICENCE_PER_VCPU, 6);
    expect(windowsHourly("n1-standard-4")).toBeCloseTo(0.189999 + 4 * WINDOWS_LICENCE_PER_VCPU, 6);
    expect(windowsHourly("Standard_A2_v2")).toBe(0.136);
    for (const t of ["Standard_D4ps_v5", "t2a-standard-4", "m7g.xlarge", "db.m5.large", "e2-medium", "Standard_B2s"]) expect(windowsHourly(t), t).toBeNull();
    expect(hourlyPrice("m5.large", "us-east-1", "Windows")).toBe(0.188);
    expect(() => hourlyPrice("m7g.large", "us-east-1", "Windows")).toThrow(/no Windows price/);
  });

  it("knows which types are arm64", () => {
    for (const t of ["m6g.xlarge", "t4g.large", "c7g.2xlarge", "db.r6g.large", "Standard_D4ps_v5", "t2a-standard-4"]) expect(architectureOf(t), t).toBe("arm64");
    for (const t of ["m5.large", "g5.xlarge", "Standard_D4s_v5", "Standard_D4as_v5", "n2d-standard-4", "db.m5.large"]) expect(architectureOf(t), t).toBe("x86_64");
  });
});
