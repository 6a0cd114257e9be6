/**
 * A cold folder tree no longer holds the request thread (issue 12, must-show 1): on the embedded store its folder
 * query runs on a worker thread's own connection (app/db/off-thread.server.ts) and the tree is made between turns
 * of the event loop. The tree must be the one the in-process query gives, and requests asking for a cold tree
 * together must share one build. On a demo fleet of 1,500 containers, on every store.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getStore } from "~/db/db.server";
import { sql } from "kysely";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { offThreadLoad, readsOffThread, registerSqliteFile, selectOffThread } from "~/db/off-thread.server";
import { Kysely, SqliteDialect } from "kysely";
import { runDemoCollection } from "~/sources/collect.server";
import { buildContainerTree } from "~/models/container-tree.server";
import { resolveTreeScope } from "~/models/trees.server";
import { clearTreeCache, loadTreeScope, requestsWaitingForTrees, treeJson, treeJsonLiteral, type TreeBuilder } from "~/models/tree-scope.server";
import { loadTreeViewUnchecked } from "~/models/views.server";
import { loadTreeFilterUnchecked } from "~/models/filters.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

describe.each(TEST_STORES)("cold folder trees on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
    await runDemoCollection(await getStore(), { seed: 11, size: 1500, cloudSize: 40 });
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("builds the tree the in-process query gives, for every seeded View", async () => {
    expect(readsOffThread(api.db)).toBe(testStore.name === "sqlite");
    const filter = (await loadTreeFilterUnchecked(api.db, SEED_IDS.allContainers))!;
    for (const viewId of [SEED_IDS.clusterView, SEED_IDS.businessUnitView, SEED_IDS.nodeGroupView]) {
      const view = (await loadTreeViewUnchecked(api.db, viewId))!;
      const built = await buildContainerTree(api.db, view, filter);
      // Inside a transaction the query runs on the main connection, as it always did.
      const inProcess = await api.db.transaction().execute((trx) => buildContainerTree(trx, view, filter));
      expect(built.tree.containerCount).toBe(1500);
      expect(built.tree).toEqual(inProcess.tree);
      expect(JSON.stringify(built.tree)).toBe(JSON.stringify(inProcess.tree));
    }
  });

  it("reads off the thread what the main connection reads, and fails as it fails", async () => {
    const query = sql<{ cluster: string; n: number }>`select cluster, count(*) as n from container group by cluster order by cluster`;
    expect(await selectOffThread(api.db, query)).toEqual((await query.execute(api.db)).rows);
    await expect(selectOffThread(api.db, sql`select no_such_column from container`)).rejects.toThrow(/no_such_column/);
  });

  it("shares a bounded pool of threads between many reads at once, and keeps working after a failed read", async () => {
    if (testStore.name !== "sqlite") return;
    const query = sql<{ namespace: string; n: number }>`select namespace, count(*) as n from container group by namespace order by namespace`;
    const expected = (await query.execute(api.db)).rows;
    const reads = Array.from({ length: 12 }, (_, i) => (i === 5 ? selectOffThread(api.db, sql`select nope from container`).catch((e: Error) => e) : selectOffThread(api.db, query)));
    const load = offThreadLoad();
    expect(load.threads).toBeLessThanOrEqual(load.maxThreads);
    expect(load.busy + load.waiting).toBe(12);
    const results = await Promise.all(reads);
    results.forEach((r, i) => (i === 5 ? expect(String(r)).toMatch(/nope/) : expect(r).toEqual(expected)));
    expect(offThreadLoad().busy).toBe(0);
    expect(await selectOffThread(api.db, query)).toEqual(expected);
  });

  it("gives requests asking for the same cold tree together one build, and its JSON as JSON.stringify writes it", async () => {
    const args = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, reload: true };
    // No tree kept from before, and the build held until all three requests wait for it: which request arrives
    // first varies (on PostgreSQL especially), and a build finished before the last arrived is rightly not shared.
    clearTreeCache(api.db);
    let builds = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const build: TreeBuilder = async (db, _ctx, view, filter) => {
      builds++;
      await held;
      return buildContainerTree(db, view, filter);
    };
    const asked = [
      loadTreeScope(api.db, api.analyst.user, args, build),
      loadTreeScope(api.db, api.admin.user, args, build),
      loadTreeScope(api.db, api.analyst.user, { ...args, reload: false }, build),
    ];
    await vi.waitFor(() => expect(requestsWaitingForTrees(api.db)).toBe(3));
    release();
    const scopes = await Promise.all(asked);
    expect(builds).toBe(1);
    expect(scopes[1].cached).toBe(scopes[0].cached);
    expect(scopes[2].cached).toBe(scopes[0].cached);
    expect(requestsWaitingForTrees(api.db)).toBe(0);
    const [json, again, literal] = await Promise.all([treeJson(scopes[0]), treeJson(scopes[1]), treeJsonLiteral(scopes[2])]);
    expect(again).toBe(json);
    expect(json).toBe(JSON.stringify(scopes[0].cached.tree));
    expect(Buffer.from(literal).toString("utf8")).toBe(JSON.stringify(json));
    // A reload after the build has finished builds again.
    expect((await resolveTreeScope(api.db, api.analyst.user, args)).cached).not.toBe(scopes[0].cached);
  });
});

describe("read threads and a store file replaced at the same path", () => {
  it("read the new file, not the connection they kept to the old one", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-off-thread-"));
    const file = path.join(dir, "store.db");
    const make = (value: string) => {
      fs.rmSync(file, { force: true });
      const raw = new Database(file);
      raw.exec(`create table t (v text); insert into t values ('${value}')`);
      raw.close();
    };
    try {
      make("first");
      const db = new Kysely<{ t: { v: string } }>({ dialect: new SqliteDialect({ database: new Database(file) }) });
      registerSqliteFile(db, file, 1000);
      const read = () => selectOffThread(db, sql<{ v: string }>`select v from t`);
      expect(await read()).toEqual([{ v: "first" }]);
      await db.destroy();
      make("second");
      const again = new Kysely<{ t: { v: string } }>({ dialect: new SqliteDialect({ database: new Database(file) }) });
      registerSqliteFile(again, file, 1000);
      expect(await selectOffThread(again, sql<{ v: string }>`select v from t`)).toEqual([{ v: "second" }]);
      await again.destroy();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
