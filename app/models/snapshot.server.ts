/**
 * Which analysis snapshot readers see: meta `current_analysis_snapshot`, set by the run's swap transaction
 * (run.server.ts). Kept apart from the run so read models import nothing of the run's machinery.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

import { CURRENT_SNAPSHOT_META_KEY, LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";

export { CURRENT_SNAPSHOT_META_KEY };

/** The snapshot readers see, or undefined before the first complete analysis. */
export async function currentSnapshotId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", CURRENT_SNAPSHOT_META_KEY).executeTakeFirst();
  return row?.value;
}

/**
 * What the stored results hold, written with every swap. Raise it when a change of the run gives different rows
 * (new tables or fields, a changed rule): the start command then re-analyses a store an older version analysed,
 * instead of showing empty node grids or stale numbers. 2: node and node group rows (migration 005). 3: GPU
 * values of containers (migration 007) and nodes, and the demo fleet's GPU group. 5: each node's monthly cost and
 * waste (migration 018).
 */
export const ANALYSIS_FORMAT = "5";
export const ANALYSIS_FORMAT_META_KEY = "analysis_format";

/** The format of the current snapshot's results ("1" for snapshots written before formats were recorded). */
export async function currentAnalysisFormat(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", ANALYSIS_FORMAT_META_KEY).executeTakeFirst();
  return row?.value ?? "1";
}

/** The current snapshot's row, or undefined: one statement (a round trip per page on PostgreSQL). */
export async function currentSnapshot(db: Kysely<Database>) {
  return db
    .selectFrom("analysis_snapshot")
    .selectAll()
    .where("id", "=", (eb) => eb.selectFrom("meta").select("value").where("key", "=", CURRENT_SNAPSHOT_META_KEY))
    .executeTakeFirst();
}

/**
 * What the per-process caches are keyed on, as one string: the current snapshot and the meta of the latest
 * collection. It changes when an analysis swaps or a collection lands, in whichever process did it (issue 13:
 * every web process polls it to warm its own caches).
 */
export async function cacheGeneration(db: Kysely<Database>): Promise<string> {
  const rows = await db.selectFrom("meta").select(["key", "value"]).where("key", "in", [CURRENT_SNAPSHOT_META_KEY, LATEST_COLLECTION_META_KEY]).execute();
  return rows
    .map((r) => `${r.key}=${r.value}`)
    .sort()
    .join("|");
}
