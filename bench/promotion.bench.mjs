/**
 * What a request leaves in V8's old space (issue 13, decision 022 §7): one HTTP server per variant, each answering the
 * same small text, asked one request at a time over one kept-alive connection for `SECONDS` (default 8), with
 * `--trace-gc-nvp`; prints the bytes the scavenges promoted per request. A request's objects should die young:
 * what is promoted is later marked and swept by a major collection, and under the 50-user load at 500k those were
 * ~4-6 ms of CPU per request.
 *
 *   node bench/promotion.bench.mjs            (all variants)
 *   node bench/promotion.bench.mjs setproto   (one)
 *
 * Variants: `plain` (node:http), `setproto` (the same, with the request's and response's prototypes swapped as
 * express does on every request), `cycle` (the properties express adds, no prototype swap), `express`,
 * `express+compression`, `express+morgan`. Results and how to read them: bench/README.md, "Later on 2026-12-07".
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import url from "node:url";

const require = createRequire(import.meta.url);
const SECONDS = Number(process.env.SECONDS ?? 8);
const VARIANTS = ["plain", "setproto", "cycle", "express", "express+compression", "express+morgan"];
const PORT = 39_871;
const BODY = "ok ".repeat(1000);

function answer(req, res) {
  res.setHeader("Content-Type", "text/plain");
  res.end(BODY);
}

async function serve(variant) {
  let handler = answer;
  if (variant === "setproto") {
    const requestProto = Object.create(http.IncomingMessage.prototype);
    const responseProto = Object.create(http.ServerResponse.prototype);
    handler = (req, res) => {
      Object.setPrototypeOf(req, requestProto);
      Object.setPrototypeOf(res, responseProto);
      answer(req, res);
    };
  } else if (variant === "cycle") {
    handler = (req, res) => {
      req.res = res;
      res.req = req;
      req.next = () => req;
      res.locals = Object.create(null);
      answer(req, res);
    };
  } else if (variant.startsWith("express")) {
    const app = require("express")();
    if (variant.includes("compression")) app.use(require("compression")());
    if (variant.includes("morgan")) app.use(require("morgan")("tiny", { stream: { write() {} } }));
    app.use(answer);
    handler = app;
  }
  http.createServer(handler).listen(PORT, "127.0.0.1", () => process.send?.("listening"));
}

function get(agent) {
  return new Promise((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port: PORT, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", resolve);
      })
      .on("error", reject),
  );
}

async function measure(variant) {
  const self = url.fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--trace-gc-nvp", "--max-semi-space-size=64", self, "--serve", variant], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
    cwd: path.dirname(path.dirname(self)),
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${variant}: the server exited (${code})`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < 2_000; i++) await get(agent);
  const from = log.length;
  let requests = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    await get(agent);
    requests++;
  }
  agent.destroy();
  child.kill();
  const scavenges = log.slice(from).split("\n").filter((l) => l.includes("gc=s "));
  const promoted = scavenges.reduce((sum, l) => sum + Number(/\bpromoted=(\d+)/.exec(l)?.[1] ?? 0), 0);
  return { variant, requests, scavenges: scavenges.length, promotedPerRequest: promoted / requests };
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3]);
} else {
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((v) => !VARIANTS.includes(v));
  if (unknown.length) {
    console.error(`unknown variant ${unknown.join(", ")}; one of ${VARIANTS.join(", ")}`);
    process.exit(2);
  }
  console.log("| variant | requests | scavenges | promoted per request |\n|---|---|---|---|");
  for (const variant of chosen.length ? chosen : VARIANTS) {
    const r = await measure(variant);
    console.log(`| ${r.variant} | ${r.requests} | ${r.scavenges} | ${Math.round(r.promotedPerRequest).toLocaleString("en")} B |`);
  }
}
