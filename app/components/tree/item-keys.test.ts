import { describe, expect, it } from "vitest";
import type { TreeRow } from "~/features/tree/slice";
import { itemKeys } from "./item-keys";

const row = (id: string): TreeRow => ({ id, name: id, label: id, level: 0, type: "ROOT", fullPath: id, hasChildren: false, href: `/${id}` });

describe("the tree pane's kept fragment keys", () => {
  it("makes a key once per root and state, and again for another state or root", () => {
    const keys = itemKeys();
    const a = row("a");
    let made = 0;
    const make = (k: string) => () => (made++, k);
    expect(keys(a, "0|true", make("A1"))).toBe("A1");
    expect(keys(a, "0|true", make("other"))).toBe("A1");
    expect(keys(a, "0|false", make("A2"))).toBe("A2");
    expect(keys(row("a"), "0|true", make("B1"))).toBe("B1");
    expect(made).toBe(3);
  });

  it("lets the least recently used roots go past its size, and never keeps a key larger than it", () => {
    const keys = itemKeys(80); // 20 characters (4 bytes each: the key and the rows it keeps)
    const [a, b, c] = [row("a"), row("b"), row("c")];
    keys(a, "s", () => "aaaaaaaa"); // 32 bytes
    keys(b, "s", () => "bbbbbbbb"); // 64
    keys(a, "s", () => "not made"); // a is now the most recent
    keys(c, "s", () => "cccccccc"); // 96: b goes
    expect(keys(a, "s", () => "made again")).toBe("aaaaaaaa");
    expect(keys(b, "s", () => "b again")).toBe("b again");
    expect(keys(c, "s", () => "x".repeat(30))).toBe("x".repeat(30)); // c was let go for b; too large to keep
    expect(keys(c, "s", () => "c made")).toBe("c made");
  });
});
