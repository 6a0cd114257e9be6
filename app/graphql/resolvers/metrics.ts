/** getWorkloadChartData and metricsViewerContainers: argument checks, then the container (or cloud) metrics model. */
import { getStore } from "~/db/db.server";
import { cloudWorkloadCharts } from "~/models/cloud-metrics.server";
import { containerMetricSeries, parseRepCodes, validateSeriesRange, workloadCharts } from "~/models/container-metrics.server";
import { cloudChart } from "./cloud-shapes";
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
    getWorkloadChartData: (async (_p, { entityId, repCode }, { db }) => {
      const codes = repCode?.length ? parseRepCodes(repCode) : null;
      // A cloud service's charts when the id is one (its default code is REP_CLOUD), else a container's.
      const cloud = await cloudWorkloadCharts(await getStore(), entityId, codes);
      if (cloud) return cloud.map(cloudChart);
      return (await workloadCharts(db, entityId, codes ?? undefined)) ?? null;
    }) as Resolver<{ entityId: string; repCode?: string[] | null }>,
    metricsViewerContainers: (async (_p, args, { db }) => (await containerMetricSeries(db, args.entityId, validateSeriesRange(args))) ?? null) as Resolver<SeriesArgs>,
  },
};
