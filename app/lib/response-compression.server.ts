/**
 * How the product's HTTP server (scripts/serve.mjs) compresses what it sends (decision 022 §10).
 *
 * Pages, data and exports are compressed for each answer, while the user waits and while other users' pages wait
 * for the same two cores. The compression middleware's defaults (brotli quality 4 with a 4 MB window, gzip level 6)
 * cost 3-5 ms of CPU per 400 kB page, a fifth of a page's whole cost: under the 50-user load at 500,000 containers
 * with a browser's Accept-Encoding, 20 ms of CPU per answer against 15 ms uncompressed, and a p99 of 1.06-1.10 s
 * against 0.72 s. Brotli quality 1 with a 1 MB window (the biggest page is ~0.7 MB) and gzip level 1 take a third
 * to a half of that for ~20 % more bytes (42 against 35 kB for the average page in brotli, 49 against 41 in gzip):
 * 17 ms per answer and a p99 of 0.76-0.84 s under the same load.
 *
 * The built scripts and styles are another matter: the browser keeps them for a year (their names change with
 * their content), so they keep the stronger defaults, which make every first visit smaller.
 */
import compression from "compression";
import type { RequestHandler } from "express";
import { constants } from "node:zlib";

/** The options for everything but the built assets: pages, data requests, the API, exports, public/ files. */
const ANSWER_COMPRESSION = {
  level: 1,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 20 } },
} as const satisfies compression.CompressionOptions;

/** The middleware for answers made per request. */
export function answerCompression(): RequestHandler {
  return compression(ANSWER_COMPRESSION);
}

/** The middleware for the built assets (the middleware's defaults: brotli quality 4, gzip level 6). */
export function assetCompression(): RequestHandler {
  return compression();
}
