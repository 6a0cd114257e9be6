/**
 * Workload charts and container history (spec document 2, sections 3 and 7): getWorkloadChartData (the learned
 * hour-of-day pattern of a container, or of a cloud service: document 3) and metricsViewerContainers (daily, hourly
 * or 5-minute buckets; service path metrics-viewer, also answered on containers).
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

"""One hour of day (UTC) of a cloud workload chart (spec document 3, section 3 "Workload chart data")."""
type CloudWorkloadChartRow {
  """Hour of day, 0-23 (UTC)."""
  hour: Int!
  """Lowest value (Min); null for an hour without samples."""
  low: Float
  """25th percentile."""
  q1: Float
  """50th percentile."""
  median: Float
  """75th percentile (Sustained)."""
  q3: Float
  """Highest value (Peak)."""
  high: Float
  """Share of the window's days this hour had samples, 0-1."""
  weight: Float!
}

"""
A learned 24-hour pattern chart (the ML Model view) of a container or a cloud service. Cloud charts also carry the
spec's rows and limits (document 3, section 3); those fields are null on container charts.
"""
type WorkloadChart {
  """Containers: cpu, memory, containers or restarts. Cloud: cpu, cpuRecommended, memory, memoryRecommended, inService or busiestDayCpu."""
  metric: String!
  """The chart's title."""
  title: String!
  """The y-axis label with its unit."""
  yAxisLabel: String!
  """mCores, MB or empty (counts) for containers; % or Instances for cloud charts."""
  unit: String!
  """Containers: the limits are the recommended request and limit. Cloud: the chart re-expresses the pattern on the recommended type or group size."""
  isRecommendation: Boolean!
  """Containers: the request line (null when unset). Cloud: the y axis's lower bound (0, or the minimum group size)."""
  lowerLimit: Float
  """Containers: the limit line (null when unset). Cloud: the y axis's upper bound (100, or the maximum group size)."""
  upperLimit: Float
  """24 rows, hours 0-23 (cloud charts: low as min, q3 as sustained, high as peak; avg null)."""
  data: [WorkloadChartRow!]!
  """Cloud: the 24 rows as the spec names them (hour, low, q1, median, q3, high, weight)."""
  rows: [CloudWorkloadChartRow!]
  """Cloud scale groups: the per-instance sustained CPU limit, %."""
  asgCpuLimit: Float
  """Cloud scale groups: what group sizes are sized from (Sustained)."""
  asgScoringStrategy: String
  """Cloud scale groups: the per-instance memory limit, %."""
  asgMemLimit: Float
  """Cloud: the Average line (the window's average)."""
  averageLimit: Float
  """Cloud CPU charts: the policy's sustained CPU limit, %."""
  sustainedLimit: Float
  """Cloud CPU charts: the policy's peak CPU limit, %."""
  peakLimit: Float
  """Cloud memory charts: where memory with headroom fills the instance (100 ÷ memory headroom), %."""
  memLimit: Float
  """Cloud memory charts: the memory metric sized on (Peak or Sustained)."""
  memStrategy: String
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
  the recommended request and limit, containers running, restarts when there were any), or of a cloud service
  (spec document 3, section 9's order: CPU current and recommended, memory current and recommended, in-service
  instances for scale groups, the busiest day's CPU; none while relearning, recommended ones not for Terminate).
  Null for an id that is neither.
  """
  getWorkloadChartData(
    """The container's or cloud service's id."""
    entityId: String!
    """
    Report codes: ${REP_CODES.join(", ")}. A container answers REP_CONTAINER (its default); a cloud service REP_CLOUD
    (its default: every chart), ASG_SA (a scale group's in-service chart) and ASG_RU (a scale group's CPU and memory
    charts). Codes of the other kind add nothing.
    """
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
