/**
 * Who is calling: a bearer token (API callers) or the session cookie (the browser). The browser's GraphQL calls
 * carry the cookie plus a blank Basic value and the App header (spec document 1, section 7), which means "use
 * the cookie". Anything else is anonymous and gets 401 from the API, a sign-in redirect from pages.
 */
import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { SessionUser } from "./auth-types";
import { getSessionUser, getTokenUser } from "~/models/users.server";
import { getSecret } from "~/models/meta.server";

export const SESSION_COOKIE = "kubex_session";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function sessionIdFrom(request: Request) {
  return readCookie(request, SESSION_COOKIE);
}

export async function getRequestUser(request: Request): Promise<SessionUser | null> {
  const db = await getDb();
  const auth = request.headers.get("Authorization")?.trim() ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth);
  if (bearer) return getTokenUser(db, bearer[1].trim());
  const sessionId = sessionIdFrom(request);
  return sessionId ? getSessionUser(db, sessionId) : null;
}

/** Pages: a signed-out visitor goes to the sign-in page and comes back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getRequestUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

export function sessionCookieHeader(sessionId: string, expires: Date, request: Request) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secure}`;
}

export function clearSessionCookieHeader() {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
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
