/**
 * The workload screen's state in the address (spec 2.6 and 2.8: the URL is the state, so a shared link and a page
 * without JavaScript show the same thing): the tab (tabGroup2), the metrics viewer's charts, viewMode, visibility
 * and range, and the expanded chart dialog (chart, chartMode, fit). Pure: parse and write URLSearchParams.
 */
import { wholeNumber } from "~/lib/params";
import { BOX_SERIES, type BoxSeriesId } from "~/domain/charts/box-series";
import { CHART_KEYS, type ChartKey } from "./charts";
import { HISTORY_DAYS, RANGE_OPTIONS, VIEW_MODES, WORKLOAD_TABS, type ViewMode, type WorkloadTab } from "~/domain/workload/constants";

export interface WorkloadUrlState {
  tab: WorkloadTab;
  /** Charts picked in the metrics viewer; null: all of them (the default). */
  charts: ChartKey[] | null;
  viewMode: ViewMode;
  /** Series hidden by a legend click. */
  hidden: BoxSeriesId[];
  /** Days of history the historical modes show. */
  range: number;
  /** The chart open in the expanded dialog. */
  chart: ChartKey | null;
  /** The dialog's own view mode. */
  chartMode: ViewMode;
  /** Percent charts: y axis held to 0–100 (the default) or free. */
  fit: boolean;
}

const isViewMode = (v: string | null): v is ViewMode => (VIEW_MODES as readonly string[]).includes(v ?? "");
const isChartKey = (v: string): v is ChartKey => (CHART_KEYS as readonly string[]).includes(v);

/** The range a mode may show: five-minute history stops at 7 days; the default is the longest. */
export function clampRange(days: number | null, mode: ViewMode): number {
  const max = mode === "MINUTE_5" ? HISTORY_DAYS.fiveMinute : HISTORY_DAYS.metricsViewer;
  const asked = days !== null && (RANGE_OPTIONS as readonly number[]).includes(days) ? days : max;
  return Math.min(asked, max);
}

export function parseWorkloadUrl(params: URLSearchParams, tabs: readonly WorkloadTab[]): WorkloadUrlState {
  const tabValue = params.get("tabGroup2");
  const tab = tabs.find((t) => t === tabValue) ?? "overview";
  // "charts=cpu,memory" (links) or "charts=&charts=cpu&charts=memory" (the form's checkboxes after an empty marker,
  // so that nothing ticked means no chart rather than the default of all).
  const chartsParam = params.has("charts") ? params.getAll("charts").join(",") : null;
  const charts = chartsParam === null ? null : [...new Set(chartsParam.split(",").filter(isChartKey))];
  const viewMode = isViewMode(params.get("viewMode")) ? (params.get("viewMode") as ViewMode) : "workload";
  const hidden = (params.get("visibility") ?? "")
    .split(",")
    .map((p) => p.split(":"))
    .filter(([id, state]) => state === "off" && (BOX_SERIES as readonly string[]).includes(id))
    .map(([id]) => id as BoxSeriesId);
  const rangeParam = wholeNumber(params.get("range"), { fallback: -1 });
  const chartParam = params.get("chart") ?? "";
  const chartMode = isViewMode(params.get("chartMode")) ? (params.get("chartMode") as ViewMode) : viewMode;
  return {
    tab,
    charts,
    viewMode,
    hidden: [...new Set(hidden)],
    range: clampRange(rangeParam < 0 ? null : rangeParam, viewMode),
    chart: isChartKey(chartParam) ? chartParam : null,
    chartMode,
    fit: params.get("fit") !== "0",
  };
}

/** The visibility parameter of a set of hidden series ("average:off,limit:off"); empty when all are shown. */
export function visibilityParam(hidden: readonly BoxSeriesId[]): string {
  return BOX_SERIES.filter((id) => hidden.includes(id))
    .map((id) => `${id}:off`)
    .join(",");
}

/** A copy of the address with some parameters set (null removes one). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  return `?${next}`;
}

/** The address after a legend click on `id`: the series flips between shown and hidden. */
export function toggleSeriesHref(params: URLSearchParams, hidden: readonly BoxSeriesId[], id: BoxSeriesId): string {
  const next = hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id];
  return withParams(params, { visibility: visibilityParam(next) });
}

/** Parameters that only change what the page shows of data it already has (no need to ask the server again). */
export const CLIENT_ONLY_PARAMS = ["visibility"] as const;
