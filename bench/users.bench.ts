/**
 * 50 users at once (issue 13): autocannon, `--connections` (50) for `--seconds` (60) over the seven mixed deep
 * links — the containers tree's root and a folder 3 levels deep (Summary), the AI Analysis Details grid sorted
 * and searched and its page 50, a workload, the Node Group Analysis grid and the Nodes grid — against the
 * production server as `npm start` runs it (scripts/serve.mjs with KUBEX_WEB_PROCESSES web processes, default one
 * per core). The connections are split over the seven links (one autocannon instance per link), so each link has
 * its own p50/p99 and all of them together give the mix's; every response's status is counted.
 *
 *   npx tsx bench/users.bench.ts --db /tmp/x.db [--cwd DIR] [--connections 50] [--seconds 60] [--processes N]
 *                                [--timeout 10] [--cold] [--reverse] [--browser]
 *
 * --db: a demo store made by `DATABASE_FILE=/tmp/x.db KUBEX_DEMO_SIZE=150000 npx tsx scripts/setup.ts` (only read;
 * run setup again after pulling a migration), or a PostgreSQL URL of one (`DATABASE_URL=… npx tsx scripts/setup.ts`). --cwd: where the server runs from (build/ there; by default this
 * repo's, rebuilt when stale). --processes: KUBEX_WEB_PROCESSES for the server (default: unset, one per core).
 * --timeout: seconds before autocannon counts a request as timed out (its default, 10). --cold: no warm-up pass;
 * by default each link is requested once per web process before the clock starts (what the server's own warm-up
 * covers is in the "first request" column either way: the first answer's time of each link, before the load).
 * --reverse: the links' load starts in the opposite order (each link's tail follows its place in the start order,
 * not its page: bench/README.md, "Evening of 2026-12-06").
 * --browser: the load's requests carry a browser's `Accept-Encoding: gzip, deflate, br, zstd`, so the server
 * compresses each answer as it does for its users (brotli); without it answers go out uncompressed, as autocannon
 * asks by default. The first answer of each link (checked for its page's text) is always fetched uncompressed.
 * Loopback only. Results and how to read them: bench/README.md.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runBench, cleanups, ms, prepareBuild, quantile, readStoreOptions, request } from "./harness";
import { connectionsPerLink, cookieFor, cpuByProcess, deepLinks, maxPssBetween, maxRssBetween, startSampledServer, type Link } from "./load-common";

const USAGE = "npx tsx bench/users.bench.ts --db FILE [--cwd DIR] [--connections 50] [--seconds 60] [--processes N] [--timeout 10] [--cold] [--reverse] [--browser]";
const options = readStoreOptions<{ connections: number; seconds: number; timeout: number; processes: number; cold: boolean; reverse: boolean; browser: boolean }>(USAGE, { connections: 50, seconds: 60, timeout: 10, processes: 0, cold: false, reverse: false, browser: false }, {
  numbers: { "--connections": ["connections", 1, 1000], "--seconds": ["seconds", 1, 3600], "--timeout": ["timeout", 1, 600], "--processes": ["processes", 1, 64] },
  switches: { "--cold": "cold", "--reverse": "reverse", "--browser": "browser" },
});
const DB = options.db;
const CONNECTIONS = options.connections;
const SECONDS = options.seconds;
const TIMEOUT = options.timeout;
const PROCESSES = options.processes ? String(options.processes) : undefined;
const COLD = options.cold;
const REVERSE = options.reverse;
/** The request headers of every request: a page as a browser asks for it, or (by default) as autocannon does. */
const PAGE_HEADERS: Record<string, string> = options.browser ? { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br, zstd" } : { Accept: "text/html" };

/** A GET on a connection of its own, read to the end. */
function getOnNewConnection(port: number, urlPath: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent: false, headers: { Cookie: cookie, ...PAGE_HEADERS, Connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${urlPath}: HTTP ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${urlPath}: no answer in 120 s`)));
    req.on("error", reject);
  });
}

interface LinkResult {
  link: Link;
  connections: number;
  firstMs: number;
  times: number[];
  result: autocannon.Result;
}

/** Each answer of the load: when it ended (ms since the epoch) and how long it took. */
const answers: { at: number; ms: number }[] = [];

function run(port: number, cookie: string, link: Link, connections: number): Promise<{ times: number[]; result: autocannon.Result }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}${link.url}`, headers: { Cookie: cookie, ...PAGE_HEADERS }, connections, duration: SECONDS, timeout: TIMEOUT },
      (error, result) => (error ? reject(error) : resolve({ times, result })),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
      answers.push({ at: Date.now(), ms: responseTime });
    });
  });
}

/**
 * The load over its course, by the 10 s in which each answer ended: a new server's first seconds (connections handed
 * out, code not optimised yet) against the rest; where the slowest answers fall.
 */
function overTime(start: number): string[] {
  const windows = new Map<number, number[]>();
  for (const a of answers) {
    const w = Math.min(Math.floor((a.at - start) / 10_000), Math.floor(SECONDS / 10) - 1);
    const times = windows.get(w) ?? [];
    times.push(a.ms);
    windows.set(w, times);
  }
  const all = answers.length;
  const over1s = answers.filter((a) => a.ms > 1000).length;
  return [
    `Over the load (by the 10 s in which each answer ended; ${over1s} of ${all} answers took over 1 s):`,
    "",
    "| seconds | requests | req/s | p50 ms | p99 ms | max ms | over 1 s |",
    "|---|---|---|---|---|---|---|",
    ...[...windows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([w, times]) => {
        const sorted = [...times].sort((a, b) => a - b);
        const to = w === Math.floor(SECONDS / 10) - 1 ? SECONDS : (w + 1) * 10;
        return `| ${w * 10}-${to} | ${sorted.length} | ${(sorted.length / (to - w * 10)).toFixed(1)} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.99))} | ${ms(sorted[sorted.length - 1])} | ${sorted.filter((t) => t > 1000).length} |`;
      }),
  ];
}

/**
 * The same requests as the server saw them (its access log, from the load's start): from a request's arrival in a web
 * process to its last byte. Time before the web process reads a request (its loop busy with others) and the load
 * generator's own delays are outside it, so the difference from the table above is what the two cores' sharing
 * with the load generator adds.
 */
function serverSide(file: string, from: number, links: Link[]): string[] {
  const text = fs.readFileSync(file).subarray(from).toString("utf8");
  const byUrl = new Map<string, number[]>(links.map((l) => [l.url, []]));
  for (const m of text.matchAll(/^GET (\S+) \d+ \S+ - [\d.]+ ms, ([\d.]+) ms to the last byte$/gm)) byUrl.get(m[1])?.push(Number(m[2]));
  const all = [...byUrl.values()].flat().sort((a, b) => a - b);
  if (!all.length) return ["(No access log lines: the server's log format is not the one scripts/serve.mjs writes.)"];
  const row = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${ms(quantile(sorted, 0.5))} | **${ms(quantile(sorted, 0.99))}** | ${ms(sorted[sorted.length - 1])} |`;
  };
  return [
    "Server side (the access log: from a request's arrival in a web process to its last byte):",
    "",
    "| link | requests | p50 ms | p99 ms | max ms |",
    "|---|---|---|---|---|",
    ...links.filter((l) => byUrl.get(l.url)!.length).map((l) => row(l.name, byUrl.get(l.url)!)),
    row("**all seven**", all),
  ];
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-users-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const found = await deepLinks(DB);
  const links = REVERSE ? [...found.links].reverse() : found.links;
  const facts = found.facts;
  const cwd = options.cwd || prepareBuild(tmp, false).cwd;
  if (PROCESSES) process.env.KUBEX_WEB_PROCESSES = PROCESSES;
  // The server's access log: each request's time from its arrival in a web process to its last byte.
  const accessLog = (process.env.KUBEX_BENCH_SERVER_LOG ??= path.join(tmp, "access.log"));
  const load0 = os.loadavg()[0];
  const tStart = performance.now();
  const server = await startSampledServer(cwd, DB);
  const readyMs = performance.now() - tStart;
  const cookie = await cookieFor(server.port, "analyst", "kubex-analyst");

  // Each link once, in order, before the load: a start's first requests (what the warm-up did not cover pays here).
  const first: number[] = [];
  for (const link of links) {
    const r = await request(server.port, "GET", link.url, { Cookie: cookie, Accept: "text/html" }, undefined, 120_000);
    if (r.status !== 200 || !r.body.toString().includes(link.expect)) throw new Error(`${link.name}: HTTP ${r.status}, '${link.expect}' ${r.body.toString().includes(link.expect) ? "found" : "missing"} (${link.url})`);
    first.push(r.total);
    console.error(`${link.name}: first answer ${ms(r.total)} ms, ${(r.body.length / 1000).toFixed(0)} kB`);
  }
  // The warm pass: each link once per web process, on consecutive new connections (the primary hands connections
  // to its web processes in turn), so the load starts on every process's warm caches; a start's cold requests are
  // the column above. (On one kept connection the pass reached one process, and the other's first requests under
  // load, 0.4-2.2 s of computing each, were the load's slowest answers.)
  const processes = PROCESSES ? Number(PROCESSES) : os.availableParallelism();
  if (!COLD) for (const link of links) for (let i = 0; i < processes; i++) await getOnNewConnection(server.port, link.url, cookie);

  const per = connectionsPerLink(links.length, CONNECTIONS);
  const t0 = Date.now();
  const logFrom = fs.statSync(accessLog).size;
  const cpu0 = cpuByProcess(server.pid);
  const client0 = process.cpuUsage();
  const raw = await Promise.all(links.map((link, i) => run(server.port, cookie, link, per[i])));
  const cpu1 = cpuByProcess(server.pid);
  // Per process (the primary first): two web processes that do not share the load show here (one near 100 %, the
  // other idle), where the total only looks like a slow machine.
  const byProcess = [...cpu1].map(([pid, total]) => total - (cpu0.get(pid) ?? 0));
  const cpuMs = byProcess.reduce((a, b) => a + b, 0);
  const client = process.cpuUsage(client0);
  const clientMs = (client.user + client.system) / 1000;
  const rssMax = maxRssBetween(server, t0, Date.now());
  const pssMax = maxPssBetween(server, t0, Date.now());
  const load1 = os.loadavg()[0];
  const results: LinkResult[] = raw.map((r, i) => ({ link: links[i], connections: per[i], firstMs: first[i], ...r }));

  const all = results.flatMap((r) => r.times).sort((a, b) => a - b);
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((s, r) => s + f(r.result), 0);
  const line = (name: string, conns: number, times: number[], r: { total: number; errors: number; timeouts: number; non2xx: number }, firstMs: string) => {
    const sorted = [...times].sort((a, b) => a - b);
    const q = (p: number) => (sorted.length ? ms(quantile(sorted, p)) : "-");
    return `| ${name} | ${conns} | ${r.total} | ${(r.total / SECONDS).toFixed(1)} | ${q(0.5)} | **${q(0.99)}** | ${sorted.length ? ms(sorted[sorted.length - 1]) : "-"} | ${r.errors} | ${r.timeouts} | ${r.non2xx} | ${firstMs} |`;
  };
  const out = [
    `Server: ${PROCESSES ?? `default (${os.availableParallelism()})`} web process(es), ready in ${(readyMs / 1000).toFixed(1)} s; ${facts}.`,
    `Load average ${load0.toFixed(2)} before, ${load1.toFixed(2)} after; ${os.availableParallelism()} CPUs; peak RSS of the server's processes ${rssMax.toFixed(0)} MB (PSS ${pssMax.toFixed(0)} MB: pages they share counted once). ${CONNECTIONS} connections for ${SECONDS} s, time-out ${TIMEOUT} s${COLD ? ", no warm-up pass" : ""}${options.browser ? ", a browser's Accept-Encoding (answers in brotli)" : ", answers uncompressed"}.`,
    `Server CPU during the load: ${(cpuMs / 1000).toFixed(1)} s (${(cpuMs / SECONDS / 10).toFixed(0)} % of one core; by process, the primary first: ${byProcess.map((v) => `${(v / SECONDS / 10).toFixed(0)} %`).join(", ")}), **${all.length ? (cpuMs / all.length).toFixed(0) : "-"} ms per answered request** (requests abandoned by their client's time-out included in the CPU, not in the count). The load generator (autocannon, in this process, on the same cores): ${(clientMs / 1000).toFixed(1)} s of CPU (${(clientMs / SECONDS / 10).toFixed(0)} % of one core).`,
    "",
    "| link | connections | requests | req/s | p50 ms | p99 ms | max ms | errors | time-outs | non-2xx | first request ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...results.map((r) =>
      line(r.link.name, r.connections, r.times, { total: r.times.length, errors: r.result.errors, timeouts: r.result.timeouts, non2xx: r.result.non2xx }, ms(r.firstMs)),
    ),
    line("**all seven**", CONNECTIONS, all, { total: all.length, errors: sum((r) => r.errors), timeouts: sum((r) => r.timeouts), non2xx: sum((r) => r.non2xx) }, ""),
    "",
    ...overTime(t0),
    "",
    ...serverSide(accessLog, logFrom, links),
  ];
  console.log(out.join("\n"));
  const errs = server.errors();
  if (errs.trim()) console.error(`Server stderr (last 4000 characters):\n${errs}`);
}

runBench(main);
