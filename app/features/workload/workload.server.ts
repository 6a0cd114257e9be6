/**
 * The workload screen of one container (spec 2.6, tree-item page with entityId): its analysis row and inventory,
 * and only what the tab in the address shows: the Overview's hour-of-day service charts and 30 days of daily
 * CPU and memory charts, the Metrics Viewer's charts in its view mode and range, or the entity's policy settings;
 * plus the expanded chart dialog (90 days of history, 7 for five-minute) when the address opens one.
 */
import { getDb } from "~/db/db.server";
import { DAY } from "~/domain/workload/constants";
import { requireUser } from "~/features/auth/session.server";
import { listPolicies } from "~/models/policies.server";
import { getRequestFlags } from "~/models/feature-flags.server";
import { getContainerInventory } from "~/models/containers.server";
import { containerBasis, containerMetricSeries, workloadCharts, type Basis } from "~/models/container-metrics.server";
import { policyPage, policyRows } from "~/features/containers/policies";
import { CHART_KEYS, OVERVIEW_HISTORY_CHARTS, SERVICE_CHARTS, chartsFor, type BuiltChart, type ChartKey } from "./charts";
import { HISTORY_DAYS, INTERVAL_MS, WORKLOAD_TABS, type ViewMode, type WorkloadTab } from "~/domain/workload/constants";
import { parseWorkloadUrl } from "./url";
import { getStore } from "~/db/db.server";
import { explainContainer } from "~/analysis/explain.server";

/** Why this recommendation (issue 15): the engine again on this container's samples; a failure hides the panel only. */
function workloadWhy(entityId: string) {
  return getStore()
    .then((store) => explainContainer(store, entityId))
    .catch((e: unknown) => {
      console.warn(`Why of ${entityId} could not be worked out`, e);
      return null;
    });
}

type Db = Awaited<ReturnType<typeof getDb>>;

/** The charts of a mode over the last `days` days (the learned pattern ignores days). */
async function modeCharts(db: Db, basis: Basis, mode: ViewMode, days: number, keys?: readonly ChartKey[]): Promise<BuiltChart[]> {
  const entityId = basis.container.id;
  const endMs = basis.nowMs;
  if (mode === "workload") return chartsFor(mode, { pattern: (await workloadCharts(db, entityId, undefined, basis)) ?? [], buckets: null }, keys);
  // Whole buckets: the range starts at a bucket boundary, so the first bucket is not a sliver.
  const step = INTERVAL_MS[mode];
  const endAligned = Math.ceil(endMs / step) * step;
  const startMs = endAligned - days * DAY;
  const buckets = (await containerMetricSeries(db, entityId, { startMs, endMs: endAligned, interval: mode }, basis)) ?? [];
  return chartsFor(mode, { pattern: null, buckets }, keys);
}

export async function loadWorkload(request: Request, entityId: string) {
  await requireUser(request);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const flags = await getRequestFlags(request, db);
  const tabs: WorkloadTab[] = WORKLOAD_TABS.filter((t) => t !== "policies" || flags.showPolicyTab);
  const url = parseWorkloadUrl(params, tabs);
  const base = { kind: "workload" as const, entityId, tabs, url };
  try {
    // The charts' basis holds the row (with the first node names) and the data's end the page shows.
    const [container, basis] = await Promise.all([getContainerInventory(db, entityId), containerBasis(db, entityId)]);
    if (!container || !basis) return { ...base, status: "notFound" as const };
    const { row, nowMs: endMs } = basis;

    // Started first: it reads the samples while the charts are read.
    const whyPromise = url.tab === "overview" ? workloadWhy(entityId) : null;
    const overview =
      url.tab === "overview"
        ? {
            service: await modeCharts(db, basis, "workload", 0, SERVICE_CHARTS),
            history: await modeCharts(db, basis, "DAY_1", HISTORY_DAYS.overview, OVERVIEW_HISTORY_CHARTS),
            why: await whyPromise,
          }
        : null;
    const viewer = url.tab === "metricViewer" ? { charts: await modeCharts(db, basis, url.viewMode, url.range) } : null;
    const policies = url.tab === "policies" ? policyPage(params, policyRows((await listPolicies(db)).filter((p) => p.name === (row?.policyName ?? container.policy)))) : null;

    // The dialog shows one chart; its select lists the charts the mode has.
    let dialog: { charts: BuiltChart[]; mode: ViewMode; days: number } | null = null;
    if (url.chart) {
      const days = url.chartMode === "MINUTE_5" ? HISTORY_DAYS.fiveMinute : HISTORY_DAYS.dialog;
      dialog = { charts: await modeCharts(db, basis, url.chartMode, days, CHART_KEYS), mode: url.chartMode, days };
    }
    return { ...base, status: "ok" as const, container, row: row ?? null, endMs, overview, viewer, policies, dialog };
  } catch (error) {
    // The spec's error placeholder replaces the content; the reason goes to the server log.
    console.warn(`Workload ${entityId} could not be loaded:`, error);
    return { ...base, status: "error" as const };
  }
}

export type WorkloadData = Awaited<ReturnType<typeof loadWorkload>>;
export type WorkloadOk = Extract<WorkloadData, { status: "ok" }>;
