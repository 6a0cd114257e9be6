import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/db.server";
import { createSession, verifyLogin } from "~/models/users.server";
import { sessionCookieHeader } from "~/lib/auth.server";

export const LoginSchema = z.object({
  userName: z.string().trim().min(1, "User name is required.").max(100, "User name is too long."),
  password: z.string().min(1, "Password is required.").max(200, "Password is too long."),
  redirectTo: z.string().optional(),
});

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(to: string | undefined | null, fallback = "/kubex") {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
