import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate, openStore, type Store } from "~/db/connect.server";
import { migrationProvider } from "~/db/migrations";
import { TEST_STORES } from "./stores";

/** An empty store of the given kind, not migrated yet. */
async function emptyStore(name: "sqlite" | "postgres"): Promise<{ store: Store; dispose: () => Promise<void> }> {
  if (name === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-m008-"));
    const store = openStore({ databaseUrl: "", sqliteFile: path.join(dir, "m008.db") });
    return { store, dispose: async () => (await store.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const dbName = `kubex_m008_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  const store = openStore({ databaseUrl: url.toString() });
  return {
    store,
    dispose: async () => {
      await store.close();
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    },
  };
}

describe.each(TEST_STORES.map((s) => s.name))("migration 008_cloud_inventory on %s", (name) => {
  it("keeps the cloud instances collected before it, with the new facts null, and adds the scale groups", async () => {
    const { store, dispose } = await emptyStore(name);
    try {
      const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
      const to007 = await migrator.migrateTo("007_container_analysis_gpu");
      expect(to007.error).toBeUndefined();
      const before = {
        id: "i-0123456789abcdef0",
        provider: "AWS",
        region: "us-east-1",
        account_id: "111111111111",
        account_name: "prod",
        service: "ASG",
        name: "web-asg-prod-01-1",
        instance_type: "m5.large",
        vcpus: 2,
        memory_mb: 8192,
        hourly_price: 0.096,
        group_name: "web-asg-prod-01",
      };
      await store.db.insertInto("cloud_instance").values(before).execute();
      await migrate(store);
      const row = await store.db.selectFrom("cloud_instance").selectAll().executeTakeFirstOrThrow();
      expect(row).toEqual({
        ...before,
        group_id: null,
        os: null,
        created_at: null,
        power_state: null,
        life_cycle: null,
        ri_coverage: null,
        ri_expiry: null,
        availability_zone: null,
        private_ip: null,
        previous_instance_type: null,
        instance_type_changed_at: null,
        memory_metrics: null,
      });
      expect(await store.db.selectFrom("cloud_scale_group").selectAll().execute()).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
