import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsPage } from "~/components/settings/SettingsPage";
import { actSettings, loadSettings } from "~/features/settings/settings.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadSettings(request);
export const action = ({ request }: ActionFunctionArgs) => actSettings(request);

export default function Settings() {
  return <SettingsPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
