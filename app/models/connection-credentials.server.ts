/**
 * The secure connection parameters of the Kubernetes Connections dialog (spec document 3, 2.9 and section 3:
 * userName, token, instanceName; decision 019). They let a script or a job in the cluster call this installation's
 * API as the signed-in administrator (e.g. `collectNow` after deploying data collection): the token is an API token
 * derived from the installation's secret key and the user (so the dialog shows the same one each time without
 * storing it in clear), registered like any other API token (only its hash is stored, named
 * CONNECTION_TOKEN_NAME, listed and revocable on Settings; each opening renews its expiry).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { deriveSecret } from "~/lib/secret-box.server";
import { hashToken } from "~/lib/password.server";
import { forbiddenError } from "~/lib/errors";
import { TOKEN_DEFAULT_DAYS } from "./users.server";

export const CONNECTION_TOKEN_NAME = "Cluster connection parameters";

export interface ContainerConnectionCredentials {
  userName: string;
  token: string;
  instanceName: string;
}

/** The parameters for an administrator; `instanceName` is this installation's address as the caller reached it. */
export async function containerConnectionCredentials(db: Kysely<Database>, user: SessionUser, instanceName: string): Promise<ContainerConnectionCredentials> {
  if (!user.isAdmin && !user.isSaasAuditAdmin) throw forbiddenError("Only administrators can see the connection parameters.");
  const token = `kbx_${deriveSecret(`connection-credentials:${user.id}`)}`;
  const now = new Date();
  const expires = new Date(now.getTime() + TOKEN_DEFAULT_DAYS * 86_400_000).toISOString();
  await db
    .insertInto("api_token")
    .values({ token_hash: hashToken(token), user_id: user.id, name: CONNECTION_TOKEN_NAME, created_at: now.toISOString(), expires_at: expires, last_used_at: null })
    .onConflict((oc) => oc.column("token_hash").doUpdateSet({ expires_at: expires }))
    .execute();
  return { userName: user.userName, token, instanceName };
}
