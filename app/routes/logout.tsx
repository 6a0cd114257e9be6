import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { clearSessionCookieHeader, sessionIdFrom } from "~/lib/cookies";
import { deleteSession } from "~/models/users.server";

export async function action({ request }: ActionFunctionArgs) {
  const id = sessionIdFrom(request);
  if (id) await deleteSession(await getDb(), id);
  return redirect("/login", { headers: { "Set-Cookie": clearSessionCookieHeader() } });
}

export async function loader() {
  return redirect("/kubex");
}
