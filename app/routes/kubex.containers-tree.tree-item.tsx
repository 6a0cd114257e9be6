import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { FolderOverview } from "~/components/tree/FolderOverview";
import { ContainerFacts } from "~/components/tree/ContainerFacts";
import { loadContainerFacts } from "~/features/tree/container-facts.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadContainerFacts(request);
}

export default function ContainersTreeItem() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  const { container } = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <>
      <FolderOverview page={page} unit="Containers" />
      {container ? <ContainerFacts container={container} /> : null}
    </>
  );
}
