import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadTreeChildren } from "~/features/tree/children.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadTreeChildren(request, "cloud");
