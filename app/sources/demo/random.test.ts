import { describe, expect, it } from "vitest";
import { Rng, hash32, hashHex64, unit2 } from "./random";

describe("hashing", () => {
  it("is stable across releases: these values name every demo entity", () => {
    // Changing the hash changes every id of every demo fleet; if this fails, that is what happened.
    expect(hash32("prod-eks-use1-01", 0)).toBe(2478194236);
    expect(hashHex64("abc")).toBe("7a91f9f91ac18c8d");
    expect(hashHex64("prod-eks-use1-01/kube-system/Deployment/coredns/coredns")).toBe("707732b9edb0bd1a");
    expect(hashHex64("abc")).not.toBe(hashHex64("abd"));
    expect(hashHex64("abc", 1)).not.toBe(hashHex64("abc", 2));
  });

  it("spreads unit2 evenly over [0, 1)", () => {
    const buckets = new Array(10).fill(0);
    for (let k = 0; k < 100_000; k++) buckets[Math.floor(unit2(12345, k) * 10)]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });
});

describe("Rng", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const c = new Rng(8);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
    for (const x of sa) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("draws integers in range, both ends included, and weighted choices in proportion", () => {
    const r = new Rng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(r.int(1, 3));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    let heavy = 0;
    for (let i = 0; i < 10_000; i++) if (r.weighted([["a", 9], ["b", 1]] as const) === "a") heavy++;
    expect(heavy / 10_000).toBeGreaterThan(0.88);
    expect(heavy / 10_000).toBeLessThan(0.92);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
