import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadConnections } from "~/features/status/connections.server";
import { KubernetesConnectionsPage } from "~/components/status/KubernetesConnectionsPage";

export const loader = ({ request }: LoaderFunctionArgs) => loadConnections(request);

export default function Route() {
  return <KubernetesConnectionsPage data={useLoaderData<typeof loader>()} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
