/**
 * The analysis past one machine (issue 13, must-show 3; decision 028): the wall time of a queued run
 * (KUBEX_ANALYSIS_QUEUE=on) on PostgreSQL with one and with two `scripts/analysis-worker.ts` processes, beside
 * the one-process run (in-process, no worker threads) on the same database, and the snapshot's totals of each (they
 * must agree to the cent). The load averages before and after each run are printed: on a shared machine the
 * times are upper bounds.
 *
 *   TEST_DATABASE_URL=postgres://… tsx bench/analysis-queue.bench.ts [--size 20000] [--seed 7]
 *
 * Needs a PostgreSQL server (`export TEST_DATABASE_URL=$(bash scripts/test-postgres.sh)`); makes and drops its
 * own database there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import pg from "pg";
import {
  cleanups,
  loadText,
  machineText,
  parseOptions,
  reportTitle,
  ROOT,
  runBenchmark,
  UsageError,
} from "./harness";

const USAGE =
  "TEST_DATABASE_URL=postgres://… tsx bench/analysis-queue.bench.ts [--size N] [--seed N]";
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

runBenchmark(async () => {
  const options = parseOptions(
    process.argv.slice(2),
    { size: 20_000, seed: 7 },
    {
      usage: USAGE,
      numbers: { "--size": ["size", 1000, 500_000], "--seed": ["seed", 0] },
    }
  );
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin)
    throw new UsageError(`TEST_DATABASE_URL is required. Usage: ${USAGE}`);
  const dbName = `kubex_bench_queue_${crypto.randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  await client.end();
  const u = new URL(admin);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  process.env.DATABASE_URL = url;
  const workers: ChildProcess[] = [];
  cleanups.push(() => {
    for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
  });
  const { migrate, openStore } = await import("~/db/connect.server");
  const { runAnalysis } = await import("~/analysis/run.server");
  const { runDemoCollection } = await import("~/sources/collect.server");
  const store = openStore({ databaseUrl: url });
  const startedAt = new Date();
  const lines: string[] = [];
  try {
    await migrate(store);
    const tCollect = Date.now();
    await runDemoCollection(store, {
      seed: options.seed,
      size: options.size,
      now: NOW,
    });
    const clusters = await store.db
      .selectFrom("k8s_cluster")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const collectMs = Date.now() - tCollect;

    const startWorkers = async (n: number) => {
      const started: ChildProcess[] = [];
      for (let i = 0; i < n; i++) {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "scripts/analysis-worker.ts"],
          {
            cwd: ROOT,
            env: {
              ...process.env,
              DATABASE_URL: url,
              KUBEX_ANALYSIS_QUEUE: "on",
            },
            stdio: ["ignore", "pipe", "inherit"],
          }
        );
        workers.push(child);
        started.push(child);
        await new Promise<void>((resolve, reject) => {
          let out = "";
          child.stdout!.on("data", (d) => {
            out += d;
            if (out.includes("analysis worker ready")) resolve();
          });
          child.on("exit", (code) =>
            reject(
              new Error(
                `analysis worker exited (${code}) before it was ready: ${out}`
              )
            )
          );
        });
      }
      return started;
    };
    const stop = async (list: ChildProcess[]) => {
      await Promise.all(
        list.map(
          (w) =>
            new Promise((resolve) =>
              w.exitCode !== null
                ? resolve(null)
                : (w.on("exit", resolve), w.kill("SIGTERM"))
            )
        )
      );
    };

    const rows: string[] = [];
    const money = (v: number) => v.toFixed(2);
    const measureRun = async (
      label: string,
      run: () => ReturnType<typeof runAnalysis>
    ) => {
      const loadBefore = os.loadavg();
      const t = Date.now();
      const r = await run();
      const wall = Date.now() - t;
      const w = r.waterfall;
      rows.push(
        `| ${label} | **${(wall / 1000).toFixed(1)} s** | ${loadText(
          loadBefore
        )} → ${loadText(os.loadavg())} | ${r.analysedCount} / ${
          r.containerCount
        } | ${money(w.currentSpend)} / ${money(w.immediateSavings)} / ${money(
          w.riskRemoval
        )} / ${money(w.additionalWaste)} / ${money(w.optimalSpend)} | ${
          r.cloudCount
        } |`
      );
      console.error(`${label}: ${(wall / 1000).toFixed(1)} s`);
      return r;
    };

    await measureRun("one process (runAnalysis, in-process)", () =>
      runAnalysis(store, { workers: 0, queue: false })
    );
    let w = await startWorkers(1);
    await measureRun("queued, 1 worker process", () =>
      runAnalysis(store, { queue: true })
    );
    await stop(w);
    w = await startWorkers(2);
    await measureRun("queued, 2 worker processes", () =>
      runAnalysis(store, { queue: true })
    );
    await stop(w);

    lines.push(
      reportTitle("Analysis queue", startedAt),
      "",
      `${machineText()}; PostgreSQL; ${options.size.toLocaleString(
        "en-US"
      )} demo containers (seed ${options.seed}) in ${
        clusters.n
      } clusters (shards: one per cluster and the cloud); collection ${(
        collectMs / 1000
      ).toFixed(1)} s.`,
      "",
      "| run | wall time | load average 1/5/15 min before → after | analysed / containers | waterfall $/month: current / immediate / risk / additional / optimal | cloud services |",
      "|---|---|---|---|---|---|",
      ...rows
    );
    console.log(lines.join("\n"));
  } finally {
    await store.close();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }
});
