import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportNodeGrid } from "~/features/nodes/export-route.server";

/** Excel export of the Node Group Analysis (?grid=node-groups) or Nodes (?grid=nodes) grid of a tree selection. */
export const loader = ({ request }: LoaderFunctionArgs) => exportNodeGrid(request);
