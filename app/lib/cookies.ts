/** Reading and writing the product's cookies (pure: no store, no framework). */
import { isHttps } from "./request-origin.server";

export const SESSION_COOKIE = "kubex_session";
/** The sign-in page's pre-session anti-forgery cookie (features/auth/session.server.ts). */
export const LOGIN_COOKIE = "kubex_login";
export const LOGIN_COOKIE_SECONDS = 60 * 60;

/** A cookie's value, or undefined; a value that is not valid percent-encoding counts as absent (never a 500). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionIdFrom(request: Request) {
  return readCookie(request, SESSION_COOKIE);
}

/** "; Secure" when the browser reached us over TLS (directly, or through a trusted proxy: KUBEX_TRUST_PROXY). */
export function secureAttribute(request: Request): string {
  return isHttps(request) ? "; Secure" : "";
}

export function sessionCookieHeader(sessionId: string, expires: Date, request: Request) {
  return `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}; Path=/; HttpOnly; SameSite=Lax; Expires=${expires.toUTCString()}${secureAttribute(request)}`;
}

// Path=/ and not /login: with JavaScript the form posts to /login.data (Remix single fetch), which a cookie scoped to
// /login does not reach, and every sign-in would be refused as forged.
export function loginCookieHeader(value: string, request: Request) {
  return `${LOGIN_COOKIE}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_COOKIE_SECONDS}${secureAttribute(request)}`;
}

export function clearSessionCookieHeader() {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
