import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.cloud-tree";
import { loadCloudFolder } from "~/features/cloud/folder.server";
import { CloudFolderView } from "~/components/cloud/CloudFolderView";
import { Breadcrumb } from "~/components/tree/Breadcrumb";

/** The cloud tree's root: the folder tabs (spec document 3, section 2.2). */
export const loader = ({ request }: LoaderFunctionArgs) => loadCloudFolder(request);

export { cloudShouldRevalidate as shouldRevalidate } from "~/features/cloud/revalidate";

export default function CloudRoot() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.cloud-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <>
      <Breadcrumb items={page.breadcrumb} />
      <CloudFolderView page={page} data={data} />
    </>
  );
}
