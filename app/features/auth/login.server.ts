import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { createSession, verifyLogin } from "~/models/users.server";
import { sessionCookieHeader } from "~/lib/cookies";

export const LoginSchema = z.object({
  userName: z.string().trim().min(1, "User name is required.").max(100, "User name is too long."),
  password: z.string().min(1, "Password is required.").max(200, "Password is too long."),
  redirectTo: z.string().optional(),
});

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(to: string | undefined | null, fallback = "/kubex") {
  // Browsers drop tabs and newlines and treat "\\" as "/", so "/\t/evil.example" would leave the site: refuse any
  // control character or backslash, then insist the resolved address stays on this origin.
  if (!to || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  const base = "http://kubex.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || to.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}

export async function signIn(request: Request, form: FormData) {
  const parsed = LoginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { error: parsed.error.issues[0]?.message ?? "Invalid sign-in.", status: 400 as const };
  }
  const db = await getDb();
  const user = await verifyLogin(db, parsed.data.userName, parsed.data.password);
  if (!user) return { error: "Invalid user name or password.", status: 401 as const };
  const session = await createSession(db, user.id);
  throw redirect(safeRedirect(parsed.data.redirectTo), {
    headers: { "Set-Cookie": sessionCookieHeader(session.id, session.expires, request) },
  });
}
