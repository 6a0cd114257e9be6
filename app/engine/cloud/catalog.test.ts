import { describe, expect, it } from "vitest";
import { ARCH_ARM, ARCH_MAC_ARM, ARCH_OTHER, ARCH_X86, archGroupOf, prepareCloudCatalog, regionCatalogFor } from "./catalog";
import type { InstanceType } from "../catalog/types";
import { candidate, smallCatalog } from "./testing";
import type { CloudCandidate } from "./types";

describe("prepareCloudCatalog", () => {
  it("sorts each region's types by Linux price, unpriced last, and orders Windows prices separately", () => {
    const catalog = prepareCloudCatalog(smallCatalog());
    const { rc, fallback } = regionCatalogFor(catalog, "EC2", "us-east-1")!;
    expect(fallback).toBe(false);
    expect(rc.types.slice(0, 4).map((t) => t.name)).toEqual(["m6g.large", "t3.large", "c5.large", "m6i.large"]);
    expect(rc.types.at(-1)!.name).toBe("m5.24xlarge");
    expect(Number.isNaN(rc.linux[rc.byName.get("m5.24xlarge")!])).toBe(true);
    // Arm has no Windows price; the cheapest Windows type is t3.large (0.0832 + 2 × 0.046)
    expect(rc.types[rc.windowsOrder[0]].name).toBe("t3.large");
    expect([...rc.windowsOrder].map((i) => rc.types[i].name)).not.toContain("m6g.large");
    expect(rc.work[rc.byName.get("m6i.xlarge")!]).toBeCloseTo(4.4, 9);
  });

  it("falls back to the region with most types when a service's region has no prices", () => {
    const catalog = prepareCloudCatalog([...smallCatalog(), candidate("m5.large", 2, 8, 0.11, { region: "eu-west-1" })]);
    expect(regionCatalogFor(catalog, "EC2", "eu-west-1")!.rc.types).toHaveLength(1);
    const other = regionCatalogFor(catalog, "EC2", "ap-south-1")!;
    expect(other.fallback).toBe(true);
    expect(other.rc.region).toBe("us-east-1");
    expect(regionCatalogFor(catalog, "RDS", "us-east-1")).toBeNull();
  });

  it("groups architectures: x86 (x86_64, i386, x64), Arm (arm64, Arm64), Mac, other", () => {
    expect(["x86_64", "i386", "x64"].map(archGroupOf)).toEqual([ARCH_X86, ARCH_X86, ARCH_X86]);
    expect(["arm64", "Arm64"].map(archGroupOf)).toEqual([ARCH_ARM, ARCH_ARM]);
    expect(archGroupOf("arm64_mac")).toBe(ARCH_MAC_ARM);
    expect(archGroupOf("riscv")).toBe(ARCH_OTHER);
  });
});

describe("CloudCandidate", () => {
  it("accepts a catalog InstanceType with the cloud fields (a compile-time check)", () => {
    type CloudFields = Pick<
      CloudCandidate,
      "processorSupplier" | "perfFactor" | "gpus" | "gpuModel" | "gpuMemoryGiB" | "localStorageGb" | "networkGbps" | "exotic" | "service"
    >;
    const extended = { ...({} as InstanceType), ...({} as CloudFields) };
    const asCandidate: CloudCandidate = extended;
    expect(asCandidate).toBeDefined();
  });
});
