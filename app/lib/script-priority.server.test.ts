import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { modulePreloadsAtLowPriority } from "./script-priority.server";

/** The document as React writes it: the bytes cut into the given chunk sizes (the last one takes the rest). */
async function through(html: string, sizes: number[]): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) break;
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(modulePreloadsAtLowPriority());
  for await (const piece of stream) out.push(piece as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/build/a.css"/></head><body><p>Mémoire — 1,0 GB</p>' +
  '<link rel="modulepreload" href="/build/manifest-1.js"/><link rel="modulepreload" href="/build/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/build/_shared/chunk-3.js"/><script type="module">import "/build/entry.client-2.js";</script></body></html>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("modulePreloadsAtLowPriority", () => {
  it("marks every modulepreload link low priority and leaves the rest of the document as it was", async () => {
    const out = await through(PAGE, []);
    expect(out).toBe(EXPECTED);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(out).toContain('<link rel="stylesheet" href="/build/a.css"/>');
  });

  it("finds a link cut anywhere between two chunks, and a multi-byte character cut in two", async () => {
    const tagAt = PAGE.indexOf('<link rel="modulepreload"');
    for (let cut = tagAt - 2; cut <= tagAt + 27; cut++) expect(await through(PAGE, [cut])).toBe(EXPECTED);
    const accent = Buffer.from(PAGE).indexOf(Buffer.from("é"));
    expect(await through(PAGE, [accent + 1])).toBe(EXPECTED);
  });

  it("gives the same document however small the chunks are", async () => {
    expect(await through(PAGE, Array.from({ length: PAGE.length }, () => 1))).toBe(EXPECTED);
    expect(await through(PAGE, Array.from({ length: 200 }, () => 7))).toBe(EXPECTED);
  });

  it("holds back only what could still be the start of a link, and sends it at the end", async () => {
    expect(await through("<p>a</p><link rel=", [])).toBe("<p>a</p><link rel=");
    expect(await through("<link rel=\"preload\"/><", [3, 5])).toBe('<link rel="preload"/><');
  });
});
