/**
 * Benchmark of the node screens with a fleet of at least 5,000 nodes (issue 4, item 5): time to first byte and total
 * time of the server-rendered nodes tree page on the Node Group Analysis grid and the Nodes grid (with their
 * Utilization Charts panels, whose series are computed on demand from the demo source), at the root and in the
 * largest cluster, plus a grid sorted by a numeric column and a later page.
 * Like tree.bench.ts: a throwaway SQLite database under the OS temp dir, setup (migrations, the demo fleet's
 * collection and its analysis), the production server on a free loopback port, node's http client, a Markdown
 * table. Everything it started or wrote is removed at the end. It exits non-zero only when it cannot run.
 *
 * Run: npx tsx bench/nodes.bench.ts [--size 24000] [--runs 30] [--seed 42] [--isolated-build]
 *   With seed 42, size 24,000 is the smallest round demo fleet with at least 5,000 nodes (5,090 in 28 groups).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cleanups, cleanUp, median, stats, ms, bytes, agent, request, freePort, waitForServer, prepareBuild, type Sample, type HttpResult, startServer, signIn } from "./harness";

const TARGET_TTFB_MS = 300;
const MIN_NODES = 5000;

interface Options {
  size: number;
  runs: number;
  seed: number;
  isolatedBuild: boolean;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): Options {
  const options: Options = { size: 24_000, runs: 30, seed: 42, isolatedBuild: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--isolated-build") options.isolatedBuild = true;
    else if (flag === "--size" || flag === "--runs" || flag === "--seed") {
      const text = inline ?? argv[++i];
      const value = Number(text);
      if (!Number.isInteger(value) || value < (flag === "--seed" ? 0 : 1)) throw new UsageError(`${flag} needs a positive whole number, got '${text ?? ""}'.`);
      options[flag.slice(2) as "size" | "runs" | "seed"] = value;
    } else if (flag === "--cold-runs" || flag === "--workers") i += inline === undefined ? 1 : 0; // other benchmarks' options (npm run bench passes them to all)
    else throw new UsageError(`Unknown option '${arg}'.`);
  }
  if (options.runs > 1000) throw new UsageError("--runs is at most 1000.");
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-bench-nodes-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const dbFile = path.join(tmp, "bench.db");
  process.env.DATABASE_FILE = dbFile;
  process.env.DATABASE_URL = "";

  const { openStore } = await import("~/db/connect.server");
  const { setup } = await import("../scripts/setup");
  const { currentSnapshotId } = await import("~/models/snapshot.server");
  const { nodeGroupSummary, nodeSummary, nodeGroupRows } = await import("~/models/node-analysis.server");

  // 1. The store: migrations, users, the demo fleet's collection and its analysis (node and node group rows).
  const store = openStore({ sqliteFile: dbFile });
  const tSetup = performance.now();
  await setup(store, { size: options.size, seed: options.seed, log: (l) => console.error(`  ${l}`) });
  const setupMs = performance.now() - tSetup;
  if (!(await currentSnapshotId(store.db))) throw new Error("Setup left no complete analysis: the node grids would be empty.");
  const nodes = await nodeSummary(store.db);
  const groups = await nodeGroupSummary(store.db);
  if (nodes.numUniqueNodes < MIN_NODES) throw new Error(`The fleet has ${nodes.numUniqueNodes} nodes; pass a larger --size for at least ${MIN_NODES}.`);
  // The largest cluster by node count: the heaviest cluster page.
  const all = await nodeGroupRows(store.db, { pageSize: 10_000 });
  const perCluster = new Map<string, number>();
  for (const g of all.rows) perCluster.set(g.clusterName, (perCluster.get(g.clusterName) ?? 0) + g.uniqueNodeCount);
  const [bigCluster, bigClusterNodes] = [...perCluster].sort((a, b) => b[1] - a[1])[0];
  await store.close();

  // 2. The production server with the same database, and a session.
  const { cwd, note } = prepareBuild(tmp, options.isolatedBuild);
  const port = await freePort();
  const { server, errors: serverErrorText } = startServer(cwd, port, { DATABASE_FILE: dbFile, DATABASE_URL: "" });
  await waitForServer(port, server, 60_000);
  const session = await signIn(port);
  const headers = { Cookie: `kubex_session=${session}`, Accept: "text/html" };

  // 3. The pages. Each answer must be the grid asked for, with rows and (first row selected) its chart panel.
  const clusterPath = `System Breakdown/${bigCluster}`;
  const pages: { name: string; url: string; grid: string }[] = [
    { name: "Node Group Analysis grid, all clusters (default tab, charts panel)", url: "/kubex/nodes-tree", grid: "node-group-grid" },
    { name: "Nodes grid, all clusters, page 1 of 20 rows (charts panel)", url: "/kubex/nodes-tree?tabGroupNode=node-detail", grid: "node-grid" },
    { name: "Nodes grid, all clusters, sorted by Peak CPU % (desc)", url: "/kubex/nodes-tree?tabGroupNode=node-detail&sort=cpuUtilizationPeakPct&dir=desc", grid: "node-grid" },
    { name: "Nodes grid, all clusters, page 100 of 50 rows", url: "/kubex/nodes-tree?tabGroupNode=node-detail&size=50&page=100", grid: "node-grid" },
    {
      name: `Node Group Analysis grid, largest cluster (${bigClusterNodes} nodes)`,
      url: `/kubex/nodes-tree/tree-item?${new URLSearchParams({ fullPath: clusterPath, level: "1", type: "CLUSTER" })}`,
      grid: "node-group-grid",
    },
    {
      name: "Nodes grid, largest cluster, 100 rows",
      url: `/kubex/nodes-tree/tree-item?${new URLSearchParams({ fullPath: clusterPath, level: "1", type: "CLUSTER", tabGroupNode: "node-detail", size: "100" })}`,
      grid: "node-grid",
    },
  ];
  const rows: { name: string; ttfb: ReturnType<typeof stats>; total: ReturnType<typeof stats>; bytes: number; warm: Sample }[] = [];
  const loadBefore = os.loadavg();
  for (const p of pages) {
    const check = (r: HttpResult) => {
      if (r.status !== 200) throw new Error(`${p.name}: HTTP ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
      const html = r.body.toString("utf8");
      if (!html.includes(`data-testid="${p.grid}"`)) throw new Error(`${p.name}: no ${p.grid} in the page.`);
      if (!html.includes('aria-selected="true"')) throw new Error(`${p.name}: no selected row.`);
      if (!html.includes('data-testid="utilization-panel"')) throw new Error(`${p.name}: no Utilization Charts panel.`);
    };
    const warm = await request(port, "GET", p.url, headers);
    check(warm);
    const samples: Sample[] = [];
    for (let i = 0; i < options.runs; i++) {
      const r = await request(port, "GET", p.url, headers);
      check(r);
      samples.push(r);
    }
    rows.push({ name: p.name, ttfb: stats(samples.map((s) => s.ttfb)), total: stats(samples.map((s) => s.total)), bytes: median(samples.map((s) => s.bytes)), warm });
  }
  const loadAfter = os.loadavg();
  if (server.exitCode !== null) throw new Error(`The server stopped during the run: ${serverErrorText()}`);

  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" ");
  const lines = [
    `## Nodes benchmark, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Load average before / after the HTTP measurements: ${load(loadBefore)} / ${load(loadAfter)}.`,
    `Machine: ${os.availableParallelism()} CPUs (nproc), ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; SQLite in a temp file.`,
    `Fleet: size ${options.size}, seed ${options.seed}: ${nodes.numUniqueNodes} nodes in ${groups.nodeGroups} node groups of ${groups.clusters} clusters (setup with analysis ${(setupMs / 1000).toFixed(1)} s). Server: ${note}. Times in ms; ${options.runs} runs after one warm-up.`,
    "",
    "| page | TTFB min / median / p90 / max | total min / median / p90 / max | size | warm-up TTFB | target |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${ms(r.ttfb.min)} / **${ms(r.ttfb.median)}** / ${ms(r.ttfb.p90)} / ${ms(r.ttfb.max)} | ${ms(r.total.min)} / **${ms(r.total.median)}** / ${ms(r.total.p90)} / ${ms(r.total.max)} | ${bytes(r.bytes)} | ${ms(r.warm.ttfb)} | median TTFB < ${TARGET_TTFB_MS} ms: **${r.ttfb.median < TARGET_TTFB_MS ? "met" : "MISSED"}** |`,
    ),
  ];
  console.log(lines.join("\n"));
}

main()
  .then(() => {
    cleanUp();
    process.exit(0);
  })
  .catch((e: unknown) => {
    console.error(e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
    cleanUp();
    process.exit(e instanceof UsageError ? 2 : 1);
  });
