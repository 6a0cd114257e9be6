/**
 * Chart data of the node screens: a node's or node group's series (metrics.server.ts) over the mode's window
 * ending at the data's "now", as BoxPlotChart points per metric. Charts whose statistics are all null are left
 * out (spec 2.8).
 *
 * A group's series come from the sums the analysis run stored with the snapshot (one row, whatever the group's
 * size); a node's from its own samples. Charts are kept per snapshot (a new analysis is a new key) in a small LRU,
 * so a repeated view costs nothing. The grids' panel shows the last 7 days (its grid's figures are of the same 7
 * days); the overviews 30 (spec 2.8), the most the analysis stores (GROUP_SERIES_DAYS).
 */
import type { Store } from "~/db/connect.server";
import type { BoxPoint } from "~/domain/charts/box-series";
import { currentSnapshot } from "~/models/snapshot.server";
import { CHART_DAYS, type NodeViewMode } from "./constants";
import { nodeGroupMetricSeries, nodeMetricSeries } from "~/models/node-metrics.server";
import { NODE_GROUP_METRICS, NODE_METRICS, NOT_MEASURED, type MetricDef, type SeriesRow } from "~/domain/nodes/series";
import { DAY_MS } from "~/lib/time";

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

/** Days of history: the overviews' daily charts 30 (spec 2.8), the grids' panel 7, hourly 7. */
export function chartDays(mode: NodeViewMode, panel: boolean): number {
  return panel ? PANEL_DAYS : CHART_DAYS[mode];
}
export const PANEL_DAYS = 7;

const CACHE_ENTRIES = 64;
const cache = new Map<string, Promise<NodeChart[]>>();

/** One computation per key at a time; the oldest entry goes when the cache is full; failures are not kept. */
function cached(key: string, compute: () => Promise<NodeChart[]>): Promise<NodeChart[]> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = compute();
  cache.set(key, p);
  p.catch(() => cache.delete(key));
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return p;
}

async function window(store: Store, mode: NodeViewMode, panel: boolean) {
  const snap = await currentSnapshot(store.db);
  const end = snap ? Date.parse(snap.window_end) : Date.now();
  const args = { startDate: new Date(end - chartDays(mode, panel) * DAY_MS).toISOString(), endDate: new Date(end).toISOString(), timeInterval: mode };
  return { args, key: `${snap?.id ?? "none"}|${mode}|${args.startDate}` };
}

export async function nodeCharts(store: Store, nodeId: string, mode: NodeViewMode, only?: readonly string[]): Promise<NodeChart[]> {
  const w = await window(store, mode, !!only);
  return cached(`node|${nodeId}|${w.key}|${only?.join(",") ?? ""}`, async () => {
    const rows = await nodeMetricSeries(store, nodeId, w.args);
    return rows ? toCharts(rows, NODE_METRICS, only) : [];
  });
}

export async function nodeGroupCharts(store: Store, nodeGroupId: string, mode: NodeViewMode, only?: readonly string[]): Promise<NodeChart[]> {
  const w = await window(store, mode, !!only);
  return cached(`group|${nodeGroupId}|${w.key}|${only?.join(",") ?? ""}`, async () => {
    const rows = await nodeGroupMetricSeries(store, nodeGroupId, w.args);
    return rows ? toCharts(rows, NODE_GROUP_METRICS, only) : [];
  });
}
