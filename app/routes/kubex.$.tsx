import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { homeTarget } from "~/features/shell/home.server";

/** Unknown paths under the base go where home goes. */
export const loader = async ({ request }: LoaderFunctionArgs) => redirect(await homeTarget(request));
