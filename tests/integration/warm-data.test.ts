/**
 * What a web process computes before users ask (app/features/warm/warm.server.ts, after a start and after every
 * analysis or collection) on every store: the landing page's three tabs at the root of the default View, so no
 * user's first click on Summary, Histograms or Breakdown waits for an aggregate over every analysed container.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { getStore } from "~/db/db.server";
import type { Store } from "~/db/connect.server";
import { runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { warmDefaultPages } from "~/features/warm/warm.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { CACHE_WARMER } from "~/lib/warm-request.server";
import { containerOverview, folderCounts, histogramCounts } from "~/models/container-overview.server";
import { clearAnalysisCache, CURRENT_SNAPSHOT } from "~/models/snapshot-reads.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

describe.each(TEST_STORES)("the data warm-up on $name", (testStore) => {
  let api: Api;
  let store: Store;

  beforeAll(async () => {
    api = await startApi(testStore);
    store = await getStore();
    await runDemoCollection(store, { seed: 11, size: 300, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("computes the root's Summary, Histograms and Breakdown of the default View before anyone asks", async () => {
    await warmDefaultPages(store);
    // The current snapshot's rows go (no new snapshot, so the cache keys stay): what the root's tabs answer now is
    // what the warm-up computed.
    await sql`delete from container_analysis where snapshot_id = ${CURRENT_SNAPSHOT}`.execute(store.db);
    const { folder } = await resolvePageFolder(store.db, CACHE_WARMER, "containers", new URLSearchParams());
    const overview = await containerOverview(store.db, folder);
    const histograms = await histogramCounts(store.db, folder);
    const breakdown = await folderCounts(store.db, folder);
    expect(overview.containerCount).toBeGreaterThan(250);
    expect(histograms.containerCount).toBe(overview.containerCount);
    expect(breakdown.length).toBeGreaterThan(1);
    // Every container with a row of the snapshot, the few with too little data to analyse included.
    expect(breakdown.reduce((n, row) => n + row.containerCount, 0)).toBeGreaterThanOrEqual(overview.containerCount);

    // Read again without the caches, the same tabs are empty: the answers above came from the warm-up.
    clearAnalysisCache(store.db);
    expect((await histogramCounts(store.db, folder)).containerCount).toBe(0);
    expect(await folderCounts(store.db, folder)).toEqual([]);
  });
});
