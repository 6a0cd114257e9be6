/**
 * The cloud phase of the analysis run: every cloud service (standalone instance or scale group) of the stored
 * inventory through the cloud engine, written under the run's snapshot id in chunks and swapped in with the
 * container rows. A service's samples are read one at a time over the policy's window (5-minute steps, as the
 * containers), so the run never holds more than one service's history. A demo estate is analysed on worker threads
 * (one per core) that each make the estate's samples themselves, from the models its collection stored (no estate
 * generated); any other source in-process.
 */
import type { Kysely } from "kysely";
import { CLOUD_ANALYSIS_FLAGS, CLOUD_ANALYSIS_NUMBERS, CLOUD_ANALYSIS_TEXT } from "~/db/cloud-analysis-columns";
import type { CloudAnalysisTable, CloudServiceView, Database } from "~/db/schema";
import { cloudFolderSummary, type CloudCatalog, type CloudFolderSummary, type CloudPolicy } from "~/engine/cloud";
import { tolerantCloudSource, unknownInStoredDemo, type CloudSampleSource, type StoredDemoCloudEstate } from "~/models/cloud-entity.server";
import { connectionGroupSizes, connectionSamples } from "~/models/cloud-connections.server";
import { cloudModelsFrom, createDemoSource, demoCloudSampler, storedCloudModels, type DemoOptions, type StoredCloudModels } from "~/sources/demo";
import { analyseCloudChunk, type CloudChunkResult, type CloudSummaryRow } from "./cloud-chunk";
import { runPool, workerEntryAvailable } from "./worker-pool";

export { cloudAnalysisRow } from "./cloud-row";

export const CLOUD_CHUNK_SIZE = 500;

/**
 * A demo estate's stored cloud models and node facts as a worker's init can carry them (plain objects and arrays;
 * the worker rebuilds the models with cloudModelsFrom).
 */
export interface WorkerEstate {
  seed: number;
  models: StoredCloudModels;
  regions: [string, string][];
  shares: [string, number, number][];
  nodes: [string, string, string][];
}

/** Where a cloud worker makes a demo estate's samples from: its stored models, or (a run stored before them) the generated estate. */
export type CloudWorkerSource = { estate: WorkerEstate } | { demo: DemoOptions };

/** What a cloud worker is started with: the demo estate to sample, the snapshot and the window end. */
export type CloudWorkerInit = CloudWorkerSource & {
  snapshotId: string;
  nowMs: number;
};

export function toWorkerEstate(e: StoredDemoCloudEstate): WorkerEstate {
  return {
    seed: e.seed,
    models: storedCloudModels(e.models),
    regions: [...e.facts.regions],
    shares: [...e.facts.groupShare].map(([key, s]) => [key, s.cpu, s.mem]),
    nodes: [...e.facts.nodes].map(([id, n]) => [id, n.cluster, n.node_group]),
  };
}

/** A worker's sample source from its init: the stored models when it has them, else the generated estate. */
export function workerCloudSource(init: CloudWorkerSource): CloudSampleSource {
  if ("demo" in init) return tolerantCloudSource(createDemoSource(init.demo));
  const e = init.estate;
  const facts = {
    regions: new Map(e.regions),
    groupShare: new Map(e.shares.map(([key, cpu, mem]) => [key, { cpu, mem }])),
    nodes: new Map(e.nodes.map(([id, cluster, node_group]) => [id, { cluster, node_group }])),
  };
  return tolerantCloudSource(demoCloudSampler(e.seed, cloudModelsFrom(e.models), facts, unknownInStoredDemo));
}

const CLOUD_WORKER = new URL("./cloud-worker.ts", import.meta.url);

/** The services the run analyses, in id order. */
export function readCloudServices(db: Kysely<Database>): Promise<CloudServiceView[]> {
  return db.selectFrom("cloud_service").selectAll().orderBy("id").execute();
}

export async function cloudPhase(args: {
  db: Kysely<Database>;
  snapshotId: string;
  services: readonly CloudServiceView[];
  source: CloudSampleSource | null;
  /** Where worker threads make the source's samples (a demo estate): the services then run on `workers` threads. */
  workerSource?: CloudWorkerSource | null;
  workers?: number;
  catalog: CloudCatalog;
  policy: CloudPolicy;
  nowMs: number;
  maxParams: number;
  onProgress?: (done: number, total: number, analysed: number) => void | Promise<void>;
  /** Writes a chunk's rows instead of a transaction of its own (an analysis shard keeps them for its commit). */
  writeRows?: (rows: CloudAnalysisTable[]) => Promise<void>;
}): Promise<{ services: number; analysed: number; summary: CloudFolderSummary; workers: number }> {
  const { db, services } = args;
  const columns = 2 + CLOUD_ANALYSIS_TEXT.length + CLOUD_ANALYSIS_FLAGS.length + CLOUD_ANALYSIS_NUMBERS.length;
  const perStatement = Math.max(1, Math.floor(args.maxParams / columns));
  // The services of cloud connections (ids `conn:…`) have their samples in the store, not in the source.
  const sourced = services.filter((s) => !s.id.startsWith("conn:"));
  const connected = services.filter((s) => s.id.startsWith("conn:"));
  const chunks: CloudServiceView[][] = [];
  for (let i = 0; i < sourced.length; i += CLOUD_CHUNK_SIZE) chunks.push(sourced.slice(i, i + CLOUD_CHUNK_SIZE));
  let done = 0;
  let analysed = 0;
  const summary: CloudSummaryRow[] = [];
  const write = async (result: CloudChunkResult) => {
    const rows: CloudAnalysisTable[] = result.rows;
    if (args.writeRows) await args.writeRows(rows);
    else
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += perStatement) await trx.insertInto("cloud_analysis").values(rows.slice(i, i + perStatement)).execute();
      });
    done += rows.length;
    analysed += result.analysed;
    summary.push(...result.summary);
    await args.onProgress?.(done, services.length, analysed);
  };
  const workers = args.workerSource && (args.workers ?? 0) > 0 && chunks.length > 1 && workerEntryAvailable(CLOUD_WORKER) ? Math.min(args.workers!, chunks.length) : 0;
  if (workers > 0) {
    const init: CloudWorkerInit = { ...args.workerSource!, snapshotId: args.snapshotId, nowMs: args.nowMs };
    await runPool<CloudServiceView[], CloudChunkResult>({ entry: CLOUD_WORKER, init, tasks: chunks, workers, onResult: (_i, r) => write(r), label: "Cloud analysis worker" });
  } else {
    for (const chunk of chunks) await write(await analyseCloudChunk(chunk, { snapshotId: args.snapshotId, source: args.source, catalog: args.catalog, policy: args.policy, nowMs: args.nowMs }));
  }
  const stored: CloudSampleSource = {
    cloudSamples: (id, fromMs, toMs) => connectionSamples(db, id, fromMs, toMs),
    groupSizeSamples: (id, fromMs, toMs) => connectionGroupSizes(db, id, fromMs, toMs),
  };
  for (let i = 0; i < connected.length; i += CLOUD_CHUNK_SIZE) {
    await write(await analyseCloudChunk(connected.slice(i, i + CLOUD_CHUNK_SIZE), { snapshotId: args.snapshotId, source: stored, catalog: args.catalog, policy: args.policy, nowMs: args.nowMs }));
  }
  return { services: services.length, analysed, summary: cloudFolderSummary(summary), workers };
}
