/**
 * Pages and forms: the signed-in user or a sign-in redirect, and the per-session anti-forgery token every form
 * post carries.
 */
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import type { SessionUser } from "~/lib/auth-types";
import { LOGIN_COOKIE, loginCookieHeader, readCookie, sessionIdFrom } from "~/lib/cookies";
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

function sameToken(sent: FormDataEntryValue | null, expected: string): boolean {
  if (typeof sent !== "string" || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export async function verifyCsrf(request: Request, form: FormData): Promise<boolean> {
  return sameToken(form.get(CSRF_FIELD), await csrfToken(request));
}

/*
 * The sign-in form has no session to bind its token to, so it gets a pre-session one: a random value in a
 * short-lived HttpOnly cookie (kubex_login, an hour, sign-in page only) and, in the form, that value's HMAC under
 * the server secret. Another site can make a browser post the form but can neither read the cookie nor compute
 * the field (login CSRF: signing a victim in to the attacker's account).
 */
const LOGIN_VALUE = /^[A-Za-z0-9_-]{32}$/;

async function loginTokenFor(value: string): Promise<string> {
  return crypto.createHmac("sha256", await getSecret()).update(`login:${value}`).digest("base64url");
}

/** The sign-in form's token, and the cookie to set when the browser has none (or a malformed one) yet. */
export async function loginCsrf(request: Request): Promise<{ token: string; setCookie?: string }> {
  const current = readCookie(request, LOGIN_COOKIE);
  const value = current && LOGIN_VALUE.test(current) ? current : crypto.randomBytes(24).toString("base64url");
  // Set again on every visit of the page, so the hour counts from the last time the form was shown.
  return { token: await loginTokenFor(value), setCookie: loginCookieHeader(value, request) };
}

export async function verifyLoginCsrf(request: Request, form: FormData): Promise<boolean> {
  const value = readCookie(request, LOGIN_COOKIE);
  if (!value || !LOGIN_VALUE.test(value)) return false;
  return sameToken(form.get(CSRF_FIELD), await loginTokenFor(value));
}
