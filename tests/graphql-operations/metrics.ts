/** Service path metrics-viewer (and containers): the workload charts and a container's history (spec document 2, section 7). */
import type { ContainerMetricBucket, WorkloadChart } from "~/models/container-metrics.server";
import { typed } from "~/graphql/operations/typed-document";

const STATS = `min q1 median sustained peak avg`;

export const GET_WORKLOAD_CHART_DATA = typed<{ getWorkloadChartData: WorkloadChart[] | null }, { entityId: string; repCode?: string[] }>(/* GraphQL */ `
  query getWorkloadChartData($entityId: String!, $repCode: [String!]) {
    getWorkloadChartData(entityId: $entityId, repCode: $repCode) {
      metric title yAxisLabel unit isRecommendation lowerLimit upperLimit
      data { hour ${STATS} }
    }
  }
`);

export interface MetricsViewerVariables {
  entityId: string;
  startDate: string;
  endDate: string;
  timeInterval?: string;
  rollupTimezone?: string;
}

export const METRICS_VIEWER_CONTAINERS = typed<{ metricsViewerContainers: ContainerMetricBucket[] | null }, MetricsViewerVariables>(/* GraphQL */ `
  query metricsViewerContainers($entityId: String!, $startDate: String!, $endDate: String!, $timeInterval: String, $rollupTimezone: String) {
    metricsViewerContainers(entityId: $entityId, startDate: $startDate, endDate: $endDate, timeInterval: $timeInterval, rollupTimezone: $rollupTimezone) {
      auditUtcTimeBucket entityId vmmObjectId curReqLimFromMetrics
      cpuUtilization { ${STATS} } memoryWorkingSet { ${STATS} } numberOfContainers { ${STATS} } numberOfRestarts { ${STATS} }
      cPURequest cPULimit memoryRequest memoryLimit recommCPURequest recommCPULimit recommMemoryRequest recommMemoryLimit
    }
  }
`);
