import { useLocation, useNavigation } from "@remix-run/react";
import { RiErrorWarningLine } from "@remixicon/react";
import { TabLinks } from "~/components/ui/TabLinks";
import { PoliciesTab } from "~/components/containers/PoliciesTab";
import { WORKLOAD_TAB_LABELS, WORKLOAD_TEXT, type WorkloadTab } from "~/domain/workload/constants";
import { parseWorkloadUrl, withParams } from "~/features/workload/url";
import type { WorkloadData } from "~/features/workload/workload.server";
import { ChartDialog } from "./ChartDialog";
import { MetricsViewerTab } from "./MetricsViewerTab";
import { OverviewTab } from "./OverviewTab";

/** Serialized loader data: the server's shape as the page receives it. */
type Data = WorkloadData;

/**
 * The workload screen (spec 2.6): one container's Overview, Metrics Viewer and (behind showPolicyTab) Policies
 * tabs in tabGroup2, and the expanded chart dialog. The address is read here too, so a legend click that only
 * changes series visibility needs no new data from the server.
 */
export function WorkloadScreen({ data, treeLabel }: { data: Data; treeLabel?: string }) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(search);
  const url = parseWorkloadUrl(params, data.tabs);
  // While the next charts load (JavaScript on), the current ones dim instead of jumping.
  const busy = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <div data-testid="workload-screen" aria-busy={busy} className={busy ? "opacity-60 transition-opacity" : "transition-opacity"}>
      <WorkloadHeader data={data} treeLabel={treeLabel} />
      <WorkloadTabsNav tabs={data.tabs} selected={url.tab} params={params} />
      {data.status === "ok" ? (
        <>
          {url.tab === "overview" && data.overview ? (
            <OverviewTab container={data.container} row={data.row} service={data.overview.service} history={data.overview.history} why={data.overview.why} params={params} hidden={url.hidden} />
          ) : null}
          {url.tab === "metricViewer" && data.viewer ? (
            <MetricsViewerTab charts={data.viewer.charts} selected={url.charts} viewMode={url.viewMode} range={url.range} params={params} hidden={url.hidden} />
          ) : null}
          {url.tab === "policies" && data.policies ? (
            <section aria-label="Policy settings" data-testid="workload-policies">
              <p className="muted mb-2 text-sm">
                Settings of the policy <span className="font-semibold text-slate-800 dark:text-slate-100">{data.container.policy}</span> applied to this container.
              </p>
              <PoliciesTab page={data.policies} />
            </section>
          ) : null}
          {url.chart && data.dialog ? <ChartDialog chartKey={url.chart} charts={data.dialog.charts} mode={data.dialog.mode} days={data.dialog.days} fit={url.fit} params={params} hidden={url.hidden} /> : null}
        </>
      ) : (
        <ErrorPlaceholder notFound={data.status === "notFound"} />
      )}
    </div>
  );
}

/** The container's name as the tree labels it (the selection), and where it runs. */
function WorkloadHeader({ data, treeLabel }: { data: Data; treeLabel?: string }) {
  if (data.status !== "ok") {
    return treeLabel ? (
      <h1 className="mb-3 text-lg font-semibold [overflow-wrap:anywhere]" data-testid="selected-name">
        {treeLabel}
      </h1>
    ) : null;
  }
  const c = data.container;
  return (
    <header className="mb-3">
      <h1 className="text-lg font-semibold [overflow-wrap:anywhere]" data-testid="selected-name">
        {treeLabel ?? c.container_name}
      </h1>
      <p className="muted text-sm [overflow-wrap:anywhere]">
        {c.cluster} / {c.namespace} / {c.pod_owner_kind} {c.pod_owner_name}
      </p>
    </header>
  );
}

function WorkloadTabsNav({ tabs, selected, params }: { tabs: readonly WorkloadTab[]; selected: WorkloadTab; params: URLSearchParams }) {
  const { pathname } = useLocation();
  return (
    <TabLinks
      label="Workload tabs"
      className="mb-4"
      tabs={tabs.map((tab) => ({
        key: tab,
        label: WORKLOAD_TAB_LABELS[tab],
        to: `${pathname}${withParams(params, { tabGroup2: tab, chart: null, chartMode: null, fit: null, ppage: null })}`,
        selected: tab === selected,
        attrs: { "data-tab": tab },
      }))}
    />
  );
}

/** The spec's generic error indicator in place of the content (section 8). */
function ErrorPlaceholder({ notFound }: { notFound: boolean }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-2 p-10 text-center" data-testid="workload-error">
      <RiErrorWarningLine aria-hidden="true" className="h-8 w-8 text-red-600 dark:text-red-400" />
      <p className="font-semibold">{notFound ? WORKLOAD_TEXT.notFound : WORKLOAD_TEXT.loadError}</p>
    </div>
  );
}
