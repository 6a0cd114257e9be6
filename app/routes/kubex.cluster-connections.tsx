import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { actClusterConnections, loadClusterConnections } from "~/features/status/cluster-connections.server";
import { ClusterConnectionsPage } from "~/components/status/ClusterConnectionsPage";

export const loader = ({ request }: LoaderFunctionArgs) => loadClusterConnections(request);
export const action = ({ request }: ActionFunctionArgs) => actClusterConnections(request);

export default function Route() {
  return <ClusterConnectionsPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
