/**
 * One consistent fleet on every screen, whatever runs or is killed when (issue 12, must-show 3), on every store:
 *   - a collection that commits its inventory unpublishes the snapshot that analysed the previous one, so no
 *     reader joins the new inventory to old analysis rows (the tree of 5,000 containers beside a Summary of
 *     343 and $33,402.72); the next analysis publishes the new fleet's snapshot;
 *   - an analysis whose inventory was collected again while it ran does not publish its snapshot;
 *   - saves of Views while an analysis runs in another process all succeed (they wait for the write lock: SQLite
 *     BEGIN IMMEDIATE with a busy timeout; PostgreSQL retries a conflicting transaction).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { setStore } from "~/db/db.server";
import type { Store } from "~/db/connect.server";
import { InventoryChangedError, runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { currentSnapshot, currentSnapshotId } from "~/models/snapshot.server";
import { resolveFolderScope } from "~/models/trees.server";
import { containerOverview } from "~/models/container-overview.server";
import { saveView, seedTreeviewDefaults } from "~/models/views.server";
import { getUserByName, seedDemoUsers } from "~/models/users.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { TEST_STORES } from "./stores";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe.each(TEST_STORES)("atomic snapshots and busy writes on $name", (testStore) => {
  let store: Store & { dispose(): Promise<void>; env: Record<string, string> };

  beforeAll(async () => {
    store = await testStore.open();
    setStore(store);
    await seedDemoUsers(store.db);
    await seedTreeviewDefaults(store.db);
  });
  afterAll(async () => {
    await store?.dispose();
  });

  /** What the screens show for the whole fleet: the tree's count and the Summary's analysed count and cost. */
  async function screens() {
    const user = (await getUserByName(store.db, "analyst"))!;
    const scope = await resolveFolderScope(store.db, user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" });
    const overview = await containerOverview(store.db, scope);
    return { tree: scope.folder.containerCount ?? 0, summary: overview.containerCount, cost: overview.totalCurrentCost };
  }

  /** With a snapshot published, the tree and the Summary describe the fleet it analysed; without, Summary is empty. */
  async function expectConsistent(fleetSize: number) {
    const shown = await screens();
    expect(shown.tree).toBe(fleetSize);
    const snapshot = await currentSnapshot(store.db);
    if (!snapshot) {
      expect(shown.summary).toBe(0);
      expect(shown.cost).toBe(0);
      return shown;
    }
    expect(snapshot.container_count).toBe(fleetSize);
    expect(shown.summary).toBe(snapshot.analysed_count);
    return shown;
  }

  it("never joins a new inventory to the previous snapshot, and swaps the new fleet in with its analysis", async () => {
    await runDemoCollection(store, { seed: 1, size: 400, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
    const first = await expectConsistent(400);
    expect(first.summary).toBeGreaterThan(0);
    const previous = (await currentSnapshotId(store.db))!;

    // The moment: the new inventory committed, its analysis not yet run.
    await runDemoCollection(store, { seed: 2, size: 900, cloudSize: 40 });
    // What joining the new inventory to the previous snapshot gives (what screens showed before): neither fleet.
    const { rows } = await sql<{ n: number }>`select count(*) as n from container c join container_analysis a on a.container_id = c.id and a.snapshot_id = ${previous}`.execute(store.db);
    const mixed = Number(rows[0].n);
    expect(await currentSnapshotId(store.db)).toBeUndefined();
    const between = await expectConsistent(900);
    if (mixed > 0) expect(between.summary).not.toBe(mixed);

    const result = await runAnalysis(store, { workers: 0 });
    expect(result.collectionRunId).toBe((await currentSnapshot(store.db))!.collection_run_id);
    expect((await expectConsistent(900)).summary).toBeGreaterThan(first.summary);
  });

  it("does not publish an analysis whose inventory was collected again while it ran", async () => {
    let collected = false;
    const analysis = runAnalysis(store, {
      workers: 0,
      onProgress: async (p) => {
        if (p.phase !== "containers" || collected) return;
        collected = true;
        await runDemoCollection(store, { seed: 3, size: 500, cloudSize: 40 });
      },
    });
    await expect(analysis).rejects.toBeInstanceOf(InventoryChangedError);
    expect(collected).toBe(true);
    expect(await currentSnapshotId(store.db)).toBeUndefined();
    await expectConsistent(500);
    await runAnalysis(store, { workers: 0 });
    expect((await expectConsistent(500)).summary).toBeGreaterThan(0);
  });

  it("saves every View while an analysis runs in another process (0 failed saves)", async () => {
    await runDemoCollection(store, { seed: 4, size: 3000, cloudSize: 50 });
    const admin = (await getUserByName(store.db, "admin"))!;
    const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/analyze.ts"), "--workers", "0"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...store.env },
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    let running = true;
    void exited.then(() => (running = false));
    // Bounded whatever happens: the other process is stopped at the test's end.
    const stop = setTimeout(() => child.kill("SIGKILL"), 200_000);

    // Wait until the other process has started writing its snapshot, then save until it has finished.
    await expect.poll(async () => (await store.db.selectFrom("analysis_snapshot").select("id").where("status", "=", "running").executeTakeFirst()) !== undefined || !running, { timeout: 60_000, interval: 50 }).toBe(true);
    let saved = 0;
    const failures: string[] = [];
    let viewId = "";
    for (let i = 0; running; i++) {
      try {
        const view = await saveView(store.db, admin, {
          viewId,
          name: `Busy ${i}`,
          publicView: false,
          viewDetails: [{ staticSource: true, datasourceId: i % 2 ? "K8S_CLUSTER" : "K8S_NAMESPACE" }],
        }, "containers");
        viewId = i % 5 === 4 ? "" : view.viewId;
        saved++;
      } catch (e) {
        failures.push(e instanceof Error ? e.message : String(e));
      }
      // SQLite's driver is synchronous: without a turn of the event loop the child's exit is never seen.
      await new Promise((resolve) => setImmediate(resolve));
    }
    clearTimeout(stop);
    expect(await exited, stderr).toBe(0);
    expect(failures).toEqual([]);
    expect(saved).toBeGreaterThan(10);
    expect(await currentSnapshotId(store.db)).toBeDefined();
    await expectConsistent(3000);
  }, 240_000);
});
