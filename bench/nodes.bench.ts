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
import os from "node:os";
import { freePort, loadText, machineText, measure, medianTtfbUnder, pageRow, pageTable, parseOptions, prepareBuild, reportTitle, request, runBenchmark, signIn, startServer, tempStore, waitForServer, type HttpResult, type PageRow } from "./harness";

const TARGET_TTFB_MS = 300;
const MIN_NODES = 5000;

interface Options {
  size: number;
  runs: number;
  seed: number;
  isolatedBuild: boolean;
}

const USAGE = "npx tsx bench/nodes.bench.ts [--size 24000] [--runs 30] [--seed 42] [--isolated-build]";
const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { size: 24_000, runs: 30, seed: 42, isolatedBuild: false }, {
    usage: USAGE,
    numbers: { "--size": ["size", 1], "--runs": ["runs", 1, 1000], "--seed": ["seed", 0] },
    switches: { "--isolated-build": "isolatedBuild" },
  });

async function main() {
  const options = readOptions(process.argv.slice(2));
  const startedAt = new Date();
  const { tmp, dbFile } = tempStore("kubex-bench-nodes-");

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
  const rows: PageRow[] = [];
  const loadBefore = os.loadavg();
  for (const p of pages) {
    const check = (r: HttpResult) => {
      if (r.status !== 200) throw new Error(`${p.name}: HTTP ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
      const html = r.body.toString("utf8");
      if (!html.includes(`data-testid="${p.grid}"`)) throw new Error(`${p.name}: no ${p.grid} in the page.`);
      if (!html.includes('aria-selected="true"')) throw new Error(`${p.name}: no selected row.`);
      if (!html.includes('data-testid="utilization-panel"')) throw new Error(`${p.name}: no Utilization Charts panel.`);
    };
    rows.push(pageRow(p.name, await measure(options.runs, () => request(port, "GET", p.url, headers), check), medianTtfbUnder(TARGET_TTFB_MS)));
  }
  const loadAfter = os.loadavg();
  if (server.exitCode !== null) throw new Error(`The server stopped during the run: ${serverErrorText()}`);

  const lines = [
    reportTitle("Nodes", startedAt),
    "",
    `Load average before / after the HTTP measurements: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`,
    `Machine: ${machineText()}; SQLite in a temp file.`,
    `Fleet: size ${options.size}, seed ${options.seed}: ${nodes.numUniqueNodes} nodes in ${groups.nodeGroups} node groups of ${groups.clusters} clusters (setup with analysis ${(setupMs / 1000).toFixed(1)} s). Server: ${note}. Times in ms; ${options.runs} runs after one warm-up.`,
    "",
    ...pageTable(rows),
  ];
  console.log(lines.join("\n"));
}

runBenchmark(main);
