/** Small key/value facts about this installation (the signing secret, the last setup). */
import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { env } from "~/lib/env.server";

let cachedSecret: string | undefined;

export async function getSecret(): Promise<string> {
  const configured = env().SESSION_SECRET;
  if (configured) return configured;
  if (cachedSecret) return cachedSecret;
  const db = await getDb();
  const row = await db.selectFrom("meta").select("value").where("key", "=", "session_secret").executeTakeFirst();
  if (row) return (cachedSecret = row.value);
  const value = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("meta")
    .values({ key: "session_secret", value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await db.selectFrom("meta").select("value").where("key", "=", "session_secret").executeTakeFirstOrThrow();
  return (cachedSecret = stored.value);
}
