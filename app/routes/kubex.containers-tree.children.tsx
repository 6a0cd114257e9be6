import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadTreeChildren } from "~/features/tree/children.server";

/** JSON children of one folder, for folders opened in place (lazy loading). */
export const loader = ({ request }: LoaderFunctionArgs) => loadTreeChildren(request, "containers");
