/**
 * One large read without holding the request thread (issue 12, must-show 1). better-sqlite3 is synchronous: a
 * statement that sorts or groups a whole fleet (the folder query of a 150,000-container tree, ~0.7 s; the id
 * order of 34,000 nodes, ~0.2 s) stops every other request of the process for as long as it runs. On an
 * embedded store kept in a file, `selectOffThread` runs such a statement on a worker thread with its own
 * read-only connection to the same file, and hands the rows back in batches, each its own turn of the event
 * loop. PostgreSQL's driver never blocks the thread, so there (and for an in-memory SQLite store, or inside a
 * transaction, whose snapshot a second connection would not share) the statement runs as usual.
 *
 * The worker's connection sees what any new statement of the main connection sees: the last committed data (WAL).
 * The SQL is compiled by the caller's Kysely instance, so the statement is the one the main connection would run.
 * The worker is plain CommonJS evaluated in the thread, so it also runs from the bundled server build.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Kysely, RawBuilder } from "kysely";
import { SqliteAdapter } from "kysely";

/** Rows per message: deserialising one is a short turn of the main thread (~1 ms for 2,000 folder rows). */
const BATCH_ROWS = 2_000;

/** The SQLite file behind each store opened on one (registered by openStore). */
const sqliteFiles = new WeakMap<object, { file: string; busyTimeoutMs: number }>();

export function registerSqliteFile<DB>(db: Kysely<DB>, file: string, busyTimeoutMs: number): void {
  if (file !== ":memory:" && file !== "") sqliteFiles.set(db, { file, busyTimeoutMs });
}

const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: workerData.busyTimeoutMs });
  db.pragma("cache_size = -65536");
  const stmt = db.prepare(workerData.sql);
  const columns = stmt.columns().map((c) => c.name);
  parentPort.postMessage({ columns });
  let batch = [];
  for (const row of stmt.raw(true).iterate(...workerData.parameters)) {
    batch.push(row);
    if (batch.length === workerData.batchRows) {
      parentPort.postMessage({ rows: batch });
      batch = [];
    }
  }
  parentPort.postMessage({ rows: batch, done: true });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error), code: error && error.code });
} finally {
  if (db) db.close();
}
`;

let driverPath: string | undefined;

/** Whether `db` is a store whose reads selectOffThread moves to a worker thread. */
export function readsOffThread<DB>(db: Kysely<DB>): boolean {
  return !db.isTransaction && db.getExecutor().adapter instanceof SqliteAdapter && sqliteFiles.has(db);
}

/**
 * The rows of one SELECT, read on a worker thread where the store is a SQLite file (see the module comment), else
 * through `db` as usual. Each row is an object keyed by column name, as Kysely gives it.
 */
export async function selectOffThread<R, DB>(db: Kysely<DB>, query: RawBuilder<R>): Promise<R[]> {
  const target = readsOffThread(db) ? sqliteFiles.get(db) : undefined;
  if (target === undefined) return (await query.execute(db)).rows;
  const compiled = query.compile(db);
  const { file, busyTimeoutMs } = target;
  driverPath ??= createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise<R[]>((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { driver: driverPath, file, busyTimeoutMs, sql: compiled.sql, parameters: compiled.parameters, batchRows: BATCH_ROWS },
    });
    let columns: string[] = [];
    const rows: R[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error) reject(error);
      else resolve(rows);
    };
    worker.on("message", (m: { columns?: string[]; rows?: unknown[][]; done?: boolean; error?: string; code?: string }) => {
      // The driver's message and code (SQLITE_ERROR, SQLITE_BUSY...), as the main connection would have thrown them.
      if (m.error !== undefined) return finish(Object.assign(new Error(m.error), m.code ? { code: m.code } : {}));
      if (m.columns) columns = m.columns;
      if (m.rows) {
        for (const values of m.rows) {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
          rows.push(row as R);
        }
      }
      if (m.done) finish();
    });
    worker.on("error", (error) => finish(error));
    worker.on("exit", (code) => finish(new Error(`The read's worker thread stopped (exit code ${code}) before the last row.`)));
  });
}
