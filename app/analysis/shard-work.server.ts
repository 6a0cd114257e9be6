/**
 * One shard of a queued analysis run (decision 028), as an `npm run analysis-worker` process works it: a cluster's
 * containers, node groups and nodes (the node-group facts a container needs are its own cluster's), or the cloud
 * estate, through the same steps as the one-process run (run.server.ts), into rows held in memory. Then one
 * transaction commits the shard:
 *
 * 1. locks the shard's row: an attempt that finds it done (a retried job whose first attempt committed) does nothing;
 * 2. inserts its rows under the run's snapshot id;
 * 3. locks the snapshot's row (every committing shard of a run queues here, so they see each other's commits):
 *    a run no longer running (failed, replaced) rolls back;
 * 4. marks the shard done with its counts and totals, and when no shard is left pending, swaps the snapshot in, in
 *    the same transaction: the same checks as run.server's swap (the inventory still the analysed collection, under
 *    the collection's advisory lock; a row per container, node and cloud service), then complete and current.
 *
 * Exactly one transaction sees "none left", so the swap happens once. A worker killed before its commit leaves
 * nothing; its job expires and another worker retries it. A shard that fails on its last attempt fails the run with
 * its reason (the snapshot's error), as a failed one-process run is recorded.
 */
import os from "node:os";
import { sql } from "kysely";
import type { Store } from "~/db/connect.server";
import type { CloudAnalysisTable, ContainerTable } from "~/db/schema";
import type { UnitPrices } from "~/engine/containers";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import {
  ANALYSIS_FORMAT,
  ANALYSIS_FORMAT_META_KEY,
  CURRENT_SNAPSHOT_META_KEY,
} from "~/models/snapshot.server";
import { PG_LOCK_KEY } from "~/sources/collect.server";
import { ANALYSED_INDEX, CENTS_INDEX } from "./columns";
import { cloudPhase, readCloudServices } from "./cloud-phase";
import { nodePhase, WINDOW_HOURS } from "./node-groups";
import { buildNodeRows, ContainerResults, insertNodeRows } from "./node-write";
import { runChunks, workersAvailable, type WorkerInit } from "./pool";
import { CLOUD_SHARD, type ShardJob } from "./queue.server";
import { resolveContainerPolicies } from "~/models/policies.server";
import { cleanUpAfterSwap } from "./snapshot-rows.server";
import {
  InventoryChangedError,
  latestCollectionRunId,
  MAX_PARAMS,
  resolveSource,
  rowWriter,
  toChunks,
} from "./run.server";
import {
  failRun,
  zeroCents,
  type ShardResult,
} from "./shards.server";

export interface ShardOutcome {
  /** done: committed; swapped: committed and published the run; skipped: nothing to do (done already, run over). */
  outcome: "done" | "swapped" | "skipped";
  ms: number;
}

/** The name a worker records on the shards it commits. */
export function workerName(): string {
  return `${os.hostname()}:${process.pid}`;
}

/** A shard failure that no retry can mend (the inventory changed): it fails the run at once. */
class FinalShardError extends Error {}

/**
 * Works one shard job; throws to have the queue retry it (or, on its last attempt, after failing the run: the
 * snapshot failed with "Analysis shard <shard> failed after <n> attempts: <reason>").
 */
export async function runShard(
  store: Store,
  job: ShardJob,
  options: { lastAttempt: boolean; threads?: number; worker?: string }
): Promise<ShardOutcome> {
  const started = Date.now();
  const db = store.db;
  const worker = options.worker ?? workerName();
  const { snapshotId, shard } = job;
  const snap = await db
    .selectFrom("analysis_snapshot")
    .selectAll()
    .where("id", "=", snapshotId)
    .executeTakeFirst();
  const state = await db
    .selectFrom("analysis_shard")
    .select(["status", "attempts"])
    .where("snapshot_id", "=", snapshotId)
    .where("shard", "=", shard)
    .executeTakeFirst();
  if (
    !snap ||
    snap.status !== "running" ||
    !state ||
    state.status !== "pending"
  )
    return { outcome: "skipped", ms: Date.now() - started };
  const attempt = state.attempts + 1;
  await db
    .updateTable("analysis_shard")
    .set({ attempts: attempt, worker, started_at: new Date().toISOString() })
    .where("snapshot_id", "=", snapshotId)
    .where("shard", "=", shard)
    .execute();
  try {
    const work =
      shard === CLOUD_SHARD
        ? await cloudShard(
            store,
            snapshotId,
            snap.window_end,
            options.threads ?? 0
          )
        : await clusterShard(
            store,
            snap,
            shard.replace(/^cluster:/, ""),
            options.threads ?? 0
          );
    const outcome = await commitShard(store, {
      snapshotId,
      shard,
      worker,
      started,
      work,
    });
    if (outcome === "swapped")
      await cleanUpAfterSwap(store, snapshotId, snap.started_at);
    return { outcome, ms: Date.now() - started };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("analysis_shard")
      .set({ error: message.slice(0, 2000) })
      .where("snapshot_id", "=", snapshotId)
      .where("shard", "=", shard)
      .execute()
      .catch(() => undefined);
    if (
      error instanceof FinalShardError ||
      error instanceof InventoryChangedError ||
      options.lastAttempt
    ) {
      await db
        .updateTable("analysis_shard")
        .set({ status: "failed" })
        .where("snapshot_id", "=", snapshotId)
        .where("shard", "=", shard)
        .execute()
        .catch(() => undefined);
      await failRun(
        db,
        snapshotId,
        `Analysis shard ${shard} failed after ${attempt} attempt${
          attempt === 1 ? "" : "s"
        }: ${message}`
      ).catch(() => undefined);
    }
    throw error;
  }
}

interface ShardWork {
  containerRows: unknown[][];
  nodeRows: ReturnType<typeof buildNodeRows>;
  cloudRows: CloudAnalysisTable[];
  result: Omit<ShardResult, "ms">;
}

/**
 * The source of a collection run, kept per worker process and run: a demo run stored before its node shares were
 * generates the whole fleet for node samples, once per run here rather than once per shard.
 */
let resolvedCache: { runId: string; resolved: Awaited<ReturnType<typeof resolveSource>> } | null = null;

async function clusterShard(
  store: Store,
  snap: {
    id: string;
    collection_run_id: string | null;
    window_end: string;
    prices_json: string;
  },
  cluster: string,
  threads: number
): Promise<ShardWork> {
  const db = store.db;
  const nowMs = Date.parse(snap.window_end);
  const prices = JSON.parse(snap.prices_json) as UnitPrices;
  const inv = await db
    .transaction()
    .setAccessMode("read only")
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => ({
      containers: (await trx
        .selectFrom("container")
        .selectAll()
        .where("cluster", "=", cluster)
        .orderBy("id")
        .execute()) as ContainerTable[],
      clusters: await trx
        .selectFrom("k8s_cluster")
        .select(["name", "region"])
        .execute(),
      nodeGroups: await trx
        .selectFrom("node_group")
        .selectAll()
        .where("cluster", "=", cluster)
        .orderBy("id")
        .execute(),
      nodes: await trx
        .selectFrom("k8s_node")
        .selectAll()
        .where("cluster", "=", cluster)
        .orderBy("id")
        .execute(),
      inventoryRunId: await latestCollectionRunId(trx),
    }));
  if (inv.inventoryRunId !== snap.collection_run_id)
    throw new InventoryChangedError();
  const regions: Record<string, string> = Object.fromEntries(
    inv.clusters.map((c) => [c.name, c.region])
  );
  const runId = snap.collection_run_id ?? "";
  if (resolvedCache?.runId !== runId || resolvedCache.resolved.nowMs !== nowMs)
    resolvedCache = { runId, resolved: await resolveSource(store, { nowMs }, regions) };
  const resolved = resolvedCache.resolved;
  if (resolved.collectionRunId !== snap.collection_run_id)
    throw new InventoryChangedError();

  const { facts, groups } = await nodePhase({
    nodeGroups: inv.nodeGroups,
    nodes: inv.nodes,
    containers: inv.containers,
    source: await resolved.nodeSource(inv),
    nowMs,
  });
  const resolution = await resolveContainerPolicies(store.db, inv.containers);
  const chunks = toChunks(inv.containers, facts, undefined, (id) => resolution.byContainer.get(id));
  const workers =
    resolved.demo && workersAvailable() ? Math.max(0, Math.floor(threads)) : 0;
  const init: WorkerInit = {
    seed: resolved.demo?.seed ?? 0,
    regions,
    ctx: { nowMs, prices },
  };
  const results = new ContainerResults(inv.containers);
  const containerRows: unknown[][] = [];
  const cents = zeroCents();
  let analysed = 0;
  await runChunks({
    kind: "analyse",
    chunks,
    workers,
    init,
    reader: resolved.reader,
    onResult: (_index, result) => {
      results.add(result.rows);
      for (const row of result.rows) {
        containerRows.push(row);
        if (row[ANALYSED_INDEX] !== 1) continue;
        for (const k of Object.keys(
          CENTS_INDEX
        ) as (keyof typeof CENTS_INDEX)[])
          cents[k] += row[CENTS_INDEX[k]] as number;
      }
      analysed += result.analysed;
    },
  });
  const nodeRows = buildNodeRows({
    snapshotId: snap.id,
    groups,
    containers: inv.containers,
    results,
    windowHours: WINDOW_HOURS,
    nowMs,
    maxParams: MAX_PARAMS[store.dialect],
    regions,
  });
  return {
    containerRows,
    nodeRows,
    cloudRows: [],
    result: {
      containers: inv.containers.length,
      analysed,
      nodes: nodeRows.nodeRows.length,
      groups: nodeRows.groupRows.length,
      cents,
      cloud: null,
    },
  };
}

async function cloudShard(
  store: Store,
  snapshotId: string,
  windowEnd: string,
  threads: number
): Promise<ShardWork> {
  const nowMs = Date.parse(windowEnd);
  const resolved = await resolveSource(store, { nowMs }, {});
  const services = await readCloudServices(store.db);
  const cloudRows: CloudAnalysisTable[] = [];
  const cloud = await cloudPhase({
    db: store.db,
    snapshotId,
    services,
    source: services.length ? await resolved.cloudSource() : null,
    workerSource: services.length ? await resolved.cloudWorkerSource() : null,
    workers: threads,
    catalog: shippedCloudCatalog(),
    policy: CLOUD_DEFAULT_POLICY,
    nowMs,
    maxParams: MAX_PARAMS[store.dialect],
    writeRows: async (rows) => {
      cloudRows.push(...rows);
    },
  });
  return {
    containerRows: [],
    nodeRows: { nodeRows: [], groupRows: [], seriesRows: [] },
    cloudRows,
    result: {
      containers: 0,
      analysed: 0,
      nodes: 0,
      groups: 0,
      cents: zeroCents(),
      cloud: {
        services: cloud.services,
        analysed: cloud.analysed,
        summary: cloud.summary,
      },
    },
  };
}

async function commitShard(
  store: Store,
  args: {
    snapshotId: string;
    shard: string;
    worker: string;
    started: number;
    work: ShardWork;
  }
): Promise<"done" | "swapped" | "skipped"> {
  const { snapshotId, shard, work } = args;
  const write = rowWriter(store.dialect);
  const maxParams = MAX_PARAMS[store.dialect];
  return store.db.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom("analysis_shard")
      .select("status")
      .where("snapshot_id", "=", snapshotId)
      .where("shard", "=", shard)
      .forUpdate()
      .executeTakeFirst();
    if (mine?.status !== "pending") return "skipped";
    await write(trx, snapshotId, work.containerRows);
    await insertNodeRows(trx, work.nodeRows, maxParams);
    if (work.cloudRows.length) {
      const per = Math.max(
        1,
        Math.floor(maxParams / Object.keys(work.cloudRows[0]).length)
      );
      for (let i = 0; i < work.cloudRows.length; i += per)
        await trx
          .insertInto("cloud_analysis")
          .values(work.cloudRows.slice(i, i + per))
          .execute();
    }
    const snap = await trx
      .selectFrom("analysis_snapshot")
      .selectAll()
      .where("id", "=", snapshotId)
      .forUpdate()
      .executeTakeFirst();
    if (snap?.status !== "running")
      throw new FinalShardError(
        `Analysis snapshot ${snapshotId} was ${
          snap ? `marked ${snap.status}` : "removed"
        } while shard ${shard} ran.`
      );
    const result: ShardResult = {
      ...work.result,
      ms: Date.now() - args.started,
    };
    await trx
      .updateTable("analysis_shard")
      .set({
        status: "done",
        worker: args.worker,
        result_json: JSON.stringify(result),
        error: null,
        finished_at: new Date().toISOString(),
      })
      .where("snapshot_id", "=", snapshotId)
      .where("shard", "=", shard)
      .execute();
    const shards = await trx
      .selectFrom("analysis_shard")
      .select(["status", "result_json"])
      .where("snapshot_id", "=", snapshotId)
      .execute();
    if (shards.some((s) => s.status !== "done")) return "done";

    // The last shard: the swap, in this transaction.
    await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx);
    if ((await latestCollectionRunId(trx)) !== snap.collection_run_id)
      throw new InventoryChangedError();
    const results = shards.map(
      (s) => JSON.parse(s.result_json ?? "null") as ShardResult
    );
    const sum = (f: (r: ShardResult) => number) =>
      results.reduce((n, r) => n + f(r), 0);
    const count = async (
      table: "container_analysis" | "node_analysis" | "cloud_analysis"
    ) =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("snapshot_id", "=", snapshotId)
            .executeTakeFirstOrThrow()
        ).n
      );
    const n = await count("container_analysis");
    if (n !== snap.container_count)
      throw new FinalShardError(
        `Analysis snapshot ${snapshotId} holds ${n} rows for ${snap.container_count} containers.`
      );
    const nodes = await count("node_analysis");
    if (nodes !== sum((r) => r.nodes))
      throw new FinalShardError(
        `Analysis snapshot ${snapshotId} holds ${nodes} node rows for ${sum(
          (r) => r.nodes
        )} nodes.`
      );
    const cloudRows = await count("cloud_analysis");
    if (cloudRows !== sum((r) => r.cloud?.services ?? 0))
      throw new FinalShardError(
        `Analysis snapshot ${snapshotId} holds ${cloudRows} cloud rows for ${sum(
          (r) => r.cloud?.services ?? 0
        )} services.`
      );
    await trx
      .updateTable("analysis_snapshot")
      .set({
        status: "complete",
        finished_at: new Date().toISOString(),
        analysed_count: sum((r) => r.analysed),
        ms: Date.now() - Date.parse(snap.started_at),
      })
      .where("id", "=", snapshotId)
      .execute();
    await trx
      .deleteFrom("meta")
      .where("key", "=", CURRENT_SNAPSHOT_META_KEY)
      .execute();
    await trx
      .insertInto("meta")
      .values({ key: CURRENT_SNAPSHOT_META_KEY, value: snapshotId })
      .execute();
    await trx
      .deleteFrom("meta")
      .where("key", "=", ANALYSIS_FORMAT_META_KEY)
      .execute();
    await trx
      .insertInto("meta")
      .values({ key: ANALYSIS_FORMAT_META_KEY, value: ANALYSIS_FORMAT })
      .execute();
    return "swapped";
  });
}

