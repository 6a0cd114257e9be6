/**
 * Workload charts and container history (spec document 2, sections 3 and 7): getWorkloadChartData (the learned
 * hour-of-day pattern) and metricsViewerContainers (daily, hourly or 5-minute buckets; service path
 * metrics-viewer, also answered on containers).
 */
import { MAX_SPAN_DAYS, REP_CODES, TIME_INTERVALS } from "~/domain/workload/constants";

const STATS = (of: string) => `
  """Lowest ${of}."""
  min: Float
  """25th percentile."""
  q1: Float
  """50th percentile."""
  median: Float
  """75th percentile: the level activity stayed at or below 75 % of the time."""
  sustained: Float
  """Highest ${of}."""
  peak: Float
  """Mean."""
  avg: Float`;

const LINE = (name: string, what: string) => `  """${what}; null when unset."""\n  ${name}: Float`;

export const metricsTypeDefs = /* GraphQL */ `
"""Box-plot statistics of one bucket: Min, Q1 (p25), Median, Sustained (p75), Peak, Avg; null without samples."""
type BoxPlotStats {${STATS("value in the bucket")}
}

"""One hour of day (UTC) of a workload chart: the five box-plot values and the average."""
type WorkloadChartRow {
  """Hour of day, 0-23 (UTC)."""
  hour: Int!${STATS("value in this hour of day")}
}

"""A learned 24-hour pattern chart of a container (the ML Model view)."""
type WorkloadChart {
  """cpu, memory, containers or restarts."""
  metric: String!
  """The chart's title."""
  title: String!
  """The y-axis label with its unit."""
  yAxisLabel: String!
  """mCores, MB or empty (counts)."""
  unit: String!
  """True when the limits are the recommended request and limit, false for the current ones."""
  isRecommendation: Boolean!
  """The request line; null when unset or not applicable."""
  lowerLimit: Float
  """The limit line; null when unset or not applicable."""
  upperLimit: Float
  """24 rows, hours 0-23."""
  data: [WorkloadChartRow!]!
}

"""One time bucket of a container's history. CPU in mCores, memory in MB, per container."""
type HistoricalContainerMetrics {
  """Start of the bucket, ISO-8601 UTC."""
  auditUtcTimeBucket: String!
  """The container's id."""
  entityId: String!
  """The monitored object's id (the container's id)."""
  vmmObjectId: String!
  """False: requests and limits come from the container's configuration."""
  curReqLimFromMetrics: Boolean!
  """CPU use of the average container (mCores)."""
  cpuUtilization: BoxPlotStats!
  """Memory working set of the average container (MB)."""
  memoryWorkingSet: BoxPlotStats!
  """Containers running over the bucket's 5-minute slots."""
  numberOfContainers: BoxPlotStats!
  """Restarts per hour in a daily bucket; the bucket's count otherwise."""
  numberOfRestarts: BoxPlotStats!
${LINE("cPURequest", "Current CPU request (mCores)")}
${LINE("cPULimit", "Current CPU limit (mCores)")}
${LINE("memoryRequest", "Current memory request (MB)")}
${LINE("memoryLimit", "Current memory limit (MB)")}
${LINE("recommCPURequest", "Recommended CPU request (mCores)")}
${LINE("recommCPULimit", "Recommended CPU limit (mCores)")}
${LINE("recommMemoryRequest", "Recommended memory request (MB)")}
${LINE("recommMemoryLimit", "Recommended memory limit (MB)")}
}

extend type Query {
  """
  The learned hour-of-day charts of a container over its policy's window (CPU and memory with the current and with
  the recommended request and limit, containers running, restarts when there were any). Null for an unknown entity.
  """
  getWorkloadChartData(
    """The container's id."""
    entityId: String!
    """Report codes: ${REP_CODES.join(", ")} (default REP_CONTAINER); the others are cloud report codes and add no container chart."""
    repCode: [String!]
  ): [WorkloadChart!]
  """
  A container's history in buckets aligned to UTC. Five-minute history is limited to ${MAX_SPAN_DAYS.MINUTE_5} days,
  the others to ${MAX_SPAN_DAYS.DAY_1}. Null for an unknown entity.
  """
  metricsViewerContainers(
    """The container's id."""
    entityId: String!
    """Start of the range, ISO-8601."""
    startDate: String!
    """End of the range (exclusive), ISO-8601."""
    endDate: String!
    """${TIME_INTERVALS.join(", ")}; default DAY_1."""
    timeInterval: String
    """Always UTC (the default)."""
    rollupTimezone: String
  ): [HistoricalContainerMetrics!]
}
`;
