import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { containerDataStatus, latestCollectionRun } from "~/models/collection-status.server";
import { isFlagOn } from "~/models/feature-flags.server";

/** Kubernetes connections: the clusters data arrives from, with what was last collected. */
export async function loadConnections(request: Request) {
  await requireUser(request);
  const db = await getDb();
  const [clusters, run, sandbox] = await Promise.all([containerDataStatus(db), latestCollectionRun(db), isFlagOn(db, "sandboxPlaygroundEnabled")]);
  return { clusters, run: run ?? null, sandbox };
}
