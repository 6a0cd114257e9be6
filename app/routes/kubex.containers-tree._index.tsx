import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { loadContainerTabs } from "~/features/containers/summary.server";
import { ContainerTabsView } from "~/components/containers/ContainerTabsView";
import { Breadcrumb } from "~/components/tree/Breadcrumb";

export const loader = ({ request }: LoaderFunctionArgs) => loadContainerTabs(request);

export default function ContainersRoot() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <>
      <Breadcrumb items={page.breadcrumb} />
      <ContainerTabsView page={page} data={data} />
    </>
  );
}
