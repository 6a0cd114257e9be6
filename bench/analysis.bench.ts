/**
 * Benchmark of the analysis run (issue 3, item 8): the whole demo fleet (default 150,000 containers, seed 42:
 * 7 days of 5-minute CPU and memory samples each, about 600 million samples) analysed into a new snapshot.
 * Target: under 5 minutes on this 2-core machine with peak memory under 2 GB.
 *
 *   a. read-only pass: every container's 7-day samples read exactly as the analysis reads them (the same
 *      chunks, readers, buffers and worker threads: readFleetSamples), with no analysis and no writes;
 *   b. the full runAnalysis: node groups, every container through the engine, rows written in chunks, the swap
 *      and the clean-up;
 * and the ratio b / a: what the analysis and the writes cost on top of producing the samples.
 *
 * Each step runs in its own process on one throwaway SQLite database (under the OS temp dir, removed at the
 * end, also on failure or Ctrl-C), so each one's peak RSS (process.resourceUsage().maxRSS, which covers the
 * worker threads: they are threads of that process) is its own. Prints a Markdown table.
 *
 * Run: npx tsx bench/analysis.bench.ts [--size 150000] [--seed 42] [--workers N]
 *   --workers  worker threads for both passes (default: one per core); the tree benchmark's --runs,
 *              --cold-runs and --isolated-build are accepted and ignored, so `npm run bench -- ...` works.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadText, machineText, parseOptions, runBenchmark } from "./harness";

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), "..");
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const TARGET_MS = 5 * 60_000;
const TARGET_RSS_MB = 2048;

interface Options {
  size: number;
  seed: number;
  workers: number;
}

const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { size: 150_000, seed: 42, workers: os.availableParallelism() }, {
    usage: "npx tsx bench/analysis.bench.ts [--size 150000] [--seed 42] [--workers N]",
    numbers: { "--size": ["size", 1], "--seed": ["seed", 0], "--workers": ["workers", 0] },
  });

// ---------------------------------------------------------------------------------------------------------------
// Steps: each runs in a child process (`--step <name> --db <file>`) and prints one JSON line.

type StepName = "collect" | "read" | "analyse";

interface StepResult {
  ms: number;
  maxRssMb: number;
  detail: Record<string, unknown>;
}

async function runStep(step: StepName, dbFile: string, options: Options): Promise<StepResult> {
  process.env.DATABASE_FILE = dbFile;
  process.env.DATABASE_URL = "";
  const { migrate, openStore } = await import("~/db/connect.server");
  const store = openStore({ databaseUrl: "", sqliteFile: dbFile });
  try {
    await migrate(store);
    const started = performance.now();
    let detail: Record<string, unknown> = {};
    if (step === "collect") {
      const { runDemoCollection } = await import("~/sources/collect.server");
      const r = await runDemoCollection(store, { seed: options.seed, size: options.size, now: NOW });
      detail = { containers: r.containerCount, nodes: r.counts.nodes, nodeGroups: r.counts.nodeGroups };
    } else if (step === "read") {
      const { readFleetSamples } = await import("~/analysis/run.server");
      const r = await readFleetSamples(store, { workers: options.workers });
      detail = { containers: r.containers, samples: r.samples, workers: r.workers, checksum: r.checksum };
    } else {
      const { runAnalysis } = await import("~/analysis/run.server");
      let lastPrint = 0;
      let lastPhase = "";
      const r = await runAnalysis(store, {
        workers: options.workers,
        onProgress: (p) => {
          const now = Date.now();
          if (p.phase === lastPhase && now - lastPrint < 15_000) return;
          lastPrint = now;
          lastPhase = p.phase;
          process.stderr.write(`  ${p.phase} ${p.done}/${p.total} at ${(p.elapsedMs / 1000).toFixed(1)} s\n`);
        },
      });
      detail = { containers: r.containerCount, analysed: r.analysedCount, workers: r.workers, phaseMs: r.phaseMs, waterfall: r.waterfall };
    }
    const ms = performance.now() - started;
    return { ms, maxRssMb: process.resourceUsage().maxRSS / 1024, detail };
  } finally {
    await store.close();
  }
}

function spawnStep(step: StepName, dbFile: string, argv: string[]): Promise<StepResult> {
  const tsx = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, HERE, "--step", step, "--db", dbFile, ...argv], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    children.add(child.pid!);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      children.delete(child.pid!);
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as StepResult);
      else reject(new Error(`step ${step} failed (${code ?? signal}): ${out}`));
    });
  });
}

const children = new Set<number>();

// ---------------------------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const secs = (ms: number) => `${fmt(ms / 1000, 1)} s`;

async function main() {
  const argv = process.argv.slice(2);
  const stepAt = argv.indexOf("--step");
  if (stepAt >= 0) {
    const step = argv[stepAt + 1] as StepName;
    const dbFile = argv[argv.indexOf("--db") + 1];
    const rest = argv.filter((_, i) => i !== stepAt && i !== stepAt + 1 && i !== argv.indexOf("--db") && i !== argv.indexOf("--db") + 1);
    const result = await runStep(step, dbFile, readOptions(rest));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }

  const options = readOptions(argv);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-analysis-bench-"));
  const cleanUp = () => {
    for (const pid of children) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on("exit", cleanUp);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => process.exit(130));
  const dbFile = path.join(tmp, "bench.db");
  const passArgs = ["--size", String(options.size), "--seed", String(options.seed), "--workers", String(options.workers)];
  const startedAt = new Date();
  const loadBefore = os.loadavg();

  console.error(`Collecting the demo fleet (size ${options.size}, seed ${options.seed})…`);
  const collect = await spawnStep("collect", dbFile, passArgs);
  console.error(`Collected in ${secs(collect.ms)}. (a) Read-only pass…`);
  const read = await spawnStep("read", dbFile, passArgs);
  console.error(`Read in ${secs(read.ms)}. (b) Full analysis…`);
  const analyse = await spawnStep("analyse", dbFile, passArgs);
  console.error(`Analysed in ${secs(analyse.ms)}.`);
  const loadAfter = os.loadavg();

  const containers = Number(read.detail.containers);
  const samples = Number(read.detail.samples);
  const metricSamples = samples * 2; // CPU and memory
  const ratio = analyse.ms / read.ms;
  const phase = analyse.detail.phaseMs as Record<string, number>;
  const w = analyse.detail.waterfall as { currentSpend: number; immediateSavings: number; riskRemoval: number; additionalWaste: number; optimalSpend: number };
  const metTime = analyse.ms < TARGET_MS;
  const metRss = analyse.maxRssMb < TARGET_RSS_MB;

  const lines: string[] = [];
  lines.push(
    `${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, \`npx tsx bench/analysis.bench.ts\` (size ${options.size}, seed ${options.seed}, ` +
      `${options.workers} worker threads). Load average before / after: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`,
  );
  lines.push("");
  lines.push(
    `Machine: ${machineText()}; SQLite (better-sqlite3) in a temp file.`,
  );
  lines.push(
    `Fleet: ${fmt(containers)} containers, ${fmt(Number(collect.detail.nodes))} nodes in ${fmt(Number(collect.detail.nodeGroups))} node groups ` +
      `(collection ${secs(collect.ms)}, peak RSS ${fmt(collect.maxRssMb)} MB). ${fmt(samples)} five-minute samples of CPU and memory each ` +
      `(${fmt(metricSamples)} samples); ${fmt(Number(analyse.detail.analysed))} containers analysed.`,
  );
  lines.push("");
  lines.push("| pass | wall time | containers/s | samples/s (CPU + memory) | peak RSS | target |");
  lines.push("|---|---|---|---|---|---|");
  lines.push(`| (a) read-only: every container's 7-day samples, no analysis, no writes | ${secs(read.ms)} | ${fmt(containers / (read.ms / 1000))} | ${fmt(metricSamples / (read.ms / 1000))} | ${fmt(read.maxRssMb)} MB | |`);
  lines.push(
    `| (b) full analysis (\`runAnalysis\`) | **${secs(analyse.ms)}** | ${fmt(containers / (analyse.ms / 1000))} | ${fmt(metricSamples / (analyse.ms / 1000))} | **${fmt(analyse.maxRssMb)} MB** | ` +
      `< 5 min: **${metTime ? "met" : "missed"}**; < 2 GB: **${metRss ? "met" : "missed"}** |`,
  );
  lines.push(`| ratio (b) / (a) | **${fmt(ratio, 2)}** | | | | |`);
  lines.push("");
  lines.push(
    `Phases of (b): inventory read ${secs(phase.read)}, node groups ${secs(phase.nodes)}, containers (analysis and writes) ${secs(phase.containers)}, ` +
      `node and node group rows ${secs(phase.nodeRows ?? 0)}, swap ${fmt(phase.swap)} ms, clean-up ${secs(phase.cleanup)}.`,
  );
  lines.push(
    `Waterfall ($/month): Current ${fmt(w.currentSpend, 2)}, Immediate ${fmt(w.immediateSavings, 2)}, Risk Removal ${fmt(w.riskRemoval, 2)}, ` +
      `Additional ${fmt(w.additionalWaste, 2)}, Optimal ${fmt(w.optimalSpend, 2)}.`,
  );
  console.log(lines.join("\n"));
}

runBenchmark(main);
