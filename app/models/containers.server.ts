/** Inventory facts about one container (the leaf of the containers tree). */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export async function getContainerInventory(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("container").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const attributes = await db
    .selectFrom("container_attribute")
    .select(["attr_key", "value"])
    .where("container_id", "=", id)
    .orderBy("attr_key")
    .execute();
  return { ...row, attributes };
}

/** The regions of the clusters (the demo source's samples depend on them), by cluster name. */
export async function clusterRegions(db: Kysely<Database>): Promise<Record<string, string>> {
  const rows = await db.selectFrom("k8s_cluster").select(["name", "region"]).execute();
  return Object.fromEntries(rows.map((c) => [c.name, c.region]));
}
