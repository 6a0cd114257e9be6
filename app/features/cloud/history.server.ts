/**
 * A cloud service's history charts (spec document 3, sections 2.6, 2.8, 4, 5, 7), read from the metric history model:
 * the peek that decides which charts exist, and the buckets of a historical mode over a number of days ending at
 * the data's end, as compact chart rows (metric-viewer.ts). The chart viewer's historical modes, the charts a
 * learning service shows instead of its pattern and the Metric Viewer's historical modes all read them here.
 */
import type { Store } from "~/db/connect.server";
import { INTERVAL_MS } from "~/domain/workload/constants";
import { DAY_MS } from "~/lib/time";
import { cloudDataNow } from "~/models/cloud-entity.server";
import { cloudMetricPeek, cloudMetricSeries, type CloudMetricViewer } from "~/models/cloud-metrics.server";
import {
  availableHistoryCharts,
  compactBucket,
  FAMILY_CHARTS,
  HISTORY_CHART_DEFS,
  MODE_INTERVAL,
  type HistoryChart,
  type HistoryChartKey,
  type HistoryMode,
  type MetricFamily,
} from "./metric-viewer";

// The families are the model's viewers under the same names; this fails to compile if either side changes.
const asViewer = (family: MetricFamily): CloudMetricViewer => family;

export interface HistoryAvailability {
  /** The charts the peek allows, in section 9's order with the Peak rule applied. */
  available: HistoryChartKey[];
  /** First and last 5-minute bucket with data in the last 90 days (ISO), or null without any. */
  earliest: string | null;
  latest: string | null;
}

/** The peek of the last 90 days (section 7: mv…Peek, 90 days back to now) and the charts it allows. */
export async function historyAvailability(store: Store, entityId: string, family: MetricFamily): Promise<HistoryAvailability> {
  const peek = await cloudMetricPeek(store, entityId, asViewer(family), {});
  return { available: availableHistoryCharts(family, peek.metrics), earliest: peek.earliestTimeBucket, latest: peek.latestTimeBucket };
}

/**
 * The window of `days` days of a mode: whole buckets ending with the one that holds the data's end, so the first
 * bucket is not a sliver (the model keeps 90 days, 7 of five-minute data, counted from the start of today).
 */
export function historyWindow(nowMs: number, mode: HistoryMode, days: number): { startMs: number; endMs: number; stepMs: number } {
  const stepMs = INTERVAL_MS[MODE_INTERVAL[mode]];
  const endMs = Math.ceil(nowMs / stepMs) * stepMs;
  return { startMs: endMs - days * DAY_MS, endMs, stepMs };
}

/** The charts `keys` of a mode over the last `days` days; a chart whose metric has no data has only null buckets. */
export async function historyCharts(store: Store, entityId: string, family: MetricFamily, mode: HistoryMode, days: number, keys: readonly HistoryChartKey[]): Promise<HistoryChart[]> {
  const defs = FAMILY_CHARTS[family];
  const wanted = keys.filter((k) => defs[k] !== undefined);
  if (wanted.length === 0) return [];
  const w = historyWindow(await cloudDataNow(store), mode, days);
  const buckets = await cloudMetricSeries(store, entityId, asViewer(family), {
    startDate: new Date(w.startMs).toISOString(),
    endDate: new Date(w.endMs).toISOString(),
    timeInterval: MODE_INTERVAL[mode],
  });
  const startMs = buckets.length ? Date.parse(buckets[0].auditUtcTimeBucket) : w.startMs;
  return wanted.map((key) => {
    const d = HISTORY_CHART_DEFS[key];
    const metric = defs[key]!;
    return {
      key,
      title: d.title,
      unit: d.unit,
      yLabel: d.yLabel,
      percent: d.unit === "%",
      mode,
      startMs,
      stepMs: w.stepMs,
      buckets: buckets.map((b) => compactBucket(b.metrics[metric])),
    };
  });
}
