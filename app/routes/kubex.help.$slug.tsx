import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadHelpPage } from "~/features/help/help.server";
import { HelpArticle } from "~/components/help/HelpArticle";

export const loader = ({ request, params }: LoaderFunctionArgs) => loadHelpPage(request, params.slug);

export default function HelpScreen() {
  const { page, related } = useLoaderData<typeof loader>();
  return <HelpArticle page={page} related={related} />;
}
