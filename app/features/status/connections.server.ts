import { getDb } from "~/db/db.server";
import { requireUser } from "~/lib/auth.server";
import { containerDataStatus, latestCollectionRun } from "~/models/collection-status.server";

/** Kubernetes connections: the clusters data arrives from, with what was last collected. */
export async function loadConnections(request: Request) {
  await requireUser(request);
  const db = await getDb();
  const [clusters, run] = await Promise.all([containerDataStatus(db), latestCollectionRun(db)]);
  return { clusters, run: run ?? null };
}
