/** Feature flags stored server-side (spec document 1, section 3). */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { FEATURE_FLAGS, FLAGS_OFF_BY_DEFAULT, RENAMED_FLAGS, type FeatureFlagName } from "~/lib/constants";
import { env } from "~/lib/env.server";
import { sharedInRequest } from "~/lib/request-memo.server";

export type FlagMap = Record<FeatureFlagName, boolean>;

export async function listFeatureFlags(db: Kysely<Database>) {
  const known = new Set<string>(FEATURE_FLAGS);
  const rows = (await db.selectFrom("feature_flag").selectAll().orderBy("name").execute()).filter((r) => known.has(r.name));
  return rows.map((r) => ({ name: r.name, enabled: r.enabled === 1 }));
}

export async function getFlagMap(db: Kysely<Database>): Promise<FlagMap> {
  const map = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as FlagMap;
  for (const f of await listFeatureFlags(db)) {
    if (f.name in map) map[f.name as FeatureFlagName] = f.enabled;
  }
  return map;
}

/** The flags as one page request's loaders see them: read once per request (app/lib/request-memo.server.ts). */
export function getRequestFlags(request: Request, db: Kysely<Database>): Promise<FlagMap> {
  return sharedInRequest(request, "flags", () => getFlagMap(db));
}

export async function isFlagOn(db: Kysely<Database>, name: string) {
  const row = await db.selectFrom("feature_flag").select("enabled").where("name", "=", name).executeTakeFirst();
  return row?.enabled === 1;
}

export async function setFlag(db: Kysely<Database>, name: FeatureFlagName, enabled: boolean) {
  await db
    .insertInto("feature_flag")
    .values({ name, enabled: enabled ? 1 : 0 })
    .onConflict((oc) => oc.column("name").doUpdateSet({ enabled: enabled ? 1 : 0 }))
    .execute();
}

/** Every known flag gets a row once; a flag already stored keeps its value. KUBEX_FLAGS_OFF=a,b starts some off. */
export async function seedFeatureFlags(db: Kysely<Database>, offByEnv = env().KUBEX_FLAGS_OFF ?? "") {
  for (const [old, name] of Object.entries(RENAMED_FLAGS)) {
    const stored = await db.selectFrom("feature_flag").select("enabled").where("name", "=", old).executeTakeFirst();
    if (!stored) continue;
    await db.insertInto("feature_flag").values({ name, enabled: stored.enabled }).onConflict((oc) => oc.column("name").doNothing()).execute();
    await db.deleteFrom("feature_flag").where("name", "=", old).execute();
  }
  const off = new Set([...FLAGS_OFF_BY_DEFAULT, ...offByEnv.split(",").map((s) => s.trim()).filter(Boolean)]);
  for (const name of FEATURE_FLAGS) {
    await db
      .insertInto("feature_flag")
      .values({ name, enabled: off.has(name) ? 0 : 1 })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
}
