/**
 * The stores every integration test runs against: an embedded SQLite file always, and a fresh PostgreSQL
 * database when TEST_DATABASE_URL points at a server (CI always sets it, and fails without it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { migrate, openStore, type Store } from "~/db/connect.server";

export interface TestStore {
  name: "sqlite" | "postgres";
  /** The store, and the environment another process needs to open the same database (scripts/*.ts). */
  open(): Promise<Store & { dispose(): Promise<void>; env: Record<string, string> }>;
}

const pgAdminUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && !pgAdminUrl) {
  throw new Error("TEST_DATABASE_URL must be set in CI so integration tests also run on PostgreSQL");
}

const sqliteStore: TestStore = {
  name: "sqlite",
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-test-"));
    const file = path.join(dir, "test.db");
    const store = openStore({ databaseUrl: "", sqliteFile: file });
    await migrate(store);
    return {
      ...store,
      env: { DATABASE_URL: "", DATABASE_FILE: file },
      async dispose() {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgresStore: TestStore = {
  name: "postgres",
  async open() {
    const dbName = `kubex_test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(pgAdminUrl!);
    url.pathname = `/${dbName}`;
    const store = openStore({ databaseUrl: url.toString() });
    await migrate(store);
    return {
      ...store,
      env: { DATABASE_URL: url.toString() },
      async dispose() {
        await store.close();
        const a = new pg.Client({ connectionString: pgAdminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await a.end();
      },
    };
  },
};

export const TEST_STORES: TestStore[] = pgAdminUrl ? [sqliteStore, postgresStore] : [sqliteStore];
