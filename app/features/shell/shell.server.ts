import { getDb } from "~/db/db.server";
import { csrfToken, requireUser } from "~/features/auth/session.server";
import { readCookie, secureAttribute } from "~/lib/cookies";
import { getTheme } from "~/lib/theme.server";
import { getRequestFlags } from "~/models/feature-flags.server";
import { storedData } from "~/models/collection-status.server";

/** What the shell's loader gives every /kubex page. */
export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];

/** Set once a browser has been offered the product tour: it starts by itself only before that. */
export const TOUR_COOKIE = "kubex_tour";

/**
 * Everything the shell around every /kubex page needs, in one call, and the headers of its answer. The product
 * tour's welcome is decided here, so the server renders it in the page (it was shown after hydration from a
 * client-side flag, which made it the page's largest paint, late: Lighthouse's LCP on a first visit) and it shows
 * without JavaScript too: the first /kubex page a browser opens with the tour's flag on, unless its address is
 * already a tour step; the answer then sets the cookie so it starts only once.
 */
export async function loadShell(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const [flags, stored, csrf] = await Promise.all([getRequestFlags(request, db), storedData(db), csrfToken(request)]);
  const offered = Boolean(flags.kubexShowProductTour) && readCookie(request, TOUR_COOKIE) === undefined;
  const tourWelcome = offered && !new URL(request.url).searchParams.has("tour");
  const headers: Record<string, string> = offered ? { "Set-Cookie": `${TOUR_COOKIE}=offered; Path=/; SameSite=Lax; Max-Age=31536000${secureAttribute(request)}` } : {};
  return { data: { user, flags, hasConnections: stored.containers, hasCloud: stored.cloud, csrf, theme: getTheme(request), tourWelcome }, headers };
}
