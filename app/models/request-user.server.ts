/**
 * Who is calling: a bearer token (API callers) or the session cookie (the browser). The browser's GraphQL calls
 * carry the cookie plus a blank Basic value and the App header (spec document 1, section 7), which means "use
 * the cookie". Anything else is anonymous and gets 401 from the API, a sign-in redirect from pages.
 */
import { getDb } from "~/db/db.server";
import type { SessionUser } from "~/lib/auth-types";
import { sessionIdFrom } from "~/lib/cookies";
import { sharedInRequest } from "~/lib/request-memo.server";
import { CACHE_WARMER, isWarmRequest } from "~/lib/warm-request.server";
import { getSessionUser, getTokenUser, purgeExpiredNowAndThen } from "./users.server";

/** Who is calling, read once per page request however many of its loaders ask (app/lib/request-memo.server.ts). */
export function getRequestUser(request: Request): Promise<SessionUser | null> {
  // Keyed by the credentials too, so that a memo can never hand one caller's user to another.
  const credentials = `${request.headers.get("Authorization") ?? ""}\n${sessionIdFrom(request) ?? ""}`;
  return sharedInRequest(request, `user:${credentials}`, () => readRequestUser(request));
}

async function readRequestUser(request: Request): Promise<SessionUser | null> {
  // A web process's own warm-up render (app/lib/warm-request.server.ts): never from the network.
  if (isWarmRequest(request)) return CACHE_WARMER;
  const db = await getDb();
  await purgeExpiredNowAndThen(db);
  const auth = request.headers.get("Authorization")?.trim() ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth);
  if (bearer) return getTokenUser(db, bearer[1].trim());
  const sessionId = sessionIdFrom(request);
  return sessionId ? getSessionUser(db, sessionId) : null;
}
