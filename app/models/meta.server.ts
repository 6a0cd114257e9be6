/** Small key/value facts about this installation (the signing secret, the last setup). */
import crypto from "node:crypto";
import { getDb } from "~/db/db.server";

let cachedSecret: string | undefined;

export async function getSecret(): Promise<string> {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
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
