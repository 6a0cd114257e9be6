import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadHelpIndex } from "~/features/help/help.server";
import { HelpIndex } from "~/components/help/HelpIndex";

export const loader = ({ request }: LoaderFunctionArgs) => loadHelpIndex(request);

export default function Help() {
  return <HelpIndex {...useLoaderData<typeof loader>()} />;
}
