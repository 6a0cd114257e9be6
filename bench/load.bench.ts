/**
 * One user must never stall everyone (issue 12): a probe request's latency (p50/p99/max) while one heavy request
 * runs as another user — the 50-alias node tree bomb and ten folder lists (refused), the CSV and Excel exports of
 * every container, the nodes export, a cold folder list — with the server's RSS added. The soak is
 * bench/soak.bench.ts. Results and how to read them: bench/README.md.
 *
 *   npx tsx bench/load.bench.ts --db /tmp/x.db [--cwd DIR] [--probe-seconds 15] [--only csv,xlsx]
 *
 * --db: a demo store made by `DATABASE_FILE=/tmp/x.db KUBEX_DEMO_SIZE=150000 npx tsx scripts/setup.ts` (only
 * read). --cwd: where the server runs from (build/ there; by default this repo's, rebuilt when stale).
 * Loopback only; every loop is bounded in time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { SEED_IDS } from "~/models/treeview-common.server";
import { cleanups, loadText, ms, prepareBuild, quantile, readStoreOptions, request, runBenchmark, stopServer } from "./harness";
import { cookieFor, download, maxRssBetween, probe, rssBefore, startSampledServer, type Server } from "./load-common";

const USAGE = "npx tsx bench/load.bench.ts --db FILE [--cwd DIR] [--probe-seconds 15] [--only csv,xlsx]";
const options = readStoreOptions<{ probeSeconds: number; only: string[] | undefined }>(USAGE, { probeSeconds: 15, only: undefined }, {
  numbers: { "--probe-seconds": ["probeSeconds", 1, 3600] },
  values: {
    "--only": (text, o) => {
      o.only = text.split(",").filter(Boolean);
    },
  },
});
const DB = options.db;
const PROBE_SECONDS = options.probeSeconds;
const ONLY = options.only;

function gql(port: number, service: string, cookie: string, query: string) {
  return request(port, "POST", `/api/graphql/${service}`, { "Content-Type": "application/json", Cookie: cookie }, JSON.stringify({ query }), 600_000);
}

interface Line {
  scenario: string;
  heavy: string;
  probe: autocannon.Result;
  rssAddedMb: number;
}

/** Runs `heavy` while the probe runs; the probe stops when the heavy work ends. */
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
  const cwd = options.cwd || prepareBuild(tmp, false).cwd;
  const server = await startSampledServer(cwd, DB);
  const analyst = await cookieFor(server.port, "analyst", "kubex-analyst");
  const admin = await cookieFor(server.port, "admin", "kubex-admin");
  const load = () => loadText(os.loadavg());
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
    await scenario(server, "cloud-csv", admin, async () => fetched("cloud CSV export", await download(server.port, "/kubex/cloud-tree/export?format=csv", analyst))),
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

  await stopServer(server.child);
}

runBenchmark(main);
