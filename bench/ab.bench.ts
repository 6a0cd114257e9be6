/**
 * The same pages from two commits, measured in turn (issue 8's bound: "no figure worse by more than 10 %"). A
 * benchmark run on one day against a figure from another compares two machines' moods as much as two builds; here
 * both builds answer the same requests, interleaved, in random order within each round, so the load of the moment
 * falls on both alike.
 *
 * Per commit: a detached git worktree under the OS temp dir, its own npm packages (a link to this checkout's
 * node_modules when its package-lock.json is the same, else `npm ci`), its own build, its own throwaway SQLite store
 * with the demo fleet of the same size and seed and its analysis, served by that commit's own `scripts/start.ts` (one
 * web process) on a loopback port. Sign-in through each commit's own form. The pages: the containers Summary at the
 * tree root, the Summary of a folder three levels deep in the default View, and that folder's AI Analysis Details
 * grid (the folder is found by following the tree's links on the second commit, and must exist on the first).
 * Five untimed rounds warm every page up; then `--rounds` rounds, one request per page and commit each.
 * Prints one Markdown table: median and p90 time to first byte and the page's size per commit, and the ratio of the
 * medians. Everything it started or wrote is removed at the end.
 *
 * Run: npx tsx bench/ab.bench.ts --before <commit> [--after HEAD] [--size 150000] [--seed 42] [--rounds 150]
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bytes, cleanups, freePort, loadText, machineText, median, ms, parseOptions, quantile, reportTitle, request, ROOT, runBenchmark, UsageError, waitForServer, type HttpResult } from "./harness";

interface Options {
  before: string;
  after: string;
  size: number;
  seed: number;
  rounds: number;
}

const USAGE = "npx tsx bench/ab.bench.ts --before <commit> [--after HEAD] [--size 150000] [--seed 42] [--rounds 150]";

const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { before: "", after: "HEAD", size: 150_000, seed: 42, rounds: 150 }, {
    usage: USAGE,
    numbers: { "--size": ["size", 100], "--seed": ["seed", 0], "--rounds": ["rounds", 5, 10_000] },
    values: {
      "--before": (text, o) => (o.before = text),
      "--after": (text, o) => (o.after = text),
    },
  });

interface Side {
  label: "before" | "after";
  commit: string;
  subject: string;
  port: number;
  cookie: string;
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

function resolveCommit(ref: string): { commit: string; subject: string } {
  try {
    return { commit: git("rev-parse", "--verify", `${ref}^{commit}`), subject: git("log", "-1", "--format=%s", ref).slice(0, 90) };
  } catch {
    throw new UsageError(`'${ref}' is not a commit of this repository.`);
  }
}

/** A worktree of the commit with its packages; removed at clean-up. */
function checkout(tmp: string, label: string, commit: string): string {
  const dir = path.join(tmp, label);
  git("worktree", "add", "--detach", "--force", dir, commit);
  cleanups.push(() => spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: ROOT }));
  const sameLock = fs.readFileSync(path.join(dir, "package-lock.json"), "utf8") === fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
  if (sameLock) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  else {
    console.error(`${label}: npm ci (its package-lock.json differs from this checkout's)…`);
    const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (r.status !== 0) throw new Error(`npm ci for ${commit} failed:\n${r.stderr}`);
  }
  return dir;
}

/** That commit's `npm start` (build when stale, store set-up with the analysis, the server), as its own process group. */
async function serve(dir: string, label: string, port: number, options: Options): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(dir, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATABASE_FILE: path.join(dir, "ab.db"),
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      KUBEX_DEMO_SIZE: String(options.size),
      KUBEX_DEMO_SEED: String(options.seed),
      KUBEX_WEB_PROCESSES: "1",
    },
  });
  let log = "";
  const keep = (c: Buffer) => (log = (log + c.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  cleanups.push(() => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  });
  try {
    await waitForServer(port, child, 30 * 60_000);
  } catch (e) {
    throw new Error(`${label}: ${e instanceof Error ? e.message : String(e)}\n${log}`);
  }
  return child;
}

const cookiesOf = (r: HttpResult) =>
  ([] as string[])
    .concat(r.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");

/** The demo admin through that commit's sign-in form (with its anti-forgery token when the form has one). */
async function signInAny(port: number): Promise<string> {
  const form = await request(port, "GET", "/login", { Accept: "text/html" });
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body.toString())?.[1];
  const fields: Record<string, string> = { userName: "admin", password: "kubex-admin", redirectTo: "/kubex" };
  if (csrf) fields.csrf = csrf;
  const login = await request(port, "POST", "/login", { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(form) }, new URLSearchParams(fields).toString());
  const session = /kubex_session=[^;]+/.exec(([] as string[]).concat(login.headers["set-cookie"] ?? []).join("\n"))?.[0];
  if (!session) throw new Error(`Sign-in failed on port ${port}: HTTP ${login.status}.`);
  return `${session}; kubex_tour=seen`;
}

/** A page as a browser asks for it (gzip: the size is what goes over the wire), or as text to read. */
const get = (side: Side, url: string, compressed = true) =>
  request(side.port, "GET", url, { Cookie: side.cookie, Accept: "text/html", ...(compressed ? { "Accept-Encoding": "gzip" } : {}) });

/** Follows the tree's links down to a folder `depth` levels deep (the first one each page offers); its fullPath. */
async function folderAt(side: Side, depth: number): Promise<string> {
  let url = "/kubex/containers-tree";
  let found = "";
  for (let level = 1; level <= depth; level++) {
    const page = await get(side, url, false);
    if (page.status !== 200) throw new Error(`${url}: HTTP ${page.status}`);
    const links = [...page.body.toString().matchAll(/href="(\/kubex\/containers-tree\/tree-item\?[^"]+)"/g)].map((m) => new URLSearchParams(m[1].split("?")[1].replaceAll("&amp;", "&")));
    // Links name their level; a fullPath also counts the View's root name ("System Breakdown/<cluster>" is level 1).
    const atLevel = (q: URLSearchParams) => (q.has("level") ? q.get("level") === String(level) : (q.get("fullPath") ?? "").split("/").length === level + 1);
    found = links.find((q) => q.get("fullPath") && atLevel(q))?.get("fullPath") ?? "";
    if (!found) throw new Error(`No folder ${level} levels deep is linked from ${url}.`);
    url = `/kubex/containers-tree/tree-item?${new URLSearchParams({ fullPath: found })}`;
  }
  return found;
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (!options.before) throw new UsageError(`--before is required.\n${USAGE}`);
  const startedAt = new Date();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-ab-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const sides: Side[] = [];
  for (const label of ["before", "after"] as const) {
    const { commit, subject } = resolveCommit(label === "before" ? options.before : options.after);
    const dir = checkout(tmp, label, commit);
    const port = await freePort();
    const t0 = performance.now();
    console.error(`${label}: ${commit.slice(0, 7)}, building and setting up ${options.size} containers…`);
    await serve(dir, label, port, options);
    console.error(`${label}: serving on ${port} after ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    sides.push({ label, commit, subject, port, cookie: await signInAny(port) });
  }

  // Found on the second commit (the tree's links of older commits were not always in the server's page), and
  // checked on both: each must answer the folder's page with its name.
  const folder = await folderAt(sides[1], 3);
  const inFolder = (extra: Record<string, string>) => `/kubex/containers-tree/tree-item?${new URLSearchParams({ fullPath: folder, ...extra })}`;
  const pages = [
    { name: "root Summary", url: "/kubex/containers-tree" },
    { name: "folder Summary (3 levels deep)", url: inFolder({}) },
    { name: "folder AI Analysis Details grid", url: inFolder({ tabGroup1: "analysis-details" }) },
  ];
  const leaf = folder.split("/").pop()!;
  for (const side of sides)
    for (const page of pages) {
      const r = await get(side, page.url, false);
      if (r.status !== 200) throw new Error(`${side.label} ${page.url}: HTTP ${r.status}`);
      if (page.url !== pages[0].url && !r.body.toString().includes(leaf)) throw new Error(`${side.label} ${page.url}: the page does not name the folder '${leaf}'.`);
    }

  const samples = new Map<string, { ttfb: number[]; bytes: number }>();
  const loadBefore = os.loadavg();
  for (let round = -5; round < options.rounds; round++) {
    for (const page of pages) {
      const order = Math.random() < 0.5 ? sides : [...sides].reverse();
      for (const side of order) {
        const r = await get(side, page.url);
        if (r.status !== 200) throw new Error(`${side.label} ${page.url}: HTTP ${r.status}`);
        if (round < 0) continue;
        const key = `${side.label} ${page.name}`;
        const s = samples.get(key) ?? { ttfb: [], bytes: 0 };
        s.ttfb.push(r.ttfb);
        s.bytes = Number(r.headers["content-length"] ?? 0) || r.bytes;
        samples.set(key, s);
      }
    }
  }
  const loadAfter = os.loadavg();

  const cell = (key: string) => {
    const s = samples.get(key)!;
    const sorted = [...s.ttfb].sort((a, b) => a - b);
    return { median: median(sorted), p90: quantile(sorted, 0.9), bytes: s.bytes };
  };
  const lines = [
    reportTitle("A/B", startedAt),
    "",
    `Load average before / after the timed rounds: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`,
    `Machine: ${machineText()}.`,
    `Fleet: size ${options.size}, seed ${options.seed}, one store per commit. Folder: \`${folder}\`. ${options.rounds} interleaved rounds after 5 warm-up rounds; one kept-alive connection per server, gzip.`,
    `Before: \`${sides[0].commit.slice(0, 7)}\` ${sides[0].subject}`,
    `After: \`${sides[1].commit.slice(0, 7)}\` ${sides[1].subject}`,
    "",
    "| page | before: TTFB median (p90), size gzip | after: TTFB median (p90), size gzip | after / before (median) |",
    "|---|---|---|---|",
  ];
  for (const page of pages) {
    const b = cell(`before ${page.name}`);
    const a = cell(`after ${page.name}`);
    lines.push(`| ${page.name} | ${ms(b.median)} ms (${ms(b.p90)}), ${bytes(b.bytes)} | ${ms(a.median)} ms (${ms(a.p90)}), ${bytes(a.bytes)} | ${(a.median / b.median).toFixed(2)} |`);
  }
  console.log(lines.join("\n"));
}

runBenchmark(main);
