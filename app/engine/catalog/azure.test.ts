import { describe, expect, it } from "vitest";
import { azureApiName, parseAzureCatalog } from "./azure";

// Two blocks as they are in azure-vm-sample-2025-04.txt, with the file's heading.
const block = (heading: string, family: string, vcpus: number, memory: string, acu: number, linux: string, windows: string) => `
Instance Type: ${heading}
Category: generalpurpose
Family: ${family}
Architecture: x64
vCPUs: ${vcpus} (Available: ${vcpus}, Per Core: 1)
Memory: ${memory} GB
ACU: ${acu}
Accelerated Networking: false
Premium IO: false

Pricing in us-east:
  Linux:
    On-Demand: $${linux}
    Basic: $0.0000
    Basic Spot: $0.0000
    Spot Min: $0.0616
  Windows:
    On-Demand: $${windows}
    Hybrid Benefit: $0.3990
    Basic: $0.0000

Storage:
  Size: 1047552 bytes
  NVMe SSD: false
-----------------------------
`;
const TEXT = `Azure VM Instance Information:
-----------------------------
${block("a8v2 (Standard A8 v2)", "av2", 8, "16.00", 100, "0.3990", "0.6000")}${block("a0 (Basic A0)", "a", 1, "0.75", 50, "0.0200", "0.0000")}`;

describe("azureApiName", () => {
  it("joins the bracketed display name with underscores", () => {
    expect(azureApiName("a8v2 (Standard A8 v2)")).toBe("Standard_A8_v2");
    expect(azureApiName("a2mv2 (Standard A2m v2)")).toBe("Standard_A2m_v2");
    expect(azureApiName("a0 (Basic A0)")).toBe("Basic_A0");
    expect(azureApiName("d8sv5")).toBe("d8sv5");
  });
});

describe("parseAzureCatalog", () => {
  it("reads each block: vCPUs, memory, ACU, region and Linux/Windows/spot prices", () => {
    const [a8, a0] = parseAzureCatalog(TEXT);
    expect(a8).toEqual({
      provider: "Azure",
      name: "Standard_A8_v2",
      region: "us-east",
      family: "Av2",
      series: "A",
      generation: 2,
      size: "8",
      vcpus: 8,
      memoryGiB: 16,
      hourlyPrice: 0.399,
      windowsHourlyPrice: 0.6,
      spotHourlyPrice: 0.0616,
      architecture: "x86_64",
      processor: null,
      acu: 100,
      burstable: false,
      accelerated: false,
      metal: false,
      specialised: false,
    });
    expect(a0).toMatchObject({ name: "Basic_A0", family: "BasicA", memoryGiB: 0.75, acu: 50, hourlyPrice: 0.02, windowsHourlyPrice: null });
  });

  it("ignores the heading block and the Storage section's Size", () => {
    expect(parseAzureCatalog(TEXT)).toHaveLength(2);
  });

  it("reports a block without vCPUs or pricing", () => {
    expect(() => parseAzureCatalog("Instance Type: x (Standard X1)\nMemory: 1 GB\nArchitecture: x64\n")).toThrow(/line 1: Standard_X1: vCPUs or memory missing/);
    expect(() => parseAzureCatalog("Instance Type: x (Standard X1)\nvCPUs: 1\nMemory: 1 GB\nArchitecture: x64\n")).toThrow(/no 'Pricing in <region>'/);
  });
});
