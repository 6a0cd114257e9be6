import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.cloud-tree";
import { Breadcrumb } from "~/components/tree/Breadcrumb";
import { CloudFolderView } from "~/components/cloud/CloudFolderView";
import { CloudEntityScreen } from "~/components/cloud/CloudEntityScreen";
import { loadCloudFolder } from "~/features/cloud/folder.server";
import { loadCloudEntity } from "~/features/cloud/entity.server";

/** With entityId: the service's page (spec document 3, sections 2.2 and 2.5); otherwise the folder's tabs. */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const entityId = new URL(request.url).searchParams.get("entityId");
  return entityId ? loadCloudEntity(request, entityId.slice(0, 400)) : loadCloudFolder(request);
};

export { cloudShouldRevalidate as shouldRevalidate } from "~/features/cloud/revalidate";

export default function CloudTreeItem() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.cloud-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <>
      <Breadcrumb items={page.breadcrumb} />
      {data.kind === "entity" ? <CloudEntityScreen data={data} treeLabel={page.selected.entityId === data.entityId ? page.selected.label : undefined} /> : <CloudFolderView page={page} data={data} />}
    </>
  );
}
