import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.nodes-tree";
import { loadNodePage } from "~/features/nodes/page.server";
import { NodeOverview } from "~/components/tree/NodeOverview";

export const loader = ({ request }: LoaderFunctionArgs) => loadNodePage(request);

export default function NodesContent() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.nodes-tree");
  const data = useLoaderData<typeof loader>();
  return page ? <NodeOverview page={page} data={data} /> : null;
}
