/**
 * One user must never stall everyone (issue 12): a probe request's latency while one heavy request runs, and a
 * soak at 20 connections with the server's RSS sampled. Results and how to read them: bench/README.md.
 *
 *   npx tsx bench/load.bench.ts --db /tmp/x.db [--cwd DIR] [--probe-seconds 15] [--only csv,xlsx] [--soak-minutes 10]
 *
 * --db: a demo store made by `DATABASE_FILE=/tmp/x.db npx tsx scripts/collect.ts --size 100000` (it is read;
 * the soak's analysis runs write new snapshots into it). --cwd: where the server runs from (build/ there; by
 * default this repo's, rebuilt when stale). Loopback only; every loop is bounded in time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SEED_IDS } from "~/models/treeview-common.server";
import { cleanups, cleanUp, freePort, ms, prepareBuild, quantile, request, ROOT, stopServer, waitForServer } from "./harness";

const args = process.argv.slice(2);
const opt = (name: string, fallback?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DB = opt("db");
if (!DB || !fs.existsSync(DB)) throw new Error("--db FILE: a demo store (see the comment at the top)");
const PROBE_SECONDS = Number(opt("probe-seconds", "15"));
const SOAK_MINUTES = Number(opt("soak-minutes", "0"));
const ONLY = opt("only")?.split(",");

// ---------------------------------------------------------------------------------------------------------------
// The server and its memory

interface Server {
  port: number;
  child: ChildProcess;
  rss: { t: number; mb: number }[];
}

function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function startServer(cwd: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    cwd,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_FILE: DB, DATABASE_URL: "", PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
  });
  cleanups.push(() => child.kill("SIGKILL"));
  await waitForServer(port, child, 120_000);
  const server: Server = { port, child, rss: [] };
  const timer = setInterval(() => {
    const mb = rssMb(child.pid!);
    if (mb !== undefined) server.rss.push({ t: Date.now(), mb });
  }, 250);
  timer.unref();
  cleanups.push(() => clearInterval(timer));
  return server;
}

async function signIn(port: number, user: string, password: string): Promise<string> {
  const login = await request(port, "POST", "/login", { "Content-Type": "application/x-www-form-urlencoded" }, `userName=${user}&password=${password}&redirectTo=%2Fkubex`);
  const session = ([] as string[]).concat(login.headers["set-cookie"] ?? []).map((c) => /^kubex_session=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!session) throw new Error(`Sign-in of ${user} failed: HTTP ${login.status}.`);
  return `kubex_session=${session}`;
}

const maxRssBetween = (s: Server, from: number, to: number) => Math.max(0, ...s.rss.filter((r) => r.t >= from && r.t <= to).map((r) => r.mb));
const rssBefore = (s: Server, at: number) => [...s.rss].reverse().find((r) => r.t <= at)?.mb ?? 0;

// ---------------------------------------------------------------------------------------------------------------
// The probe: a cheap signed-in GraphQL query, 2 connections, as another user than the heavy request's

const PROBE_BODY = JSON.stringify({ query: "{ getLoginUserInfo { userName } }" });

function probe(port: number, cookie: string, seconds: number): { stop(): void; done: Promise<autocannon.Result> } {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/api/graphql/user`,
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: PROBE_BODY,
        connections: 2,
        duration: seconds,
        timeout: 120,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { stop: () => instance?.stop(), done };
}

/** Streams a GET to the end without keeping it: status, first byte, last byte, bytes. */
function download(port: number, urlPath: string, cookie: string): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, headers: { Cookie: cookie } }, (res) => {
      let ttfb = -1;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        if (ttfb < 0) ttfb = performance.now() - t0;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - t0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

function gql(port: number, service: string, cookie: string, query: string) {
  return request(port, "POST", `/api/graphql/${service}`, { "Content-Type": "application/json", Cookie: cookie }, JSON.stringify({ query }), 600_000);
}

interface Line {
  scenario: string;
  heavy: string;
  probe: autocannon.Result;
  rssAddedMb: number;
}

/** Runs `heavy` while the probe runs; the probe stops when the heavy work ends (at least PROBE_SECONDS apart for loops). */
async function scenario(server: Server, name: string, probeCookie: string, heavy: () => Promise<string>): Promise<Line | undefined> {
  if (ONLY && !ONLY.includes(name)) return undefined;
  await new Promise((r) => setTimeout(r, 1000));
  const start = Date.now();
  const base = rssBefore(server, start);
  const p = probe(server.port, probeCookie, 600);
  await new Promise((r) => setTimeout(r, 300));
  const heavyText = await heavy();
  p.stop();
  const result = await p.done;
  const line = { scenario: name, heavy: heavyText, probe: result, rssAddedMb: maxRssBetween(server, start, Date.now()) - base };
  console.error(`${name}: ${heavyText}; probe p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, non-2xx ${result.non2xx}; RSS +${line.rssAddedMb.toFixed(0)} MB`);
  return line;
}

/** Repeats `once` for PROBE_SECONDS: what a client hammering the same refused request costs the others. */
async function loop(once: () => Promise<{ status: number; total: number }>): Promise<string> {
  const until = Date.now() + PROBE_SECONDS * 1000;
  const times: number[] = [];
  const statuses = new Set<number>();
  while (Date.now() < until) {
    const r = await once();
    times.push(r.total);
    statuses.add(r.status);
  }
  times.sort((a, b) => a - b);
  return `${times.length} requests, HTTP ${[...statuses].join("/")}, each ${ms(quantile(times, 0.5))} ms median, ${ms(times[times.length - 1])} ms max`;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-load-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const cwd = opt("cwd") ?? prepareBuild(tmp, false).cwd;
  const server = await startServer(cwd);
  const analyst = await signIn(server.port, "analyst", "kubex-analyst");
  const admin = await signIn(server.port, "admin", "kubex-admin");
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
  console.error(`Server from ${cwd} on port ${server.port}; store ${DB}; load average ${load()}`);

  // Warm what every page shares (the default tree, the node tree) so the lines measure the heavy request.
  await gql(server.port, "k8s/node", analyst, "{ nodeTreeJson }");
  await gql(server.port, "treeview", analyst, `{ getFolderListJson(ctx: "containers", viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}") }`);
  await request(server.port, "GET", "/kubex/containers-tree", { Cookie: analyst });
  const quiet = probe(server.port, admin, 5);
  const idle = await quiet.done;
  console.error(`idle: probe p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms, ${idle.requests.total} requests`);

  const bomb = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}:nodeTreeJson`).join(" ")} }`;
  const lists = `{ ${Array.from({ length: 10 }, (_, i) => `f${i}: getFolderListJson(ctx: "containers", viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}")`).join(" ")} }`;
  const fetched = (what: string, r: { status: number; ttfb: number; total: number; bytes: number }) =>
    `${what}: HTTP ${r.status}, first byte ${ms(r.ttfb)} ms, done ${(r.total / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB`;
  const lines = [
    await scenario(server, "alias-bomb", admin, () => loop(() => gql(server.port, "k8s/node", analyst, bomb))),
    await scenario(server, "folder-lists", admin, () => loop(() => gql(server.port, "treeview", analyst, lists))),
    await scenario(server, "csv", admin, async () => fetched("CSV export", await download(server.port, "/kubex/containers-tree/export?format=csv", analyst))),
    await scenario(server, "xlsx", admin, async () => fetched("XLSX export", await download(server.port, "/kubex/containers-tree/export?format=xlsx", analyst))),
    await scenario(server, "nodes-xlsx", admin, async () => fetched("nodes XLSX export", await download(server.port, "/kubex/nodes-tree/export?grid=nodes", analyst))),
    await scenario(server, "cold-tree", admin, async () => {
      const r = await gql(server.port, "treeview", analyst, `{ getFolderListJson(ctx: "containers", viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}", reload: true) }`);
      return `cold folder list: HTTP ${r.status}, ${ms(r.total)} ms, ${(r.bytes / 1e6).toFixed(1)} MB`;
    }),
  ].filter((l): l is Line => !!l);

  console.log(`\n| heavy request (as analyst) | what it did | probe p50 / p99 / max (ms) | probe requests | RSS added |`);
  console.log(`|---|---|---|---|---|`);
  for (const l of lines) {
    console.log(`| ${l.scenario} | ${l.heavy} | ${l.probe.latency.p50} / **${l.probe.latency.p99}** / ${l.probe.latency.max} | ${l.probe.requests.total} (non-2xx ${l.probe.non2xx}) | ${l.rssAddedMb.toFixed(0)} MB |`);
  }
  console.log(`\nIdle probe: p50 ${idle.latency.p50} ms, p99 ${idle.latency.p99} ms. Load average at the end: ${load()}. ${os.cpus().length} cores.`);

  if (SOAK_MINUTES > 0) await soak(server, cwd, analyst, admin);
  await stopServer(server.child);
}

/**
 * 20 connections over mixed pages for SOAK_MINUTES while CSV exports run back to back (as the analyst) and the
 * analysis runs again and again (scripts/analyze.ts, another process, writing new snapshots into the same store).
 */
async function soak(server: Server, cwd: string, analyst: string, admin: string) {
  const seconds = SOAK_MINUTES * 60;
  const until = Date.now() + seconds * 1000;
  const pages = [
    "/kubex/containers-tree",
    "/kubex/containers-tree/tree-item?tabGroup1=breakdown",
    "/kubex/containers-tree/tree-item?tabGroup1=analysis-details",
    "/kubex/nodes-tree",
    "/kubex/nodes-tree/tree-item?tabGroup1=nodes",
  ];
  const requests: autocannon.Request[] = [
    ...pages.map((p) => ({ method: "GET" as const, path: p })),
    { method: "POST", path: "/api/graphql/user", headers: { "Content-Type": "application/json" }, body: PROBE_BODY },
    { method: "POST", path: "/api/graphql/treeview", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: '{ getViewDefinitions(ctx: "containers") { views { viewId } } }' }) },
  ];
  let exports = 0;
  const exporting = (async () => {
    while (Date.now() < until) {
      const r = await download(server.port, "/kubex/containers-tree/export?format=csv", analyst);
      if (r.status === 200) exports++;
    }
  })();
  let analyses = 0;
  const analysing = (async () => {
    while (Date.now() < until) {
      const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/analyze.ts", "--workers", "1"], {
        cwd: ROOT,
        stdio: "ignore",
        env: { ...process.env, DATABASE_FILE: DB, DATABASE_URL: "" },
      });
      cleanups.push(() => child.kill("SIGKILL"));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      if (code === 0) analyses++;
      else await new Promise((r) => setTimeout(r, 5000));
    }
  })();
  const start = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${server.port}`, headers: { Cookie: admin }, connections: 20, duration: seconds, timeout: 60, requests },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
  await Promise.all([exporting, analysing]);
  const minute = (m: number) => server.rss.filter((r) => r.t >= start + m * 60_000 && r.t < start + (m + 1) * 60_000).map((r) => r.mb);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  const perMinute = Array.from({ length: SOAK_MINUTES }, (_, m) => med(minute(m)));
  const settled = perMinute.slice(1);
  const spread = (Math.max(...settled) - Math.min(...settled)) / Math.min(...settled);
  console.log(`\n**Soak** (${SOAK_MINUTES} min, 20 connections over ${requests.length} mixed requests, from ${cwd}):`);
  console.log(
    `${result.requests.total} requests (${result.requests.average}/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; ` +
      `${exports} CSV exports and ${analyses} analyses completed meanwhile.`,
  );
  console.log(`RSS median per minute (MB): ${perMinute.map((m) => m.toFixed(0)).join(", ")}; after the first minute the spread is ${(spread * 100).toFixed(1)} % (flat within 10 %: ${spread <= 0.1 ? "**met**" : "**missed**"}). Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}.`);
}

main()
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exitCode = 1;
  })
  .finally(cleanUp);
