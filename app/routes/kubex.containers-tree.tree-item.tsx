import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { FolderOverview } from "~/components/tree/FolderOverview";
import { ContainerFacts } from "~/components/tree/ContainerFacts";
import { Breadcrumb } from "~/components/tree/Breadcrumb";
import { ContainerTabsView } from "~/components/containers/ContainerTabsView";
import { loadContainerItem } from "~/features/containers/item.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadContainerItem(request);

/** A folder shows the container tabs; a container (entityId) shows its own page (spec document 2, section 2.1). */
export default function ContainersTreeItem() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  if (data.kind === "container") {
    return (
      <>
        <FolderOverview page={page} unit="Containers" />
        {data.container ? <ContainerFacts container={data.container} /> : null}
      </>
    );
  }
  return (
    <>
      <Breadcrumb items={page.breadcrumb} />
      <ContainerTabsView page={page} data={data.tabs} />
    </>
  );
}
