import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { themeCookieHeader } from "~/lib/theme.server";
import { safeRedirect } from "~/features/auth/login.server";
import { readFormPost } from "~/lib/form-post.server";

/** Theme toggle as a plain form post, so it works without JavaScript; the cookie keeps it across reloads. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormPost(request);
  const theme = form.get("theme") === "light" ? "light" : "dark";
  return redirect(safeRedirect(String(form.get("redirectTo") ?? "")), {
    headers: { "Set-Cookie": themeCookieHeader(theme, request) },
  });
}

export async function loader() {
  return redirect("/kubex");
}
