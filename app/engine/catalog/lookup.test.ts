import { describe, expect, it } from "vitest";
import { indexByName, memoryPerVcpu } from "./lookup";
import type { InstanceType } from "./types";

const type = (name: string, vcpus: number, memoryGiB: number, hourlyPrice: number) => ({ name, vcpus, memoryGiB, hourlyPrice }) as InstanceType;

describe("indexByName", () => {
  it("finds types by name, the later duplicate winning", () => {
    const index = indexByName([type("m5.large", 2, 8, 0.096), type("c5.large", 2, 4, 0.085), type("m5.large", 2, 8, 0.1)]);
    expect(index.size).toBe(2);
    expect(index.get("m5.large")?.hourlyPrice).toBe(0.1);
    expect(index.get("r5.large")).toBeUndefined();
  });
});

describe("memoryPerVcpu", () => {
  it("is GiB per vCPU", () => {
    expect(memoryPerVcpu({ vcpus: 8, memoryGiB: 32 })).toBe(4);
    expect(memoryPerVcpu({ vcpus: 4, memoryGiB: 7.5 })).toBe(1.875);
  });
});
