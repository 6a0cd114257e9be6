import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { actCloudConnections, loadCloudConnections } from "~/features/cloud/connections.server";
import { ConnectionsPage } from "~/components/cloud/connections/ConnectionsPage";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCloudConnections(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actCloudConnections(request);
}

export default function CloudConnections() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return <ConnectionsPage data={acted ?? loaded} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
