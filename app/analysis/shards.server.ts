/**
 * A queued analysis run (decision 028, KUBEX_ANALYSIS_QUEUE=on on PostgreSQL): the run that `runAnalysis` starts
 * is split into one shard job per cluster and one for the cloud estate on the pg-boss queue; any number of
 * `npm run analysis-worker` processes, on any machines, take them (shard-work.server.ts). Each shard commits its
 * rows under the run's snapshot id in one transaction, with its state; the shard that completes the set swaps the
 * snapshot in, once. Until then readers see the previous snapshot, whole.
 *
 * This module is the starting side: it records the snapshot and its shards, enqueues the jobs, and waits for the
 * snapshot to be complete or failed (reporting progress from the shards' states), then answers what a one-process
 * run answers.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Store } from "~/db/connect.server";
import type { Database } from "~/db/schema";
import {
  waterfall,
  type UnitPrices,
} from "~/engine/containers";
import { resolveContainerPolicies } from "~/models/policies.server";
import { deleteSnapshotRows, type AnalysisResult } from "./snapshot-rows.server";
import { cloudFolderSummary, type CloudFolderSummary } from "~/engine/cloud";
import { readUnitPrices } from "~/models/config-parameters.server";
import { currentSnapshotId } from "~/models/snapshot.server";
import { LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import {
  latestCollection,
} from "~/sources/collect.server";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import {
  CLOUD_SHARD,
  clusterShard,
  openShardQueue,
  SHARD_QUEUE,
  shardSettings,
  type ShardJob,
} from "./queue.server";

type Db = Kysely<Database>;

/** How often the starting process asks the queue whether a shard's job failed for good (ms). */
const JOB_CHECK_MS = 5000;

export type Cents = {
  current: number;
  recommended: number;
  unspecified: number;
  spare: number;
  deficit: number;
  immediate: number;
  additional: number;
};

/** What a done shard records (analysis_shard.result_json). */
export interface ShardResult {
  containers: number;
  analysed: number;
  nodes: number;
  groups: number;
  cents: Cents;
  cloud: {
    services: number;
    analysed: number;
    summary: CloudFolderSummary;
  } | null;
  ms: number;
}

export const zeroCents = (): Cents => ({
  current: 0,
  recommended: 0,
  unspecified: 0,
  spare: 0,
  deficit: 0,
  immediate: 0,
  additional: 0,
});

/** Marks a running snapshot failed with its reason and removes its rows (the previous snapshot stays current). */
export async function failRun(db: Db, snapshotId: string, reason: string) {
  const r = await db
    .updateTable("analysis_snapshot")
    .set({
      status: "failed",
      finished_at: new Date().toISOString(),
      error: reason.slice(0, 2000),
    })
    .where("id", "=", snapshotId)
    .where("status", "=", "running")
    .executeTakeFirst();
  if ((await currentSnapshotId(db)) !== snapshotId)
    await deleteSnapshotRows(db, snapshotId);
  return Number(r.numUpdatedRows) > 0;
}

export interface QueuedProgress {
  phase: "containers" | "swap" | "done";
  done: number;
  total: number;
  analysed: number;
  elapsedMs: number;
}

export interface QueuedRunOptions {
  nowMs?: number;
  onProgress?: (progress: QueuedProgress) => void | Promise<void>;
  /** The error a collection committed while the run worked answers with (run.server's InventoryChangedError). */
  inventoryChanged: () => Error;
  /** How often the starting process looks at the run (ms); default 500. */
  pollMs?: number;
}

/** The shards of the stored inventory: one per cluster that has containers, node groups or nodes, and the cloud. */
async function readShards(store: Store) {
  const tx = store.db
    .transaction()
    .setAccessMode("read only")
    .setIsolationLevel("repeatable read");
  return tx.execute(async (trx) => {
    const containers = await trx
      .selectFrom("container")
      .select(["id", "cluster", "policy"])
      .orderBy("id")
      .execute();
    const groupClusters = await trx
      .selectFrom("node_group")
      .select("cluster")
      .distinct()
      .execute();
    const nodeClusters = await trx
      .selectFrom("k8s_node")
      .select("cluster")
      .distinct()
      .execute();
    const cloud = await trx
      .selectFrom("cloud_service")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const meta = await trx
      .selectFrom("meta")
      .select("value")
      .where("key", "=", LATEST_COLLECTION_META_KEY)
      .executeTakeFirst();
    const inventoryRunId = meta
      ? (JSON.parse(meta.value) as { runId?: string }).runId ?? null
      : null;
    return {
      containers,
      clusters: [...groupClusters, ...nodeClusters].map((r) => r.cluster),
      cloudServices: Number(cloud.n),
      inventoryRunId,
    };
  });
}

/** Starts a queued run and waits for its swap; answers as runAnalysis does (workers: 0, no worker RSS). */
export async function runQueuedAnalysis(
  store: Store,
  options: QueuedRunOptions
) {
  const db = store.db;
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const inventory = await readShards(store);
  const latest = await latestCollection(store);
  if (!latest)
    throw new Error(
      "Nothing to analyse: no collection has run yet (npm run collect)."
    );
  if (latest.source !== "demo" && latest.source !== "prometheus") {
    throw new Error(
      `The stored inventory came from the "${latest.source}" source; a queued run analyses demo or Prometheus collections.`
    );
  }
  if (latest.runId !== inventory.inventoryRunId)
    throw options.inventoryChanged();
  const nowMs =
    options.nowMs ??
    latest.now ??
    Math.floor(Date.now() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const prices: UnitPrices = await readUnitPrices(db);
  const previousSnapshotId = (await currentSnapshotId(db)) ?? null;

  const perCluster = new Map<string, number>();
  // The policies as the one-process run resolves them (stored policies and their assignments); each shard resolves
  // its own containers the same way.
  const resolution = await resolveContainerPolicies(db, inventory.containers);
  const policies: Record<string, unknown> = {};
  for (const c of inventory.containers) {
    perCluster.set(c.cluster, (perCluster.get(c.cluster) ?? 0) + 1);
    const p = resolution.byContainer.get(c.id)!;
    policies[p.name] ??= p.values;
  }
  for (const cluster of inventory.clusters)
    if (!perCluster.has(cluster)) perCluster.set(cluster, 0);
  const shards = [...perCluster]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([cluster, n]) => ({ shard: clusterShard(cluster), containers: n }));
  shards.push({ shard: CLOUD_SHARD, containers: 0 });

  const snapshotId = crypto.randomUUID();
  const startedAt = new Date(started).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("analysis_snapshot")
      .values({
        id: snapshotId,
        collection_run_id: latest.runId,
        status: "running",
        started_at: startedAt,
        finished_at: null,
        window_end: new Date(nowMs).toISOString(),
        container_count: inventory.containers.length,
        analysed_count: 0,
        ms: null,
        policies_json: JSON.stringify(policies),
        prices_json: JSON.stringify(prices),
        error: null,
      })
      .execute();
    await trx
      .insertInto("analysis_shard")
      .values(
        shards.map((s) => ({
          snapshot_id: snapshotId,
          shard: s.shard,
          status: "pending",
          attempts: 0,
          worker: null,
          container_count: s.containers,
          result_json: null,
          error: null,
          started_at: null,
          finished_at: null,
        }))
      )
      .execute();
  });

  const boss = await openShardQueue(store, { supervise: false });
  try {
    const { timeoutSeconds, attempts } = shardSettings();
    // The largest shards first, so the run's wall time is not one big cluster started last.
    const ordered = [...shards].sort((a, b) => b.containers - a.containers);
    const jobIds = new Map<string, string>();
    try {
      for (const s of ordered) {
        const data: ShardJob = { snapshotId, shard: s.shard };
        const id = await boss.send(SHARD_QUEUE, data, {
          retryLimit: attempts - 1,
          retryDelay: 0,
          expireInSeconds: timeoutSeconds,
        });
        if (id) jobIds.set(s.shard, id);
      }
    } catch (error) {
      await failRun(
        db,
        snapshotId,
        `The shard jobs could not be queued: ${
          error instanceof Error ? error.message : String(error)
        }`
      );
      throw error;
    }
    const total = inventory.containers.length;
    let lastDone = -1;
    let lastJobCheck = 0;
    for (;;) {
      const snap = await db
        .selectFrom("analysis_snapshot")
        .select(["status", "error", "analysed_count"])
        .where("id", "=", snapshotId)
        .executeTakeFirst();
      if (!snap)
        throw new Error(
          `Analysis snapshot ${snapshotId} was removed by another run.`
        );
      if (snap.status === "complete") break;
      if (snap.status !== "running")
        throw new Error(
          snap.error ??
            `Analysis snapshot ${snapshotId} was marked ${snap.status}.`
        );
      const rows = await db
        .selectFrom("analysis_shard")
        .select([
          "shard",
          "status",
          "container_count",
          "result_json",
          "attempts",
        ])
        .where("snapshot_id", "=", snapshotId)
        .execute();
      const done = rows.filter((r) => r.status === "done");
      const written = done.reduce((n, r) => n + r.container_count, 0);
      if (written !== lastDone) {
        lastDone = written;
        const analysed = done.reduce(
          (n, r) =>
            n +
            (JSON.parse(r.result_json ?? "{}") as Partial<ShardResult>)
              .analysed!,
          0
        );
        await options.onProgress?.({
          phase: "containers",
          done: written,
          total,
          analysed,
          elapsedMs: elapsed(),
        });
      }
      // A shard whose last attempt was lost (its worker died or overran the time-out) is failed by the queue, not
      // by a worker: fail the run for it. Asked every few seconds (one query per shard not done).
      if (Date.now() - lastJobCheck < JOB_CHECK_MS) {
        await new Promise((resolve) =>
          setTimeout(resolve, options.pollMs ?? 500)
        );
        continue;
      }
      lastJobCheck = Date.now();
      for (const r of rows) {
        if (r.status === "done") continue;
        const id = jobIds.get(r.shard);
        const job = id ? await boss.getJobById(SHARD_QUEUE, id) : null;
        if (job?.state === "failed" || job?.state === "cancelled") {
          await failRun(
            db,
            snapshotId,
            `Analysis shard ${r.shard} failed after ${r.attempts} attempts: its worker was lost or ran past ${timeoutSeconds} s.`
          );
        }
      }
      await new Promise((resolve) =>
        setTimeout(resolve, options.pollMs ?? 500)
      );
    }
    const rows = await db
      .selectFrom("analysis_shard")
      .select(["shard", "result_json"])
      .where("snapshot_id", "=", snapshotId)
      .execute();
    const results = rows.map(
      (r) => JSON.parse(r.result_json ?? "null") as ShardResult
    );
    const cents = zeroCents();
    let analysed = 0;
    for (const r of results) {
      analysed += r.analysed;
      for (const k of Object.keys(cents) as (keyof Cents)[])
        cents[k] += r.cents[k];
    }
    const cloud = results.find((r) => r.cloud)?.cloud ?? {
      services: 0,
      analysed: 0,
      summary: cloudFolderSummary([]),
    };
    const ms = elapsed();
    await options.onProgress?.({
      phase: "done",
      done: total,
      total,
      analysed,
      elapsedMs: ms,
    });
    const result: AnalysisResult = {
      snapshotId,
      collectionRunId: latest.runId,
      previousSnapshotId,
      containerCount: total,
      analysedCount: analysed,
      // A queued run is always a whole run: every container went through the engine.
      reanalysedCount: total,
      partial: false,
      cloudCount: cloud.services,
      cloudAnalysedCount: cloud.analysed,
      cloudSummary: cloud.summary,
      ms,
      // The phases ran on the workers, shard by shard: the run's time is all "containers".
      phaseMs: {
        read: 0,
        nodes: 0,
        containers: ms,
        nodeRows: 0,
        cloud: 0,
        swap: 0,
        cleanup: 0,
      },
      workers: 0,
      workerMaxRssKb: 0,
      prices,
      nowMs,
      waterfall: waterfall([{ cents }]),
    };
    return result;
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  }
}

