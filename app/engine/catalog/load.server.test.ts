import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalogDir, loadCatalogFile, SHIPPED_CATALOG_DIR } from "./load.server";
import { SHIPPED_CATALOGS } from "./sources";

const LINE = (name: string, vcpus: number, mem: number, price: number) =>
  `Instance type: ${name},\tCPU: Intel,\t Arch: x86_64,\tCPU cores: ${vcpus},\tMemory(GB): ${mem},\tLinux OD cost in us-east-1: ${price}`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-catalog-"));
fs.writeFileSync(path.join(tmp, "b.txt"), LINE("c5.large", 2, 4, 0.085));
fs.writeFileSync(path.join(tmp, "a.txt"), LINE("m5.large", 2, 8, 0.096));
fs.writeFileSync(path.join(tmp, "notes.md"), "not a catalog");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// The shipped files live beside the design documents; these checks run wherever they are present.
const SHIPPED = SHIPPED_CATALOG_DIR;

describe("loadCatalogFile / loadCatalogDir", () => {
  it("reads a file, and every .txt of a folder in name order", () => {
    expect(loadCatalogFile(path.join(tmp, "a.txt")).map((t) => t.name)).toEqual(["m5.large"]);
    expect(loadCatalogDir(tmp).map((t) => t.name)).toEqual(["m5.large", "c5.large"]);
  });

  it("reads all 647 EC2 types of the shipped AWS file with their us-east-1 prices", () => {
    const types = loadCatalogFile(path.join(SHIPPED, "aws-ec2-us-east-1-2023-08-30.txt"));
    expect(types).toHaveLength(647);
    expect(new Set(types.map((t) => t.name)).size).toBe(647);
    expect(types.find((t) => t.name === "m5.2xlarge")).toMatchObject({ family: "m5", vcpus: 8, memoryGiB: 32, hourlyPrice: 0.384 });
    expect(types.find((t) => t.name === "r6i.xlarge")).toMatchObject({ family: "r6i", vcpus: 4, memoryGiB: 32, hourlyPrice: 0.252 });
    expect(types.find((t) => t.name === "m6g.xlarge")).toMatchObject({ architecture: "arm64", hourlyPrice: 0.154 });
    expect(types.filter((t) => t.hourlyPrice === null).map((t) => t.name).sort()).toEqual([
      "cc2.8xlarge",
      "hs1.8xlarge",
      "i2.large",
      "mac1.metal",
      "mac2.metal",
    ]);
    expect(types.every((t) => t.region === SHIPPED_CATALOGS["aws-ec2-us-east-1-2023-08-30.txt"].region)).toBe(true);
  });

  it("reads the shipped Azure sample with API names and ACU", () => {
    const types = loadCatalogFile(path.join(SHIPPED, "azure-vm-sample-2025-04.txt"));
    expect(types).toHaveLength(15);
    expect(types.find((t) => t.name === "Standard_A4m_v2")).toMatchObject({ family: "Amv2", vcpus: 4, memoryGiB: 32, hourlyPrice: 0.237, acu: 100 });
    expect(types.every((t) => t.region === "us-east")).toBe(true);
  });
});
