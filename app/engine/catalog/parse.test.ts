import { describe, expect, it } from "vitest";
import { detectCatalogFormat, parseCatalog } from "./parse";

const AWS_LINE =
  "Instance type: c5.xlarge,\tCPU: Intel Xeon Platinum 8124M,\t Arch: x86_64,\tCPU cores: 4,\tMemory(GB): 8,\tLinux OD cost in us-east-1: 0.17,\tEBS surcharge:  0";
const AZURE_BLOCK = `Azure VM Instance Information:
-----------------------------

Instance Type: a2v2 (Standard A2 v2)
Architecture: x64
vCPUs: 2 (Available: 2, Per Core: 1)
Memory: 4.00 GB
ACU: 100

Pricing in us-east:
  Linux:
    On-Demand: $0.0903
-----------------------------
`;

describe("detectCatalogFormat", () => {
  it("recognises both shipped formats by their first line", () => {
    expect(detectCatalogFormat(`\n${AWS_LINE}`)).toBe("aws-ec2");
    expect(detectCatalogFormat(AZURE_BLOCK)).toBe("azure-vm");
    expect(detectCatalogFormat("name,vcpus\nm5.large,2")).toBeNull();
  });
});

describe("parseCatalog", () => {
  it("parses either format", () => {
    expect(parseCatalog(AWS_LINE)[0]).toMatchObject({ name: "c5.xlarge", vcpus: 4, memoryGiB: 8, hourlyPrice: 0.17 });
    expect(parseCatalog(AZURE_BLOCK)[0]).toMatchObject({ name: "Standard_A2_v2", vcpus: 2, memoryGiB: 4, hourlyPrice: 0.0903 });
  });

  it("throws on an unknown format", () => {
    expect(() => parseCatalog("name,vcpus")).toThrow(/Unrecognised catalog format/);
  });
});
