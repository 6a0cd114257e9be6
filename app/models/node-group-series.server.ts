/**
 * A node group's chart series as the analysis run stored them with a snapshot (migration 022, node_group_series):
 * read back as GroupSeriesSums, so a group's charts cost one row read and a pass over its 5-minute times, whatever
 * the size of the group (issue 13).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { GroupSeriesSums } from "~/domain/nodes/series";
import { unpackGroupSeries } from "~/domain/nodes/group-series-pack";
import { typedFromBlob } from "~/lib/typed-blob";

/** The stored series of a group of a snapshot; undefined when the snapshot has none (one made before migration 022). */
export async function storedGroupSeries(db: Kysely<Database>, snapshotId: string, nodeGroupId: string): Promise<GroupSeriesSums | undefined> {
  const row = await db.selectFrom("node_group_series").selectAll().where("snapshot_id", "=", snapshotId).where("node_group_id", "=", nodeGroupId).executeTakeFirst();
  if (!row) return undefined;
  return unpackGroupSeries({
    startMs: Number(row.start_ms),
    stepMs: row.step_ms,
    slots: row.slots,
    used: typedFromBlob(row.used, Float32Array),
    runs: typedFromBlob(row.runs, Float64Array),
  });
}
