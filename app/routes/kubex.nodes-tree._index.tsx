import { useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.nodes-tree";
import { NodeOverview } from "~/components/tree/NodeOverview";

export default function NodesContent() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.nodes-tree");
  return page ? <NodeOverview page={page} /> : null;
}
