/**
 * The Metric Viewer tab of one cloud service (spec document 3, section 2.8; the address of decision 012): the view
 * mode, the charts picked, the range and the axis toggle read from the address; in a workload mode the engine's
 * learned charts (current, or their recommended versions), in a historical mode the history model's buckets of the
 * charts the peek allows (section 5), over the range within section 7's window.
 */
import type { Store } from "~/db/connect.server";
import { isGroupService, type WorkloadChartKey } from "~/engine/cloud/constants";
import type { CloudService } from "~/engine/source-contract";
import { chartTitleOf, type CloudChart } from "./charts";
import { serviceCharts } from "./detail.server";
import { historyAvailability, historyCharts, historyWindow } from "./history.server";
import { cloudDataNow } from "~/models/cloud-entity.server";
import {
  HISTORY_CHART_DEFS,
  knownHistoryCharts,
  metricFamilyOf,
  parseMetricViewerUrl,
  selectedCharts,
  viewerModes,
  workloadModeKeys,
  type HistoryChart,
  type HistoryChartKey,
  type HistoryMode,
  type ViewerMode,
  type ViewerRange,
} from "./metric-viewer";

interface PickerItem {
  key: string;
  title: string;
}

interface ViewerBase {
  mode: ViewerMode;
  modes: ViewerMode[];
  /** The charts the picker offers: the mode's available charts, in order. */
  picker: PickerItem[];
  /** The picked keys the picker ticks (an empty list: nothing ticked). */
  picked: string[];
}

export interface WorkloadViewer extends ViewerBase {
  kind: "workload";
  /** The charts shown, in order; null where a named chart has no data. */
  shown: { key: WorkloadChartKey; title: string; chart: CloudChart | null }[];
}

export interface HistoryViewer extends ViewerBase {
  kind: "history";
  mode: HistoryMode;
  range: ViewerRange;
  /** The buckets' span: the first bucket's start and the end of the last (epoch ms, UTC). */
  window: { startMs: number; endMs: number };
  /** First and last 5-minute bucket with data in the last 90 days (ISO), or null. */
  earliest: string | null;
  latest: string | null;
  shown: { key: HistoryChartKey; title: string; chart: HistoryChart | null }[];
}

export type MetricViewerData = WorkloadViewer | HistoryViewer;

export async function loadMetricViewer(store: Store, entityId: string, detail: { serviceType: string; relearning: boolean }, params: URLSearchParams): Promise<MetricViewerData> {
  const url = parseMetricViewerUrl(params, detail.relearning);
  const modes = viewerModes(detail.relearning);
  const family = metricFamilyOf(detail.serviceType);
  const group = isGroupService(detail.serviceType as CloudService);

  if (url.mode === "workload" || url.mode === "workload-recommended") {
    const recommended = url.mode === "workload-recommended";
    const charts = (await serviceCharts(store, entityId)).filter((c) => c.isRecommendation === recommended);
    const known = workloadModeKeys(url.mode, group);
    const available = known.filter((k) => charts.some((c) => c.key === k));
    const picked = selectedCharts(url.charts, known, available, url.mode);
    return {
      kind: "workload",
      mode: url.mode,
      modes,
      picker: available.map((key) => ({ key, title: chartTitleOf(key) })),
      picked,
      shown: picked.map((key) => ({ key, title: chartTitleOf(key), chart: charts.find((c) => c.key === key) ?? null })),
    };
  }

  const mode = url.mode;
  const range = url.range!;
  const { available, earliest, latest } = family ? await historyAvailability(store, entityId, family) : { available: [], earliest: null, latest: null };
  const known = family ? knownHistoryCharts(family, available) : [];
  const picked = selectedCharts(url.charts, known, available, mode);
  // Only the charts with data are read; a named chart without any is drawn empty.
  const charts = family ? await historyCharts(store, entityId, family, mode, range.days, picked.filter((k) => available.includes(k))) : [];
  const { startMs, endMs } = historyWindow(await cloudDataNow(store), mode, range.days);
  return {
    kind: "history",
    mode,
    modes,
    range,
    window: { startMs, endMs },
    earliest,
    latest,
    picker: available.map((key) => ({ key, title: HISTORY_CHART_DEFS[key].title })),
    picked,
    shown: picked.map((key) => ({ key, title: HISTORY_CHART_DEFS[key].title, chart: charts.find((c) => c.key === key) ?? null })),
  };
}
