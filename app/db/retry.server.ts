/**
 * Write transactions that survive a busy store (issue 12: "0 failed saves during an analysis").
 *
 * - PostgreSQL: a transaction refused with a serialization failure (40001) or chosen as a deadlock victim (40P01)
 *   did nothing; it is run again from the start, a few times, after a short random pause.
 * - SQLite: transactions begin IMMEDIATE and wait up to SQLITE_BUSY_TIMEOUT_MS for the write lock
 *   (connect.server.ts); a SQLITE_BUSY that still comes through (a lock held past the timeout) is retried the same way.
 *
 * The callback must be safe to run again (it only talks to the database through `trx`).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

const RETRYABLE_PG = new Set(["40001", "40P01"]);
const RETRYABLE_SQLITE = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"]);

export const WRITE_ATTEMPTS = 5;

/** Whether an error means "the transaction did nothing; run it again". */
export function isRetryableWriteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (RETRYABLE_PG.has(code) || RETRYABLE_SQLITE.has(code));
}

/** Runs `run` in a transaction, again (up to WRITE_ATTEMPTS in all) when the store refused it as busy or conflicting. */
export async function writeTransaction<T>(db: Kysely<Database>, run: (trx: Transaction<Database>) => Promise<T>, attempts = WRITE_ATTEMPTS): Promise<T> {
  if (db.isTransaction) return run(db as Transaction<Database>);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(run);
    } catch (error) {
      if (attempt >= attempts || !isRetryableWriteError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));
    }
  }
}
