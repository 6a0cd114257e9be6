import { describe, expect, it } from "vitest";
import { neededShape, shapeDistance } from "./shape";

describe("neededShape", () => {
  it("is GiB per vCPU of a need in mCores and MB", () => {
    expect(neededShape(10000, 35000)).toBeCloseTo(3.41796875, 12); // 34.18 GiB over 10 vCPUs
    expect(neededShape(4000, 16384)).toBe(4);
  });

  it("is null unless both resources are needed", () => {
    expect(neededShape(0, 1024)).toBeNull();
    expect(neededShape(1000, 0)).toBeNull();
  });
});

describe("shapeDistance", () => {
  it("is |log2| of the ratio of shapes, so a factor of 2 either way is 1", () => {
    expect(shapeDistance({ vcpus: 2, memoryGiB: 8 }, 4)).toBe(0); // m5 for a 1:4 need
    expect(shapeDistance({ vcpus: 2, memoryGiB: 4 }, 4)).toBe(1); // c5
    expect(shapeDistance({ vcpus: 2, memoryGiB: 16 }, 4)).toBe(1); // r5
    expect(shapeDistance({ vcpus: 2, memoryGiB: 8 }, 2.828)).toBeCloseTo(0.5, 3);
  });

  it("is 0 for every type when the need has no shape", () => {
    expect(shapeDistance({ vcpus: 2, memoryGiB: 4 }, null)).toBe(0);
  });
});
