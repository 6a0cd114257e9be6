import { getDb } from "~/db/db.server";
import { csrfToken, requireUser } from "~/features/auth/session.server";
import { getTheme } from "~/lib/theme.server";
import { getFlagMap } from "~/models/feature-flags.server";
import { hasContainerData } from "~/models/collection-status.server";
import { hasCloudData } from "~/models/cloud-tree.server";

/** Everything the shell around every /kubex page needs, in one call. */
export async function loadShell(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const [flags, hasConnections, hasCloud, csrf] = await Promise.all([getFlagMap(db), hasContainerData(db), hasCloudData(db), csrfToken(request)]);
  return { user, flags, hasConnections, hasCloud, csrf, theme: getTheme(request) };
}
