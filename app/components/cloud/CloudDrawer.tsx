import { Link, useLocation } from "@remix-run/react";
import { Drawer } from "~/components/drawers/Drawer";
import { LoadError } from "~/components/containers/LoadError";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { cloudDetailsHref } from "~/features/cloud/links";
import { CloudDetailView } from "./CloudDetailView";
import { DownloadReportButton } from "./DownloadReportButton";

type DrawerData = NonNullable<CloudGridData["drawer"]>;

/**
 * The instance drawer (spec document 3, section 2.5), opened by a service's name in the grid: the name as heading,
 * a close button, the detail view with its charts in a two-column grid, the impact report (not for VM scale sets)
 * and "View cloud details" to the service's own page.
 */
export function CloudDrawer({ data, closeHref }: { data: DrawerData; closeHref: string }) {
  const { search } = useLocation();
  if (data.kind === "missing") {
    return (
      <Drawer testId="cloud-drawer" title="Not found" closeHref={closeHref}>
        <p className="text-sm" role="alert">
          This service is not in the current analysis.
        </p>
      </Drawer>
    );
  }
  if (data.kind === "error") {
    return (
      <Drawer testId="cloud-drawer" title="Could not load" closeHref={closeHref}>
        <LoadError testId="drawer-error" />
      </Drawer>
    );
  }
  const d = data.detail;
  return (
    <Drawer
      testId="cloud-drawer"
      title={d.system}
      subtitle={`${d.cloudProvider} ${d.serviceType} · ${d.region} · ${d.accountName}`}
      closeHref={closeHref}
      wide
      footer={
        <Link to={cloudDetailsHref(search, d)} className="btn" data-testid="view-cloud-details">
          View cloud details →
        </Link>
      }
    >
      {data.report ? (
        <p className="mb-4">
          <DownloadReportButton url={data.report.href} fileName={data.report.fileName} />
        </p>
      ) : null}
      <CloudDetailView data={data} charts={data.charts} layout="modal" />
    </Drawer>
  );
}
