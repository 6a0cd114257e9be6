/**
 * Lighthouse on the four key screens (issue 14, must-show 5): the containers Summary, the AI Analysis Details grid,
 * the workload screen and Node Group Analysis, each with Lighthouse's mobile preset (its default: a Moto G Power
 * sized screen, simulated slow 4G and a 4x slower CPU) and its desktop preset, signed in.
 * Like the other page benchmarks: a throwaway SQLite database under the OS temp dir, setup (migrations, the demo
 * fleet's collection and its analysis), the production server on a free loopback port, signed in through the form
 * (harness.ts signIn); Lighthouse drives Debian's chromium (CHROME_PATH or /usr/bin/chromium, headless, no sandbox)
 * through chrome-launcher and sends the session cookie with every request. Prints one Markdown table: performance,
 * accessibility, CLS, TBT, LCP, TTI per screen and preset (the median run by performance score, with the range of
 * the scores over the runs), and the load average around the runs. Everything it started or wrote is removed at
 * the end. It exits non-zero only when it cannot run; a missed target is shown in the table.
 *
 * Run: npx tsx bench/lighthouse.bench.ts [--size 2000] [--seed 42] [--runs 3] [--isolated-build]
 *   [--only summary,grid,workload,nodes] [--preset mobile|desktop] [--json DIR]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import type { Flags, Result } from "lighthouse";
import { cleanups, expectStatus, freePort, loadText, machineText, parseOptions, prepareBuild, reportTitle, request, runBenchmark, signIn, startServer, tempStore, UsageError, waitForServer } from "./harness";

/** The issue's targets. */
const TARGETS = { mobilePerformance: 80, desktopPerformance: 95, accessibility: 100, cls: 0.1 };

const SCREENS = ["summary", "grid", "workload", "nodes"] as const;
type Screen = (typeof SCREENS)[number];
const PRESETS = ["mobile", "desktop"] as const;
type Preset = (typeof PRESETS)[number];

interface Options {
  size: number;
  seed: number;
  runs: number;
  isolatedBuild: boolean;
  only: Screen[];
  presets: Preset[];
  json?: string;
}

const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { size: 2000, seed: 42, runs: 3, isolatedBuild: false, only: [...SCREENS], presets: [...PRESETS] }, {
    usage: "npx tsx bench/lighthouse.bench.ts [--size 2000] [--seed 42] [--runs 3] [--isolated-build] [--only summary,grid,workload,nodes] [--preset mobile|desktop] [--json DIR]",
    numbers: { "--size": ["size", 1], "--seed": ["seed", 0], "--runs": ["runs", 1, 20] },
    switches: { "--isolated-build": "isolatedBuild" },
    values: {
      "--only": (text, options) => {
        const list = text.split(",").filter(Boolean);
        const wrong = list.filter((s) => !(SCREENS as readonly string[]).includes(s));
        if (!list.length || wrong.length) throw new UsageError(`--only takes screens from ${SCREENS.join(",")}, got '${wrong.join(",")}'.`);
        options.only = list as Screen[];
      },
      "--preset": (text, options) => {
        if (!(PRESETS as readonly string[]).includes(text)) throw new UsageError(`--preset is mobile or desktop, got '${text}'.`);
        options.presets = [text as Preset];
      },
      "--json": (text, options) => {
        options.json = path.resolve(text);
      },
    },
  });

/** An analysed Deployment with the most net savings: the workload screen a user reaches from the grid. */
async function pickWorkload(port: number, cookie: string): Promise<string> {
  const { SEED_IDS } = await import("~/models/treeview-common.server");
  const query = `query pick($viewId: String!, $filterId: String!) {
    getContainerDetailsByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: "", sortField: "netSavings", sortDirection: "desc", pageSize: 50) {
      rows { entityId analysed controllerType }
    }
  }`;
  const r = await request(
    port,
    "POST",
    "/api/graphql/containers",
    { Cookie: cookie, "Content-Type": "application/json", Accept: "application/json" },
    JSON.stringify({ query, variables: { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers } }),
  );
  expectStatus(r, 200, "The container list for the workload screen");
  const rows = (JSON.parse(r.body.toString()) as { data?: { getContainerDetailsByViewAndFilter?: { rows: { entityId: string; analysed: boolean; controllerType: string }[] } } }).data
    ?.getContainerDetailsByViewAndFilter?.rows;
  const row = rows?.find((x) => x.analysed && x.controllerType === "Deployment") ?? rows?.find((x) => x.analysed);
  if (!row) throw new Error(`No analysed container for the workload screen: ${r.body.toString().slice(0, 300)}`);
  return row.entityId;
}

interface Run {
  performance: number;
  accessibility: number;
  cls: number;
  tbt: number;
  lcp: number;
  tti: number;
  failedA11y: string[];
  shifts: string[];
  longTasks: string[];
}

function readRun(lhr: Result): Run {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  // The elements that moved most (the layout-shifts audit's table), to tell where a shift comes from.
  const details = lhr.audits["layout-shifts"]?.details as { items?: { node?: { selector?: string; nodeLabel?: string }; score?: number }[] } | undefined;
  const shifts = (details?.items ?? []).slice(0, 3).map((it) => `${it.node?.selector ?? it.node?.nodeLabel ?? "?"} (${(it.score ?? 0).toFixed(3)})`);
  const tasks = lhr.audits["long-tasks"]?.details as { items?: { url?: string; duration?: number }[] } | undefined;
  const longTasks = (tasks?.items ?? []).slice(0, 3).map((t) => `${(t.url ?? "?").replace(/^.*\//, "").replace(/\?.*$/, "")} ${Math.round(t.duration ?? 0)} ms`);
  return {
    longTasks,
    performance: score("performance"),
    accessibility: score("accessibility"),
    cls: num("cumulative-layout-shift"),
    tbt: num("total-blocking-time"),
    lcp: num("largest-contentful-paint"),
    tti: num("interactive"),
    failedA11y,
    shifts,
  };
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  const startedAt = new Date();
  const { tmp, dbFile } = tempStore("kubex-bench-lighthouse-");

  const { openStore } = await import("~/db/connect.server");
  const { setup } = await import("../scripts/setup");
  const { currentSnapshotId } = await import("~/models/snapshot.server");

  // 1. The store: migrations, users, the demo fleet's collection and its analysis.
  const store = openStore({ sqliteFile: dbFile });
  const tSetup = performance.now();
  await setup(store, { size: options.size, seed: options.seed, log: (l) => console.error(`  ${l}`) });
  const setupMs = performance.now() - tSetup;
  if (!(await currentSnapshotId(store.db))) throw new Error("Setup left no complete analysis: the screens would be empty.");
  await store.close();

  // 2. The production server with the same database, and a session.
  const { cwd, note } = prepareBuild(tmp, options.isolatedBuild);
  const port = await freePort();
  const { server, errors: serverErrorText } = startServer(cwd, port, { DATABASE_FILE: dbFile, DATABASE_URL: "" });
  await waitForServer(port, server, 60_000);
  const cookie = `kubex_session=${await signIn(port)}`;
  const base = `http://127.0.0.1:${port}`;
  const entityId = options.only.includes("workload") ? await pickWorkload(port, cookie) : "";
  const urls: Record<Screen, { name: string; url: string; mark: string }> = {
    summary: { name: "containers Summary (tree root)", url: "/kubex/containers-tree", mark: 'data-testid="tree-pane"' },
    grid: { name: "AI Analysis Details grid", url: "/kubex/containers-tree/tree-item?tabGroup1=analysis-details", mark: 'data-testid="tree-pane"' },
    workload: { name: "workload screen", url: `/kubex/containers-tree/tree-item?entityId=${encodeURIComponent(entityId)}`, mark: 'data-testid="tree-pane"' },
    nodes: { name: "Node Group Analysis", url: "/kubex/nodes-tree", mark: 'data-testid="node-group-grid"' },
  };
  // Each page answers signed in (not the sign-in form), once, before Lighthouse loads it: the server's caches warm.
  for (const s of options.only) {
    const r = await request(port, "GET", urls[s].url, { Cookie: cookie, Accept: "text/html" });
    expectStatus(r, 200, urls[s].name);
    if (!r.body.toString().includes(urls[s].mark)) throw new Error(`${urls[s].name}: not the screen (no ${urls[s].mark}).`);
  }

  // 3. Chromium, then Lighthouse: per screen and preset `runs` runs, the median by performance score kept.
  // A fresh Chromium per run: a reused one often lost the navigation's start in the trace (NO_NAVSTART).
  const launch = async () => {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
      logLevel: "silent",
    });
    cleanups.push(() => chrome.kill());
    return chrome;
  };
  const flags = (port: number): Flags => ({ port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], extraHeaders: { Cookie: cookie } });

  const results: { screen: Screen; preset: Preset; median: Run; runs: Run[] }[] = [];
  const loadBefore = os.loadavg();
  for (const screen of options.only) {
    for (const preset of options.presets) {
      const runs: Run[] = [];
      for (let i = 0; i < options.runs; i++) {
        // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a busy machine) is tried again, up to 4 times;
        // a run that still has none is left out (the table says how many runs it shows).
        let res: Awaited<ReturnType<typeof lighthouse>> | undefined;
        for (let attempt = 1; attempt <= 5; attempt++) {
          const chrome = await launch();
          try {
            res = await lighthouse(base + urls[screen].url, flags(chrome.port), preset === "desktop" ? desktopConfig : undefined);
          } finally {
            chrome.kill();
          }
          if (!res) throw new Error(`Lighthouse gave no result for ${screen} (${preset}).`);
          const error = res.lhr.runtimeError;
          if (!error) break;
          if (!/^NO_(NAVSTART|FCP|TRACING_STARTED)/.test(error.code)) throw new Error(`Lighthouse on ${screen} (${preset}): ${error.code} ${error.message}`);
          console.error(`  ${screen} ${preset}: ${error.code}, trying again`);
          res = undefined;
        }
        if (!res) {
          console.error(`  ${screen} ${preset} run ${i + 1}: no trace after 5 attempts, left out`);
          continue;
        }
        if (res.lhr.finalDisplayedUrl.includes("/login")) throw new Error(`${screen}: Lighthouse landed on the sign-in page (the session cookie was not sent).`);
        if (options.json) {
          fs.mkdirSync(options.json, { recursive: true });
          fs.writeFileSync(path.join(options.json, `${screen}-${preset}-${i + 1}.json`), typeof res.report === "string" ? res.report : JSON.stringify(res.lhr));
        }
        const run = readRun(res.lhr);
        runs.push(run);
        console.error(`  ${screen} ${preset} run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, CLS ${run.cls.toFixed(3)}, TBT ${run.tbt.toFixed(0)} ms`);
      }
      if (!runs.length) throw new Error(`Lighthouse recorded no trace for ${screen} (${preset}).`);
      const sorted = [...runs].sort((a, b) => a.performance - b.performance);
      results.push({ screen, preset, median: sorted[(sorted.length - 1) >> 1], runs });
    }
  }
  const loadAfter = os.loadavg();
  if (server.exitCode !== null) throw new Error(`The server stopped during the run: ${serverErrorText()}`);

  const sec = (v: number) => `${(v / 1000).toFixed(1)} s`;
  const range = (values: number[]) => (Math.min(...values) === Math.max(...values) ? "" : ` (${Math.min(...values)}–${Math.max(...values)})`);
  const met = (r: Run, preset: Preset) => {
    const missed: string[] = [];
    if (r.performance < (preset === "mobile" ? TARGETS.mobilePerformance : TARGETS.desktopPerformance)) missed.push("performance");
    if (r.accessibility < TARGETS.accessibility) missed.push("accessibility");
    if (!(r.cls < TARGETS.cls)) missed.push("CLS");
    return missed.length ? `MISSED: ${missed.join(", ")}` : "met";
  };
  const lines = [
    reportTitle("Lighthouse", startedAt),
    "",
    `Load average before / after the Lighthouse runs: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`,
    `Machine: ${machineText()}; Lighthouse 12.2.3, Debian chromium, headless.`,
    `Fleet: size ${options.size}, seed ${options.seed} (setup with analysis ${(setupMs / 1000).toFixed(1)} s). Server: ${note}. Per screen and preset ${options.runs} run(s); the run with the median performance score is shown, the range of the scores over the runs in brackets.`,
    `Targets: mobile performance ≥ ${TARGETS.mobilePerformance}, desktop ≥ ${TARGETS.desktopPerformance}, accessibility ${TARGETS.accessibility}, CLS < ${TARGETS.cls}.`,
    "",
    "| screen | preset | performance | accessibility | CLS | TBT | LCP | TTI | targets |",
    "|---|---|---|---|---|---|---|---|---|",
    ...results.map(
      ({ screen, preset, median: r, runs }) =>
        `| ${urls[screen].name}${runs.length < options.runs ? ` (${runs.length} of ${options.runs} runs)` : ""} | ${preset} | **${r.performance}**${range(runs.map((x) => x.performance))} | ${r.accessibility}${range(runs.map((x) => x.accessibility))} | ${r.cls.toFixed(3)} | ${r.tbt.toFixed(0)} ms | ${sec(r.lcp)} | ${sec(r.tti)} | ${met(r, preset)} |`,
    ),
  ];
  const notes = results.flatMap(({ screen, preset, median: r }) => [
    ...(r.failedA11y.length ? [`- ${urls[screen].name}, ${preset}: failed accessibility audits: ${r.failedA11y.join(", ")}`] : []),
    ...(r.cls >= 0.01 && r.shifts.length ? [`- ${urls[screen].name}, ${preset}: largest shifts: ${r.shifts.join("; ")}`] : []),
    ...(r.tbt >= 200 && r.longTasks.length ? [`- ${urls[screen].name}, ${preset}: longest main-thread tasks: ${r.longTasks.join("; ")}`] : []),
  ]);
  if (notes.length) lines.push("", ...notes);
  console.log(lines.join("\n"));
}

runBenchmark(main);
