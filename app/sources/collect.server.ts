/**
 * A collection run: a source's whole inventory replaces the stored one in ONE transaction, so readers see the
 * old inventory or the new one, never half of each, and a failed or killed run leaves the last good data as it
 * was (SQLite discards an uncommitted WAL tail; PostgreSQL rolls back a dropped connection).
 */
import crypto from "node:crypto";
import { CompiledQuery, sql, type Transaction } from "kysely";
import type { Store } from "~/db/connect.server";
import type { Database } from "~/db/schema";
import type { Inventory, MetricsSource } from "~/engine/source-contract";
import { CURRENT_SNAPSHOT_META_KEY, LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import {
  DEMO_CLOUD_SIZE_MAX,
  DEMO_CLOUD_SIZE_MIN,
  DemoOptionsError,
  cloudModelsFrom,
  createDemoSource,
  storedCloudModels,
  type CloudModels,
  type DemoSource,
  type NodeGroupShares,
  type StoredCloudModels,
} from "./demo";

export interface CollectionMeta {
  /** Which source ran ("demo", "prometheus", ...). */
  source: string;
  seed: number;
  size: number;
  /** The source's "now" (ms) when its inventory is relative to one (the demo fleet); kept to rebuild it. */
  now?: number;
  /** The demo fleet's cloud size, when one was asked for (otherwise the size's default); kept to rebuild it. */
  cloudSize?: number;
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
    cloudGroups: number;
  };
}

// Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. Rows per statement beyond a few
// thousand buy nothing and cost memory.
const MAX_PARAMS = { sqlite: 32_000, postgres: 65_000 } as const;
const MAX_ROWS = { sqlite: 2_000, postgres: 5_000 } as const;
// PostgreSQL: one collection at a time (a second waits), so two runs never interleave their deletes and inserts.
/** Held by a collection's transaction and by an analysis's swap (PostgreSQL), so the two never interleave. */
export const PG_LOCK_KEY = 7_311_420_001;

type Trx = Transaction<Database>;
type InventoryTable = "k8s_cluster" | "node_group" | "k8s_node" | "container" | "container_attribute" | "cloud_instance" | "cloud_scale_group";

/** The columns written, per table: the statement text is built from these constants only, never from data. */
const COLUMNS: { [T in InventoryTable]: readonly (keyof Database[T] & string)[] } = {
  k8s_cluster: ["name", "provider", "region"],
  node_group: ["id", "cluster", "name", "instance_type", "node_count"],
  k8s_node: ["id", "cluster", "node_group", "name", "instance_type", "cpu_capacity", "mem_capacity", "pod_capacity", "cpu_allocatable", "mem_allocatable"],
  container: ["id", "cluster", "namespace", "pod_owner_kind", "pod_owner_name", "container_name", "node_group", "policy", "replicas", "cpu_request", "cpu_limit", "mem_request", "mem_limit", "first_seen", "last_seen"],
  container_attribute: ["container_id", "attr_key", "value"],
  cloud_instance: [
    "id", "provider", "region", "account_id", "account_name", "service", "name", "instance_type", "vcpus", "memory_mb", "hourly_price", "group_name",
    "group_id", "os", "created_at", "power_state", "life_cycle", "ri_coverage", "ri_expiry", "availability_zone", "private_ip",
    "previous_instance_type", "instance_type_changed_at", "memory_metrics",
  ],
  cloud_scale_group: [
    "id", "provider", "region", "account_id", "account_name", "service", "name", "instance_type", "vcpus", "memory_mb", "hourly_price", "os",
    "created_at", "life_cycle", "ri_coverage", "ri_expiry", "min_size", "max_size", "desired_size", "in_service", "scaling_mode",
    "scaling_policy", "orchestration_mode", "availability_zones", "k8s_cluster_platform", "k8s_cluster", "k8s_node_group",
    "previous_instance_type", "instance_type_changed_at", "memory_metrics",
  ],
};

/** Inserts rows in multi-row INSERT statements (one parse per batch size), with every value a bound parameter. */
async function insertRows<T extends InventoryTable>(trx: Trx, dialect: Store["dialect"], table: T, rows: Iterable<Database[T]>): Promise<number> {
  const columns = COLUMNS[table];
  const perBatch = Math.min(MAX_ROWS[dialect], Math.floor(MAX_PARAMS[dialect] / columns.length));
  const statements = new Map<number, string>();
  const statement = (n: number) => {
    let text = statements.get(n);
    if (!text) {
      const tuples: string[] = [];
      for (let r = 0, p = 1; r < n; r++) {
        const marks = columns.map(() => (dialect === "postgres" ? `$${p++}` : "?"));
        tuples.push(`(${marks.join(",")})`);
      }
      text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`;
      statements.set(n, text);
    }
    return text;
  };
  let params: unknown[] = [];
  let n = 0;
  let total = 0;
  const flush = async () => {
    if (n === 0) return;
    await trx.executeQuery(CompiledQuery.raw(statement(n), params));
    total += n;
    params = [];
    n = 0;
  };
  for (const row of rows) {
    const record = row as unknown as Record<string, unknown>;
    for (const c of columns) params.push(record[c] ?? null);
    if (++n === perBatch) await flush();
  }
  await flush();
  return total;
}

function* containerRows(inv: Inventory): Iterable<Database["container"]> {
  for (const { attributes: _attributes, ...row } of inv.containers) yield row;
}

/** Attribute rows in primary-key order (attr_key, container_id): appends to the index instead of scattered writes. */
function* attributeRows(inv: Inventory): Iterable<Database["container_attribute"]> {
  const keys = new Set<string>();
  for (const c of inv.containers) for (const k in c.attributes) keys.add(k);
  const byId = inv.containers.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const attr_key of [...keys].sort()) {
    for (const c of byId) {
      const value = c.attributes[attr_key];
      if (value !== undefined) yield { container_id: c.id, attr_key, value };
    }
  }
}

async function clearInventory(trx: Trx) {
  // Children first (container_attribute references container; migration 003 indexes container_id so the
  // cascade check is a lookup, not a scan). DELETE rather than TRUNCATE: readers keep reading the previous
  // inventory until the commit (MVCC on PostgreSQL, WAL snapshots on SQLite) instead of waiting for the lock.
  for (const table of ["container_attribute", "container", "k8s_node", "node_group", "k8s_cluster"] as const) {
    await trx.deleteFrom(table).execute();
  }
  // The services of cloud connections (ids `conn:<connection>:…`) are theirs to replace (models/cloud-connections).
  for (const table of ["cloud_instance", "cloud_scale_group"] as const) {
    await trx.deleteFrom(table).where("id", "not like", "conn:%").execute();
  }
}

async function writeInventory(trx: Trx, inv: Inventory, dialect: Store["dialect"]) {
  await clearInventory(trx);
  return {
    clusters: await insertRows(trx, dialect, "k8s_cluster", inv.clusters),
    nodeGroups: await insertRows(trx, dialect, "node_group", inv.nodeGroups),
    nodes: await insertRows(trx, dialect, "k8s_node", inv.nodes),
    containers: await insertRows(trx, dialect, "container", containerRows(inv)),
    attributes: await insertRows(trx, dialect, "container_attribute", attributeRows(inv)),
    cloudInstances: await insertRows(trx, dialect, "cloud_instance", inv.cloudInstances),
    cloudGroups: await insertRows(trx, dialect, "cloud_scale_group", inv.cloudGroups),
  };
}

/**
 * Replaces the stored inventory with the source's, atomically, and records the run; the current analysis snapshot
 * is unpublished in the same transaction (it analysed the previous inventory). On failure nothing of the
 * inventory changes, a run with status 'failed' is recorded, and the error is rethrown.
 */
export async function runCollection(
  store: Store,
  source: Pick<MetricsSource, "inventory">,
  meta: CollectionMeta,
  options: {
    /** The run's id, when the source writes under it while it collects (the Prometheus source's series). */
    runId?: string;
    /** What the source saw (written as the run's details_json), asked for once the inventory is in. */
    details?: () => unknown;
    /** The demo fleet's node group shares, stored with the run (DEMO_NODE_SHARES_META_KEY). */
    nodeShares?: () => NodeGroupShares;
    /** The demo estate's cloud sample models, stored with the run (DEMO_CLOUD_MODELS_META_KEY). */
    cloudModels?: () => StoredCloudModels;
  } = {},
): Promise<CollectionResult> {
  const runId = options.runId ?? crypto.randomUUID();
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
          ...(options.details ? { details_json: JSON.stringify(options.details()) } : {}),
        })
        .execute();
      await trx.deleteFrom("meta").where("key", "in", [LATEST_COLLECTION_META_KEY, DEMO_NODE_SHARES_META_KEY, DEMO_CLOUD_MODELS_META_KEY]).execute();
      await trx
        .insertInto("meta")
        .values({ key: LATEST_COLLECTION_META_KEY, value: JSON.stringify({ runId, ...meta }) })
        .execute();
      if (options.nodeShares) {
        const shares: StoredNodeShares = { runId, shares: Object.fromEntries([...options.nodeShares()].map(([k, s]) => [k, [s.cpu, s.mem]])) };
        await trx.insertInto("meta").values({ key: DEMO_NODE_SHARES_META_KEY, value: JSON.stringify(shares) }).execute();
      }
      if (options.cloudModels) {
        const models: StoredCloudModelsRow = { runId, ...options.cloudModels() };
        await trx.insertInto("meta").values({ key: DEMO_CLOUD_MODELS_META_KEY, value: JSON.stringify(models) }).execute();
      }
      // The current analysis snapshot describes the inventory just replaced: from this commit on no reader may
      // join the new inventory to it (issue 12: a tree of the new fleet beside totals of old rows matching a few
      // new ids). Readers see "not analysed yet" until the analysis of this run swaps its snapshot in
      // (run.server.ts), in one transaction, so a screen shows one fleet at every moment (decision 017).
      await trx.deleteFrom("meta").where("key", "=", CURRENT_SNAPSHOT_META_KEY).execute();
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
        error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      })
      .execute()
      .catch(() => undefined); // the store itself may be what failed; the original error is what matters
    throw error;
  }
}

/** The environment variable naming the demo fleet's cloud size (number of cloud instances). */
export const CLOUD_SIZE_ENV = "KUBEX_DEMO_CLOUD_SIZE";

/** KUBEX_DEMO_CLOUD_SIZE as a number; undefined when unset or empty. Throws DemoOptionsError when it is not one. */
export function demoCloudSizeFromEnv(env: Record<string, string | undefined> = process.env): number | undefined {
  const raw = env[CLOUD_SIZE_ENV]?.trim();
  if (!raw) return undefined;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= DEMO_CLOUD_SIZE_MIN && n <= DEMO_CLOUD_SIZE_MAX)) {
    throw new DemoOptionsError(`${CLOUD_SIZE_ENV} must be a whole number of cloud instances from ${DEMO_CLOUD_SIZE_MIN} to ${DEMO_CLOUD_SIZE_MAX} (got "${raw}")`);
  }
  return n;
}

/**
 * Generates the demo fleet and collects it; the cloud size is the option, else KUBEX_DEMO_CLOUD_SIZE, else the
 * size's default. Throws DemoOptionsError for a bad seed, size or cloud size.
 */
export async function runDemoCollection(store: Store, options: { seed: number; size: number; now?: number; cloudSize?: number }): Promise<CollectionResult> {
  const cloudSize = options.cloudSize ?? demoCloudSizeFromEnv();
  const source = createDemoSource({ seed: options.seed, size: options.size, now: options.now ?? Date.now(), cloudSize });
  return runCollection(
    store,
    source,
    {
      source: "demo",
      seed: source.seed,
      size: source.size,
      now: source.now,
      ...(cloudSize === undefined ? {} : { cloudSize: source.cloudSize }),
    },
    { nodeShares: () => source.nodeGroupShares(), cloudModels: () => storedCloudModels(source.cloudModels()) },
  );
}

/**
 * The meta row holding the demo collection's node group shares, { runId, shares: { "<cluster>\u0000<group>":
 * [cpu, mem] } }: with them a web process draws a demo node's charts without generating the fleet (issue 13).
 */
export const DEMO_NODE_SHARES_META_KEY = "collection.demo_node_shares";

interface StoredNodeShares {
  runId: string;
  shares: Record<string, [number, number]>;
}

/**
 * A reader of a meta row a collection run stored for itself ({ runId, ... } as JSON), decoded once per process and
 * run: undefined when the row is missing or belongs to another run (another source, or a run stored before it).
 */
function runMetaReader<Stored extends { runId: string }, T>(key: string, decode: (stored: Stored) => T) {
  let cached: { runId: string; value: T } | undefined;
  return async (store: Store, runId: string): Promise<T | undefined> => {
    if (cached?.runId === runId) return cached.value;
    const row = await store.db.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
    if (!row) return undefined;
    const stored = JSON.parse(row.value) as Stored;
    if (stored.runId !== runId) return undefined;
    cached = { runId, value: decode(stored) };
    return cached.value;
  };
}

/** The latest demo collection's node group shares; undefined for another source, or a run stored before them. */
export const storedDemoNodeShares = runMetaReader<StoredNodeShares, NodeGroupShares>(
  DEMO_NODE_SHARES_META_KEY,
  (stored) => new Map(Object.entries(stored.shares).map(([k, [cpu, mem]]) => [k, { cpu, mem }])),
);

/**
 * The meta row holding the demo collection's cloud sample models, { runId, models, shapes, nodeOf, k8sMembers }: with
 * them (and the node shares) a web process draws a demo cloud service's charts without generating the estate.
 */
export const DEMO_CLOUD_MODELS_META_KEY = "collection.demo_cloud_models";

interface StoredCloudModelsRow extends StoredCloudModels {
  runId: string;
}

/** The latest demo collection's cloud models; undefined for another source, or a run stored before them. */
export const storedDemoCloudModels = runMetaReader<StoredCloudModelsRow, CloudModels>(DEMO_CLOUD_MODELS_META_KEY, cloudModelsFrom);

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
  return createDemoSource({ seed: latest.seed, size: latest.size, now: latest.now, cloudSize: latest.cloudSize });
}
