/**
 * The CPU and memory charts of the container drawer and the grid's utilization panel: the learned hour-of-day
 * pattern of the workload screen (workloadCharts in container-metrics.server.ts, the same numbers and cache), with
 * the container's current request and limit as lines. Null when the container has no samples to show.
 */
import type { Db } from "~/models/treeview-common.server";
import { workloadCharts, type WorkloadChart } from "~/models/container-metrics.server";

export interface HourChart {
  title: string;
  yLabel: string;
  unit: string;
  request: number | null;
  limit: number | null;
  /** The recommended request and limit (the recommendation chart's lines), drawn in teal beside the current ones. */
  recommendedRequest: number | null;
  recommendedLimit: number | null;
  points: { x: number; min: number | null; q1: number | null; median: number | null; sustained: number | null; peak: number | null; avg: number | null }[];
}

const toChart = (c: WorkloadChart | undefined, rec: WorkloadChart | undefined): HourChart | null =>
  c
    ? {
        title: c.title,
        yLabel: c.yAxisLabel,
        unit: c.unit,
        request: c.lowerLimit,
        limit: c.upperLimit,
        recommendedRequest: rec?.lowerLimit ?? null,
        recommendedLimit: rec?.upperLimit ?? null,
        points: c.data.map((d) => ({ x: d.hour, min: d.min, q1: d.q1, median: d.median, sustained: d.sustained, peak: d.peak, avg: d.avg })),
      }
    : null;

export async function containerHourCharts(db: Db, entityId: string): Promise<{ cpu: HourChart | null; mem: HourChart | null } | null> {
  const charts = await workloadCharts(db, entityId);
  if (!charts?.length) return null;
  const current = (metric: WorkloadChart["metric"]) => charts.find((c) => c.metric === metric && !c.isRecommendation);
  const recommended = (metric: WorkloadChart["metric"]) => charts.find((c) => c.metric === metric && c.isRecommendation);
  return { cpu: toChart(current("cpu"), recommended("cpu")), mem: toChart(current("memory"), recommended("memory")) };
}
