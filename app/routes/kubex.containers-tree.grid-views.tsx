import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/features/auth/session.server";
import { actGridViews } from "~/features/grid-views/actions.server";

/** The grid views bar's POST target (create, save, rename, delete, make public, favourite); it sends the user back. */
export async function action({ request }: ActionFunctionArgs) {
  return actGridViews(request, await requireUser(request));
}

export const loader = () => redirect("/kubex/containers-tree");
