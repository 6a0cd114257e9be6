import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { setAutomation } from "~/features/tree/automation.server";

export const action = ({ request }: ActionFunctionArgs) => setAutomation(request);
export const loader = () => redirect("/kubex");
