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
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cleanups, cleanUp, median, stats, ms, bytes, agent, request, freePort, waitForServer, prepareBuild, type Sample, type HttpResult, startServer, signIn } from "./harness";

const TARGET_TTFB_MS = 300;
const TARGET_ANALYSIS_MS = 60_000;

interface Options {
  cloudSize: number;
  size: number;
  runs: number;
  seed: number;
  isolatedBuild: boolean;
}

class UsageError extends Error {}

function parseOptions(argv: string[]): Options {
  const options: Options = { cloudSize: 20_000, size: 2000, runs: 30, seed: 42, isolatedBuild: false };
  const numeric: Record<string, keyof Options> = { "--cloud-size": "cloudSize", "--size": "size", "--runs": "runs", "--seed": "seed" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--isolated-build") options.isolatedBuild = true;
    else if (flag in numeric) {
      const text = inline ?? argv[++i];
      const value = Number(text);
      if (!Number.isInteger(value) || value < (flag === "--seed" ? 0 : 1)) throw new UsageError(`${flag} needs a positive whole number, got '${text ?? ""}'.`);
      (options[numeric[flag]] as number) = value;
    } else if (flag === "--cold-runs" || flag === "--workers") i += inline === undefined ? 1 : 0; // other benchmarks' options
    else throw new UsageError(`Unknown option '${arg}'.`);
  }
  if (options.runs > 1000) throw new UsageError("--runs is at most 1000.");
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-bench-cloud-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const dbFile = path.join(tmp, "bench.db");
  process.env.DATABASE_FILE = dbFile;
  process.env.DATABASE_URL = "";

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
  const rows: { name: string; ttfb: ReturnType<typeof stats>; total: ReturnType<typeof stats>; bytes: number; warm: Sample }[] = [];
  const loadBefore = os.loadavg();
  for (const p of pages) {
    const check = (r: HttpResult) => {
      if (r.status !== 200) throw new Error(`${p.name}: HTTP ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
      if (!r.body.toString("utf8").includes(p.marker)) throw new Error(`${p.name}: no ${p.marker} in the page.`);
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
  const cloudMs = result.phaseMs.cloud;
  const lines = [
    `## Cloud benchmark, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Load average before / after the HTTP measurements: ${load(loadBefore)} / ${load(loadAfter)}.`,
    `Machine: ${os.availableParallelism()} CPUs (nproc), ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; Node ${process.version}; SQLite in a temp file.`,
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
