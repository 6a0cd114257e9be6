import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as treeLoader } from "./kubex.containers-tree";
import { Breadcrumb } from "~/components/tree/Breadcrumb";
import { WhatIfView } from "~/components/containers/WhatIfView";
import { loadWhatIf } from "~/features/containers/what-if.server";

/** A folder's what-if (decision 025): the policy form in the address, today's figures beside the policy's. */
export const loader = ({ request }: LoaderFunctionArgs) => loadWhatIf(request);

export default function ContainersWhatIf() {
  const page = useRouteLoaderData<typeof treeLoader>("routes/kubex.containers-tree");
  const data = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <>
      <Breadcrumb items={page.breadcrumb} />
      <WhatIfView data={data} />
    </>
  );
}
