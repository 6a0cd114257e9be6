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
    expect(cache.waiting(store)).toBe(3);
    release();
    expect(await Promise.all(asked)).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
    expect(cache.waiting(store)).toBe(0);
    expect(await cache.get(store, "tree", compute)).toBe(1);
    expect(await cache.get(store, "tree", compute, true)).toBe(2);
    expect(computed).toBe(2);
  });

  it("gives a made value without computing, and nothing for a value absent or still being computed", async () => {
    const cache = storeCache<string>({ maxEntries: 2 });
    expect(cache.made(store, "a")).toBeUndefined();
    let release!: (v: string) => void;
    const pending = cache.get(store, "a", () => new Promise<string>((r) => (release = r)));
    expect(cache.made(store, "a")).toBeUndefined();
    release("A");
    await pending;
    expect(cache.made(store, "a")).toBe("A");
    // A hit keeps the value: with "a" asked for last, "b" is the least recently used and leaves when "c" comes.
    await cache.get(store, "b", async () => "B");
    expect(cache.made(store, "a")).toBe("A");
    await cache.get(store, "c", async () => "C");
    expect([cache.made(store, "a"), cache.made(store, "b"), cache.made(store, "c")]).toEqual(["A", undefined, "C"]);
  });

  it("forgets a failed computation, so the next request computes again", async () => {
    const cache = storeCache<string>({ maxEntries: 4 });
    await expect(cache.get(store, "k", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.get(store, "k", async () => "yes")).toBe("yes");
  });

  it("drops the values of other generations when a value of a new one is asked for, and keeps values without one", async () => {
    const cache = storeCache<string>({ maxEntries: 10 });
    let computed = 0;
    const make = (v: string) => async () => {
      computed++;
      return v;
    };
    await cache.get(store, "a|s1", make("a1"), false, "s1");
    await cache.get(store, "b|s1", make("b1"), false, "s1");
    await cache.get(store, "plain", make("p"));
    expect(computed).toBe(3);
    // the same generation: cached
    expect(await cache.get(store, "a|s1", make("x"), false, "s1")).toBe("a1");
    expect(computed).toBe(3);
    // a new snapshot: its value is computed, and the old snapshot's values are gone
    expect(await cache.get(store, "a|s2", make("a2"), false, "s2")).toBe("a2");
    expect(await cache.get(store, "b|s1", make("b1 again"), false, "s1")).toBe("b1 again");
    expect(computed).toBe(5);
    // s1 asked again dropped s2's; a value without a generation stays throughout
    expect(await cache.get(store, "a|s2", make("a2 again"), false, "s2")).toBe("a2 again");
    expect(await cache.get(store, "plain", make("other"))).toBe("p");
    expect(computed).toBe(6);
  });
});
