/**
 * Chart data of the node screens: a node's or node group's series (metrics.server.ts) over the mode's window
 * ending at the data's "now", as BoxPlotChart points per metric. Charts whose statistics are all null are left
 * out (spec 2.8).
 */
import type { Store } from "~/db/connect.server";
import type { BoxPoint } from "~/components/charts/BoxPlotChart";
import { currentSnapshot } from "~/analysis/snapshot.server";
import { CHART_DAYS, type NodeViewMode } from "./constants";
import { nodeGroupMetricSeries, nodeMetricSeries } from "./metrics.server";
import { NODE_GROUP_METRICS, NODE_METRICS, NOT_MEASURED, type MetricDef, type SeriesRow } from "./series";

export interface NodeChart {
  key: string;
  title: string;
  yLabel: string;
  unit: string;
  yMax?: number;
  points: BoxPoint[];
}

/** The charts of the grids' Utilization Charts panel (up to 4, spec 2.8). */
export const PANEL_NODE_CHARTS = ["cpuUtilization", "memoryUtilizationPercent", "cpuRequestPercent", "pods"];
export const PANEL_GROUP_CHARTS = ["cpuUtilization", "memoryUtilizationPercent", "cpuRequestPercent", "nodes"];

const DAY_MS = 86_400_000;

function toCharts(rows: SeriesRow[], metrics: readonly MetricDef[], only?: readonly string[]): NodeChart[] {
  const wanted = metrics.filter((m) => !NOT_MEASURED.has(m.key) && (!only || only.includes(m.key)));
  const ordered = only ? only.map((k) => wanted.find((m) => m.key === k)).filter((m): m is MetricDef => !!m) : wanted;
  return ordered
    .map((m) => ({
      key: m.key,
      title: m.title,
      yLabel: m.yLabel,
      unit: m.unit,
      ...(m.yMax ? { yMax: m.yMax } : {}),
      points: rows.map((r) => ({ x: r.auditUtcTimeBucket, ...r.metrics[m.key] })),
    }))
    .filter((c) => c.points.some((p) => p.avg !== null || p.peak !== null));
}

async function window(store: Store, mode: NodeViewMode) {
  const snap = await currentSnapshot(store.db);
  const end = snap ? Date.parse(snap.window_end) : Date.now();
  return { startDate: new Date(end - CHART_DAYS[mode] * DAY_MS).toISOString(), endDate: new Date(end).toISOString(), timeInterval: mode };
}

export async function nodeCharts(store: Store, nodeId: string, mode: NodeViewMode, only?: readonly string[]): Promise<NodeChart[]> {
  const rows = await nodeMetricSeries(store, nodeId, await window(store, mode));
  return rows ? toCharts(rows, NODE_METRICS, only) : [];
}

export async function nodeGroupCharts(store: Store, nodeGroupId: string, mode: NodeViewMode, only?: readonly string[]): Promise<NodeChart[]> {
  const rows = await nodeGroupMetricSeries(store, nodeGroupId, await window(store, mode));
  return rows ? toCharts(rows, NODE_GROUP_METRICS, only) : [];
}
