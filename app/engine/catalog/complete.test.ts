import { describe, expect, it } from "vitest";
import { parseAwsCatalog } from "./aws";
import { completeInstanceType, serviceOf } from "./complete";

const M5 =
  "Instance type: m5.2xlarge,\tCPU: Intel Xeon Platinum 8175,\t Arch: x86_64,\tCPU cores: 8,\tMemory(GB): 32,\tLinux OD cost in us-east-1: 0.384,\tWindows OD cost in us-east-1: 0.752";

describe("serviceOf", () => {
  it("names the service from the provider and the db. prefix", () => {
    expect(serviceOf("m5.large", "AWS")).toBe("EC2");
    expect(serviceOf("db.m5.large", "AWS")).toBe("RDS");
    expect(serviceOf("Standard_D8s_v5", "Azure")).toBe("VM");
    expect(serviceOf("n2-standard-8", "GCP")).toBe("GCE");
  });
});

describe("completeInstanceType", () => {
  it("derives supplier, performance, service and exotic, and makes the one region's price the price map", () => {
    const [m5] = parseAwsCatalog(M5);
    expect(completeInstanceType(m5)).toMatchObject({
      ...m5,
      service: "EC2",
      processorSupplier: "Intel",
      perfFactor: 1,
      gpus: 0,
      gpuModel: null,
      gpuMemoryGiB: 0,
      localStorageGb: 0,
      networkGbps: null,
      exotic: false,
      prices: { "us-east-1": { linux: 0.384, windows: 0.752 } },
    });
  });

  it("takes what a source adds, and a GPU makes the type accelerated (so exotic)", () => {
    const [m5] = parseAwsCatalog(M5);
    const t = completeInstanceType(m5, { gpus: 1, gpuModel: "A10G", gpuMemoryGiB: 24, processorSupplier: "AMD" });
    expect(t).toMatchObject({ accelerated: true, exotic: true, gpus: 1, gpuModel: "A10G", processorSupplier: "AMD" });
  });
});
