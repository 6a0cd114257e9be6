/**
 * The workload screen and its charts (spec document 2, sections 2.6 and 2.8, section 9): tab values, view modes,
 * history windows and the spec's texts, in one place.
 */
import { DAY_MS, HOUR_MS, STEP_MS } from "~/engine/containers/types";

/** tabGroup2 values of the workload screen; "metricViewer" as the page titles already use it. */
export const WORKLOAD_TABS = ["overview", "metricViewer", "policies"] as const;
export type WorkloadTab = (typeof WORKLOAD_TABS)[number];
export const WORKLOAD_TAB_LABELS: Record<WorkloadTab, string> = { overview: "Overview", metricViewer: "Metrics Viewer", policies: "Policies" };

/** The historical intervals of metricsViewerContainers. */
export const TIME_INTERVALS = ["DAY_1", "HOUR_1", "MINUTE_5"] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];
export const INTERVAL_MS: Record<TimeInterval, number> = { DAY_1: DAY_MS, HOUR_1: HOUR_MS, MINUTE_5: STEP_MS };

/** View modes (spec 2.8): the learned pattern ("ML Model") or a historical interval. */
export const VIEW_MODES = ["workload", ...TIME_INTERVALS] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  workload: "ML Model",
  DAY_1: "Historical Daily",
  HOUR_1: "Historical Hourly",
  MINUTE_5: "Historical 5 Min",
};

/** History windows in days (spec section 7): five-minute history is limited to the last 7 days. */
export const HISTORY_DAYS = { fiveMinute: 7, dialog: 90, overview: 30, metricsViewer: 90 } as const;
/** Longest span one metricsViewerContainers call may ask for, per interval. */
export const MAX_SPAN_DAYS: Record<TimeInterval, number> = { DAY_1: 90, HOUR_1: 90, MINUTE_5: HISTORY_DAYS.fiveMinute };
/** The ranges the metrics viewer offers (days); five-minute views stop at 7. */
export const RANGE_OPTIONS = [1, 7, 30, 90] as const;

/** The only rollup timezone there is (spec section 7: always UTC). */
export const ROLLUP_TIMEZONE = "UTC";

/** Report codes of getWorkloadChartData; a container's charts are REP_CONTAINER, the others belong to cloud entities. */
export const REP_CODES = ["REP_CONTAINER", "REP_CLOUD", "ASG_SA", "ASG_RU"] as const;
export type RepCode = (typeof REP_CODES)[number];

export const WORKLOAD_TEXT = {
  noRestarts: "No Container Restarts!",
  perContainer: "*per container",
  viewAllCharts: "View all charts",
  selectCharts: "Select Charts",
  loadError: "This workload could not be loaded.",
  notFound: "This container is not in the current analysis.",
  notAnalysed: "Not analysed",
  fitToRange: "Limit y axis to 0–100%",
} as const;

/** Chart height in panels (spec 2.8) and the charts the carousel shows at most. */
export const CHART_HEIGHT = 275;
export const MAX_CHARTS_PER_VIEW = 4;

/** The learned pattern's half-life (ANALYSIS.md: 7 days). */
export const PATTERN_HALF_LIFE_DAYS = 7;

export const HOUR = HOUR_MS;
export const DAY = DAY_MS;
