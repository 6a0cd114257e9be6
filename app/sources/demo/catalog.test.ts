import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_INSTANCE_TYPES, REGION_PRICE_FACTOR, hourlyPrice, instanceType } from "./catalog";
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
