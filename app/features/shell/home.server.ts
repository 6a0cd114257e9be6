import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { BASE } from "~/lib/constants";
import { containerDataStatus } from "~/models/collection-status.server";

/** Home goes to the containers tree when the container data status list is non-empty, else to connections. */
export async function homeTarget(request: Request) {
  await requireUser(request);
  const status = await containerDataStatus(await getDb());
  return status.length > 0 ? `${BASE}/containers-tree` : `${BASE}/collectionstatus/connections`;
}
