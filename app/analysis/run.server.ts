/**
 * The analysis run (issue 3, item 2): every container of the stored inventory through the engine, written as a
 * new snapshot and swapped in atomically.
 *
 * 1. Reads the inventory from the store, the unit prices (config_parameter) and the source: the one given, or the
 *    demo fleet that produced the stored inventory (seed and "now" from the latest collection run).
 * 2. Node groups: saturation, stranded flags and primary constraint (node-groups.ts).
 * 3. Containers, in chunks: in-process, or on worker threads for large fleets (pool.ts); samples are read one
 *    container at a time into reused buffers. The main thread writes each chunk's rows under the new snapshot id,
 *    one short transaction per chunk, so other writers are never blocked for long. Then the node rows, then every
 *    cloud service through the cloud engine (cloud-phase.ts), under the same snapshot id.
 * 4. One short transaction checks that the snapshot holds a row per container and is still running, marks it
 *    complete and points meta `current_analysis_snapshot` at it.
 * 5. Deletes the previous snapshot's rows and any left by killed runs (outside that transaction).
 *
 * Readers join on the current snapshot id, so they see the previous snapshot until step 4 commits, and the new
 * one after. A failed run marks its snapshot failed and removes its rows; a killed one leaves rows under a
 * snapshot nobody points at, which the next run removes. Either way the previous snapshot stays current and whole.
 */
import crypto from "node:crypto";
import os from "node:os";
import { CompiledQuery, sql, type Kysely, type Transaction } from "kysely";
import type { Store } from "~/db/connect.server";
import type { ContainerTable, Database, NodeGroupTable, NodeTable } from "~/db/schema";
import { waterfall, type UnitPrices, type Waterfall } from "~/engine/containers";
import type { Policy } from "~/engine/policy";
import { resolveContainerPolicies } from "~/models/policies.server";
import { isOwnKey } from "~/lib/own-key";
import { readUnitPrices } from "~/models/config-parameters.server";
import { createDemoSource, demoCloudSampler, demoNodeSource, nodeGroupGpuShares, type DemoOptions, type DemoSource, type NodeSamplesInto } from "~/sources/demo";
import { latestCollection, PG_LOCK_KEY, storedDemoNodeShares } from "~/sources/collect.server";
import { LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import { SAMPLE_STEP_MS, type MetricsSource } from "~/engine/source-contract";
import type { ChunkItem } from "./chunk";
import { ANALYSED_INDEX, ANALYSIS_COLUMNS, CENTS_INDEX, type GroupFacts } from "./columns";
import { groupKey, nodePhase, WINDOW_HOURS } from "./node-groups";
import { ContainerResults, writeNodeRows } from "./node-write";
import { runChunks, workersAvailable, type WorkerInit } from "./pool";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { cloudPhase, readCloudServices, toWorkerEstate, type CloudWorkerSource } from "./cloud-phase";
import { storedDemoCloudEstate, tolerantCloudSource, unknownInStoredDemo, type CloudSampleSource, type StoredDemoCloudEstate } from "~/models/cloud-entity.server";
import { CLOUD_DEFAULT_POLICY, cloudFolderSummary, type CloudFolderSummary, type CloudSummaryInput } from "~/engine/cloud";
import { demoReader, sourceReader, type ContainerReader } from "~/sources/sample-reader";
import { storedSeriesSource } from "~/models/collected-series.server";
import { queueModeOn } from "./queue.server";
import { runQueuedAnalysis } from "./shards.server";
import { cleanUpAfterSwap, deleteSnapshotRows, type AnalysisResult } from "./snapshot-rows.server";
import { ANALYSIS_FORMAT, ANALYSIS_FORMAT_META_KEY, CURRENT_SNAPSHOT_META_KEY, currentAnalysisFormat, currentSnapshot, currentSnapshotId } from "~/models/snapshot.server";

export { CURRENT_SNAPSHOT_META_KEY, currentSnapshot, currentSnapshotId };
export type { AnalysisResult };

/** From this many containers a run uses worker threads (one per core) unless told otherwise. */
export const WORKER_THRESHOLD = 20_000;
export const DEFAULT_CHUNK_SIZE = 500;
/** From this many cloud services the cloud phase uses worker threads (one per core) unless told otherwise. */
export const CLOUD_WORKER_THRESHOLD = 2_000;

export const MAX_PARAMS = { sqlite: 32_000, postgres: 65_000 } as const;

export type AnalysisPhase = "nodes" | "containers" | "cloud" | "swap" | "done";

export interface AnalysisProgress {
  phase: AnalysisPhase;
  /** Nodes (phase "nodes"), containers (phase "containers") or cloud services (phase "cloud") done so far. */
  done: number;
  total: number;
  analysed: number;
  elapsedMs: number;
}

export interface RunAnalysisOptions {
  /** The metrics source; default: the demo fleet that produced the stored inventory. Always runs in-process. */
  source?: MetricsSource;
  /** Called after each node group and each written chunk; an error thrown here aborts the run. */
  onProgress?: (progress: AnalysisProgress) => void | Promise<void>;
  /** Worker threads: 0 in-process; default one per core from WORKER_THRESHOLD containers, else 0. */
  workers?: number;
  /** The end of every window (ms); default the latest collection's "now", else the current 5-minute mark. */
  nowMs?: number;
  chunkSize?: number;
  /**
   * Re-analyse only the containers whose policy (name or values) differs from the current snapshot's; every other
   * container's row is copied from it. Falls back to a full run when the current snapshot is not complete, belongs
   * to another collection run or to an older analysis format. The swap fails if another run published meanwhile.
   */
  onlyPolicyChanges?: boolean;
  /**
   * Analyse these containers with this policy instead of the one they follow (their samples stay theirs): a run
   * that shows what saving a policy for them would give (the what-if's reference, issue 15).
   */
  policyOverride?: PolicyOverride;
  /** Shard jobs on the PostgreSQL queue for analysis workers (decision 028); default KUBEX_ANALYSIS_QUEUE=on. */
  queue?: boolean;
}

export interface PolicyOverride {
  containerIds: readonly string[];
  policy: Policy;
}

type Db = Kysely<Database>;

/**
 * True when a collection has run and no complete snapshot analyses its inventory (the current snapshot is
 * missing or belongs to an earlier collection run): what `npm start` checks before deciding to analyse.
 */
export async function needsAnalysis(store: Store): Promise<boolean> {
  const latest = await latestCollection(store);
  if (!latest) return false;
  const current = await currentSnapshot(store.db);
  if (!current || current.status !== "complete" || current.collection_run_id !== latest.runId) return true;
  return (await currentAnalysisFormat(store.db)) !== ANALYSIS_FORMAT;
}

/** The inventory a node source answers for: its nodes, and the groups and containers their GPU shares follow. */
export interface NodeInventory {
  nodes: readonly NodeTable[];
  nodeGroups: readonly NodeGroupTable[];
  containers: readonly ContainerTable[];
}

type NodeSource = Pick<MetricsSource, "nodeSamples" | "nodeGpu"> & { nodeSamplesInto?: NodeSamplesInto };

interface Resolved {
  reader: ContainerReader;
  /** Node samples for the nodes of `inv`; null when the source has none. */
  nodeSource: (inv: NodeInventory) => Promise<NodeSource | null>;
  /** The cloud services' samples; null when the source monitors no cloud. */
  cloudSource: () => Promise<CloudSampleSource | null>;
  /** What cloud worker threads make a demo estate's samples from; null for any other source (in-process). */
  cloudWorkerSource: () => Promise<CloudWorkerSource | null>;
  demo: { seed: number } | null;
  nowMs: number;
  collectionRunId: string | null;
}

/** A stored node the source does not know (the generator changed since the collection): no samples. */
function tolerantNodeSource(source: NodeSource): NodeSource {
  const into = source.nodeSamplesInto;
  return {
    // A node the source does not know fills nothing: NaN, which the group's sums leave out as "no sample".
    ...(into
      ? {
          nodeSamplesInto: (id: string, k0: number, k1: number, cpu: Float64Array, mem: Float64Array) => {
            try {
              into(id, k0, k1, cpu, mem);
            } catch {
              cpu.fill(NaN, 0, k1 - k0);
              mem.fill(NaN, 0, k1 - k0);
            }
          },
        }
      : {}),
    nodeSamples: (id, fromMs, toMs, stepMs) => {
      try {
        return source.nodeSamples(id, fromMs, toMs, stepMs);
      } catch {
        return [];
      }
    },
    nodeGpu: (id, fromMs, toMs) => {
      try {
        return source.nodeGpu?.(id, fromMs, toMs) ?? null;
      } catch {
        return null;
      }
    },
  };
}

export async function resolveSource(store: Store, options: Pick<RunAnalysisOptions, "source" | "nowMs">, regions: Record<string, string>): Promise<Resolved> {
  const latest = await latestCollection(store);
  const collectionRunId = latest?.runId ?? null;
  if (options.source) {
    const nowMs = options.nowMs ?? latest?.now ?? Math.floor(Date.now() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
    const source = options.source;
    const cloud = source.cloudSamples ? { cloudSamples: source.cloudSamples.bind(source), groupSizeSamples: source.groupSizeSamples?.bind(source) } : null;
    return { reader: sourceReader(source), nodeSource: async () => source, cloudSource: async () => cloud, cloudWorkerSource: async () => null, demo: null, nowMs, collectionRunId };
  }
  if (!latest) throw new Error("Nothing to analyse: no collection has run yet (npm run collect).");
  if (latest.source === "prometheus" && latest.now !== undefined) {
    // The series the Prometheus collection stored under its run (decision 014).
    const stored = storedSeriesSource(store.db, latest.runId);
    const source = { ...stored, inventory: () => Promise.reject(new Error("The inventory is the stored one")) } satisfies MetricsSource;
    return { reader: sourceReader(source), nodeSource: async () => stored, cloudSource: async () => null, cloudWorkerSource: async () => null, demo: null, nowMs: options.nowMs ?? latest.now, collectionRunId };
  }
  if (latest.source !== "demo" || latest.now === undefined) {
    throw new Error(`The stored inventory came from the "${latest.source}" source; pass that source to runAnalysis.`);
  }
  const nowMs = options.nowMs ?? latest.now;
  const seed = latest.seed;
  // Node and cloud samples from what the collection stored (its node group shares and cloud models) and the stored
  // inventory: no fleet generated (issue 13: at 500,000 containers the run held the generated fleet in the main
  // thread and in each cloud worker, 3.4 GB). A demo run stored before them: the fleet is generated, once.
  const demoOptions: DemoOptions = { seed, size: latest.size, now: latest.now, cloudSize: latest.cloudSize };
  let generated: DemoSource | undefined;
  const generate = () => (generated ??= createDemoSource(demoOptions));
  const regionMap = new Map(Object.entries(regions));
  const nodeSource = async (inv: NodeInventory): Promise<NodeSource> => {
    const shares = await storedDemoNodeShares(store, latest.runId);
    if (!shares) return tolerantNodeSource(generate());
    const facts = { regions: regionMap, groupShare: shares, gpuShare: nodeGroupGpuShares(inv.containers, inv.nodeGroups), nodes: new Map(inv.nodes.map((n) => [n.id, n])) };
    return tolerantNodeSource(demoNodeSource(seed, facts, unknownInStoredDemo));
  };
  let estate: Promise<StoredDemoCloudEstate | undefined> | undefined;
  const storedEstate = () => (estate ??= storedDemoCloudEstate(store, latest));
  const cloudSource = async (): Promise<CloudSampleSource> => {
    const e = await storedEstate();
    return tolerantCloudSource(e ? demoCloudSampler(seed, e.models, e.facts, unknownInStoredDemo) : generate());
  };
  const cloudWorkerSource = async (): Promise<CloudWorkerSource> => {
    const e = await storedEstate();
    return e ? { estate: toWorkerEstate(e) } : { demo: demoOptions };
  };
  return { reader: demoReader(seed, regions), nodeSource, cloudSource, cloudWorkerSource, demo: { seed }, nowMs, collectionRunId };
}

/** Multi-row INSERT statements of container_analysis rows (every value a bound parameter). */
export function rowWriter(dialect: Store["dialect"]) {
  const columns = ANALYSIS_COLUMNS;
  const perStatement = Math.floor(MAX_PARAMS[dialect] / columns.length);
  const statements = new Map<number, string>();
  const statement = (n: number) => {
    let text = statements.get(n);
    if (!text) {
      const tuples: string[] = [];
      for (let r = 0, p = 1; r < n; r++) {
        const marks = columns.map(() => (dialect === "postgres" ? `$${p++}` : "?"));
        tuples.push(`(${marks.join(",")})`);
      }
      text = `insert into "container_analysis" (${columns.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`;
      statements.set(n, text);
    }
    return text;
  };
  return async (trx: Transaction<Database>, snapshotId: string, rows: readonly unknown[][]) => {
    for (let start = 0; start < rows.length; start += perStatement) {
      const end = Math.min(rows.length, start + perStatement);
      const params: unknown[] = [];
      for (let r = start; r < end; r++) {
        const row = rows[r];
        params.push(snapshotId);
        for (let i = 1; i < row.length; i++) params.push(row[i]);
      }
      await trx.executeQuery(CompiledQuery.raw(statement(end - start), params));
    }
  };
}

/** Containers in chunks, each with only the fields the analysis reads (what travels to a worker). */
export function toChunks(
  containers: readonly ContainerTable[],
  facts: ReadonlyMap<string, GroupFacts>,
  size = DEFAULT_CHUNK_SIZE,
  policyOf?: (id: string) => Policy | undefined,
): ChunkItem[][] {
  const chunkSize = Math.max(1, Math.floor(size));
  const chunks: ChunkItem[][] = [];
  for (let i = 0; i < containers.length; i += chunkSize) {
    chunks.push(
      containers.slice(i, i + chunkSize).map((c) => ({
        container: {
          id: c.id,
          cluster: c.cluster,
          namespace: c.namespace,
          pod_owner_kind: c.pod_owner_kind,
          pod_owner_name: c.pod_owner_name,
          node_group: c.node_group,
          policy: c.policy,
          replicas: c.replicas,
          cpu_request: c.cpu_request,
          cpu_limit: c.cpu_limit,
          mem_request: c.mem_request,
          mem_limit: c.mem_limit,
          first_seen: c.first_seen,
        },
        group: facts.get(groupKey(c.cluster, c.node_group)) ?? null,
        policy: plainPolicy(policyOf?.(c.id)),
      })),
    );
  }
  return chunks;
}

/** Only what the engine reads (a stored policy carries more), so a chunk travels light to a worker. */
function plainPolicy(p: Policy | undefined): Policy | undefined {
  return p && { id: p.id, name: p.name, description: p.description, values: p.values };
}

/**
 * For onlyPolicyChanges: the current snapshot's rows to keep (in ANALYSIS_COLUMNS order) and the containers to
 * analyse again, or null when a full run is needed.
 */
async function policyDelta(
  db: Db,
  previousSnapshotId: string | null,
  collectionRunId: string | null,
  containers: readonly ContainerTable[],
  policyOf: (id: string) => Policy,
): Promise<{ keep: unknown[][]; changed: Set<string> } | null> {
  if (!previousSnapshotId) return null;
  const prev = await db.selectFrom("analysis_snapshot").selectAll().where("id", "=", previousSnapshotId).executeTakeFirst();
  if (!prev || prev.status !== "complete" || prev.collection_run_id !== collectionRunId) return null;
  if ((await currentAnalysisFormat(db)) !== ANALYSIS_FORMAT) return null;
  const used = JSON.parse(prev.policies_json) as Record<string, unknown>;
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(ANALYSIS_COLUMNS.map((c) => sql.ref(c)))} from container_analysis where snapshot_id = ${previousSnapshotId}`.execute(db);
  const byId = new Map(rows.map((r) => [String(r.container_id), r]));
  const keep: unknown[][] = [];
  const changed = new Set<string>();
  for (const c of containers) {
    const row = byId.get(c.id);
    const p = policyOf(c.id);
    const same = row && row.policy_name === p.name && isOwnKey(used, p.name) && JSON.stringify(used[p.name]) === JSON.stringify(p.values);
    if (same) keep.push(ANALYSIS_COLUMNS.map((col) => row[col]));
    else changed.add(c.id);
  }
  return { keep, changed };
}

/**
 * The snapshot whose node group series a policy change's re-analysis can keep: the previous one, complete, of the
 * same collection run and window, with every group's series stored; null when there is none (the run computes them).
 */
async function reusableGroupSeries(db: Db, previousSnapshotId: string | null, collectionRunId: string | null, nowMs: number): Promise<string | null> {
  if (!previousSnapshotId) return null;
  const prev = await db.selectFrom("analysis_snapshot").selectAll().where("id", "=", previousSnapshotId).executeTakeFirst();
  if (!prev || prev.status !== "complete" || prev.collection_run_id !== collectionRunId || prev.window_end !== new Date(nowMs).toISOString()) return null;
  // Every group's series, or none kept: a snapshot from before migration 022 has none.
  const count = async (table: "node_group_series" | "node_group_analysis") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("snapshot_id", "=", previousSnapshotId).executeTakeFirstOrThrow()).n);
  const [series, groups] = [await count("node_group_series"), await count("node_group_analysis")];
  return series > 0 && series === groups ? previousSnapshotId : null;
}

/** A snapshot's node group series under another snapshot id, copied inside the database. */
async function copyGroupSeries(db: Db, fromId: string, toId: string) {
  await sql`insert into node_group_series (snapshot_id, node_group_id, start_ms, step_ms, slots, used, runs)
    select ${toId}, node_group_id, start_ms, step_ms, slots, used, runs from node_group_series where snapshot_id = ${fromId}`.execute(db);
}

/** The previous snapshot's cloud rows under the new snapshot id, and the summary the run reports. */
async function copyCloudRows(db: Db, fromId: string, toId: string, maxParams: number) {
  const rows = await db.selectFrom("cloud_analysis").selectAll().where("snapshot_id", "=", fromId).execute();
  const perStatement = Math.max(1, Math.floor(maxParams / Math.max(1, Object.keys(rows[0] ?? { a: 1 }).length)));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += perStatement) {
      await trx.insertInto("cloud_analysis").values(rows.slice(i, i + perStatement).map((r) => ({ ...r, snapshot_id: toId }))).execute();
    }
  });
  const summary = cloudFolderSummary(
    rows.map((r) => ({
      cloudProvider: r.cloud_provider,
      serviceType: r.service_type,
      recommendation: r.recommendation,
      currentEstimatedCost: r.current_estimated_cost,
      optimalCost: r.optimal_cost,
      currentVcpus: r.current_vcpus,
      currentMemory: r.current_memory,
      recommendedVcpus: r.recommended_vcpus,
      recommendedMemory: r.recommended_memory,
      currentInstances: r.current_instances,
      optimalInstances: r.optimal_instances,
    })) as unknown as CloudSummaryInput[],
  );
  return { services: rows.length, analysed: rows.filter((r) => Number(r.analysed) === 1).length, summary, workers: 0 };
}

/** A collection replaced the inventory while the analysis ran: its snapshot is not published (run it again). */
export class InventoryChangedError extends Error {
  constructor() {
    super("The inventory was collected again while the analysis ran; its results were not published. Run the analysis again.");
    this.name = "InventoryChangedError";
  }
}

/** The collection run whose inventory the store holds (meta collection.latest), read in `db` (a transaction). */
export async function latestCollectionRunId(db: Db): Promise<string | null> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", LATEST_COLLECTION_META_KEY).executeTakeFirst();
  return row ? ((JSON.parse(row.value) as { runId?: string }).runId ?? null) : null;
}

/** The inventory and the run it came from, in one read-only transaction (REPEATABLE READ on PostgreSQL). */
async function readInventory(store: Store) {
  const tx = store.db.transaction().setAccessMode("read only");
  return (store.dialect === "postgres" ? tx.setIsolationLevel("repeatable read") : tx).execute(async (trx) => ({
    containers: (await trx.selectFrom("container").selectAll().orderBy("id").execute()) as ContainerTable[],
    clusters: await trx.selectFrom("k8s_cluster").select(["name", "region"]).execute(),
    nodeGroups: await trx.selectFrom("node_group").selectAll().orderBy("id").execute(),
    nodes: await trx.selectFrom("k8s_node").selectAll().orderBy("id").execute(),
    inventoryRunId: await latestCollectionRunId(trx),
  }));
}

/** Analyses the whole stored inventory into a new snapshot and makes it current. */
export async function runAnalysis(store: Store, options: RunAnalysisOptions = {}): Promise<AnalysisResult> {
  const db = store.db;
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const report = async (p: Omit<AnalysisProgress, "elapsedMs">) => options.onProgress?.({ ...p, elapsedMs: elapsed() });
  // PostgreSQL with KUBEX_ANALYSIS_QUEUE=on: shard jobs for analysis worker processes (decision 028). A policy
  // change's partial re-analysis and a what-if's reference run stay in this process: they touch part of a fleet.
  const partial = options.onlyPolicyChanges || options.policyOverride;
  if (!options.source && !partial && store.dialect === "postgres" && (options.queue ?? queueModeOn(store))) {
    return runQueuedAnalysis(store, { nowMs: options.nowMs, onProgress: options.onProgress, inventoryChanged: () => new InventoryChangedError() });
  }

  // 1. Inventory, prices and the source: one read transaction, so the rows are those of one collection run.
  const { containers, clusters, nodeGroups, nodes, inventoryRunId } = await readInventory(store);
  const regions: Record<string, string> = Object.fromEntries(clusters.map((c) => [c.name, c.region]));
  const prices = await readUnitPrices(db);
  const resolved = await resolveSource(store, options, regions);
  if (resolved.collectionRunId !== inventoryRunId) throw new InventoryChangedError();
  const previousSnapshotId = (await currentSnapshotId(db)) ?? null;
  const readMs = elapsed();

  // 2. Node groups. A policy change's re-analysis of the same collection keeps the node group series the previous
  // snapshot stored (they follow from the node samples alone, not from any policy): 7 days of node samples, not 30.
  const seriesFrom = options.onlyPolicyChanges ? await reusableGroupSeries(db, previousSnapshotId, resolved.collectionRunId, resolved.nowMs) : null;
  const tNodes = Date.now();
  const { facts, groups: groupsSeen } = await nodePhase({
    nodeGroups,
    nodes,
    containers,
    withSeries: !seriesFrom,
    source: await resolved.nodeSource({ nodes, nodeGroups, containers }),
    nowMs: resolved.nowMs,
    onProgress: (done, total) => report({ phase: "nodes", done, total, analysed: 0 }),
  });
  const nodesMs = Date.now() - tNodes;

  // 3. The snapshot, then the containers chunk by chunk.
  const snapshotId = crypto.randomUUID();
  const startedAt = new Date(started).toISOString();
  const resolution = await resolveContainerPolicies(db, containers);
  const overridden = new Set(options.policyOverride?.containerIds ?? []);
  const policyOf = (id: string): Policy => (options.policyOverride && overridden.has(id) ? options.policyOverride.policy : resolution.byContainer.get(id)!);
  const policies: Record<string, unknown> = {};
  for (const c of containers) {
    const p = policyOf(c.id);
    policies[p.name] ??= p.values;
  }
  const delta = options.onlyPolicyChanges ? await policyDelta(db, previousSnapshotId, resolved.collectionRunId, containers, policyOf) : null;
  await db
    .insertInto("analysis_snapshot")
    .values({
      id: snapshotId,
      collection_run_id: resolved.collectionRunId,
      status: "running",
      started_at: startedAt,
      finished_at: null,
      window_end: new Date(resolved.nowMs).toISOString(),
      container_count: containers.length,
      analysed_count: 0,
      ms: null,
      policies_json: JSON.stringify(policies),
      prices_json: JSON.stringify(prices),
      error: null,
    })
    .execute();

  const toAnalyse = delta ? containers.filter((c) => delta.changed.has(c.id)) : containers;
  const chunks = toChunks(toAnalyse, facts, options.chunkSize, policyOf);
  const wanted = options.workers ?? (toAnalyse.length >= WORKER_THRESHOLD ? os.availableParallelism() : 0);
  const workers = resolved.demo && workersAvailable() ? Math.max(0, Math.floor(wanted)) : 0;
  const init: WorkerInit = { seed: resolved.demo?.seed ?? 0, regions, ctx: { nowMs: resolved.nowMs, prices } };

  const write = rowWriter(store.dialect);
  const containerResults = new ContainerResults(containers);
  const cents = { current: 0, recommended: 0, unspecified: 0, spare: 0, deficit: 0, immediate: 0, additional: 0 };
  let written = 0;
  let analysed = 0;
  const tContainers = Date.now();
  try {
    await report({ phase: "containers", done: 0, total: containers.length, analysed: 0 });
    // onlyPolicyChanges: the rows of containers whose policy did not change, copied as they are.
    if (delta) {
      const step = 2_000;
      for (let i = 0; i < delta.keep.length; i += step) {
        const rows = delta.keep.slice(i, i + step);
        await db.transaction().execute((trx) => write(trx, snapshotId, rows));
        containerResults.add(rows);
        for (const row of rows) {
          if (row[ANALYSED_INDEX] !== 1) continue;
          for (const k of Object.keys(CENTS_INDEX) as (keyof typeof CENTS_INDEX)[]) cents[k] += row[CENTS_INDEX[k]] as number;
        }
        written += rows.length;
        analysed += rows.reduce<number>((n, row) => n + (row[ANALYSED_INDEX] === 1 ? 1 : 0), 0);
      }
      await report({ phase: "containers", done: written, total: containers.length, analysed });
    }
    const stats = await runChunks({
      kind: "analyse",
      chunks,
      workers,
      init,
      reader: resolved.reader,
      onResult: async (_index, result) => {
        await db.transaction().execute((trx) => write(trx, snapshotId, result.rows));
        containerResults.add(result.rows);
        for (const row of result.rows) {
          if (row[ANALYSED_INDEX] !== 1) continue;
          for (const k of Object.keys(CENTS_INDEX) as (keyof typeof CENTS_INDEX)[]) cents[k] += row[CENTS_INDEX[k]] as number;
        }
        written += result.rows.length;
        analysed += result.analysed;
        await report({ phase: "containers", done: written, total: containers.length, analysed });
      },
    });
    const containersMs = Date.now() - tContainers;
    // Node and node group rows: they need the containers' recommendations, restarts and memory events.
    const tNodeRows = Date.now();
    const nodeRows = await writeNodeRows(db, {
      snapshotId,
      groups: groupsSeen,
      containers,
      results: containerResults,
      windowHours: WINDOW_HOURS,
      nowMs: resolved.nowMs,
      maxParams: MAX_PARAMS[store.dialect],
      regions,
    });
    if (seriesFrom) await copyGroupSeries(db, seriesFrom, snapshotId);
    const nodeRowsMs = Date.now() - tNodeRows;

    // Cloud services: the cloud engine over every standalone instance and scale group.
    const tCloud = Date.now();
    const analyseCloud = async () => {
      const services = await readCloudServices(db);
      // Worker threads (one per core) from CLOUD_WORKER_THRESHOLD services, as the containers have them.
      const cloudWorkers = options.workers ?? (services.length >= CLOUD_WORKER_THRESHOLD ? os.availableParallelism() : 0);
      return cloudPhase({
        db,
        snapshotId,
        services,
        source: services.length ? await resolved.cloudSource() : null,
        workerSource: services.length ? await resolved.cloudWorkerSource() : null,
        workers: cloudWorkers,
        catalog: shippedCloudCatalog(),
        policy: CLOUD_DEFAULT_POLICY,
        nowMs: resolved.nowMs,
        maxParams: MAX_PARAMS[store.dialect],
        onProgress: (done, total, cloudAnalysed) => report({ phase: "cloud", done, total, analysed: cloudAnalysed }),
      });
    };
    // onlyPolicyChanges: container policies do not touch the cloud engine, so the cloud rows are copied.
    const cloud = delta && previousSnapshotId ? await copyCloudRows(db, previousSnapshotId, snapshotId, MAX_PARAMS[store.dialect]) : await analyseCloud();
    const cloudMs = Date.now() - tCloud;

    // 4. The swap: one short transaction.
    const tSwap = Date.now();
    await report({ phase: "swap", done: written, total: containers.length, analysed });
    const finishedAt = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      // The snapshot is published only while the inventory it analysed is the stored one: a collection that
      // committed meanwhile already unpublished the previous snapshot, and this one must not join its new rows.
      if (store.dialect === "postgres") await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx);
      if ((await latestCollectionRunId(trx)) !== resolved.collectionRunId) throw new InventoryChangedError();
      // A partial run copied the previous snapshot's rows: it may only replace that snapshot.
      if (delta && ((await currentSnapshotId(trx)) ?? null) !== previousSnapshotId) {
        throw new Error("Another analysis was published while the policy change was re-analysed; run it again.");
      }
      const snap = await trx.selectFrom("analysis_snapshot").select("status").where("id", "=", snapshotId).executeTakeFirst();
      if (snap?.status !== "running") throw new Error(`Analysis snapshot ${snapshotId} was ${snap ? `marked ${snap.status}` : "removed"} by another run.`);
      const { n } = await trx
        .selectFrom("container_analysis")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("snapshot_id", "=", snapshotId)
        .executeTakeFirstOrThrow();
      if (Number(n) !== containers.length) throw new Error(`Analysis snapshot ${snapshotId} holds ${n} rows for ${containers.length} containers.`);
      const { nodes: nn } = await trx
        .selectFrom("node_analysis")
        .select((eb) => eb.fn.countAll<number>().as("nodes"))
        .where("snapshot_id", "=", snapshotId)
        .executeTakeFirstOrThrow();
      if (Number(nn) !== nodeRows.nodes) throw new Error(`Analysis snapshot ${snapshotId} holds ${nn} node rows for ${nodeRows.nodes} nodes.`);
      const { cloudRows } = await trx
        .selectFrom("cloud_analysis")
        .select((eb) => eb.fn.countAll<number>().as("cloudRows"))
        .where("snapshot_id", "=", snapshotId)
        .executeTakeFirstOrThrow();
      if (Number(cloudRows) !== cloud.services) throw new Error(`Analysis snapshot ${snapshotId} holds ${cloudRows} cloud rows for ${cloud.services} services.`);
      await trx
        .updateTable("analysis_snapshot")
        .set({ status: "complete", finished_at: finishedAt, analysed_count: analysed, ms: Date.now() - started })
        .where("id", "=", snapshotId)
        .execute();
      await trx.deleteFrom("meta").where("key", "=", CURRENT_SNAPSHOT_META_KEY).execute();
      await trx.insertInto("meta").values({ key: CURRENT_SNAPSHOT_META_KEY, value: snapshotId }).execute();
      await trx.deleteFrom("meta").where("key", "=", ANALYSIS_FORMAT_META_KEY).execute();
      await trx.insertInto("meta").values({ key: ANALYSIS_FORMAT_META_KEY, value: ANALYSIS_FORMAT }).execute();
    });
    const swapMs = Date.now() - tSwap;

    // 5. Clean-up: the previous snapshot, and rows of runs that were killed or lost a race to this one.
    const tCleanup = Date.now();
    await cleanUpAfterSwap(store, snapshotId, startedAt);
    const cleanupMs = Date.now() - tCleanup;

    const result: AnalysisResult = {
      snapshotId,
      collectionRunId: resolved.collectionRunId,
      previousSnapshotId,
      containerCount: containers.length,
      analysedCount: analysed,
      reanalysedCount: toAnalyse.length,
      partial: delta !== null,
      cloudCount: cloud.services,
      cloudAnalysedCount: cloud.analysed,
      cloudSummary: cloud.summary,
      ms: elapsed(),
      phaseMs: { read: readMs, nodes: nodesMs, containers: containersMs, nodeRows: nodeRowsMs, cloud: cloudMs, swap: swapMs, cleanup: cleanupMs },
      workers,
      workerMaxRssKb: stats.workerMaxRssKb,
      prices,
      nowMs: resolved.nowMs,
      waterfall: waterfall([{ cents }]),
    };
    await report({ phase: "done", done: written, total: containers.length, analysed });
    return result;
  } catch (error) {
    // Best effort: the store itself may be what failed; the original error is what matters.
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("analysis_snapshot")
      .set({ status: "failed", finished_at: new Date().toISOString(), error: message.slice(0, 2000) })
      .where("id", "=", snapshotId)
      .where("status", "=", "running")
      .execute()
      .catch(() => undefined);
    const current = await currentSnapshotId(db).catch(() => snapshotId);
    if (current !== snapshotId) await deleteSnapshotRows(db, snapshotId).catch(() => undefined);
    throw error;
  }
}

/**
 * The benchmark's baseline (bench/analysis.bench.ts): reads every container's samples exactly as runAnalysis
 * does (same chunks, readers, buffers and workers) without analysing or writing anything.
 */
export async function readFleetSamples(
  store: Store,
  options: Pick<RunAnalysisOptions, "source" | "workers" | "chunkSize" | "nowMs"> & { onProgress?: (done: number, total: number) => void } = {},
): Promise<{ containers: number; samples: number; checksum: number; ms: number; workers: number; workerMaxRssKb: number }> {
  const started = Date.now();
  const containers = await store.db.selectFrom("container").selectAll().orderBy("id").execute();
  const clusters = await store.db.selectFrom("k8s_cluster").select(["name", "region"]).execute();
  const regions: Record<string, string> = Object.fromEntries(clusters.map((c) => [c.name, c.region]));
  const resolved = await resolveSource(store, options, regions);
  const chunks = toChunks(containers, new Map(), options.chunkSize);
  const wanted = options.workers ?? (containers.length >= WORKER_THRESHOLD ? os.availableParallelism() : 0);
  const workers = resolved.demo && workersAvailable() ? Math.max(0, Math.floor(wanted)) : 0;
  let samples = 0;
  let checksum = 0;
  let done = 0;
  const stats = await runChunks({
    kind: "read",
    chunks,
    workers,
    init: { seed: resolved.demo?.seed ?? 0, regions, ctx: { nowMs: resolved.nowMs, prices: { cpuCoreHour: 0, memoryGbHour: 0 } } },
    reader: resolved.reader,
    onResult: (index, result) => {
      samples += result.samples;
      checksum += result.checksum;
      done += chunks[index].length;
      options.onProgress?.(done, containers.length);
    },
  });
  return { containers: containers.length, samples, checksum, ms: Date.now() - started, workers, workerMaxRssKb: stats.workerMaxRssKb };
}
