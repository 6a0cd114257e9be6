import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openStore, type Store } from "~/db/connect.server";
import {
  hasCollectedData,
  latestCollection,
  runCollection,
  runDemoCollection,
  storedDemoSource,
} from "~/sources/collect.server";
import { createDemoSource } from "~/sources/demo";
import type { Inventory, MetricsSource } from "~/engine/source-contract";
import { TEST_STORES } from "./stores";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const REPO = path.resolve(import.meta.dirname, "../..");
const TABLES = ["k8s_cluster", "node_group", "k8s_node", "container", "container_attribute", "cloud_instance", "cloud_scale_group"] as const;

async function counts(store: Store) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const row = await store.db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}

const expectedCounts = (inv: Inventory) => ({
  k8s_cluster: inv.clusters.length,
  node_group: inv.nodeGroups.length,
  k8s_node: inv.nodes.length,
  container: inv.containers.length,
  container_attribute: inv.containers.reduce((s, c) => s + Object.keys(c.attributes).length, 0),
  cloud_instance: inv.cloudInstances.length,
  cloud_scale_group: inv.cloudGroups.length,
});

async function containerIds(store: Store) {
  const rows = await store.db.selectFrom("container").select("id").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** A source that serves the demo fleet's inventory, altered. */
function alteredSource(seed: number, size: number, alter: (inv: Inventory) => Inventory): MetricsSource {
  const demo = createDemoSource({ seed, size, now: NOW });
  return { ...demo, inventory: () => alter(demo.inventory()) };
}

describe.each(TEST_STORES)("collection on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("writes the whole inventory and the counts it reports", async () => {
    expect(await hasCollectedData(store)).toBe(false);
    const result = await runDemoCollection(store, { seed: 11, size: 1200, now: NOW });
    const inv = createDemoSource({ seed: 11, size: 1200, now: NOW }).inventory();
    expect(result.containerCount).toBe(1200);
    expect(await counts(store)).toEqual(expectedCounts(inv));
    expect(result.counts).toEqual({
      clusters: inv.clusters.length,
      nodeGroups: inv.nodeGroups.length,
      nodes: inv.nodes.length,
      containers: 1200,
      attributes: 4800,
      cloudInstances: inv.cloudInstances.length,
      cloudGroups: inv.cloudGroups.length,
    });
    const run = await store.db.selectFrom("collection_run").selectAll().where("id", "=", result.runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ source: "demo", seed: 11, size: 1200, status: "complete", container_count: 1200 });
    expect(Date.parse(run.finished_at!)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
    expect(await hasCollectedData(store)).toBe(true);

    // Rows round-trip exactly: floats, nulls and the labels.
    const sample = inv.containers.find((c) => c.cpu_request == null && !Number.isInteger(c.replicas)) ?? inv.containers[100];
    const { attributes, ...row } = sample;
    expect(await store.db.selectFrom("container").selectAll().where("id", "=", sample.id).executeTakeFirstOrThrow()).toEqual(row);
    const attrs = await store.db.selectFrom("container_attribute").select(["attr_key", "value"]).where("container_id", "=", sample.id).execute();
    expect(Object.fromEntries(attrs.map((a) => [a.attr_key, a.value]))).toEqual(attributes);
    const node = inv.nodes[0];
    expect(await store.db.selectFrom("k8s_node").selectAll().where("id", "=", node.id).executeTakeFirstOrThrow()).toEqual(node);
    const instance = inv.cloudInstances.find((i) => i.group_name != null)!;
    expect(await store.db.selectFrom("cloud_instance").selectAll().where("id", "=", instance.id).executeTakeFirstOrThrow()).toEqual(instance);

    // The stored inventory names its source, so its samples can be asked for again.
    expect(await latestCollection(store)).toEqual({ runId: result.runId, source: "demo", seed: 11, size: 1200, now: NOW });
    const again = await storedDemoSource(store);
    expect(again!.inventory().containers.map((c) => c.id).sort()).toEqual(await containerIds(store));
  });

  it("replaces the inventory on a second run: no duplicates, no leftovers", async () => {
    const result = await runDemoCollection(store, { seed: 12, size: 300, now: NOW });
    const inv = createDemoSource({ seed: 12, size: 300, now: NOW }).inventory();
    expect(result.containerCount).toBe(300);
    expect(await counts(store)).toEqual(expectedCounts(inv));
    expect(await containerIds(store)).toEqual(inv.containers.map((c) => c.id).sort());
    const runs = await store.db.selectFrom("collection_run").select(["status"]).execute();
    expect(runs.filter((r) => r.status === "complete")).toHaveLength(2);
    // The same fleet again: the same rows, once each.
    await runDemoCollection(store, { seed: 12, size: 300, now: NOW });
    expect(await counts(store)).toEqual(expectedCounts(inv));
  });

  it("leaves the previous data intact when the source fails midway, and records the failed run", async () => {
    const before = await counts(store);
    const ids = await containerIds(store);
    const latest = await latestCollection(store);
    const failing = alteredSource(13, 5000, (inv) => ({
      ...inv,
      containers: inv.containers.map((c, i) =>
        i === 4500
          ? {
              ...c,
              get attributes(): Record<string, string> {
                throw new Error("source lost its connection");
              },
            }
          : c,
      ),
    }));
    await expect(runCollection(store, failing, { source: "demo", seed: 13, size: 5000 })).rejects.toThrow("source lost its connection");
    expect(await counts(store)).toEqual(before);
    expect(await containerIds(store)).toEqual(ids);
    expect(await latestCollection(store)).toEqual(latest);
    const failed = await store.db.selectFrom("collection_run").selectAll().where("status", "=", "failed").execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ seed: 13, size: 5000, container_count: 0 });
  });

  it("leaves the previous data intact when the store rejects a row late in the run", async () => {
    const before = await counts(store);
    const ids = await containerIds(store);
    // A duplicate container id at the very end: the database refuses it after thousands of rows went in.
    const duplicate = alteredSource(14, 5000, (inv) => ({ ...inv, containers: [...inv.containers, { ...inv.containers[10] }] }));
    await expect(runCollection(store, duplicate, { source: "demo", seed: 14, size: 5000 })).rejects.toThrow();
    expect(await counts(store)).toEqual(before);
    expect(await containerIds(store)).toEqual(ids);
    // And the store is fine afterwards.
    const ok = await runDemoCollection(store, { seed: 15, size: 400, now: NOW });
    expect(ok.containerCount).toBe(400);
    expect((await counts(store)).container).toBe(400);
  });

  it("writes every cloud fact: instances (members too) and scale groups round-trip exactly", async () => {
    const result = await runDemoCollection(store, { seed: 11, size: 1200, now: NOW, cloudSize: 400 });
    const inv = createDemoSource({ seed: 11, size: 1200, now: NOW, cloudSize: 400 }).inventory();
    expect(result.counts).toMatchObject({ cloudInstances: 400, cloudGroups: inv.cloudGroups.length });
    // Sorted here: PostgreSQL's collation orders ids otherwise than SQLite.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const instances = (await store.db.selectFrom("cloud_instance").selectAll().execute()).sort(byId);
    expect(instances).toEqual(inv.cloudInstances.slice().sort(byId));
    const groups = (await store.db.selectFrom("cloud_scale_group").selectAll().execute()).sort(byId);
    expect(groups).toEqual(inv.cloudGroups.slice().sort(byId));
    // What the screens read: each kind of fact is there (Windows, stopped, spot, reserved, a type change, a
    // Kubernetes node group's scale set, a Flexible one, members by group).
    const some = (pred: (i: (typeof instances)[number]) => boolean) => instances.some(pred);
    expect(some((i) => i.os === "Windows") && some((i) => i.power_state === "stopped") && some((i) => i.life_cycle === "spot")).toBe(true);
    expect(some((i) => i.life_cycle === "reserved" && i.ri_coverage === 100 && i.ri_expiry !== null)).toBe(true);
    expect(some((i) => i.previous_instance_type !== null && i.instance_type_changed_at !== null)).toBe(true);
    expect(groups.some((g) => g.k8s_cluster_platform === "EKS") && groups.some((g) => g.orchestration_mode === "Flexible")).toBe(true);
    const g = groups.find((x) => x.in_service > 1)!;
    const members = await store.db.selectFrom("cloud_instance").select("id").where("group_id", "=", g.id).execute();
    expect(members).toHaveLength(g.in_service);
    // The cloud size asked for is kept, so the stored estate's samples can be asked for again.
    expect(await latestCollection(store)).toEqual({ runId: result.runId, source: "demo", seed: 11, size: 1200, now: NOW, cloudSize: 400 });
    const again = (await storedDemoSource(store))!;
    expect(again.cloudSize).toBe(400);
    const fresh = createDemoSource({ seed: 11, size: 1200, now: NOW, cloudSize: 400 });
    expect(again.cloudSamples(g.id, NOW - 86_400_000, NOW)).toEqual(fresh.cloudSamples(g.id, NOW - 86_400_000, NOW));
    expect(again.groupSizeSamples(g.id, NOW - 86_400_000, NOW)).toEqual(fresh.groupSizeSamples(g.id, NOW - 86_400_000, NOW));
  });
});

/** A store of our own whose address a child process can be given. */
async function killableStore(name: "sqlite" | "postgres"): Promise<{
  env: Record<string, string>;
  open: () => Store;
  writing: () => Promise<boolean>;
  dispose: () => Promise<void>;
}> {
  if (name === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-kill-"));
    const file = path.join(dir, "kill.db");
    return {
      env: { DATABASE_URL: "", DATABASE_FILE: file },
      open: () => openStore({ databaseUrl: "", sqliteFile: file }),
      // The write transaction has spilled pages into the WAL: it is under way.
      writing: async () => fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 16 * 1024 * 1024,
      dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const dbName = `kubex_kill_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openStore({ databaseUrl: url.toString() }),
    writing: async () => {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and query like 'insert into "container_attribute"%'`,
        [dbName],
      );
      return rows[0].n > 0;
    },
    dispose: async () => {
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    },
  };
}

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/collect.ts", ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("scripts/collect.ts", () => {
  it("rejects bad arguments with a clear message and exit code 2", async () => {
    const run = runCli(["--size", "100"], { DATABASE_URL: "", DATABASE_FILE: path.join(os.tmpdir(), "kubex-never-written.db") });
    expect((await run.exited).code).toBe(2);
    expect(run.output().stderr).toContain("--size must be from 200 to 500000 containers (got 100)");
    const bad = runCli(["--seed", "forty-two"], { DATABASE_URL: "" });
    expect((await bad.exited).code).toBe(2);
    expect(bad.output().stderr).toContain('--seed must be a whole number (got "forty-two")');
  });

  it("rejects a bad cloud size, given or from KUBEX_DEMO_CLOUD_SIZE, with a clear message and exit code 2", async () => {
    const env = { DATABASE_URL: "", DATABASE_FILE: path.join(os.tmpdir(), "kubex-never-written.db") };
    const run = runCli(["--cloud-size", "10"], env);
    expect((await run.exited).code).toBe(2);
    expect(run.output().stderr).toContain("--cloud-size must be a whole number of cloud instances from 40 to 50000 (got 10)");
    const fromEnv = runCli([], { ...env, KUBEX_DEMO_CLOUD_SIZE: "lots" });
    expect((await fromEnv.exited).code).toBe(2);
    expect(fromEnv.output().stderr).toContain('KUBEX_DEMO_CLOUD_SIZE must be a whole number of cloud instances from 40 to 50000 (got "lots")');
  });

  it.each(TEST_STORES.map((s) => s.name))(
    "a killed collection leaves the previous inventory whole (%s)",
    async (name) => {
      const target = await killableStore(name);
      try {
        const first = target.open();
        await migrate(first);
        await runDemoCollection(first, { seed: 21, size: 600, now: NOW });
        const before = await counts(first);
        const ids = await containerIds(first);
        await first.close();

        const run = runCli(["--seed", "22", "--size", "150000"], target.env);
        let exited = false;
        void run.exited.then(() => (exited = true));
        while (!exited && !(await target.writing())) await new Promise((r) => setTimeout(r, 20));
        expect(exited, `the collection ended before it could be killed: ${run.output().stdout}`).toBe(false);
        run.child.kill("SIGKILL");
        expect((await run.exited).signal).toBe("SIGKILL");

        const after = target.open();
        try {
          expect(await counts(after)).toEqual(before);
          expect(await containerIds(after)).toEqual(ids);
          expect((await latestCollection(after))!.seed).toBe(21);
        } finally {
          await after.close();
        }
      } finally {
        await target.dispose();
      }
    },
    120_000,
  );
});
