/**
 * What the page benchmarks share (tree, nodes, cloud, Lighthouse, analysis): clean-up on every exit path, statistics, one
 * kept-alive loopback HTTP connection with TTFB timing, the server's start and stop, and the app build (build/ when
 * stale, or a private copy).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveArgv } from "../scripts/serve-command";
import { buildIsStale, runBuild } from "../scripts/build-state";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: the server and the temp dir go away on every exit path.

export const cleanups: (() => void)[] = [];
let cleanedUp = false;
export function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // best effort: the rest still runs
    }
  }
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/**
 * Runs a benchmark's main: a usage error prints its message (exit code 2), any other its stack (1); then everything
 * registered is stopped (the server, temp files) and the process ends within 2 s even if a client library (autocannon's
 * workers, an agent's sockets) still holds the event loop.
 */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((e: unknown) => {
      console.error(e instanceof UsageError ? e.message : e instanceof Error ? e.stack : e);
      process.exitCode = e instanceof UsageError ? 2 : 1;
    })
    .finally(() => {
      cleanUp();
      setTimeout(() => process.exit(), 2000).unref();
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics and timing

export interface Sample {
  ttfb: number;
  total: number;
  bytes: number;
}

export function quantile(sorted: number[], q: number): number {
  // Nearest rank: the smallest value with at least q of the samples at or below it.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { min: s[0], median: median(s), p90: quantile(s, 0.9), max: s[s.length - 1] };
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
export const bytes = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(2)} MB` : n >= 1000 ? `${(n / 1000).toFixed(1)} kB` : `${n} B`);

// ---------------------------------------------------------------------------------------------------------------
// HTTP (loopback only, one request at a time over one kept-alive connection)

export interface HttpResult extends Sample {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function request(port: number, method: "GET" | "POST", urlPath: string, headers: Record<string, string>, body?: string, timeoutMs = 60_000): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let ttfb = 0;
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent }, (res) => {
      ttfb = performance.now() - t0;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const total = performance.now() - t0;
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, ttfb, total, bytes: all.length });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${urlPath}: no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForServer(port: number, child: ChildProcess, deadlineMs: number) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
    try {
      const r = await request(port, "GET", "/login", {}, undefined, 5_000);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer on port ${port} within ${deadlineMs / 1000} s.`);
}

/** One warm-up, then `runs` timed requests; every answer must pass `check`. */
export async function measure(runs: number, send: () => Promise<HttpResult>, check: (r: HttpResult) => void) {
  const warm = await send();
  check(warm);
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await send();
    check(r);
    samples.push({ ttfb: r.ttfb, total: r.total, bytes: r.bytes });
  }
  return { warmUp: { ttfb: warm.ttfb, total: warm.total, bytes: warm.bytes }, samples };
}

export function expectStatus(r: HttpResult, status: number, what: string) {
  if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} (expected ${status}): ${r.body.toString("utf8").slice(0, 300)}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

// ---------------------------------------------------------------------------------------------------------------
// Build

/** Where the server runs from: the repo (build/ refreshed when stale, as `npm start` does) or a private copy. */
export function prepareBuild(tmp: string, isolated: boolean): { cwd: string; note: string } {
  if (!isolated) {
    if (!buildIsStale(ROOT)) return { cwd: ROOT, note: "build/ was up to date" };
    console.error("Building the app (build/ is missing or older than app/)…");
    return { cwd: ROOT, note: `build/ rebuilt in ${(runBuild(ROOT, true) / 1000).toFixed(1)} s` };
  }
  const copy = path.join(tmp, "app-copy");
  fs.mkdirSync(copy);
  for (const name of ["app", "public", "remix.config.js", "remix.env.d.ts", "tailwind.config.ts", "postcss.config.js", "tsconfig.json", "package.json", "catalog", "scripts"]) {
    const from = path.join(ROOT, name);
    if (!fs.existsSync(from)) continue;
    fs.cpSync(from, path.join(copy, name), {
      recursive: true,
      // The copy gets its own assets (a build empties its assets directory).
      filter: (src) => !src.startsWith(path.join(ROOT, "public", "build")),
    });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  console.error("Building a private copy of the app…");
  return { cwd: copy, note: `private build in ${(runBuild(copy, true) / 1000).toFixed(1)} s` };
}

/**
 * The production server as `npm start` runs it (scripts/serve.mjs: security headers, the client's address), from
 * `cwd`'s build, on a loopback port with the given database; stopped at clean-up. stderr is kept for error messages.
 */
/** `nodeFlags`: Node/V8 command-line flags for the server's process (before the script). */
export function startServer(cwd: string, port: number, env: Record<string, string>, nodeFlags: readonly string[] = []): { server: ChildProcess; errors: () => string } {
  // KUBEX_BENCH_SERVER=remix-serve runs the same build under Remix's stock server, to measure ours against it.
  const stock = process.env.KUBEX_BENCH_SERVER === "remix-serve";
  const argv = stock
    ? [path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"), path.join(cwd, "build/index.js")]
    : serveArgv(path.join(cwd, "build/index.js"));
  const server = spawn(process.execPath, [...nodeFlags, ...argv], {
    cwd,
    // KUBEX_BENCH_SERVER_LOG=FILE keeps the server's access log (a line per request with its time to the last byte).
    stdio: ["ignore", process.env.KUBEX_BENCH_SERVER_LOG ? fs.openSync(process.env.KUBEX_BENCH_SERVER_LOG, "w") : "ignore", "pipe"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...env },
  });
  let errors = "";
  server.stderr?.on("data", (c: Buffer) => (errors = (errors + c.toString()).slice(-4000)));
  cleanups.push(() => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
  });
  cleanups.push(() => agent.destroy());
  return { server, errors: () => errors };
}

const cookieValue = (r: HttpResult, name: string) =>
  ([] as string[])
    .concat(r.headers["set-cookie"] ?? [])
    .map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)?.[1])
    .find(Boolean);

/** Signs in as a person does (the form's anti-forgery token and its cookie first); returns the session cookie's value. */
export async function signIn(port: number, userName = "admin", password = "kubex-admin"): Promise<string> {
  const page = await request(port, "GET", "/login", { Accept: "text/html" });
  const token = /name="csrf" value="([^"]+)"/.exec(page.body.toString())?.[1];
  const loginCookie = ([] as string[]).concat(page.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  if (!token) throw new Error(`The sign-in page has no anti-forgery token (HTTP ${page.status}).`);
  const body = new URLSearchParams({ userName, password, redirectTo: "/kubex", csrf: token }).toString();
  const login = await request(port, "POST", "/login", { "Content-Type": "application/x-www-form-urlencoded", Cookie: loginCookie }, body);
  const session = cookieValue(login, "kubex_session");
  if (!session) throw new Error(`Sign-in failed: HTTP ${login.status}.`);
  return session;
}

// ---------------------------------------------------------------------------------------------------------------
// Options, the run itself, the throwaway store and the report's common lines

export class UsageError extends Error {}

/** Options `npm run bench` passes to every benchmark: one that a benchmark does not take is skipped, not refused. */
const OTHERS_WITH_VALUE = new Set(["--size", "--seed", "--runs", "--cold-runs", "--workers"]);
const OTHERS_SWITCHES = new Set(["--isolated-build"]);

export interface OptionSpec<T> {
  usage: string;
  /** Whole-number options: flag → [option, least value, greatest value]. */
  numbers?: Record<string, readonly [keyof T, number, number?]>;
  /** Options without a value: flag → the option set to true. */
  switches?: Record<string, keyof T>;
  /** Options with a value of their own shape: the reader stores it or throws a UsageError. */
  values?: Record<string, (text: string, options: T) => void>;
}

/** Reads `--flag value` and `--flag=value` options over the defaults; `--help` prints the usage and exits. */
export function parseOptions<T extends object>(argv: readonly string[], defaults: T, spec: OptionSpec<T>): T {
  const options = { ...defaults };
  const numbers = new Map(Object.entries(spec.numbers ?? {}));
  const switches = new Map(Object.entries(spec.switches ?? {}));
  const values = new Map(Object.entries(spec.values ?? {}));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? "";
    const number = numbers.get(flag);
    const on = switches.get(flag);
    const read = values.get(flag);
    if (flag === "--help" || flag === "-h") {
      console.log(`Usage: ${spec.usage}`);
      process.exit(0);
    } else if (number) {
      const [key, least, most] = number;
      const text = value();
      const n = Number(text);
      if (text === "" || !Number.isInteger(n) || n < least) throw new UsageError(`${flag} needs a whole number of at least ${least}, got '${text}'.`);
      if (most !== undefined && n > most) throw new UsageError(`${flag} is at most ${most}.`);
      (options[key] as number) = n;
    } else if (on) (options[on] as boolean) = true;
    else if (read) read(value(), options);
    else if (OTHERS_WITH_VALUE.has(flag)) i += inline === undefined ? 1 : 0;
    else if (!OTHERS_SWITCHES.has(flag)) throw new UsageError(`Unknown option '${arg}'. Usage: ${spec.usage}`);
  }
  return options;
}

/** Runs a benchmark's main: a usage error prints its message and exits 2, any other failure its stack and exits 1. */
export function runBenchmark(main: () => Promise<void>) {
  main().then(
    () => {
      cleanUp();
      process.exit(0);
    },
    (e: unknown) => {
      console.error(e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
      cleanUp();
      process.exit(e instanceof UsageError ? 2 : 1);
    },
  );
}

/**
 * A temp directory removed at exit and the SQLite file in it; points DATABASE_FILE at it, so call it before any
 * module that opens the store is imported.
 */
export function tempStore(prefix: string): { tmp: string; dbFile: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const dbFile = path.join(tmp, "bench.db");
  process.env.DATABASE_FILE = dbFile;
  process.env.DATABASE_URL = "";
  return { tmp, dbFile };
}

/** "1.23 0.98 0.75": the 1, 5 and 15-minute load averages. */
export const loadText = (l: readonly number[]) => l.map((v) => v.toFixed(2)).join(" ");

/** The machine a result was measured on, for the report. */
export function machineText(): string {
  return `${os.availableParallelism()} CPUs (nproc), ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}`;
}

/** "## Name benchmark, 2026-11-25 18:30 UTC" */
export function reportTitle(name: string, startedAt: Date): string {
  return `## ${name} benchmark, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export interface PageRow {
  name: string;
  ttfb: ReturnType<typeof stats>;
  total: ReturnType<typeof stats>;
  bytes: number;
  warmUp: Sample;
  /** What the row is held to; none: shown for comparison. */
  target?: { text: string; met: boolean };
}

/** A measured page as a report row; `target` judges it (e.g. median TTFB under a bound). */
export function pageRow(name: string, m: Awaited<ReturnType<typeof measure>>, target?: (r: Omit<PageRow, "target">) => { text: string; met: boolean }): PageRow {
  const row = {
    name,
    ttfb: stats(m.samples.map((s) => s.ttfb)),
    total: stats(m.samples.map((s) => s.total)),
    bytes: median(m.samples.map((s) => s.bytes)),
    warmUp: m.warmUp,
  };
  return { ...row, target: target?.(row) };
}

/** A target of median TTFB under `boundMs`. */
export const medianTtfbUnder = (boundMs: number) => (r: Omit<PageRow, "target">) => ({ text: `median TTFB < ${boundMs} ms`, met: r.ttfb.median < boundMs });

/** The Markdown table of page rows every page benchmark prints. */
export function pageTable(rows: readonly PageRow[]): string[] {
  return [
    "| page | TTFB min / median / p90 / max | total min / median / p90 / max | size | warm-up TTFB / total | target |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => {
      const t = r.target ? `${r.target.text}: **${r.target.met ? "met" : "MISSED"}**` : "(for comparison)";
      return `| ${r.name} | ${ms(r.ttfb.min)} / **${ms(r.ttfb.median)}** / ${ms(r.ttfb.p90)} / ${ms(r.ttfb.max)} | ${ms(r.total.min)} / **${ms(r.total.median)}** / ${ms(r.total.p90)} / ${ms(r.total.max)} | ${bytes(r.bytes)} | ${ms(r.warmUp.ttfb)} / ${ms(r.warmUp.total)} | ${t} |`;
    }),
  ];
}

/** The options of the benchmarks that run against a prepared store (load, soak, users): where it is and where the server runs from. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//.test(db);

/** The server's environment for a store benchmark's --db: a PostgreSQL URL, or a SQLite file. */
export const storeEnv = (db: string): Record<string, string> => (isPostgresUrl(db) ? { DATABASE_URL: db } : { DATABASE_FILE: db, DATABASE_URL: "" });

export interface StoreOptions {
  /** A SQLite file, or a PostgreSQL URL (postgres://…). */
  db: string;
  cwd: string;
}

/**
 * Reads a store benchmark's options: `--db FILE` (required, must exist; or a PostgreSQL URL, postgres://…) and
 * `--cwd DIR` besides its own. A usage error ends the process with its message (exit 2), as these benchmarks read
 * their options at load.
 */
export function readStoreOptions<T extends object>(usage: string, defaults: T, spec: Omit<OptionSpec<StoreOptions & T>, "usage">): StoreOptions & T {
  try {
    const options = parseOptions<StoreOptions & T>(process.argv.slice(2), { db: "", cwd: "", ...defaults }, {
      ...spec,
      usage,
      values: {
        "--db": (text, o) => {
          if (!text || (!isPostgresUrl(text) && !fs.existsSync(text))) throw new UsageError(`No such file: '${text}' (a demo store: see the benchmark's comment at the top).`);
          o.db = text;
        },
        "--cwd": (text, o) => {
          o.cwd = text;
        },
        ...spec.values,
      },
    });
    if (!options.db) throw new UsageError(`--db FILE is required. Usage: ${usage}`);
    return options;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(2);
  }
}
