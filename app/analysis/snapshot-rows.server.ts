/**
 * What an analysis run leaves behind, shared by the one-process run (run.server.ts) and the queued one
 * (shards.server.ts, shard-work.server.ts): the result it reports, removing a snapshot's rows, and the clean-up
 * after a swap.
 */
import type { Kysely } from "kysely";
import type { Store } from "~/db/connect.server";
import { refreshPlannerStatistics } from "~/db/planner-statistics.server";
import type { Database } from "~/db/schema";
import type { UnitPrices, Waterfall } from "~/engine/containers";
import type { CloudFolderSummary } from "~/engine/cloud";

type Db = Kysely<Database>;

export interface AnalysisResult {
  snapshotId: string;
  collectionRunId: string | null;
  previousSnapshotId: string | null;
  containerCount: number;
  analysedCount: number;
  /** Containers that went through the engine in this run (all of them unless onlyPolicyChanges found fewer). */
  reanalysedCount: number;
  /** True when onlyPolicyChanges ran as asked (rows copied from the previous snapshot), false for a full run. */
  partial: boolean;
  /** Cloud services (standalone instances and scale groups) written, and those the catalog could price. */
  cloudCount: number;
  cloudAnalysedCount: number;
  /** The whole estate's cloud folder summary (the root of the cloud tree). */
  cloudSummary: CloudFolderSummary;
  ms: number;
  /** nodeRows: the node and node group rows (after the containers; not part of `containers`). */
  phaseMs: { read: number; nodes: number; containers: number; nodeRows: number; cloud: number; swap: number; cleanup: number };
  workers: number;
  /** Peak RSS reported from inside the worker threads (KB; 0 in-process). */
  workerMaxRssKb: number;
  prices: UnitPrices;
  nowMs: number;
  /** The run's Optimization Breakdown over the whole fleet (summed from the rows' cents). */
  waterfall: Waterfall;
}

/** Every analysis row of one snapshot. */
export async function deleteSnapshotRows(db: Db, snapshotId: string) {
  await db.deleteFrom("container_analysis").where("snapshot_id", "=", snapshotId).execute();
  await db.deleteFrom("node_analysis").where("snapshot_id", "=", snapshotId).execute();
  await db.deleteFrom("node_group_analysis").where("snapshot_id", "=", snapshotId).execute();
  await db.deleteFrom("node_group_series").where("snapshot_id", "=", snapshotId).execute();
  await db.deleteFrom("cloud_analysis").where("snapshot_id", "=", snapshotId).execute();
}

/**
 * After a swap: the previous snapshot's rows, and those of runs that were killed, lost a race to this one or
 * failed without finishing their own clean-up; then fresh planner statistics.
 */
export async function cleanUpAfterSwap(store: Store, snapshotId: string, startedAt: string) {
  const db = store.db;
  const stale = await db
    .selectFrom("analysis_snapshot")
    .select(["id", "status"])
    .where("id", "!=", snapshotId)
    .where("status", "in", ["complete", "running"])
    .where("started_at", "<=", startedAt)
    .execute();
  for (const s of stale) {
    await db
      .updateTable("analysis_snapshot")
      .set({ status: s.status === "complete" ? "superseded" : "abandoned" })
      .where("id", "=", s.id)
      .execute();
    await deleteSnapshotRows(db, s.id);
  }
  // Rows of failed runs whose own clean-up could not finish (the store was what failed).
  const failed = await db.selectFrom("analysis_snapshot").select("id").where("status", "=", "failed").execute();
  for (const s of failed) await deleteSnapshotRows(db, s.id);
  // Fresh planner statistics for the new rows (planner-statistics.server.ts). Only an optimisation: the snapshot is
  // already swapped in and whole, so a store too busy for them now keeps the previous analysis's, which describe
  // tables of the same shape.
  await refreshPlannerStatistics(db, store.dialect).catch(() => undefined);
}
