/**
 * The cloud API (spec document 3, sections 3, 5, 7 and 9): service paths cloudex (folder summary, services),
 * metrics-viewer (metric history and peeks; getWorkloadChartData is in metrics.graphql.ts), instance-type-analysis
 * (Catalog Map domain, scores, instance info), dropdowns (processor features) and entity (one service's analysis).
 * Every operation is served at every service path, as the rest of the schema.
 */
import { CLOUD_MAX_PAGE_SIZE, CLOUD_SORTABLE_FIELDS } from "~/models/cloud-analysis.server";
import { CLOUD_HISTORY_DAYS, CLOUD_METRIC_VIEWERS } from "~/models/cloud-metrics.server";
import { DEFAULT_COMPARISON_SPEND_TOLERANCE, SPEND_TOLERANCE_OPTIONS } from "~/engine/cloud";
import { TIME_INTERVALS } from "~/domain/workload/constants";
import { cloudRecordTypeDefs, fields } from "./cloud-types.graphql";

const SCOPE_ARGS = `
    """A View of the cloud tree; the all-zero id means the caller's default cloud View."""
    viewId: String!
    """A Filter of the cloud tree; the all-zero id means the caller's default cloud Filter."""
    filterId: String!
    """A folder (provider/region/account) from the root separated by '/', with or without the root name, case-insensitive; empty for every service."""
    treeviewPath: String!`;

const SERVICE_TYPE_NAMES = "EC2, ASG, RDS, Azure (or VM, Virtual Machine, VMSS, VM Scale Set), GCP (or GCE, GCE Instance, Compute Engine)";

const viewerTypes = Object.values(CLOUD_METRIC_VIEWERS)
  .map((v) => {
    const metrics = fields(v.metrics.map((m) => [m.key, "CloudMetricStats", m.description] as const));
    return `
"""One time bucket of ${v.title}'s history (${v.series}); a metric is null in a bucket without a sample of it."""
type ${v.typeName}Metrics {
  """Start of the bucket, ISO-8601 UTC."""
  auditUtcTimeBucket: String!
  """The service's id."""
  entityId: String!
${metrics}
}

"""What ${v.title}'s history holds over a range (${v.peek}): each metric's statistics over the whole range."""
type ${v.typeName}Peek {
  """The service's id."""
  entityId: String!
  """The first 5-minute bucket with data in the range, ISO-8601 UTC; null without data."""
  earliestTimeBucket: String
  """The last 5-minute bucket with data in the range, ISO-8601 UTC; null without data."""
  latestTimeBucket: String
  """Metrics with min, q1, median, q3, max and avg in the range: the charts a screen may offer (spec section 5)."""
  availableMetrics: [String!]!
${metrics}
}`;
  })
  .join("\n");

const viewerQueries = Object.values(CLOUD_METRIC_VIEWERS)
  .map(
    (v) => `
  """
  ${v.title[0].toUpperCase()}${v.title.slice(1)}'s history (service types ${v.services.join(", ")}; another type is a
  Validation Error naming the right operation; an unknown id is Not Found) in buckets aligned to UTC, up to the
  data's end. History is kept ${CLOUD_HISTORY_DAYS.DAY_1} days, five-minute history ${CLOUD_HISTORY_DAYS.MINUTE_5}
  (counted from the start of the data's UTC day).
  """
  ${v.series}(
    """The service's id."""
    entityId: String!
    """Start of the range, ISO-8601."""
    startDate: String!
    """End of the range (exclusive), ISO-8601."""
    endDate: String!
    """${TIME_INTERVALS.join(", ")}; default DAY_1."""
    timeInterval: String
    """UTC only (the default)."""
    rollupTimezone: String
  ): [${v.typeName}Metrics!]!
  """Which of ${v.title}'s metrics have data over a range (default the last ${CLOUD_HISTORY_DAYS.DAY_1} days up to the data's end)."""
  ${v.peek}(
    """The service's id."""
    entityId: String!
    """Start of the range, ISO-8601; default ${CLOUD_HISTORY_DAYS.DAY_1} days before the data's end."""
    startDate: String
    """End of the range (exclusive), ISO-8601; default the data's end."""
    endDate: String
  ): ${v.typeName}Peek!`,
  )
  .join("");

export const cloudTypeDefs = /* GraphQL */ `
${cloudRecordTypeDefs}
"""Statistics of a metric's 5-minute samples in a bucket (or a peek's range)."""
type CloudMetricStats {
  """Lowest sample."""
  min: Float!
  """25th percentile."""
  q1: Float!
  """50th percentile."""
  median: Float!
  """75th percentile."""
  q3: Float!
  """Highest sample."""
  max: Float!
  """Mean of the samples."""
  avg: Float!
  """Samples in the bucket."""
  numsamples: Int!
  """Sum of the samples."""
  total: Float!
}
${viewerTypes}

extend type Query {
  """The cloud folder summary of the services under a folder of the cloud tree (service path cloudex)."""
  cloudexFolderSummary(${SCOPE_ARGS}
  ): CloudFolderSummary!
  """
  The services under a folder (service path cloudex), the most waste first. With entityId: that service alone
  ([] when it is not under the folder; Not Found for an unknown id). Our extension for scripts: page, pageSize,
  sortField, sortDirection, search and gridViewId; page until a page holds fewer than pageSize rows (the folder
  summary's services is the count).
  """
  cloudexDetails(${SCOPE_ARGS}
    """One service's id."""
    entityId: String
    """Page number from 1 (default 1)."""
    page: Int
    """Rows per page, 1 to ${CLOUD_MAX_PAGE_SIZE} (default ${CLOUD_MAX_PAGE_SIZE})."""
    pageSize: Int
    """Sort field (default estimatedSavings, descending): ${Object.keys(CLOUD_SORTABLE_FIELDS).join(", ")}."""
    sortField: String
    """asc or desc (default asc for a sortField, desc for the default order)."""
    sortDirection: String
    """The grid's search: fuzzy (threshold 0.1) over system, account name, region, instance type, recommendation and service type."""
    search: String
    """A built-in row view of the cloud grid: ASG, EC2, RDS, vm, VMSS, compute_engine, aws, azure, gcp, downscale, downsize, modernize, terminate, upscale, upsize (grouping views keep every row)."""
    gridViewId: String
  ): [CloudexDetail!]!
${viewerQueries}
  """The Catalog Map's axes for a service type (service path instance-type-analysis): ${SERVICE_TYPE_NAMES}."""
  analysisDomain(
    """${SERVICE_TYPE_NAMES}; the spec's screens send Azure for VM."""
    serviceType: String!
  ): [AnalysisDomain!]!
  """Every catalog type's score for one service (service path instance-type-analysis); Not Found for an unknown id."""
  analysisScore(
    """The service's id."""
    entityId: String!
  ): AnalysisScore!
  """
  One type's comparison row for a service at a spend tolerance (service path instance-type-analysis). Null when the
  service is not scored (not analysed, relearning or too little data); Not Found for an unknown id, or a type its
  region's catalog does not have.
  """
  analysisInstanceInfoInstanceType(
    """The type to compare (Current, Recommended or Selected)."""
    instanceType: String!
    """The service's id."""
    entityId: String!
    """${SPEND_TOLERANCE_OPTIONS.map((o) => `${o.label} ${o.value}`).join(", ")}; any value from 1 up, or negative for unlimited; default ${DEFAULT_COMPARISON_SPEND_TOLERANCE}."""
    spendTolerance: Float
  ): InstanceInfo
  """The processors of a service type's catalog, for "Highlight Instance Features" (service path dropdowns)."""
  processorFeature(
    """${SERVICE_TYPE_NAMES}."""
    serviceType: String!
  ): [ProcessorFeature!]!
  """One service's analysis (service path entity); Not Found for an unknown id."""
  getEntityAnalysisResultsById(
    """The service's id."""
    entityId: String!
    """Optional check: ${SERVICE_TYPE_NAMES}; a service of another type is a Validation Error."""
    serviceType: String
  ): EntityAnalysisResult!
}
`;
