/**
 * Planner statistics on the embedded store (issue 13): gathered after every analysis, and by migration 023 for a
 * store analysed before that, so a cluster folder's reads start from its containers by their index instead of from
 * every row of the current snapshot (at 500,000 containers a cluster's first Summary 2.3 s → 0.19 s).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalysis } from "~/analysis/run.server";
import { migrate } from "~/db/connect.server";
import { refreshPlannerStatistics } from "~/db/planner-statistics.server";
import { getStore } from "~/db/db.server";
import { FROM } from "~/models/snapshot-reads.server";
import { NOW, fakeSource, insertFleet } from "./hand-made-fleet";
import { startApi, type Api } from "./graphql-harness";
import { TEST_STORES } from "./stores";

const sqlite = TEST_STORES.find((s) => s.name === "sqlite")!;

describe("planner statistics on the embedded store", () => {
  let api: Api;
  const statistics = async () =>
    (await sql<{ tbl: string; idx: string | null; stat: string }>`select tbl, idx, stat from sqlite_stat1 where tbl in ('container', 'container_analysis') order by tbl, idx`.execute(api.db)).rows;
  // The planner reads sqlite_stat1 when it loads the schema; ANALYZE sqlite_schema makes it load it again.
  const forgetStatistics = async () => {
    await sql`delete from sqlite_stat1`.execute(api.db);
    await sql`analyze sqlite_schema`.execute(api.db);
  };
  /** How the database reads a cluster folder's rows of the current snapshot: its first step. */
  const firstStep = async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan select c.id from ${FROM} where c.cluster = ${"dev-b"}`.execute(api.db);
    return rows.map((r) => r.detail).find((d) => /^(SEARCH|SCAN) /.test(d));
  };

  beforeAll(async () => {
    api = await startApi(sqlite);
    await insertFleet(api.db);
    await runAnalysis(await getStore(), { source: fakeSource(), nowMs: NOW, workers: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("are gathered by every analysis: one snapshot's rows are no narrower than the table", async () => {
    await forgetStatistics();
    expect(await statistics()).toEqual([]);
    await runAnalysis(await getStore(), { source: fakeSource(), nowMs: NOW, workers: 0 });
    const stats = await statistics();
    // Five containers; the analysis rows of the one snapshot left are all five of them.
    expect(stats.find((s) => s.idx === "container_path")?.stat.split(" ")[0]).toBe("5");
    expect(stats.find((s) => s.tbl === "container_analysis" && s.idx === "container_analysis_policy")?.stat.split(" ").slice(0, 2)).toEqual(["5", "5"]);
  });

  it("make a cluster folder's read start from the cluster's containers, not from the snapshot's rows", async () => {
    // Five rows are read faster whole than through an index: the fleet needs many clusters for the choice to show.
    const container = await api.db.selectFrom("container").selectAll().where("id", "=", "a").executeTakeFirstOrThrow();
    const analysis = await api.db.selectFrom("container_analysis").selectAll().where("container_id", "=", "a").executeTakeFirstOrThrow();
    for (let batch = 0; batch < 20; batch++) {
      const ids = Array.from({ length: 100 }, (_, i) => `many-${batch * 100 + i}`);
      await api.db.insertInto("container").values(ids.map((id, i) => ({ ...container, id, cluster: `cluster-${(batch * 100 + i) % 40}` }))).execute();
      await api.db.insertInto("container_analysis").values(ids.map((id) => ({ ...analysis, container_id: id }))).execute();
    }
    await refreshPlannerStatistics(api.db, "sqlite");
    expect(await firstStep()).toMatch(/^SEARCH c USING (COVERING )?INDEX container_path \(cluster=\?\)/);
    await forgetStatistics();
    expect(await firstStep()).toMatch(/^SEARCH a USING/);
  });

  it("are gathered by migration 023 for a store analysed before it", async () => {
    await forgetStatistics();
    await sql`delete from kysely_migration where name = ${"023_planner_statistics"}`.execute(api.db);
    await migrate(await getStore());
    expect((await statistics()).length).toBeGreaterThan(0);
    expect(await firstStep()).toMatch(/^SEARCH c USING (COVERING )?INDEX container_path/);
  });
});
