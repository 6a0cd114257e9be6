import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { createSession, purgeExpired, verifyLogin } from "~/models/users.server";
import { sessionCookieHeader } from "~/lib/cookies";
import { clientAddress } from "~/lib/request-origin.server";
import { verifyLoginCsrf } from "./session.server";
import { clearAttempts, countAttempt, lockedMessage } from "./sign-in-limits.server";

export const LoginSchema = z.object({
  userName: z.string().trim().min(1, "User name is required.").max(100, "User name is too long."),
  password: z.string().min(1, "Password is required.").max(200, "Password is too long."),
  redirectTo: z.string().optional(),
});

const BASE = "http://kubex.invalid";
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** The address as this site would follow it, or undefined when it would leave the site or is not a path. */
function sameSitePath(to: string): string | undefined {
  if (!to.startsWith("/") || UNSAFE.test(to)) return undefined;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return undefined;
  }
  return url.origin === BASE ? url.pathname + url.search + url.hash : undefined;
}

/**
 * Only same-site paths are followed (after sign-in, the theme switch, the dialogs' returnTo, Share's Back link).
 * Browsers drop tabs and newlines and read "\\" as "/", so "/\t/evil.example" would leave the site: any control
 * character or backslash is refused. The path is then normalised as a browser would ("/.//x", "/..//x" and
 * "/%2e//x" all become "//x") and it is the normalised path that is checked: it must be a path again, not a
 * protocol-relative address, and normalise to itself.
 */
export function safeRedirect(to: string | undefined | null, fallback = "/kubex") {
  if (!to) return fallback;
  const path = sameSitePath(to);
  if (!path || path.startsWith("//") || sameSitePath(path) !== path) return fallback;
  return path;
}

export type SignInResult = { error: string; status: 400 | 401 | 403 | 429; retryAfter?: number };

/**
 * The sign-in form's post: anti-forgery first (the pre-session token), then the limits (before any hashing), then
 * the password. Throws the redirect into the console on success.
 */
export async function signIn(request: Request, form: FormData, context?: unknown): Promise<SignInResult> {
  if (!(await verifyLoginCsrf(request, form))) {
    return { error: "This sign-in form has expired or did not come from this site. Try again.", status: 403 };
  }
  const parsed = LoginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { error: parsed.error.issues[0]?.message ?? "Invalid sign-in.", status: 400 };
  }
  const db = await getDb();
  const { userName, password } = parsed.data;
  const address = clientAddress(request, context);
  const wait = await countAttempt(db, userName, address);
  if (wait !== undefined) return { error: lockedMessage(wait), status: 429, retryAfter: wait };
  const user = await verifyLogin(db, userName, password);
  if (!user) return { error: "Invalid user name or password.", status: 401 };
  await clearAttempts(db, userName, address);
  await purgeExpired(db);
  const session = await createSession(db, user.id);
  throw redirect(safeRedirect(parsed.data.redirectTo), {
    headers: { "Set-Cookie": sessionCookieHeader(session.id, session.expires, request) },
  });
}
