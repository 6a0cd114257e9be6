/**
 * Opens the store: PostgreSQL when DATABASE_URL is set, otherwise an embedded SQLite file (no server to start).
 * Both sit behind the same Kysely<Database> so every model module is written once.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type TransactionSettings } from "kysely";
import type { Database } from "./schema";
import { migrationProvider, type DialectName } from "./migrations";
import { env } from "~/lib/env.server";
import { registerSqliteFile, SQLITE_PAGE_CACHE_KIB } from "./off-thread.server";

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the address it was opened with (the analysis queue opens its own connections there). */
  databaseUrl?: string;
  close(): Promise<void>;
}

// COUNT(*) and SUM over integers come back from PostgreSQL as int8/numeric strings; make them numbers as SQLite does.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function defaultSqliteFile(): string {
  return env().DATABASE_FILE ?? path.resolve(process.cwd(), "data", "kubex.db");
}

/**
 * How long a SQLite statement waits for another connection's write lock before failing with "database is locked"
 * (another process: the analysis command, a second server). The longest write transaction is a collection's
 * (seconds at 150,000 containers); the analysis writes in short per-chunk transactions.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 30_000;

/**
 * SQLite transactions that begin IMMEDIATE: the write lock is taken at BEGIN, where the busy timeout applies. A
 * deferred transaction that reads and then writes is refused "database is locked" at once when another
 * connection wrote in between (SQLite cannot wait there: its snapshot is stale), which is how saves failed
 * during an analysis (issue 12). Transactions begun `read only` (consistentRead) stay deferred: they never
 * write, and in WAL mode they never wait for a writer.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === "read only" ? "begin" : "begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

/** How many distinct statements each SQLite connection keeps prepared. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * The connection as Kysely sees it, with its statements prepared once: Kysely's SQLite driver prepares every query
 * again on each execution, which was 3 % of a Summary page's server CPU (the same few dozen statements on every
 * request). A statement still being iterated (a streamed read) is busy, so that query gets a statement of its
 * own. Schema changes need nothing: SQLite prepares a statement again when the schema it was prepared on changed.
 */
function withStatementCache(sqlite: SQLite.Database): ConstructorParameters<typeof SqliteDialect>[0]["database"] {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(sql);
      if (cached) return stmt;
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

export function openStore(options: { databaseUrl?: string; sqliteFile?: string } = {}): Store {
  const url = options.databaseUrl ?? env().DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection that the server ends (a restart, an administrator, a dropped database) must not crash
    // the process; the pool replaces it on the next query.
    pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", databaseUrl: url, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? defaultSqliteFile();
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  // Large reads of the fleet may run on a worker thread's own connection to this file (off-thread.server.ts).
  registerSqliteFile(db, file, SQLITE_BUSY_TIMEOUT_MS);
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function migrate(store: Store): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
}
