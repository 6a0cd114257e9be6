import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadNodeTreeChildren } from "~/features/tree/node-tree-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadNodeTreeChildren(request);
