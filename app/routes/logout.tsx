import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { clearSessionCookieHeader, sessionIdFrom } from "~/lib/cookies";
import { readFormPost, refusal } from "~/lib/form-post.server";
import { FORGED_POST_MESSAGE, verifyCsrf } from "~/features/auth/session.server";
import { deleteSession } from "~/models/users.server";

/** Sign-out is a form post with the session's anti-forgery token: another site cannot sign a user out. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormPost(request);
  const id = sessionIdFrom(request);
  if (!id) return redirect("/login", { headers: { "Set-Cookie": clearSessionCookieHeader() } });
  if (!(await verifyCsrf(request, form))) throw refusal(403, FORGED_POST_MESSAGE);
  await deleteSession(await getDb(), id);
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookieHeader() } });
}

export async function loader() {
  return redirect("/kubex");
}
