/**
 * patches/react-dom+18.3.1.patch (decision 029): React's Node stream renderer gathers the strings of a flush and
 * encodes them once, instead of copying every tag and attribute into 2 kB byte buffers one native call at a time.
 * What a page sends must not change: the same bytes as the unpatched renderer's string twin, Suspense boundaries
 * streamed in later included, multi-byte text intact, and two renders side by side each getting only its own
 * output. It must also be in force (npm's postinstall applies it): a big page leaves in a few writes, not hundreds.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { streamedPage } from "./stream-render";

const require = createRequire(import.meta.url);
// The production build, as the server runs it (vitest's NODE_ENV would pick the development build).
const cjs = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const server = require(path.join(cjs, "react-dom-server.node.production.min.js")) as typeof import("react-dom/server");
const legacy = require(path.join(cjs, "react-dom-server-legacy.node.production.min.js")) as typeof import("react-dom/server");

/** Renders with the production build and collects every write. */
const streamed = (node: ReactNode) => streamedPage(server.renderToPipeableStream, node);

function rows(n: number, text: (i: number) => string): ReactNode {
  return h(
    "ul",
    { className: "tree" },
    Array.from({ length: n }, (_, i) =>
      h("li", { key: i, role: "treeitem", "aria-level": 2, "data-node-id": `0.${i}`, style: { paddingLeft: 18 } }, h("a", { href: `/x?i=${i}&q=a b` }, text(i))),
    ),
  );
}

/** A component that suspends until `promise` settles, then renders `children`. */
function Later({ promise, children }: { promise: Promise<void> & { done?: boolean }; children?: ReactNode }) {
  if (!promise.done) throw promise.then(() => void (promise.done = true));
  return h("section", null, children);
}

describe("React's stream renderer with the write patch", () => {
  it("writes the bytes the string renderer makes, multi-byte text and long strings included, in a few writes", async () => {
    const page = h("main", null, rows(3000, (i) => (i % 3 === 0 ? `naïve 東京 🚀 ${i}` : i % 3 === 1 ? `<b>&"${i}"` : "x".repeat(i % 50))), h("p", null, "é".repeat(40_000)));
    const { html, writes } = await streamed(page);
    // Unpatched, React 18.3.1 wrote NUL bytes where a multi-byte character did not fit its 2 kB buffer (React issue
    // 31134): here "\0\0\0" before the 🚀 of row 354.
    expect(html).not.toContain("\0");
    expect(html).toBe(legacy.renderToString(page));
    expect(html).toContain("naïve 東京 🚀 3");
    // ~300 kB: the unpatched renderer wrote it in 2 kB pieces (150+ writes); gathered, a write per 16 k characters
    // (and one more where a string longer than that, here the 40,000 é, starts).
    expect(writes).toBeLessThan(35);
  });

  it("sends a long string (a cached fragment's markup) whole, in pieces that never split a character", async () => {
    // 🚀 is two UTF-16 code units: placed across every 16 k-character boundary, a cut between them would send two
    // replacement characters instead.
    const piece = `${"a".repeat(16383)}🚀`;
    const markup = `<li>${piece.repeat(5)}é東京</li>`;
    const page = h("main", null, h("h1", null, "tree"), h("ul", { dangerouslySetInnerHTML: { __html: markup } }), h("p", null, "after"));
    const { html, writes } = await streamed(page);
    expect(html).toBe(legacy.renderToString(page));
    expect(html).toContain(markup);
    expect(html).not.toContain("\uFFFD");
    expect(writes).toBeLessThan(12);
  });

  it("streams a Suspense boundary after the shell, and keeps two renders side by side apart", async () => {
    const make = (name: string) => {
      let release!: () => void;
      const gate = Object.assign(new Promise<void>((r) => (release = r)), { done: false });
      const node = h("div", null, h("h1", null, name), h(Suspense, { fallback: h("i", null, "loading") }, h(Later, { promise: gate }, rows(200, (i) => `${name}-${i}`))));
      return { node, release };
    };
    const a = make("alpha");
    const b = make("beta");
    const both = Promise.all([streamed(a.node), streamed(b.node)]);
    setImmediate(() => {
      b.release();
      a.release();
    });
    const [ra, rb] = await both;
    for (const [r, name, other] of [
      [ra, "alpha", "beta"],
      [rb, "beta", "alpha"],
    ] as const) {
      expect(r.html).toContain(`<h1>${name}</h1>`);
      expect(r.html).toContain("loading");
      expect(r.html).toContain(`${name}-199`);
      expect(r.html).not.toContain(other);
      // The boundary's content arrives after the shell, with React's script that swaps it in.
      expect(r.html.indexOf(`${name}-0`)).toBeGreaterThan(r.html.indexOf("loading"));
      expect(r.html).toContain("$RC");
    }
  });
});
