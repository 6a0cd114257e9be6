import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadAutomation } from "~/features/automation/page.server";
import { AutomationStatusPage } from "~/components/status/AutomationStatusPage";

export const loader = ({ request }: LoaderFunctionArgs) => loadAutomation(request);

export default function Route() {
  return <AutomationStatusPage data={useLoaderData<typeof loader>()} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
