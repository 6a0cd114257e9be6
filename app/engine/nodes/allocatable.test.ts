import { describe, expect, it } from "vitest";
import { allocatableOf, kubeReservedCpu, kubeReservedMem } from "./allocatable";

describe("kubeReservedCpu", () => {
  it("reserves 6 % of core 1, 1 % of core 2, 0.5 % of cores 3-4, 0.25 % above", () => {
    expect(kubeReservedCpu(1)).toBeCloseTo(60, 9);
    expect(kubeReservedCpu(2)).toBeCloseTo(70, 9);
    expect(kubeReservedCpu(4)).toBeCloseTo(80, 9);
    expect(kubeReservedCpu(8)).toBeCloseTo(90, 9);
    expect(kubeReservedCpu(64)).toBeCloseTo(230, 9);
  });
});

describe("kubeReservedMem", () => {
  it("reserves 255 MiB below 1 GiB", () => {
    expect(kubeReservedMem(0.5)).toBe(255);
  });

  it("reserves 25 % of 4 GiB, 20 % of the next 4, 10 % of the next 8, 6 % to 128, 2 % above", () => {
    expect(kubeReservedMem(8)).toBeCloseTo(1.8 * 1024, 9); // 1 + 0.8 GiB
    expect(kubeReservedMem(32)).toBeCloseTo(3.56 * 1024, 9); // 1 + 0.8 + 0.8 + 0.96
    expect(kubeReservedMem(256)).toBeCloseTo(11.88 * 1024, 9); // 1 + 0.8 + 0.8 + 6.72 + 2.56
  });
});

describe("allocatableOf", () => {
  it("is capacity minus kube-reserved minus the 100 MiB eviction threshold, rounded down", () => {
    expect(allocatableOf({ vcpus: 2, memoryGiB: 8 })).toEqual({ cpu: 1930, mem: 6248 }); // m5.large: 8192 - 1843.2 - 100
    expect(allocatableOf({ vcpus: 8, memoryGiB: 32 })).toEqual({ cpu: 7910, mem: 29022 }); // m5.2xlarge: 32768 - 3645.44 - 100
    expect(allocatableOf({ vcpus: 64, memoryGiB: 256 })).toEqual({ cpu: 63770, mem: 249878 }); // 262144 - 12165.12 - 100
    expect(allocatableOf({ vcpus: 1, memoryGiB: 0.5 })).toEqual({ cpu: 940, mem: 157 }); // 512 - 255 - 100
  });
});
