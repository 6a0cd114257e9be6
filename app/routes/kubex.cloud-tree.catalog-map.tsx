import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogMapTab } from "~/components/cloud/catalog-map";
import { DownloadReportButton } from "~/components/cloud/DownloadReportButton";
import { loadCatalogMap } from "~/features/cloud/catalog-map.server";
import { reportFileName, reportOffered, reportPath } from "~/features/cloud/report";

/** The Catalog Map tab alone: /kubex/cloud-tree/catalog-map?entityId=… with the tab's own parameters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const entityId = new URL(request.url).searchParams.get("entityId")?.trim();
  if (!entityId) throw new Response("Add ?entityId=<cloud service id> to the address.", { status: 400 });
  const data = await loadCatalogMap(request, entityId);
  if (data.status === "notFound") throw new Response(`No cloud service ${entityId} in the current analysis.`, { status: 404 });
  return data;
}

export default function CatalogMapPage() {
  const data = useLoaderData<typeof loader>();
  const service = "service" in data ? data.service : null;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-4 p-4" data-testid="catalog-map-page">
      {service ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold" data-testid="catalog-map-service">
              {service.name}
            </h2>
            <p className="muted text-sm">
              {service.provider} {service.serviceType} · {service.region} · {service.os} · current <span className="font-mono">{service.instanceType}</span> ·{" "}
              {service.recommendation}
              {service.recommendedInstanceType && service.recommendedInstanceType !== service.instanceType ? (
                <>
                  {" "}
                  to <span className="font-mono">{service.recommendedInstanceType}</span>
                </>
              ) : null}
            </p>
          </div>
          {reportOffered(service.serviceType) ? (
            <DownloadReportButton url={reportPath(data.entityId)} fileName={reportFileName(service.provider, service.name, data.entityId)} />
          ) : null}
        </div>
      ) : null}
      <CatalogMapTab data={data} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
