/** getWorkloadChartData and metricsViewerContainers: argument checks, then the container metrics model. */
import { containerMetricSeries, parseRepCodes, validateSeriesRange, workloadCharts } from "~/models/container-metrics.server";
import type { Resolver, ResolverMap } from "./types";

interface SeriesArgs {
  entityId: string;
  startDate: string;
  endDate: string;
  timeInterval?: string | null;
  rollupTimezone?: string | null;
}

export const metricsResolvers: ResolverMap = {
  Query: {
    getWorkloadChartData: (async (_p, { entityId, repCode }, { db }) => (await workloadCharts(db, entityId, parseRepCodes(repCode))) ?? null) as Resolver<{
      entityId: string;
      repCode?: string[] | null;
    }>,
    metricsViewerContainers: (async (_p, args, { db }) => (await containerMetricSeries(db, args.entityId, validateSeriesRange(args))) ?? null) as Resolver<SeriesArgs>,
  },
};
