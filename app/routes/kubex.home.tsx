import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { homeTarget } from "~/features/shell/home.server";

export const loader = async ({ request }: LoaderFunctionArgs) => redirect(await homeTarget(request));
