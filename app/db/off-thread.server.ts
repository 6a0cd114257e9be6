/**
 * One large read without holding the request thread (issue 12, must-show 1). better-sqlite3 is synchronous: a
 * statement that sorts or groups a whole fleet (the folder query of a 150,000-container tree, ~0.7 s; the id
 * order of 34,000 nodes, ~0.2 s) stops every other request of the process for as long as it runs. On an
 * embedded store kept in a file, `selectOffThread` runs such a statement on a worker thread with its own
 * read-only connection to the same file, and hands the rows back in batches, each its own turn of the event
 * loop. The threads are a pool (one per core, at most four; more reads queue): they keep their connections and
 * prepared statements, and stop after a minute without work. A thread per read cost its start, the driver's
 * load and a connection each time, and any number of requests could start one each. PostgreSQL's driver never blocks the thread, so there (and for an in-memory SQLite store, or inside a
 * transaction, whose snapshot a second connection would not share) the statement runs as usual.
 *
 * The worker's connection sees what any new statement of the main connection sees: the last committed data (WAL).
 * The SQL is compiled by the caller's Kysely instance, so the statement is the one the main connection would run.
 * The worker is plain CommonJS evaluated in the thread, so it also runs from the bundled server build.
 */
import { createRequire } from "node:module";
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { Kysely, RawBuilder } from "kysely";
import { SqliteAdapter } from "kysely";

/** Rows per message: deserialising one is a short turn of the main thread (~1 ms for 2,000 folder rows). */
const BATCH_ROWS = 2_000;

/**
 * SQLite page cache per connection, KiB (SQLite's default is 2 MB; 64 MB until 2026-12-06). A web process holds one
 * connection and one per read thread, so it counts two to three times per process; the OS's file cache holds the
 * rest. The 50-user load at 500,000 containers: the web processes' peak RSS 90-200 MB lower at the same
 * requests/s; the analysis at 150,000 45.0 -> 47.8 s, one run each (bench/README.md, 2026-12-06).
 */
export const SQLITE_PAGE_CACHE_KIB = 16_384;

/** The SQLite file behind each store opened on one (registered by openStore). */
const sqliteFiles = new WeakMap<object, { file: string; busyTimeoutMs: number }>();

export function registerSqliteFile<DB>(db: Kysely<DB>, file: string, busyTimeoutMs: number): void {
  if (file !== ":memory:" && file !== "") sqliteFiles.set(db, { file, busyTimeoutMs });
}

/**
 * The worker: one read-only connection per store file, kept (at most MAX_FILES, the least recently used closed
 * first; reopened when the file at that path is another file, as a test's throwaway store can be), its prepared
 * statements kept, one statement at a time. Each statement outside a transaction reads the last committed data.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const Database = require(workerData.driver);
const MAX_FILES = 4;
const open = new Map();
function connection(file, busyTimeoutMs) {
  const st = fs.statSync(file);
  let c = open.get(file);
  if (c && (c.dev !== st.dev || c.ino !== st.ino)) { c.db.close(); open.delete(file); c = undefined; }
  if (!c) {
    if (open.size >= MAX_FILES) {
      const [oldest] = [...open.entries()].sort((a, b) => a[1].used - b[1].used)[0];
      open.get(oldest).db.close();
      open.delete(oldest);
    }
    const db = new Database(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
    db.pragma("cache_size = -" + Number(workerData.pageCacheKib));
    c = { db, dev: st.dev, ino: st.ino, used: 0, statements: new Map() };
    open.set(file, c);
  }
  c.used = Date.now();
  return c;
}
parentPort.on("message", (task) => {
  const id = task.id;
  try {
    const c = connection(task.file, task.busyTimeoutMs);
    let stmt = c.statements.get(task.sql);
    if (!stmt) {
      if (c.statements.size >= 64) c.statements.clear();
      stmt = c.db.prepare(task.sql).raw(true);
      c.statements.set(task.sql, stmt);
    }
    parentPort.postMessage({ id, columns: stmt.columns().map((col) => col.name) });
    let batch = [];
    for (const row of stmt.iterate(...task.parameters)) {
      batch.push(row);
      if (batch.length === task.batchRows) {
        parentPort.postMessage({ id, rows: batch });
        batch = [];
      }
    }
    parentPort.postMessage({ id, rows: batch, done: true });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error), code: error && error.code });
  }
});
`;

/** Threads reading at once: the machine's cores, at most four; more reads wait their turn. */
const MAX_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));
/** A thread without work this long stops (its connections close with it). */
const IDLE_MS = 60_000;

interface ReadMessage {
  id: number;
  columns?: string[];
  rows?: unknown[][];
  done?: boolean;
  error?: string;
  code?: string;
}

interface ReadTask {
  id: number;
  payload: { file: string; busyTimeoutMs: number; sql: string; parameters: readonly unknown[]; batchRows: number };
  onMessage: (m: ReadMessage) => void;
  fail: (error: Error) => void;
}

interface ReadThread {
  worker: Worker;
  task: ReadTask | null;
  idle: NodeJS.Timeout | null;
}

const threads: ReadThread[] = [];
const waiting: ReadTask[] = [];
let nextId = 1;

function startThread(): ReadThread {
  // No execArgv of the process: the thread runs plain JavaScript, so it needs neither tsx's loader nor the web
  // processes' V8 heap flags (each inherited loader is more memory per thread).
  const thread: ReadThread = { worker: new Worker(WORKER_CODE, { eval: true, workerData: { driver: driverPath, pageCacheKib: SQLITE_PAGE_CACHE_KIB }, execArgv: [] }), task: null, idle: null };
  const { worker } = thread;
  worker.unref();
  worker.on("message", (m: ReadMessage) => {
    const task = thread.task;
    if (!task || task.id !== m.id) return;
    task.onMessage(m);
    if (m.done || m.error !== undefined) release(thread);
  });
  const lost = (error: Error) => {
    const i = threads.indexOf(thread);
    if (i >= 0) threads.splice(i, 1);
    if (thread.idle) clearTimeout(thread.idle);
    const task = thread.task;
    thread.task = null;
    task?.fail(error);
    dispatch();
  };
  worker.on("error", (error) => lost(error));
  worker.on("exit", (code) => lost(new Error(`The read's worker thread stopped (exit code ${code}) before the last row.`)));
  threads.push(thread);
  return thread;
}

function release(thread: ReadThread) {
  thread.task = null;
  thread.worker.unref();
  dispatch();
  if (thread.task === null && threads.includes(thread)) {
    thread.idle = setTimeout(() => {
      const i = threads.indexOf(thread);
      if (thread.task === null && i >= 0) {
        threads.splice(i, 1);
        void thread.worker.terminate();
      }
    }, IDLE_MS);
    thread.idle.unref();
  }
}

function dispatch() {
  while (waiting.length > 0) {
    const thread = threads.find((t) => t.task === null) ?? (threads.length < MAX_THREADS ? startThread() : undefined);
    if (!thread) return;
    const task = waiting.shift()!;
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    thread.task = task;
    thread.worker.ref(); // a read under way keeps the process alive, as the main connection's would
    thread.worker.postMessage({ id: task.id, ...task.payload });
  }
}

let driverPath: string | undefined;

/** The read threads running, the reads waiting for one, and how many reads were ever asked of them (tests and diagnostics). */
export function offThreadLoad(): { threads: number; busy: number; waiting: number; maxThreads: number; asked: number } {
  return { threads: threads.length, busy: threads.filter((t) => t.task !== null).length, waiting: waiting.length, maxThreads: MAX_THREADS, asked: nextId - 1 };
}

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
    let columns: string[] = [];
    const rows: R[] = [];
    waiting.push({
      id: nextId++,
      payload: { file, busyTimeoutMs, sql: compiled.sql, parameters: compiled.parameters, batchRows: BATCH_ROWS },
      fail: reject,
      onMessage: (m) => {
        // The driver's message and code (SQLITE_ERROR, SQLITE_BUSY...), as the main connection would have thrown them.
        if (m.error !== undefined) return reject(Object.assign(new Error(m.error), m.code ? { code: m.code } : {}));
        if (m.columns) columns = m.columns;
        if (m.rows) {
          for (const values of m.rows) {
            const row: Record<string, unknown> = {};
            for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
            rows.push(row as R);
          }
        }
        if (m.done) resolve(rows);
      },
    });
    dispatch();
  });
}
