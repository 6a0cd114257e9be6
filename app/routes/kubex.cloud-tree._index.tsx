import { useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.cloud-tree";
import { FolderOverview } from "~/components/tree/FolderOverview";

export default function CloudRoot() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.cloud-tree");
  return page ? <FolderOverview page={page} unit="Instances" /> : null;
}
