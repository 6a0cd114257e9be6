/**
 * A collection run: a source's whole inventory replaces the stored one in ONE transaction, so readers see the
 * old inventory or the new one, never half of each, and a failed or killed run leaves the last good data as it
 * was (SQLite discards an uncommitted WAL tail; PostgreSQL rolls back a dropped connection).
 */
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Store } from "~/db/connect.server";
import type { Database } from "~/db/schema";
import type { Inventory, MetricsSource } from "./types";
import { createDemoSource, type DemoSource } from "./demo";

export interface CollectionMeta {
  /** Which source ran ("demo", "prometheus", ...). */
  source: string;
  seed: number;
  size: number;
  /** The source's "now" (ms) when its inventory is relative to one (the demo fleet); kept to rebuild it. */
  now?: number;
}

export interface CollectionResult {
  runId: string;
  containerCount: number;
  ms: number;
  counts: {
    clusters: number;
    nodeGroups: number;
    nodes: number;
    containers: number;
    attributes: number;
    cloudInstances: number;
  };
}

/** The meta row naming the source behind the stored inventory. */
export const LATEST_COLLECTION_META_KEY = "collection.latest";

// Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. Rows per statement beyond a
// thousand or two buy nothing and cost memory.
const MAX_PARAMS = { sqlite: 32_000, postgres: 65_000 } as const;
const MAX_ROWS = 2_000;
// PostgreSQL: one collection at a time (a second waits), so two runs never interleave their deletes and inserts.
const PG_LOCK_KEY = 7_311_420_001;

type Trx = Transaction<Database>;

/** Calls write() with consecutive batches of rows, at most `size` each; returns the number of rows. */
async function inBatches<R>(rows: Iterable<R>, size: number, write: (batch: R[]) => Promise<unknown>): Promise<number> {
  let batch: R[] = [];
  let n = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      await write(batch);
      n += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await write(batch);
    n += batch.length;
  }
  return n;
}

function* containerRows(inv: Inventory) {
  for (const { attributes: _attributes, ...row } of inv.containers) yield row;
}

function* attributeRows(inv: Inventory) {
  for (const c of inv.containers) {
    for (const attr_key in c.attributes) yield { container_id: c.id, attr_key, value: c.attributes[attr_key] };
  }
}

async function writeInventory(trx: Trx, inv: Inventory, dialect: Store["dialect"]) {
  const rowsFor = (columns: number) => Math.min(MAX_ROWS, Math.floor(MAX_PARAMS[dialect] / columns));
  // Children first: container_attribute references container.
  await trx.deleteFrom("container_attribute").execute();
  await trx.deleteFrom("container").execute();
  await trx.deleteFrom("k8s_node").execute();
  await trx.deleteFrom("node_group").execute();
  await trx.deleteFrom("k8s_cluster").execute();
  await trx.deleteFrom("cloud_instance").execute();
  const clusters = await inBatches(inv.clusters, rowsFor(3), (b) => trx.insertInto("k8s_cluster").values(b).execute());
  const nodeGroups = await inBatches(inv.nodeGroups, rowsFor(5), (b) => trx.insertInto("node_group").values(b).execute());
  const nodes = await inBatches(inv.nodes, rowsFor(10), (b) => trx.insertInto("k8s_node").values(b).execute());
  const containers = await inBatches(containerRows(inv), rowsFor(15), (b) => trx.insertInto("container").values(b).execute());
  const attributes = await inBatches(attributeRows(inv), rowsFor(3), (b) => trx.insertInto("container_attribute").values(b).execute());
  const cloudInstances = await inBatches(inv.cloudInstances, rowsFor(12), (b) => trx.insertInto("cloud_instance").values(b).execute());
  return { clusters, nodeGroups, nodes, containers, attributes, cloudInstances };
}

/**
 * Replaces the stored inventory with the source's, atomically, and records the run. On failure nothing of the
 * inventory changes, a run with status 'failed' is recorded, and the error is rethrown.
 */
export async function runCollection(store: Store, source: MetricsSource, meta: CollectionMeta): Promise<CollectionResult> {
  const runId = crypto.randomUUID();
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  try {
    const inv = await source.inventory();
    const counts = await store.db.transaction().execute(async (trx) => {
      if (store.dialect === "postgres") await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx);
      const counts = await writeInventory(trx, inv, store.dialect);
      await trx
        .insertInto("collection_run")
        .values({
          id: runId,
          source: meta.source,
          seed: meta.seed,
          size: meta.size,
          status: "complete",
          started_at: startedAt,
          finished_at: new Date().toISOString(),
          container_count: counts.containers,
        })
        .execute();
      await trx.deleteFrom("meta").where("key", "=", LATEST_COLLECTION_META_KEY).execute();
      await trx
        .insertInto("meta")
        .values({ key: LATEST_COLLECTION_META_KEY, value: JSON.stringify({ runId, ...meta }) })
        .execute();
      return counts;
    });
    return { runId, containerCount: counts.containers, ms: Date.now() - started, counts };
  } catch (error) {
    await store.db
      .insertInto("collection_run")
      .values({
        id: runId,
        source: meta.source,
        seed: meta.seed,
        size: meta.size,
        status: "failed",
        started_at: startedAt,
        finished_at: new Date().toISOString(),
        container_count: 0,
      })
      .execute()
      .catch(() => undefined); // the store itself may be what failed; the original error is what matters
    throw error;
  }
}

/** Generates the demo fleet and collects it. Throws DemoOptionsError for a bad seed or size. */
export async function runDemoCollection(store: Store, options: { seed: number; size: number; now?: number }): Promise<CollectionResult> {
  const source = createDemoSource({ seed: options.seed, size: options.size, now: options.now ?? Date.now() });
  return runCollection(store, source, { source: "demo", seed: source.seed, size: source.size, now: source.now });
}

/** True once a collection run has completed (the store holds an inventory). */
export async function hasCollectedData(store: Store): Promise<boolean> {
  const row = await store.db.selectFrom("collection_run").select("id").where("status", "=", "complete").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** What produced the stored inventory: the latest complete run's source, seed, size and "now". */
export async function latestCollection(store: Store): Promise<(CollectionMeta & { runId: string }) | undefined> {
  const row = await store.db.selectFrom("meta").select("value").where("key", "=", LATEST_COLLECTION_META_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as CollectionMeta & { runId: string }) : undefined;
}

/**
 * The demo source whose inventory is the stored one (same seed, size and "now"), to ask for its samples;
 * undefined when the stored inventory did not come from the demo fleet.
 */
export async function storedDemoSource(store: Store): Promise<DemoSource | undefined> {
  const latest = await latestCollection(store);
  if (!latest || latest.source !== "demo") return undefined;
  return createDemoSource({ seed: latest.seed, size: latest.size, now: latest.now });
}
