import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** Every stored automation switch, newest first. */
export async function listAutomationSettings(db: Kysely<Database>) {
  return db.selectFrom("automation_setting").selectAll().orderBy("updated_at", "desc").limit(500).execute();
}
