/**
 * The soak (issue 12, must-show 7): 20 connections over mixed pages and API calls for a while, as the admin,
 * while the analyst downloads the containers CSV export back to back and the analysis runs again and again in
 * another process (scripts/analyze.ts over the same store, writing new snapshots); the server's RSS (its whole
 * process tree) sampled every 250 ms. Results: bench/README.md.
 *
 *   npx tsx bench/soak.bench.ts --db /tmp/x.db [--minutes 10] [--cwd DIR]
 *
 * --minutes: how long (default 10; `--minutes 1` is the smoke run). --db: a demo store made by
 * `DATABASE_FILE=/tmp/x.db KUBEX_DEMO_SIZE=150000 npx tsx scripts/setup.ts`; the soak writes analysis snapshots into
 * it (use a copy you can lose). RSS "flat" is judged on the median of each minute after the first (warm-up):
 * their spread (max - min) / min within 10 %. For a 1-minute run there is one window of 15 s after a 15 s warm-up
 * instead. Loopback only; every loop ends with the duration. Exits non-zero only when it could not run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cleanups, loadText, request, prepareBuild, readStoreOptions, ROOT, runBenchmark, stopServer, storeEnv } from "./harness";
import { cookieFor, download, PROBE_BODY, startSampledServer } from "./load-common";

const USAGE = "npx tsx bench/soak.bench.ts --db FILE [--cwd DIR] [--minutes 10]";
const options = readStoreOptions<{ minutes: number }>(USAGE, { minutes: 10 }, {
  numbers: { "--minutes": ["minutes", 1, 600] },
});
const DB = options.db;
const MINUTES = options.minutes;

const PAGES = [
  "/kubex/containers-tree",
  "/kubex/containers-tree/tree-item?tabGroup1=breakdown",
  "/kubex/containers-tree/tree-item?tabGroup1=analysis-details",
  "/kubex/containers-tree/tree-item?tabGroup1=histograms",
  "/kubex/nodes-tree",
  "/kubex/nodes-tree/tree-item?tabGroup1=nodes",
  "/kubex/cloud-tree",
];

/** "429 × 71 (the user's request slots full: by design, one user's 20 connections)": the answers that were not 2xx, by status. */
function statusBreakdown(result: autocannon.Result): string {
  const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const parts = Object.entries(stats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, s]) => `${code} × ${s.count}${code === "429" ? " (the user's request slots full: all 20 connections are one user)" : ""}`);
  return parts.length ? parts.join(", ") : "none";
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-soak-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const cwd = options.cwd || prepareBuild(tmp, false).cwd;
  const server = await startSampledServer(cwd, DB);
  const analyst = await cookieFor(server.port, "analyst", "kubex-analyst");
  const admin = await cookieFor(server.port, "admin", "kubex-admin");
  // Warm every page once, so the first minute is not all cold caches; a page that does not answer 200 is the
  // benchmark's mistake, not load, so it stops here.
  for (const p of PAGES) {
    const r = await download(server.port, p, admin);
    if (r.status !== 200) throw new Error(`${p}: HTTP ${r.status} before any load.`);
  }
  console.error(`Server from ${cwd} on port ${server.port}; store ${DB}; ${MINUTES} min; load average ${loadText(os.loadavg())}`);

  const seconds = Math.round(MINUTES * 60);
  const start = Date.now();
  const until = start + seconds * 1000;
  const requests: autocannon.Request[] = [
    ...PAGES.map((p) => ({ method: "GET" as const, path: p })),
    { method: "POST", path: "/api/graphql/user", headers: { "Content-Type": "application/json" }, body: PROBE_BODY },
    { method: "POST", path: "/api/graphql/treeview", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: '{ getViewDefinitions(ctx: "containers") { publicList { viewId } } }' }) },
  ];
  for (const r of requests.filter((q) => q.method === "POST")) {
    const answer = await request(server.port, "POST", String(r.path), { ...(r.headers as Record<string, string>), Cookie: admin }, String(r.body));
    if (answer.status !== 200 || answer.body.toString().includes('"errors"')) throw new Error(`${r.path}: HTTP ${answer.status} before any load: ${answer.body.toString().slice(0, 300)}`);
  }

  const exportsDone: { ttfb: number; total: number; mb: number }[] = [];
  const exporting = (async () => {
    while (Date.now() < until) {
      const r = await download(server.port, "/kubex/containers-tree/export?format=csv", analyst);
      if (r.status === 200) exportsDone.push({ ttfb: r.ttfb, total: r.total, mb: r.bytes / 1e6 });
      else await new Promise((res) => setTimeout(res, 1000));
    }
  })();
  let analyses = 0;
  let analysisFailures = 0;
  const analysing = (async () => {
    while (Date.now() < until) {
      const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/analyze.ts"), "--workers", "1"], {
        cwd: ROOT,
        stdio: "ignore",
        env: { ...process.env, ...storeEnv(DB) },
      });
      const kill = () => child.kill("SIGKILL");
      cleanups.push(kill);
      // The soak's end stops an analysis still running (a killed analysis leaves the published snapshot whole).
      const timer = setTimeout(kill, Math.max(0, until - Date.now()));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      clearTimeout(timer);
      if (code === 0) analyses++;
      else if (Date.now() < until) {
        analysisFailures++;
        await new Promise((r) => setTimeout(r, 5000));
      }
    }
  })();
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${server.port}`, headers: { Cookie: admin }, connections: 20, duration: seconds, timeout: 60, requests },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );
  await Promise.all([exporting, analysing]);

  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  const windowMs = MINUTES >= 2 ? 60_000 : 15_000;
  const windows = Math.floor((seconds * 1000) / windowMs);
  const perWindow = Array.from({ length: windows }, (_, m) => med(server.rss.filter((r) => r.t >= start + m * windowMs && r.t < start + (m + 1) * windowMs).map((r) => r.mb)));
  const settled = perWindow.slice(1).filter((v) => v > 0);
  const spread = settled.length ? (Math.max(...settled) - Math.min(...settled)) / Math.min(...settled) : 0;
  const peak = Math.max(...server.rss.filter((r) => r.t >= start).map((r) => r.mb));
  const ttfbs = exportsDone.map((e) => e.ttfb).sort((a, b) => a - b);
  console.log(`\n**Soak** (${MINUTES} min, 20 connections over ${requests.length} mixed requests, from ${cwd}, ${os.cpus().length} cores):`);
  console.log(
    `- ${result.requests.total} requests (${result.requests.average}/s); latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `2xx ${result["2xx"]}, non-2xx ${result.non2xx} (${statusBreakdown(result)}), errors ${result.errors}, timeouts ${result.timeouts}.`,
  );
  console.log(
    `- Meanwhile ${exportsDone.length} whole CSV exports (${exportsDone[0]?.mb.toFixed(1) ?? "-"} MB each; first byte median ${med(ttfbs).toFixed(0)} ms, max ${(ttfbs[ttfbs.length - 1] ?? 0).toFixed(0)} ms) ` +
      `and ${analyses} complete analyses in another process (${analysisFailures} failed).`,
  );
  console.log(
    `- RSS (server process tree) median per ${windowMs / 1000} s window (MB): ${perWindow.map((m) => m.toFixed(0)).join(", ")}; peak ${peak.toFixed(0)} MB; ` +
      `after the first window the spread is ${(spread * 100).toFixed(1)} % (flat within 10 %: ${spread <= 0.1 ? "**met**" : "**missed**"}). Load average at the end: ${loadText(os.loadavg())}.`,
  );
  await stopServer(server.child);
}

runBenchmark(main);
