/**
 * One cloud service as the instance drawer and the Overview page show it (spec document 3, section 2.5): its detail
 * row (cloudexDetails), its workload charts by hour of day (the engine's workloadCharts over the service's analysis,
 * the same samples and window the analysis run used), the relearning text, the catalog its prices come from and
 * the impact report's address.
 */
import type { Store } from "~/db/connect.server";
import { CLOUD_DEFAULT_POLICY, relearningText, workloadCharts } from "~/engine/cloud";
import { isGroupService } from "~/engine/cloud/constants";
import type { CloudService } from "~/engine/source-contract";
import { cloudServiceById } from "~/models/cloud-analysis.server";
import { cloudEntityAnalysis } from "~/models/cloud-entity.server";
import type { FolderScope } from "~/models/tree-scope.server";
import { CLOUD_HISTORY_DAYS, cloudCharts, type CloudChart } from "./charts";
import { historyCharts } from "./history.server";
import { metricFamilyOf, type HistoryChart } from "./metric-viewer";
import { reportFileName, reportHref } from "./links";
import { servicePriceSource } from "./prices";
import { isVmss } from "./tabs";
import { cloudServiceWhy } from "~/analysis/explain-cloud.server";

/** The workload charts of a service in the spec's order; none while it relearns or without data. */
export async function serviceCharts(store: Store, entityId: string): Promise<CloudChart[]> {
  const found = await cloudEntityAnalysis(store, entityId);
  if (!found) return [];
  return cloudCharts(workloadCharts(found.analysis, CLOUD_DEFAULT_POLICY.values));
}

/**
 * What a learning service shows instead of its pattern (section 4): the daily history of its CPU and memory (and a
 * scale group's in-service instances) over the chart viewer's window, so that expanding one shows the same chart.
 */
export async function relearningCharts(store: Store, entityId: string, serviceType: string): Promise<HistoryChart[]> {
  const family = metricFamilyOf(serviceType);
  if (!family) return [];
  const group = isGroupService(serviceType as CloudService);
  return historyCharts(store, entityId, family, "daily", CLOUD_HISTORY_DAYS.daily, group ? ["cpu", "memory", "inService"] : ["cpu", "memory"]);
}

/** What the detail view needs; undefined for a service the current analysis does not hold. */
export async function loadCloudDetail(store: Store, entityId: string, scope: FolderScope | null, options: { charts: boolean }) {
  const detail = await cloudServiceById(store.db, entityId, scope);
  if (!detail) return undefined;
  const vmss = isVmss(detail.serviceType);
  // A learning service has no learned pattern to draw (section 4): its cards say so and when it will be ready.
  const charts = options.charts && !detail.relearning ? await serviceCharts(store, entityId) : [];
  const history = options.charts && detail.relearning ? await relearningCharts(store, entityId, detail.serviceType) : [];
  return {
    detail,
    charts,
    history,
    relearningText: detail.relearning ? relearningText(detail.numberOfDaysUntilData ?? 0) : null,
    priceSource: servicePriceSource(detail.cloudProvider, detail.serviceType),
    why: await cloudServiceWhy(store.db, entityId).catch((e: unknown) => {
      console.warn(`Why of cloud service ${entityId} could not be worked out`, e);
      return [];
    }),
    report: vmss ? null : { href: reportHref(entityId), fileName: reportFileName(detail.cloudProvider, detail.system, detail.vmmObjectId) },
    vmss,
  };
}

export type CloudDetailData = NonNullable<Awaited<ReturnType<typeof loadCloudDetail>>>;
