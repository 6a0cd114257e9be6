/**
 * Reads over the current analysis snapshot (app/analysis/run.server.ts) that every container read model shares.
 *
 * Every list and total is over `container c` joined with its row of the current snapshot. The snapshot id is read
 * inside each statement (`a.snapshot_id = (select value from meta ...)`), so a statement sees one whole snapshot
 * even while a new one is swapped in. Containers collected after the current snapshot was made have no row there
 * and are left out until the next analysis.
 *
 * Consistency and caching: the statements of one call run in one read transaction (REPEATABLE READ on PostgreSQL,
 * one WAL snapshot on SQLite), so they agree with each other. Aggregates are cached per store (store-cache.server.ts,
 * as the trees are), keyed by the snapshot id read in that transaction and the scope's key (the collection run, the
 * View's and Filter's versions, the folder): computed once per snapshot and scope (ARCHITECTURE.md, "heavy
 * aggregates are computed once per snapshot and cached"); a new snapshot is a new key.
 */
import { sql } from "kysely";
import { CURRENT_SNAPSHOT_META_KEY, currentSnapshotId } from "./snapshot.server";
import { storeCache } from "./store-cache.server";
import { onPostgres, type Db } from "./treeview-common.server";

/** The current snapshot's id, read inside the statement that uses it. */
export const CURRENT_SNAPSHOT = sql`(select m.value from meta m where m.key = ${CURRENT_SNAPSHOT_META_KEY})`;

/** Containers with their row of the current snapshot. */
export const FROM = sql`container c join container_analysis a on a.snapshot_id = ${CURRENT_SNAPSHOT} and a.container_id = c.id`;

/**
 * Runs reads on one snapshot of the store: a REPEATABLE READ transaction without JIT on PostgreSQL (the planner
 * prices these aggregates high enough to JIT-compile them, which never pays back), a deferred read-only
 * transaction on SQLite (its reads share one WAL snapshot and never wait for a writer).
 */
export async function consistentRead<T>(db: Db, run: (q: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  if (onPostgres(db)) {
    return db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`set local jit = off`.execute(trx);
        return run(trx);
      });
  }
  // Read only: a deferred BEGIN (app/db/connect.server.ts begins every other SQLite transaction IMMEDIATE).
  return db.transaction().setAccessMode("read only").execute(run);
}

const reads = storeCache<unknown>({ maxEntries: 256 });
const clearers: ((db: Db) => void)[] = [(db) => reads.clear(db)];

/** Another per-store cache of snapshot reads, emptied with the others by clearAnalysisCache. */
export function onClearAnalysisCache(clear: (db: Db) => void) {
  clearers.push(clear);
}

/** Empties the analysis read caches of a store (tests; a new snapshot needs no clearing, it is a new key). */
export function clearAnalysisCache(db: Db) {
  for (const clear of clearers) clear(db);
}

/**
 * The cached value of `kind` for the current snapshot and scope, computed in one consistent read. Before the
 * first analysis nothing is cached. Callers get their own copy.
 */
export async function cachedRead<T>(db: Db, kind: string, scopeKey: string, compute: (q: Db) => Promise<T>): Promise<T> {
  // A value already made needs only the current snapshot's id, read by itself: the value was computed in one
  // consistent read of that snapshot. On PostgreSQL the transaction around such a hit was three more round trips
  // (begin, set local jit, commit) for every page that asked (issue 13). A miss reads the id again in its transaction.
  if (!db.isTransaction) {
    const snapshotId = await currentSnapshotId(db);
    const made = snapshotId === undefined ? undefined : reads.made(db, readKey(kind, snapshotId, scopeKey));
    if (made !== undefined) return structuredClone(made as T);
  }
  const value = await consistentRead(db, async (q) => {
    const snapshotId = await currentSnapshotId(q);
    if (snapshotId === undefined) return compute(q);
    return reads.get(db, readKey(kind, snapshotId, scopeKey), () => compute(q), false, snapshotId) as Promise<T>;
  });
  return structuredClone(value);
}

const readKey = (kind: string, snapshotId: string, scopeKey: string) => `${kind}|${snapshotId}|${scopeKey}`;

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** Sum of a stored dollar figure in whole cents. */
export const cents = (column: string) => sql`sum(round(${sql.ref(column)} * 100))`;
