/**
 * `scripts/analyze.ts` killed midway (SIGKILL, no chance to clean up) leaves the previous snapshot current and
 * whole on every store; the next run removes what the killed one wrote.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrate, openStore, type Store } from "~/db/connect.server";
import { currentSnapshotId, runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { TEST_STORES } from "./stores";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const REPO = path.resolve(import.meta.dirname, "../..");

async function target(name: "sqlite" | "postgres"): Promise<{ env: Record<string, string>; open: () => Store; dispose: () => Promise<void> }> {
  if (name === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-analysis-kill-"));
    const file = path.join(dir, "kill.db");
    return {
      env: { DATABASE_URL: "", DATABASE_FILE: file },
      open: () => openStore({ databaseUrl: "", sqliteFile: file }),
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const dbName = `kubex_akill_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openStore({ databaseUrl: url.toString() }),
    dispose: async () => {
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function rowsOf(store: Store, snapshotId: string) {
  const r = await store.db
    .selectFrom("container_analysis")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("cents_current").as("cents")])
    .where("snapshot_id", "=", snapshotId)
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), cents: Number(r.cents) };
}

describe("scripts/analyze.ts", () => {
  it.each(TEST_STORES.map((s) => s.name))(
    "a killed analysis leaves the previous snapshot current and whole (%s)",
    async (name) => {
      const t = await target(name);
      const store = t.open();
      try {
        await migrate(store);
        await runDemoCollection(store, { seed: 5, size: 4000, now: NOW });
        const first = await runAnalysis(store, { workers: 0 });
        const before = await rowsOf(store, first.snapshotId);
        expect(before.n).toBe(4000);

        const child = spawn(process.execPath, ["--import", "tsx", "scripts/analyze.ts", "--workers", "0"], {
          cwd: REPO,
          env: { ...process.env, ...t.env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (d) => (output += d));
        child.stderr.on("data", (d) => (output += d));
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
        let done = false;
        void exited.then(() => (done = true));
        // Wait until the new run has written some of its rows, then kill it.
        let running: { id: string } | undefined;
        while (!done) {
          running = await store.db.selectFrom("analysis_snapshot").select("id").where("status", "=", "running").executeTakeFirst();
          if (running && (await rowsOf(store, running.id)).n >= 1000) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(done, `the analysis ended before it could be killed: ${output}`).toBe(false);
        child.kill("SIGKILL");
        expect((await exited).signal).toBe("SIGKILL");

        expect(await currentSnapshotId(store.db)).toBe(first.snapshotId);
        expect(await rowsOf(store, first.snapshotId)).toEqual(before);
        const partial = await rowsOf(store, running!.id);
        expect(partial.n).toBeGreaterThanOrEqual(1000);
        expect(partial.n).toBeLessThan(4000);

        // The next run replaces both: the previous snapshot and the killed run's rows.
        const next = await runAnalysis(store, { workers: 0 });
        expect(next.waterfall).toEqual(first.waterfall);
        expect((await rowsOf(store, running!.id)).n).toBe(0);
        expect((await rowsOf(store, first.snapshotId)).n).toBe(0);
        const status = await store.db.selectFrom("analysis_snapshot").select("status").where("id", "=", running!.id).executeTakeFirstOrThrow();
        expect(status.status).toBe("abandoned");
      } finally {
        await store.close();
        await t.dispose();
      }
    },
    180_000,
  );
});
