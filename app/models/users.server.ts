/** Local accounts, sessions and API tokens. All SQL for users lives here. */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AppUserTable, Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { dummyPasswordHash, hashPassword, hashToken, newToken, verifyPassword } from "~/lib/password.server";
import { purgeCounters } from "./rate-limit-store.server";

export const DEMO_USERS = [
  { userName: "admin", password: "kubex-admin", email: "admin@kubex.local", isAdmin: true },
  { userName: "analyst", password: "kubex-analyst", email: "analyst@kubex.local", isAdmin: false },
] as const;

const SESSION_DAYS = 14;

export function toSessionUser(row: Selectable<AppUserTable>): SessionUser {
  return {
    id: row.id,
    userName: row.user_name,
    email: row.email,
    isAdmin: row.is_admin === 1,
    isSaasUserAdmin: row.is_saas_user_admin === 1,
    isSaasAuditAdmin: row.is_saas_audit_admin === 1,
    ctx: "containers",
  };
}

export async function getUserByName(db: Kysely<Database>, userName: string) {
  const row = await db
    .selectFrom("app_user")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["user_name"]), "=", userName.trim().toLowerCase()))
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

export async function getUserById(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

export async function createUser(
  db: Kysely<Database>,
  input: { userName: string; password: string; email: string; isAdmin?: boolean; isSaasUserAdmin?: boolean; isSaasAuditAdmin?: boolean },
) {
  const id = crypto.randomUUID();
  await db
    .insertInto("app_user")
    .values({
      id,
      user_name: input.userName,
      email: input.email,
      password_hash: await hashPassword(input.password),
      is_admin: input.isAdmin ? 1 : 0,
      is_saas_user_admin: input.isSaasUserAdmin ? 1 : 0,
      is_saas_audit_admin: input.isSaasAuditAdmin ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** The seeded demo admin and a second ordinary user, so ownership rules can be seen. Idempotent. */
export async function seedDemoUsers(db: Kysely<Database>) {
  for (const u of DEMO_USERS) {
    if (await getUserByName(db, u.userName)) continue;
    await createUser(db, {
      userName: u.userName,
      password: u.password,
      email: u.email,
      isAdmin: u.isAdmin,
      isSaasUserAdmin: u.isAdmin,
      isSaasAuditAdmin: u.isAdmin,
    });
  }
}

/** The user whose name and password these are, or null; an unknown name costs the same hash as a wrong password. */
export async function verifyLogin(db: Kysely<Database>, userName: string, password: string) {
  const row = await db
    .selectFrom("app_user")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["user_name"]), "=", userName.trim().toLowerCase()))
    .executeTakeFirst();
  const matches = await verifyPassword(password, row ? row.password_hash : await dummyPasswordHash());
  return row && matches ? toSessionUser(row) : null;
}

export async function createSession(db: Kysely<Database>, userId: string) {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db
    .insertInto("user_session")
    .values({ id, user_id: userId, created_at: now.toISOString(), expires_at: expires.toISOString() })
    .execute();
  return { id, expires };
}

export async function getSessionUser(db: Kysely<Database>, sessionId: string) {
  const row = await db
    .selectFrom("user_session")
    .innerJoin("app_user", "app_user.id", "user_session.user_id")
    .selectAll("app_user")
    .where("user_session.id", "=", sessionId)
    .where("user_session.expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

export async function deleteSession(db: Kysely<Database>, sessionId: string) {
  await db.deleteFrom("user_session").where("id", "=", sessionId).execute();
}

/** How long an API token lives: chosen when it is made (Settings), TOKEN_DEFAULT_DAYS unless asked. */
export const TOKEN_DAYS = [7, 30, 90, 180, 365] as const;
export const TOKEN_DEFAULT_DAYS = 90;
export const TOKEN_MAX_DAYS = 365;

export async function createApiToken(db: Kysely<Database>, userId: string, name: string, options: { days?: number } = {}) {
  const token = newToken();
  const days = Math.min(TOKEN_MAX_DAYS, Math.max(1, options.days ?? TOKEN_DEFAULT_DAYS));
  const now = new Date();
  await db
    .insertInto("api_token")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      name,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
      last_used_at: null,
    })
    .execute();
  return token;
}

/** A user's tokens, expired ones included until the purge removes them (the list says which). */
export async function listApiTokens(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("api_token")
    .select(["token_hash", "name", "created_at", "expires_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function revokeApiToken(db: Kysely<Database>, userId: string, tokenHash: string) {
  await db.deleteFrom("api_token").where("user_id", "=", userId).where("token_hash", "=", tokenHash).execute();
}

// A token's last use is written at most once a minute per process: a write per API call would queue behind the
// analysis run's long write transaction on SQLite.
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

export async function getTokenUser(db: Kysely<Database>, token: string) {
  const tokenHash = hashToken(token);
  const now = new Date();
  const row = await db
    .selectFrom("api_token")
    .innerJoin("app_user", "app_user.id", "api_token.user_id")
    .selectAll("app_user")
    .where("api_token.token_hash", "=", tokenHash)
    .where("api_token.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - (lastUsedWritten.get(tokenHash) ?? 0) >= LAST_USED_EVERY_MS) {
    lastUsedWritten.set(tokenHash, now.getTime());
    if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
    try {
      await db.updateTable("api_token").set({ last_used_at: now.toISOString() }).where("token_hash", "=", tokenHash).execute();
    } catch (e) {
      // The call itself is authorised; a busy store only costs the "last used" time this once.
      console.warn(`Could not record the use of an API token: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return toSessionUser(row);
}

/** Expired sessions and API tokens, and sign-in limit counters whose time is up. */
export async function purgeExpired(db: Kysely<Database>) {
  const now = new Date().toISOString();
  const sessions = await db.deleteFrom("user_session").where("expires_at", "<=", now).executeTakeFirst();
  const tokens = await db.deleteFrom("api_token").where("expires_at", "<=", now).executeTakeFirst();
  const counters = await purgeCounters(db);
  return { sessions: Number(sessions.numDeletedRows), tokens: Number(tokens.numDeletedRows), counters };
}

/** How often a running server purges (on a request, at most once per interval), besides every sign-in. */
export const PURGE_EVERY_MS = 60 * 60_000;
let lastPurge = 0;

/** Purges when the last purge of this process is older than PURGE_EVERY_MS; never fails the request that asked. */
export async function purgeExpiredNowAndThen(db: Kysely<Database>, now = Date.now()) {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  try {
    await purgeExpired(db);
  } catch (e) {
    console.warn(`Purging expired sessions failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
