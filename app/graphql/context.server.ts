/** The per-request context every resolver receives: the store and the signed-in caller. */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getDb } from "~/db/db.server";
import type { SessionUser } from "~/lib/auth-types";

export interface GraphQLContext {
  db: Kysely<Database>;
  user: SessionUser;
}

export async function createContext(user: SessionUser, db?: Kysely<Database>): Promise<GraphQLContext> {
  return { db: db ?? (await getDb()), user };
}
