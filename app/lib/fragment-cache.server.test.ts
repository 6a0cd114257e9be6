import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { fragmentCache } from "./fragment-cache.server";

describe("fragmentCache", () => {
  it("renders a key's markup once and gives the same markup on every later call", () => {
    const cache = fragmentCache();
    let renders = 0;
    const render = () => {
      renders++;
      return h("li", { "data-node-id": "0.1" }, "prod-eks-euc1-040");
    };
    const first = cache.html("k", render);
    expect(first).toBe('<li data-node-id="0.1">prod-eks-euc1-040</li>');
    expect(cache.html("k", render)).toBe(first);
    expect(renders).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it("drops the least recently used entries past its byte bound, and keeps nothing bigger than the bound", () => {
    // Each entry: key "a"/"b"/"c" (1 char) + "<p>xxxx</p>" (11 chars) = 24 bytes at two a character.
    const cache = fragmentCache(50);
    const p = (text: string) => () => h("p", null, text);
    cache.html("a", p("aaaa"));
    cache.html("b", p("bbbb"));
    cache.html("a", p("aaaa")); // a is now the most recently used
    cache.html("c", p("cccc")); // 72 bytes: b goes
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 48 });
    let rendered = "";
    cache.html("b", () => {
      rendered = "b";
      return h("p", null, "bbbb");
    });
    expect(rendered).toBe("b");
    const huge = cache.html("h", p("x".repeat(100)));
    expect(huge).toBe(`<p>${"x".repeat(100)}</p>`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(50);
  });
});
