import { safeRedirect } from "~/features/auth/login.server";
import { requestOrigin } from "~/lib/request-origin.server";

/** A Referer that is not an address of this site (or not an address at all) counts as absent. */
function sameSiteReferer(request: Request, origin: string): URL | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === origin || url.origin === new URL(request.url).origin ? url : null;
  } catch {
    return null;
  }
}

/** The Share page: the address of the page the user came from (else ?path=, else the console's start), to copy. */
export function sharedPage(request: Request) {
  const origin = requestOrigin(request);
  const from = sameSiteReferer(request, origin);
  const path = safeRedirect(from ? from.pathname + from.search : new URL(request.url).searchParams.get("path"));
  return { address: `${origin}${path}`, back: path };
}
