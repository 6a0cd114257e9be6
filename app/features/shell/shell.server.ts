import { getDb } from "~/db/db.server";
import { csrfToken, requireUser } from "~/lib/auth.server";
import { getTheme } from "~/lib/theme.server";
import { getFlagMap } from "~/models/feature-flags.server";
import { hasContainerData } from "~/models/collection-status.server";

/** Everything the shell around every /kubex page needs, in one call. */
export async function loadShell(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const [flags, hasConnections, csrf] = await Promise.all([getFlagMap(db), hasContainerData(db), csrfToken(request)]);
  return { user, flags, hasConnections, csrf, theme: getTheme(request) };
}
