import { describe, expect, it } from "vitest";
import { bucketCategory, histogramBucket, histograms } from "./histogram";

describe("histogramBucket", () => {
  it("puts current ÷ recommended in the nearest bucket", () => {
    expect(histogramBucket(100, 100)).toBe(100);
    expect(histogramBucket(300, 100)).toBe(300); // 300 %
    expect(histogramBucket(110, 100)).toBe(100); // 110 %: 10 from 100, 10 from 120 → the one nearer 100
    expect(histogramBucket(111, 100)).toBe(120);
    expect(histogramBucket(70, 100)).toBe(60); // 10 from 60, 15 from 85
    expect(histogramBucket(75, 100)).toBe(85); // 15 from 60, 10 from 85
    expect(histogramBucket(250, 100)).toBe(200); // halfway between 200 and 300 → 200, nearer 100
  });

  it("sends extremes to the end buckets and unset values to -1", () => {
    expect(histogramBucket(1, 1000)).toBe(20);
    expect(histogramBucket(64_000, 10)).toBe(500);
    expect(histogramBucket(null, 100)).toBe(-1);
    expect(histogramBucket(0, 100)).toBe(-1);
  });

  it("names the colour meaning of each bucket", () => {
    expect([20, 85, 100, 120, 500, -1].map(bucketCategory)).toEqual(["too little", "too little", "just right", "too much", "too much", "unspecified"]);
  });
});

describe("histograms", () => {
  const c = (cpuRequest: number | null, memLimit: number | null) => ({
    existing: { cpuRequest, cpuLimit: null, memRequest: 512, memLimit },
    recommended: { cpuRequest: 100, cpuLimit: 200, memRequest: 512, memLimit: 1024 },
  });

  it("counts containers per bucket, and each chart adds up to the container count", () => {
    const h = histograms([c(100, 1024), c(500, null), c(null, 2048), c(40, 512)]);
    const count = (k: keyof typeof h, b: number) => h[k].find((x) => x.bucket === b)!.value;
    expect([count("cpuRequest", 100), count("cpuRequest", 500), count("cpuRequest", -1), count("cpuRequest", 40)]).toEqual([1, 1, 1, 1]);
    expect(count("cpuLimit", -1)).toBe(4);
    expect(count("memRequest", 100)).toBe(4);
    expect([count("memLimit", 100), count("memLimit", -1), count("memLimit", 200), count("memLimit", 40)]).toEqual([1, 1, 1, 0]);
    expect(count("memLimit", 60)).toBe(1); // 50 %: halfway 40/60 → 60, nearer 100
    for (const k of ["cpuRequest", "cpuLimit", "memRequest", "memLimit"] as const) {
      expect(h[k].reduce((s, b) => s + b.value, 0)).toBe(4);
      expect(h[k].map((b) => b.bucket)).toEqual([-1, 20, 40, 60, 85, 100, 120, 150, 200, 300, 500]);
    }
  });
});
