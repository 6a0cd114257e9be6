import { Link, useLocation, useNavigation } from "@remix-run/react";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import { LoadError } from "~/components/containers/LoadError";
import { hiddenSeries, toggleSeriesSearch, withParams } from "~/features/cloud/charts";
import type { CloudEntityData, CloudEntityOk } from "~/features/cloud/entity.server";
import { cloudDrawerHref } from "~/features/cloud/links";
import { CLOUD_ENTITY_TAB_LABELS, cloudEntityTabHref } from "~/features/cloud/tabs";
import { CatalogMapTab } from "./catalog-map";
import { CloudChartDialog } from "./CloudChartDialog";
import { CloudDetailView } from "./CloudDetailView";
import { CloudTabsNav } from "./CloudTabsNav";
import { CloudMetricViewer } from "./CloudMetricViewer";
import { DownloadReportButton } from "./DownloadReportButton";

/**
 * One cloud service's page (spec document 3, sections 2.2, 2.5 and 2.8): its tabs in cloudexPage (Overview, Catalog
 * Map, Metric Viewer, as its service type and the flags allow), the Overview's detail view with the action control
 * (not for VM scale sets), the Metric Viewer, and the chart viewer when the address opens one.
 */
export function CloudEntityScreen({ data, treeLabel }: { data: CloudEntityData; treeLabel?: string }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === pathname;
  if (data.status !== "ok") {
    return (
      <div data-testid="cloud-entity">
        {treeLabel ? (
          <h2 className="mb-3 text-xl font-semibold [overflow-wrap:anywhere]" data-testid="selected-name">
            {treeLabel}
          </h2>
        ) : null}
        <div role="alert" className="card flex flex-col items-center gap-2 p-10 text-center" data-testid="cloud-entity-error">
          {data.status === "notFound" ? <p className="font-semibold">This service is not in the current analysis.</p> : <LoadError />}
        </div>
      </div>
    );
  }
  const d = data.detail;
  const params = new URLSearchParams(search);
  const hidden = hiddenSeries(params);
  return (
    <div data-testid="cloud-entity" aria-busy={busy} className={busy ? "opacity-60 transition-opacity" : "transition-opacity"}>
      <header className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold [overflow-wrap:anywhere]" data-testid="selected-name">
            {treeLabel ?? d.system}
          </h2>
          <p className="muted text-sm [overflow-wrap:anywhere]">
            {d.cloudProvider} {d.serviceType} · {d.region} · {d.accountName}
          </p>
        </div>
        {data.tab === "details" && data.actions ? <ActionControl data={data} /> : null}
      </header>
      <CloudTabsNav
        label="Cloud service tabs"
        testId="cloud-entity-tabs"
        items={data.tabs.map((tab) => ({ key: tab, label: CLOUD_ENTITY_TAB_LABELS[tab], href: cloudEntityTabHref(pathname, search, tab), current: tab === data.tab }))}
      />
      {data.tab === "details" ? (
        <CloudDetailView
          data={data}
          charts={data.charts}
          layout="page"
          hidden={hidden}
          legendHref={(id) => `${pathname}${toggleSeriesSearch(params, id)}`}
          expandHref={(key, mode) => `${pathname}${withParams(params, { chart: key, chartMode: mode, fit: null })}`}
        />
      ) : null}
      {data.tab === "catalog" && data.catalogMap ? <CatalogMapTab data={data.catalogMap} /> : null}
      {data.tab === "metric-viewer" && data.viewer ? <CloudMetricViewer viewer={data.viewer} hidden={hidden} /> : null}
      {data.dialog ? <CloudChartDialog dialog={data.dialog} charts={data.charts} entityName={d.system} viewAll={data.viewAllCharts} hidden={hidden} /> : null}
    </div>
  );
}

const PANEL = "absolute right-0 z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900";
const ITEM = "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

/** The Overview's action control (2.5): the impact report and the service in the folder's grid. */
function ActionControl({ data }: { data: CloudEntityOk }) {
  const { search } = useLocation();
  const d = data.detail;
  // The account folder's grid with this service's drawer open, searched down to it.
  const from = new URLSearchParams(search);
  const grid = new URLSearchParams();
  for (const k of ["viewId", "filterId"]) if (from.get(k)) grid.set(k, from.get(k)!);
  grid.set("fullPath", d.fullPath);
  grid.set("level", "3");
  grid.set("cloudTabGroup", "cloud-analysis");
  grid.set("q", d.system);
  return (
    <DisclosureMenu summary="Actions ▾" testId="cloud-actions" panelClassName={PANEL}>
      {data.report ? <DownloadReportButton url={data.report.href} fileName={data.report.fileName} className={ITEM} /> : null}
      <Link to={cloudDrawerHref("/kubex/cloud-tree/tree-item", `?${grid}`, data.entityId)} className={ITEM} data-testid="open-in-grid">
        Show in AI Analysis Details
      </Link>
    </DisclosureMenu>
  );
}
