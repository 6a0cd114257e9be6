/**
 * How many containers each policy drives, per cluster, under a View, Filter and folder (or for one container):
 * the counts behind policyInstances and policyInstanceOverview (spec document 2, sections 3 and 7). Read from the
 * current analysis snapshot, joined exactly as the container grid is, so a policy's instance count under a scope
 * adds up to the grid's row count under the same scope.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { EMPTY_ID } from "~/lib/constants";
import { CURRENT_SNAPSHOT_META_KEY } from "./snapshot.server";
import { containerConditions } from "./container-tree.server";
import type { FolderScope } from "./tree-scope.server";
import type { PolicyClusterCount } from "~/domain/containers/policy-instances";

type Db = Kysely<Database>;

/** Policies per cluster of the containers under a folder (or of one container there, `entityId`). */
export async function policyClusterCounts(db: Db, scope: FolderScope, entityId?: string | null): Promise<PolicyClusterCount[]> {
  const conditions = [...containerConditions(scope).conditions];
  if (entityId) conditions.push(sql`c.id = ${entityId}`);
  const { rows } = await sql<{ policy_name: string; cluster: string; n: unknown }>`select a.policy_name as policy_name, c.cluster as cluster, count(*) as n
    from container c join container_analysis a on a.snapshot_id = (select m.value from meta m where m.key = ${CURRENT_SNAPSHOT_META_KEY}) and a.container_id = c.id
    where ${sql.join(conditions, sql` and `)}
    group by a.policy_name, c.cluster`.execute(db);
  return rows.map((r) => ({ policyName: String(r.policy_name), cluster: String(r.cluster), count: Number(r.n) }));
}
