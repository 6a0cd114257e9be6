import { describe, expect, it } from "vitest";
import type { Db } from "./treeview-common.server";
import { storeCache } from "./store-cache.server";

const store = {} as Db;

describe("storeCache", () => {
  it("gives concurrent requests for a cold key one computation, reload included, and recomputes a made value on reload", async () => {
    const cache = storeCache<number>({ maxEntries: 4 });
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      computed++;
      await gate;
      return computed;
    };
    const asked = [cache.get(store, "tree", compute), cache.get(store, "tree", compute, true), cache.get(store, "tree", compute)];
    release();
    expect(await Promise.all(asked)).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
    expect(await cache.get(store, "tree", compute)).toBe(1);
    expect(await cache.get(store, "tree", compute, true)).toBe(2);
    expect(computed).toBe(2);
  });

  it("forgets a failed computation, so the next request computes again", async () => {
    const cache = storeCache<string>({ maxEntries: 4 });
    await expect(cache.get(store, "k", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.get(store, "k", async () => "yes")).toBe("yes");
  });
});
