/**
 * Pages and forms: the signed-in user or a sign-in redirect, and the per-session anti-forgery token every form
 * post carries.
 */
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { SessionUser } from "~/lib/auth-types";
import { sessionIdFrom } from "~/lib/cookies";
import { getSecret } from "~/models/meta.server";
import { getRequestUser } from "~/models/request-user.server";

/** Pages: a signed-out visitor goes to the sign-in page and comes back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getRequestUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** A per-session anti-forgery token for every form post (SameSite=Lax already blocks most cross-site posts). */
export async function csrfToken(request: Request): Promise<string> {
  const sessionId = sessionIdFrom(request) ?? "anonymous";
  const secret = await getSecret();
  return crypto.createHmac("sha256", secret).update(`csrf:${sessionId}`).digest("base64url");
}

export const CSRF_FIELD = "csrf";
export const FORGED_POST_MESSAGE = "This form has expired or did not come from this site. Reload the page and try again.";

export async function verifyCsrf(request: Request, form: FormData): Promise<boolean> {
  const sent = form.get(CSRF_FIELD);
  if (typeof sent !== "string" || !sent) return false;
  const expected = await csrfToken(request);
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
