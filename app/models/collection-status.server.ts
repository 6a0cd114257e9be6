/** What has been collected: the container data status list drives the home redirect and the nav links. */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export async function containerDataStatus(db: Kysely<Database>) {
  return db
    .selectFrom("container")
    .select(["cluster", (eb) => eb.fn.countAll<number>().as("containers")])
    .groupBy("cluster")
    .orderBy("cluster")
    .execute();
}

export async function hasContainerData(db: Kysely<Database>) {
  const row = await db.selectFrom("container").select("id").limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function latestCollectionRun(db: Kysely<Database>) {
  return db
    .selectFrom("collection_run")
    .selectAll()
    .where("status", "=", "complete")
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
}
