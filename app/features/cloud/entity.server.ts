/**
 * A cloud service's page (spec document 3, sections 2.2, 2.5, 2.6: the tree item with an entityId): the tabs its
 * service type and the flags allow, the Overview's detail view and workload charts, and the chart viewer dialog
 * when the address opens one. A tab the service does not have sends the address to the Overview.
 */
import { redirect } from "@remix-run/node";
import { getStore } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { isGroupService } from "~/engine/cloud/constants";
import type { CloudService } from "~/engine/source-contract";
import { getRequestFlags } from "~/models/feature-flags.server";
import type { Store } from "~/db/connect.server";
import { chartModes, chartTitleOf, CLOUD_HISTORY_DAYS, dialogChartKeys, parseChartDialog, resolveChartMode, type CloudChart } from "./charts";
import { loadCatalogMap } from "./catalog-map.server";
import { loadCloudDetail, relearningCharts, serviceCharts, type CloudDetailData } from "./detail.server";
import { historyCharts } from "./history.server";
import { metricFamilyOf } from "./metric-viewer";
import { loadMetricViewer } from "./metric-viewer.server";
import { CLOUD_PAGE_PARAM, cloudEntityTabs, resolveCloudEntityTab, showViewAllCharts, type CloudEntityTab } from "./tabs";

/**
 * The chart viewer dialog (2.6): the chart, the mode shown, the modes offered and the charts to walk through; in a
 * historical mode the chart's buckets from the history model (90 days, 7 for five-minute data).
 */
async function chartDialog(store: Store, entityId: string, params: URLSearchParams, data: CloudDetailData, charts: CloudChart[]) {
  const { chart, requestedMode, fit } = parseChartDialog(params);
  if (!chart) return null;
  const { serviceType, relearning } = data.detail;
  const title = chartTitleOf(chart);
  const mode = resolveChartMode(requestedMode, title, serviceType, relearning);
  const group = isGroupService(serviceType as CloudService);
  const family = metricFamilyOf(serviceType);
  const days = mode === "workload" ? null : CLOUD_HISTORY_DAYS[mode];
  // Only current CPU, memory and in-service instances reach a historical mode (workloadOnly sends the others back).
  const historyKey = mode !== "workload" && (chart === "cpu" || chart === "memory" || chart === "inService") ? chart : null;
  const history = mode !== "workload" && family && historyKey ? ((await historyCharts(store, entityId, family, mode, days!, [historyKey]))[0] ?? null) : null;
  return {
    chart,
    title,
    mode,
    modes: chartModes(title, serviceType, relearning),
    keys: dialogChartKeys(charts, mode, group),
    fit,
    days,
    history,
  };
}

export async function loadCloudEntity(request: Request, entityId: string) {
  await requireUser(request);
  const store = await getStore();
  const url = new URL(request.url);
  const params = url.searchParams;
  const flags = await getRequestFlags(request, store.db);
  const base = { kind: "entity" as const, entityId };
  try {
    const data = await loadCloudDetail(store, entityId, null, { charts: false });
    if (!data) return { ...base, status: "notFound" as const, tabs: ["details"] as CloudEntityTab[], tab: "details" as CloudEntityTab };
    const tabs = cloudEntityTabs(data.detail.serviceType, flags);
    const { tab, fellBack } = resolveCloudEntityTab(params.get(CLOUD_PAGE_PARAM), tabs);
    if (fellBack) {
      // The address then says what the page shows (and its title follows).
      params.delete(CLOUD_PAGE_PARAM);
      throw redirect(`${url.pathname}?${params}`);
    }
    const { relearning, serviceType } = data.detail;
    const details = tab === "details";
    const charts = details && !relearning ? await serviceCharts(store, entityId) : [];
    // A learning service shows its history instead of the pattern it does not have yet (section 4).
    const history = details && relearning ? await relearningCharts(store, entityId, serviceType) : [];
    const catalogMap = tab === "catalog" ? await loadCatalogMap(request, entityId) : null;
    return {
      ...base,
      status: "ok" as const,
      tabs,
      tab,
      ...data,
      charts,
      history,
      dialog: details ? await chartDialog(store, entityId, params, data, charts) : null,
      catalogMap,
      viewer: tab === "metric-viewer" ? await loadMetricViewer(store, entityId, data.detail, params) : null,
      viewAllCharts: showViewAllCharts(data.detail.serviceType, flags),
      // The action control of the Overview (2.5): not for VM scale sets.
      actions: !data.vmss,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    // The spec's error placeholder replaces the content; the reason goes to the server log.
    console.warn(`Cloud service ${entityId} could not be loaded:`, error);
    return { ...base, status: "error" as const, tabs: ["details"] as CloudEntityTab[], tab: "details" as CloudEntityTab };
  }
}

export type CloudEntityData = Awaited<ReturnType<typeof loadCloudEntity>>;
export type CloudEntityOk = Extract<CloudEntityData, { status: "ok" }>;
