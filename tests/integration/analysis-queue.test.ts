/**
 * The analysis past one machine (issue 13, must-show 3; decision 028), on PostgreSQL only: a run split into
 * per-cluster shard jobs on the pg-boss queue, taken by `scripts/analysis-worker.ts` processes.
 *
 * - Two worker processes give the same snapshot as the one-process run: every container, node, node group and
 *   cloud row equal, and the waterfall to the cent; one of them is killed mid-shard, and its shard is retried by
 *   another worker once the shard time-out passes; the previous snapshot stays current and whole until the swap.
 * - A shard that keeps failing fails the run with its reason; the previous snapshot stays current.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openStore, type Store } from "~/db/connect.server";
import {
  currentSnapshotId,
  runAnalysis,
  type AnalysisResult,
} from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const REPO = path.resolve(import.meta.dirname, "../..");
const admin = process.env.TEST_DATABASE_URL;
// A lost shard is retried after this many seconds (the test's worker kill waits this long once).
const SHARD_TIMEOUT_S = 10;

interface Worker {
  child: ChildProcess;
  name: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/analysis-worker.ts"],
    {
      cwd: REPO,
      env: {
        ...process.env,
        ...env,
        KUBEX_ANALYSIS_QUEUE: "on",
        KUBEX_ANALYSIS_SHARD_TIMEOUT_S: String(SHARD_TIMEOUT_S),
      },
      stdio: ["ignore", "pipe", "pipe"],
    }
  );
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
  }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal }))
  );
  return {
    child,
    name: `${os.hostname()}:${child.pid}`,
    output: () => output,
    exited,
  };
}

async function stopWorker(w: Worker) {
  if (w.child.exitCode === null && w.child.signalCode === null)
    w.child.kill("SIGTERM");
  await w.exited;
}

/** Every analysis row of a snapshot, without the snapshot id, in a fixed order. */
async function snapshotRows(store: Store, snapshotId: string) {
  // Kysely types a table's columns by its name; the five share snapshot_id, and each its own key.
  const rows = async (table: "container_analysis" | "node_analysis" | "node_group_analysis" | "node_group_series" | "cloud_analysis", key: string) =>
    (
      await store.db
        .selectFrom(table as "container_analysis")
        .selectAll()
        .where("snapshot_id", "=", snapshotId)
        .orderBy(key as "container_id")
        .execute()
    ).map(({ snapshot_id: _s, ...rest }) => rest as Record<string, unknown>);
  return {
    containers: await rows("container_analysis", "container_id"),
    nodes: await rows("node_analysis", "node_id"),
    groups: await rows("node_group_analysis", "node_group_id"),
    groupSeries: await rows("node_group_series", "node_group_id"),
    cloud: await rows("cloud_analysis", "service_id"),
  };
}

const toCents = (w: AnalysisResult["waterfall"]) =>
  Object.fromEntries(
    Object.entries(w).map(([k, v]) => [k, Math.round(v * 100)])
  );

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  give: () => string,
  deadlineMs = 120_000
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(`Timed out waiting for ${what}. ${give()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!admin)(
  "queued analysis on PostgreSQL (KUBEX_ANALYSIS_QUEUE)",
  () => {
    let store: Store;
    let url: string;
    const dbName = `kubex_queue_${crypto.randomBytes(6).toString("hex")}`;
    const workers: Worker[] = [];

    beforeAll(async () => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${dbName}`);
      await client.end();
      const u = new URL(admin!);
      u.pathname = `/${dbName}`;
      url = u.toString();
      store = openStore({ databaseUrl: url });
      await migrate(store);
      // 4 clusters (6,000 containers / 3,750 rounds to 2, at least 3... see clusterCount) and a cloud estate.
      await runDemoCollection(store, { seed: 11, size: 6000, now: NOW });
    }, 120_000);

    afterAll(async () => {
      delete process.env.KUBEX_ANALYSIS_SHARD_TIMEOUT_S;
      delete process.env.KUBEX_ANALYSIS_SHARD_ATTEMPTS;
      await Promise.all(workers.map(stopWorker));
      await store?.close();
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    });

    it("two workers give the one-process snapshot; a worker killed mid-shard has its shard done by another", async () => {
      const one = await runAnalysis(store, { workers: 0, queue: false });
      const expected = await snapshotRows(store, one.snapshotId);
      expect(expected.containers.length).toBe(6000);

      // The starting process gives the jobs their time-out and attempts.
      process.env.KUBEX_ANALYSIS_SHARD_TIMEOUT_S = String(SHARD_TIMEOUT_S);
      const queued = runAnalysis(store, { queue: true });
      let failure: unknown = null;
      queued.catch((e: unknown) => (failure = e));
      const env = { DATABASE_URL: url };
      const doomed = startWorker(env);
      const other = startWorker(env);
      workers.push(doomed, other);
      const all = () =>
        workers.map((w) => `--- ${w.name}:\n${w.output()}`).join("\n");

      // Kill `doomed` while it holds a shard it has not committed.
      const run = await waitFor(
        "the queued run",
        () =>
          store.db
            .selectFrom("analysis_snapshot")
            .select("id")
            .where("status", "=", "running")
            .executeTakeFirst(),
        all
      );
      const held = await waitFor(
        "a shard in the doomed worker's hands",
        async () => {
          if (failure) throw failure;
          return store.db
            .selectFrom("analysis_shard")
            .select(["shard", "attempts"])
            .where("snapshot_id", "=", run.id)
            .where("worker", "=", doomed.name)
            .where("status", "=", "pending")
            .executeTakeFirst();
        },
        all
      );
      doomed.child.kill("SIGKILL");
      expect((await doomed.exited).signal).toBe("SIGKILL");
      const replacement = startWorker(env);
      workers.push(replacement);

      // Until the swap the previous snapshot is current and whole.
      expect(await currentSnapshotId(store.db)).toBe(one.snapshotId);
      const { n } = await store.db
        .selectFrom("container_analysis")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("snapshot_id", "=", one.snapshotId)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(6000);

      const result = await queued;
      expect(result.snapshotId).toBe(run.id);
      expect(await currentSnapshotId(store.db)).toBe(run.id);
      const shards = await store.db
        .selectFrom("analysis_shard")
        .selectAll()
        .where("snapshot_id", "=", run.id)
        .orderBy("shard")
        .execute();
      expect(shards.map((s) => s.status)).toEqual(shards.map(() => "done"));
      expect(shards.length).toBeGreaterThanOrEqual(4); // 3 or more clusters and the cloud
      const killed = shards.find((s) => s.shard === held.shard)!;
      expect(killed.attempts).toBeGreaterThanOrEqual(2);
      expect(killed.worker).not.toBe(doomed.name);
      expect([other.name, replacement.name]).toContain(killed.worker);
      // Both surviving workers took part.
      expect(new Set(shards.map((s) => s.worker)).size).toBeGreaterThanOrEqual(
        2
      );

      // The same snapshot as the one-process run: every row, and the waterfall to the cent.
      expect(result.containerCount).toBe(one.containerCount);
      expect(result.analysedCount).toBe(one.analysedCount);
      expect(result.cloudCount).toBe(one.cloudCount);
      expect(toCents(result.waterfall)).toEqual(toCents(one.waterfall));
      expect(result.cloudSummary).toEqual(one.cloudSummary);
      const got = await snapshotRows(store, run.id);
      expect(got.containers.length).toBe(expected.containers.length);
      expect(got.nodes).toEqual(expected.nodes);
      expect(got.groups).toEqual(expected.groups);
      // Each group's chart series, stored by the shard of its cluster, byte for byte the one process's.
      expect(expected.groupSeries.length).toBe(expected.groups.length);
      expect(got.groupSeries).toEqual(expected.groupSeries);
      expect(got.cloud).toEqual(expected.cloud);
      expect(got.containers).toEqual(expected.containers);
      // The swap happened once: one complete snapshot, the one-process run's superseded.
      const statuses = await store.db
        .selectFrom("analysis_snapshot")
        .select(["id", "status"])
        .execute();
      expect(
        statuses.filter((s) => s.status === "complete").map((s) => s.id)
      ).toEqual([run.id]);
    }, 300_000);

    it("a shard that keeps failing fails the run with its reason; the previous snapshot stays current", async () => {
      const before = await currentSnapshotId(store.db);
      expect(before).toBeTruthy();
      // Nothing takes shards while the run is broken on purpose: its prices are unreadable, so every cluster shard throws.
      await Promise.all(workers.map(stopWorker));
      process.env.KUBEX_ANALYSIS_SHARD_ATTEMPTS = "2";
      const queued = runAnalysis(store, { queue: true });
      let failure: unknown = null;
      const settled = queued.then(
        () => null,
        (e: unknown) => (failure = e)
      );
      const run = await waitFor(
        "the queued run",
        () =>
          store.db
            .selectFrom("analysis_snapshot")
            .select("id")
            .where("status", "=", "running")
            .executeTakeFirst(),
        () => ""
      );
      await store.db
        .updateTable("analysis_snapshot")
        .set({ prices_json: "{broken" })
        .where("id", "=", run.id)
        .execute();
      const w = startWorker({ DATABASE_URL: url });
      workers.push(w);
      await settled;
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(
        /^Analysis shard cluster:.+ failed after 2 attempts: .*JSON/
      );
      const snap = await store.db
        .selectFrom("analysis_snapshot")
        .select(["status", "error"])
        .where("id", "=", run.id)
        .executeTakeFirstOrThrow();
      expect(snap.status).toBe("failed");
      expect(snap.error).toBe((failure as Error).message);
      expect(await currentSnapshotId(store.db)).toBe(before);
      const { n } = await store.db
        .selectFrom("container_analysis")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("snapshot_id", "=", run.id)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    }, 180_000);
  }
);
