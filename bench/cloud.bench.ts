/**
 * Benchmark of the cloud analysis and screens (issue 9, item 7): a demo estate of (by default) 20,000 cloud instances
 * (about 15,000 services: instances, databases and scale groups)
 *   a. analysed by `npm run analyze`'s run (the cloud phase timed on its own; target under 1 minute);
 *   b. the server-rendered cloud pages: the folder summary at the root and in a provider, the services grid sorted and
 *      searched, a later grid page, a service's Overview and its Catalog Map (targets: median time to first byte under
 *      300 ms).
 * Like nodes.bench.ts: a throwaway SQLite database under the OS temp dir, the production server on a free loopback
 * port, node's http client, a Markdown table. Everything it started or wrote is removed at the end.
 *
 * Run: npx tsx bench/cloud.bench.ts [--cloud-size 20000] [--size 2000] [--runs 30] [--seed 42] [--isolated-build]
 */
import os from "node:os";
import { freePort, loadText, machineText, measure, medianTtfbUnder, pageRow, pageTable, parseOptions, prepareBuild, reportTitle, request, runBenchmark, signIn, startServer, tempStore, waitForServer, type HttpResult, type PageRow } from "./harness";

const TARGET_TTFB_MS = 300;
const TARGET_ANALYSIS_MS = 60_000;

interface Options {
  cloudSize: number;
  size: number;
  runs: number;
  seed: number;
  isolatedBuild: boolean;
}

const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { cloudSize: 20_000, size: 2000, runs: 30, seed: 42, isolatedBuild: false }, {
    usage: "npx tsx bench/cloud.bench.ts [--cloud-size 20000] [--size 2000] [--runs 30] [--seed 42] [--isolated-build]",
    numbers: { "--cloud-size": ["cloudSize", 1], "--size": ["size", 1], "--runs": ["runs", 1, 1000], "--seed": ["seed", 0] },
    switches: { "--isolated-build": "isolatedBuild" },
  });

async function main() {
  const options = readOptions(process.argv.slice(2));
  const startedAt = new Date();
  const { tmp, dbFile } = tempStore("kubex-bench-cloud-");

  const { openStore, migrate } = await import("~/db/connect.server");
  const { seedDemoUsers } = await import("~/models/users.server");
  const { seedFeatureFlags } = await import("~/models/feature-flags.server");
  const { seedTreeviewDefaults } = await import("~/models/views.server");
  const { runDemoCollection } = await import("~/sources/collect.server");
  const { runAnalysis } = await import("~/analysis/run.server");

  // 1. The store and the estate's collection, then the analysis with the cloud phase timed.
  const store = openStore({ sqliteFile: dbFile });
  await migrate(store);
  await seedDemoUsers(store.db);
  await seedFeatureFlags(store.db, "sandboxPlaygroundEnabled");
  await seedTreeviewDefaults(store.db);
  const tCollect = performance.now();
  await runDemoCollection(store, { seed: options.seed, size: options.size, cloudSize: options.cloudSize });
  const collectMs = performance.now() - tCollect;
  const rssBefore = process.memoryUsage().rss;
  const result = await runAnalysis(store);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const services = await store.db.selectFrom("cloud_service").select(["id", "service", "provider"]).execute();
  const ec2 = services.find((s) => s.service === "EC2");
  await store.close();
  if (!ec2) throw new Error("The estate has no EC2 instance.");

  // 2. The production server with the same database, and a session.
  const { cwd, note } = prepareBuild(tmp, options.isolatedBuild);
  const port = await freePort();
  const { server, errors: serverErrorText } = startServer(cwd, port, { DATABASE_FILE: dbFile, DATABASE_URL: "" });
  await waitForServer(port, server, 60_000);
  const session = await signIn(port);
  const headers = { Cookie: `kubex_session=${session}`, Accept: "text/html" };

  // 3. The pages, each checked for what it must show.
  const entity = encodeURIComponent(ec2.id);
  const pages: { name: string; url: string; marker: string }[] = [
    { name: "Folder summary, root (all services)", url: "/kubex/cloud-tree", marker: 'data-testid="cloud-summary"' },
    { name: "Folder summary, AWS", url: `/kubex/cloud-tree/tree-item?${new URLSearchParams({ fullPath: "System Breakdown/AWS", level: "1" })}`, marker: 'data-testid="cloud-summary"' },
    { name: "Services grid, root, sorted by current cost, searched 'web'", url: "/kubex/cloud-tree?cloudTabGroup=cloud-analysis&sort=currentEstimatedCost&dir=desc&q=web", marker: 'data-testid="cloud-grid"' },
    { name: "Services grid, root, page 50 of 100 rows (default sort: most waste)", url: "/kubex/cloud-tree?cloudTabGroup=cloud-analysis&size=100&page=50", marker: 'data-testid="cloud-grid"' },
    { name: "A service's Overview (EC2)", url: `/kubex/cloud-tree/tree-item?entityId=${entity}&cloudexPage=details`, marker: 'data-testid="cloud-detail"' },
    { name: "A service's Catalog Map (EC2)", url: `/kubex/cloud-tree/tree-item?entityId=${entity}&cloudexPage=catalog`, marker: "Instance Type Analysis" },
  ];
  const rows: PageRow[] = [];
  const loadBefore = os.loadavg();
  for (const p of pages) {
    const check = (r: HttpResult) => {
      if (r.status !== 200) throw new Error(`${p.name}: HTTP ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
      if (!r.body.toString("utf8").includes(p.marker)) throw new Error(`${p.name}: no ${p.marker} in the page.`);
    };
    rows.push(pageRow(p.name, await measure(options.runs, () => request(port, "GET", p.url, headers), check), medianTtfbUnder(TARGET_TTFB_MS)));
  }
  const loadAfter = os.loadavg();
  if (server.exitCode !== null) throw new Error(`The server stopped during the run: ${serverErrorText()}`);

  const cloudMs = result.phaseMs.cloud;
  const lines = [
    reportTitle("Cloud", startedAt),
    "",
    `Load average before / after the HTTP measurements: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`,
    `Machine: ${machineText()}; SQLite in a temp file.`,
    `Estate: seed ${options.seed}, ${options.cloudSize.toLocaleString("en-US")} cloud instances = ${result.cloudCount.toLocaleString("en-US")} services ` +
      `(${result.cloudAnalysedCount.toLocaleString("en-US")} priced), beside ${options.size.toLocaleString("en-US")} containers; collection ${(collectMs / 1000).toFixed(1)} s.`,
    "",
    `| analysis | time | peak RSS of the process | target |`,
    `|---|---|---|---|`,
    `| cloud phase (${result.cloudCount.toLocaleString("en-US")} services, worker threads) | **${(cloudMs / 1000).toFixed(1)} s** | ${peakRssMb.toFixed(0)} MB (${(rssBefore / 2 ** 20).toFixed(0)} MB before the run) | under 60 s: **${cloudMs < TARGET_ANALYSIS_MS ? "met" : "MISSED"}** |`,
    `| whole run (containers, nodes, cloud, swap) | ${(result.ms / 1000).toFixed(1)} s | | |`,
    "",
    `Server: ${note}. Times in ms; ${options.runs} runs after one warm-up.`,
    "",
    ...pageTable(rows),
  ];
  console.log(lines.join("\n"));
}

runBenchmark(main);
