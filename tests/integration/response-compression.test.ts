/**
 * What the product's server compresses and how hard (app/lib/response-compression.server.ts, as scripts/serve.mjs
 * mounts it): answers made per request fast (brotli quality 1, gzip level 1), the built assets at the middleware's
 * stronger defaults. Real sockets; the page is written as Remix's Node adapter writes a document: 64 kB chunks, each
 * followed by a flush.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerCompression, assetCompression } from "~/lib/response-compression.server";

const CHUNK = 64 * 1024;

/** A page-sized document: a table of rows that differ, as a grid or a tree pane does (~420 kB). */
const page = Buffer.from(
  `<!DOCTYPE html><html><body><table>${Array.from(
    { length: 2500 },
    (_, i) =>
      `<tr data-row="${i}"><td class="whitespace-nowrap px-3 py-0">container-${(i * 7919) % 10007}</td><td class="text-right tabular-nums">$${((i * 131) % 9973) / 100}</td><td><a href="/kubex/containers-tree/tree-item?entityId=${(i * 104729).toString(16)}">open</a></td></tr>`,
  ).join("")}</table></body></html>`,
);
/** A built script: React DOM's minified production bundle (~130 kB), as the browser build ships it. */
const asset = fs.readFileSync(path.join(import.meta.dirname, "../../node_modules/react-dom/cjs/react-dom.production.min.js"));

let server: http.Server;
let port: number;
let assetDir: string;

beforeAll(async () => {
  assetDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-assets-"));
  fs.writeFileSync(path.join(assetDir, "entry.js"), asset);
  const app = express();
  app.use("/build", assetCompression(), express.static(assetDir, { immutable: true, maxAge: "1y" }));
  app.use(answerCompression());
  app.get("/page", (_req, res) => {
    res.type("html");
    for (let at = 0; at < page.length; at += CHUNK) {
      res.write(page.subarray(at, at + CHUNK));
      (res as unknown as { flush(): void }).flush();
    }
    res.end();
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(assetDir, { recursive: true, force: true });
});

function get(urlPath: string, acceptEncoding?: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    http
      .get({ host: "127.0.0.1", port, path: urlPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** `input` through a compression stream in 64 kB writes, flushed after each as the middleware flushes a page. */
function compressedAsSent(make: () => zlib.BrotliCompress | zlib.Gzip, input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = make();
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(out)));
    stream.on("error", reject);
    for (let at = 0; at < input.length; at += CHUNK) {
      stream.write(input.subarray(at, at + CHUNK));
      stream.flush();
    }
    stream.end();
  });
}

const brotliAt = (quality: number, window?: number) => () =>
  zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, ...(window ? { [zlib.constants.BROTLI_PARAM_LGWIN]: window } : {}) } });

describe("the server's compression", () => {
  it("sends a page to a browser in brotli at quality 1: the same bytes, smaller than the raw page, bigger than quality 4's", async () => {
    const { encoding, body } = await get("/page", "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
    expect(body.equals(await compressedAsSent(brotliAt(1, 20), page))).toBe(true);
    // Quality 4 (the middleware's default) makes a smaller page for several times the CPU.
    expect(body.length).toBeGreaterThan((await compressedAsSent(brotliAt(4), page)).length);
    expect(body.length).toBeLessThan(page.length / 5);
  });

  it("sends it in gzip at level 1 to a client without brotli, and as it is to a client that takes neither", async () => {
    const gzipped = await get("/page", "gzip, deflate");
    expect(gzipped.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).equals(page)).toBe(true);
    expect(gzipped.body.length).toBeGreaterThan((await compressedAsSent(() => zlib.createGzip({ level: 6 }), page)).length);

    const plain = await get("/page");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(page)).toBe(true);
  });

  it("keeps the stronger default for the built assets, which browsers keep for a year", async () => {
    const { encoding, body } = await get("/build/entry.js", "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(zlib.brotliDecompressSync(body).equals(asset)).toBe(true);
    const fast = zlib.brotliCompressSync(asset, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 20 } });
    const strong = zlib.brotliCompressSync(asset, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(strong.length).toBeLessThan(fast.length);
    expect(body.length).toBeLessThanOrEqual(strong.length + 64);
  });
});
