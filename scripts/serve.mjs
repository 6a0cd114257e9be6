/**
 * The product's HTTP server (`npm start` runs it bundled, as build/serve.mjs): what remix-serve does (compression,
 * the built assets cached for a year, public/ for an hour, a request log, Remix for the rest) plus two things
 * remix-serve cannot:
 *   - the security headers of app/lib/security-headers.ts on EVERY response, static files and resource routes
 *     (exports, the API, redirects) included; a page keeps the nonce policy entry.server.tsx gave it;
 *   - the connection's peer address as Remix load context (clientAddress), for the sign-in limits per address;
 *   - a post from another site's page (Origin) answered 403 before Remix sees it: Remix's own check of a page's
 *     action throws, which is a bare 500 (app/lib/form-post.server.ts applies the same test inside the app).
 * Usage: node build/serve.mjs build/index.js (HOST, PORT; KUBEX_TRUST_PROXY is read by the app itself), as
 * scripts/serve-command.ts spells it; `npm run build` (scripts/build.mjs) bundles this file with the app/lib
 * TypeScript it imports, so it runs on plain Node (`tsx scripts/serve.mjs …` runs it unbundled, as `npm run dev`
 * does). Prints "[kubex-serve] http://HOST:PORT" once it listens.
 *
 * Both cores (issue 13, decision 022): with KUBEX_WEB_PROCESSES above 1 (default: one per core) this process is
 * the primary of app/lib/web-cluster.server.ts: it forks that many web processes, listens itself and hands each
 * connection to the web process with the fewest open ones. They share the store (SQLite in WAL with busy retries, or
 * PostgreSQL); each keeps its own caches, keyed by the collection and snapshot ids it reads from the store, so a new
 * analysis is seen by all. Only the first web process runs the collection schedule (the others get
 * KUBEX_COLLECT_SCHEDULE=off; "collect now" still runs where it is asked). A web process that dies is forked again.
 * A web process takes connections once its first warm-up of the default pages' caches, and then of their code, is
 * over (app/features/warm); the primary prints the "[kubex-serve]" line once every web process is ready, and passes
 * SIGTERM/SIGINT on.
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import url from "node:url";
import express from "express";
import morgan from "morgan";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, createRequestHandler as createRemixHandler, installGlobals } from "@remix-run/node";
import { BASE_SECURITY_HEADERS, NON_DOCUMENT_CSP } from "../app/lib/security-headers.ts";
import { FOREIGN_POST_MESSAGE, isForeignPost } from "../app/lib/form-post.server.ts";
import { env } from "../app/lib/env.server.ts";
import { admissionQueue } from "../app/lib/admission.server.ts";
import { answerCompression, assetCompression } from "../app/lib/response-compression.server.ts";
import { REQUEST_ID_HEADER } from "../app/lib/request-memo.server.ts";
import { drainOnSignals, runWebCluster, serveHandedConnections } from "../app/lib/web-cluster.server.ts";
import { WEB_PROCESS_V8_FLAGS } from "./serve-command.ts";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

// One process in development (the dev server's reloads talk to one), one per core otherwise.
const webProcesses = env().KUBEX_WEB_PROCESSES ?? (process.env.NODE_ENV === "development" ? 1 : os.availableParallelism());

if (cluster.isPrimary && webProcesses > 1) {
  // The web processes' V8 flags (why: scripts/serve-command.ts), each unless NODE_OPTIONS or the command line names it.
  const named = (flag) => [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((a) => a.startsWith(flag));
  const v8Flags = WEB_PROCESS_V8_FLAGS.filter((f) => !named(f.split("=")[0]));
  // glibc's malloc gives each thread that allocates at once an arena of its own, up to 8 per core: a web process's
  // main thread, read threads, libuv's pool and V8's helpers leave each one holding freed memory the others cannot
  // use. Two arenas: the server's peak RSS under the 50-user load at 500,000 containers 1,619 -> 1,520 MB at the
  // same CPU per request (decision 022 §5b). Unless the environment sets it; other C libraries ignore it.
  const malloc = process.env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "2" };
  runWebCluster({
    processes: webProcesses,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST || undefined,
    execArgv: [...process.execArgv, ...v8Flags],
    env: (index) => (index === 0 ? malloc : { ...malloc, KUBEX_COLLECT_SCHEDULE: "off" }),
  });
} else {
  await serve();
}

async function serve() {
  const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
  const build = await import(url.pathToFileURL(buildPath).href + "?t=" + fs.statSync(buildPath).mtimeMs);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  /** Fills in, just before the head of a response is written, each security header it does not have yet. */
  function securityHeaders(_req, res, next) {
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value);
      if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", NON_DOCUMENT_CSP);
      return writeHead.apply(this, args);
    };
    next();
  }

  const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

  function refuseForeignPosts(req, res, next) {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const headers = new Headers();
    for (const name of ["origin", "sec-fetch-site", "host", "x-forwarded-host"]) {
      const value = req.get(name);
      if (value !== undefined) headers.set(name, value);
    }
    let url;
    try {
      url = new URL(`http://${req.get("host")}/`);
    } catch {
      url = new URL("http://host.invalid/");
    }
    if (!isForeignPost(new Request(url, { headers }))) return next();
    res.status(403).type("text/plain; charset=utf-8").send(FOREIGN_POST_MESSAGE);
  }

  // Admission (decision 022, app/lib/admission.server.ts): at most KUBEX_REQUESTS_PER_PROCESS (default 4) page and
  // data reads at once, the rest in arrival order. Without it 50 requests share the process's thread and finish
  // together: a request that waits on a real turn of the loop (a PostgreSQL round trip, a read thread) waits behind
  // every one in progress (at 500,000 containers the slowest answers took 4.1-4.3 s; 1.5-2.4 s with it).
  const admit = admissionQueue(env().KUBEX_REQUESTS_PER_PROCESS ?? 4);

  // The reads a request's loaders share (app/lib/request-memo.server.ts): opened when the request is admitted, closed
  // with its answer; the id replaces any the client sent, so only this server's ids name a memo.
  const { openRequestMemo, closeRequestMemo } = build.entry.module;
  function requestMemo(req, res, next) {
    const id = openRequestMemo();
    req.headers[REQUEST_ID_HEADER] = id;
    res.once("close", () => closeRequestMemo(id));
    next();
  }

  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders);
  // The built assets, kept by browsers for a year, at the compression middleware's stronger defaults; every other
  // answer is made per request and compressed fast (app/lib/response-compression.server.ts).
  app.use(build.publicPath, assetCompression(), express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(answerCompression());
  // public/ holds the favicon (and, in development, the browser build): express.static looks on disk for every
  // address it sees, so only an address under one of public/'s own entries goes to it, not every page's.
  const publicFiles = express.static("public", { maxAge: "1h" });
  const publicEntries = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));
  // morgan's "tiny" line and the time to the response's last byte: a page streams after its headers, so the time to
  // the headers alone leaves out part of its render (bench/README.md, users.bench.ts's KUBEX_BENCH_SERVER_LOG).
  app.use(morgan(":method :url :status :res[content-length] - :response-time ms, :total-time ms to the last byte"));
  app.use(refuseForeignPosts);
  app.use(admit);
  app.use(requestMemo);
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
    }),
  );

  // Connections are taken once this process's first warm-up is over (issue 13): a request arriving during it joined
  // the cold computations (the root Summary's first answer took 8-9 s at 500,000 containers). With several web
  // processes the primary's line comes when all listen, so "ready" means warm. A warm-up longer than WARM_WAIT_MS
  // (a store far past the benchmarks' sizes) is not waited for further; it goes on while the process serves.
  const WARM_WAIT_MS = 120_000;
  // Then the default pages' code (app/entry.server.tsx's warmPageCode: a few dozen renders through Remix's handler).
  const warmUp = build.entry?.module?.firstWarmUp;
  const warmCode = process.env.NODE_ENV === "development" ? undefined : build.entry?.module?.warmPageCode;
  if (warmUp) {
    let timer;
    const warm = warmUp.then(() => warmCode?.(createRemixHandler(build, process.env.NODE_ENV)));
    await Promise.race([warm, new Promise((resolve) => (timer = setTimeout(resolve, WARM_WAIT_MS)))]);
    clearTimeout(timer);
  }

  if (cluster.isWorker) {
    // One of several web processes: the primary hands it connections (app/lib/web-cluster.server.ts).
    // New requests wait while the primary has more connections on their way here (a burst of new visitors).
    serveHandedConnections(http.createServer(app), { onHandoffs: admit.handoffs });
    return;
  }
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || undefined;
  const server = app.listen(port, host, () => {
    console.log(`[kubex-serve] http://${host ?? "localhost"}:${port}`);
    if (process.env.NODE_ENV === "development") void broadcastDevReady(build);
  });
  drainOnSignals(server);
}
