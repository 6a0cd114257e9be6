/** Local accounts, sessions and API tokens. All SQL for users lives here. */
import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AppUserTable, Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { hashPassword, hashToken, newToken, verifyPassword } from "~/lib/password.server";

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
      password_hash: hashPassword(input.password),
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

export async function verifyLogin(db: Kysely<Database>, userName: string, password: string) {
  const row = await db
    .selectFrom("app_user")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["user_name"]), "=", userName.trim().toLowerCase()))
    .executeTakeFirst();
  if (!row || !verifyPassword(password, row.password_hash)) return null;
  return toSessionUser(row);
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

export async function createApiToken(db: Kysely<Database>, userId: string, name: string) {
  const token = newToken();
  await db
    .insertInto("api_token")
    .values({ token_hash: hashToken(token), user_id: userId, name, created_at: new Date().toISOString() })
    .execute();
  return token;
}

export async function listApiTokens(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("api_token")
    .select(["token_hash", "name", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function revokeApiToken(db: Kysely<Database>, userId: string, tokenHash: string) {
  await db.deleteFrom("api_token").where("user_id", "=", userId).where("token_hash", "=", tokenHash).execute();
}

export async function getTokenUser(db: Kysely<Database>, token: string) {
  const row = await db
    .selectFrom("api_token")
    .innerJoin("app_user", "app_user.id", "api_token.user_id")
    .selectAll("app_user")
    .where("api_token.token_hash", "=", hashToken(token))
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}
