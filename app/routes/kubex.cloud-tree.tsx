import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadViewTreePage } from "~/features/tree/view-tree-page.server";
import { ViewTreeLayout } from "~/components/tree/ViewTreeLayout";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadViewTreePage(request, "cloud");
}

export default function CloudTree() {
  return <ViewTreeLayout page={useLoaderData<typeof loader>()} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
