import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { Breadcrumb } from "~/components/tree/Breadcrumb";
import { ContainerTabsView } from "~/components/containers/ContainerTabsView";
import { loadContainerTabs } from "~/features/containers/summary.server";
import { WorkloadScreen } from "~/components/workload/WorkloadScreen";
import { loadWorkload } from "~/features/workload/workload.server";
import { CLIENT_ONLY_PARAMS } from "~/features/workload/url";

/** With entityId: the workload screen (spec 2.1 and 2.6); otherwise the folder's container tabs. */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const entityId = new URL(request.url).searchParams.get("entityId");
  return entityId ? loadWorkload(request, entityId.slice(0, 200)) : loadContainerTabs(request).then((tabs) => ({ kind: "folder" as const, tabs }));
};

/** A legend click only changes which series show (read from the address by the page): no new data needed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if ((formMethod && formMethod !== "GET") || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const k of CLIENT_ONLY_PARAMS) p.delete(k);
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
};

/** A folder shows the container tabs; a container (entityId) shows its own page (spec document 2, section 2.1). */
export default function ContainersTreeItem() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  if (data.kind === "workload") {
    return (
      <>
        <Breadcrumb items={page.breadcrumb} />
        <WorkloadScreen data={data} treeLabel={page.selected.entityId === data.entityId ? page.selected.label : undefined} />
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
