import { useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { FolderOverview } from "~/components/tree/FolderOverview";

export default function ContainersRoot() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  return page ? <FolderOverview page={page} unit="Containers" /> : null;
}
