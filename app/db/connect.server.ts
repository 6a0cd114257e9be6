/**
 * Opens the store: PostgreSQL when DATABASE_URL is set, otherwise an embedded SQLite file (no server to start).
 * Both sit behind the same Kysely<Database> so every model module is written once.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema";
import { migrationProvider, type DialectName } from "./migrations";
import { env } from "~/lib/env.server";

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and SUM over integers come back from PostgreSQL as int8/numeric strings; make them numbers as SQLite does.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function defaultSqliteFile(): string {
  return env().DATABASE_FILE ?? path.resolve(process.cwd(), "data", "kubex.db");
}

export function openStore(options: { databaseUrl?: string; sqliteFile?: string } = {}): Store {
  const url = options.databaseUrl ?? env().DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection that the server ends (a restart, an administrator, a dropped database) must not crash
    // the process; the pool replaces it on the next query.
    pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? defaultSqliteFile();
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("cache_size = -65536");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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
