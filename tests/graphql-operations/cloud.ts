/**
 * The cloud API's operations (spec document 3, section 7) as the screens and scripts send them: service paths
 * cloudex, metrics-viewer, instance-type-analysis, dropdowns and entity.
 */
import type { CloudexDetail } from "~/domain/cloud/detail";
import type { CloudFolderSummary, InstanceInfo } from "~/engine/cloud";
import { typed } from "~/graphql/operations/typed-document";
import { CLOUD_METRIC_VIEWERS, type CloudMetricStats, type CloudMetricViewer } from "~/models/cloud-metrics.server";
import type { ProcessorFeature } from "~/models/cloud-entity.server";

type ScopeVars = { viewId: string; filterId: string; treeviewPath: string };

const SUMMARY_FIELDS = `ec2Service rdsService asgService azureVmService azureVmssService gceService awsTotalService azureTotalService
  gcpTotalService awsTotalOptimalService azureTotalOptimalService gcpTotalOptimalService awsTotalCurCost azureTotalCurCost
  gcpTotalCurCost awsTotalOptimalCost azureTotalOptimalCost gcpTotalOptimalCost downscale downsize terminate modernize upsize
  upscale keep downscaleSavings downsizeSavings terminateSavings modernizeSavings upsizeSavings upscaleSavings currentVcpus
  currentMemory recommendedVcpus recommendedMemory efficiencyRating immediateSavings additionalWaste riskRemovalCost services
  optimalServices estimatedWaste wastePct currentCost optimalCost upsizeCost`;

export const CLOUDEX_FOLDER_SUMMARY = typed<{ cloudexFolderSummary: CloudFolderSummary }, ScopeVars>(/* GraphQL */ `
  query cloudexFolderSummary($viewId: String!, $filterId: String!, $treeviewPath: String!) {
    cloudexFolderSummary(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath) { ${SUMMARY_FIELDS} }
  }
`);

const DETAIL_FIELDS = `entityId serviceType cloudProvider accountId accountName envName igName system vmmObjectId region availabilityZone
  overallStatus recommendation reasonHtml existingInstanceType recommendedInstanceType uptimePct currentEstimatedCost
  recommendedEstimatedCost estimatedSavings estimatedSavingsPercent estimatedEffort currentVcpus recommendedVcpus
  currentCint2006Rate recommendedCint2006Rate currentMemory recommendedMemory cpuHighPct cpuLowPct activeMemoryPct memoryUtilPct
  os idealCpuAlloc idealMemoryAlloc cpuAllocEfficiencyPct memoryAllocEfficiencyPct recommendedHostEntityId configLastChanged
  totalHours uptimeHours implementationMethod policyName orchestrationMode profileCount scalingMode scalingPolicy
  efficiencyRating ipAddress networkIoMb networkIoLimitMb networkIoPackets riCoverage riConstrained riExpiryDate avgGroupSize
  minGroupSize maxGroupSize predictedAvgGroupSize recommMinGroupSize recommMaxGroupSize minMaxGroupSize recommMinMaxGroupSize
  state lifeCycle surplusVcpu surplusMemory relearning mlState recommendedCpuPct recommendedMemPct startDate createDate
  k8sClusterPlatform k8sClusterForwarder k8sNodeGroup ecsReference policyMinDays numberOfDaysUntilData level fullPath pricedRegion`;

export type DetailsVars = ScopeVars & {
  entityId?: string;
  page?: number;
  pageSize?: number;
  sortField?: string;
  sortDirection?: string;
  search?: string;
  gridViewId?: string;
};

export const CLOUDEX_DETAILS = typed<{ cloudexDetails: CloudexDetail[] }, DetailsVars>(/* GraphQL */ `
  query cloudexDetails(
    $viewId: String!, $filterId: String!, $treeviewPath: String!, $entityId: String, $page: Int, $pageSize: Int,
    $sortField: String, $sortDirection: String, $search: String, $gridViewId: String
  ) {
    cloudexDetails(
      viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, entityId: $entityId, page: $page, pageSize: $pageSize,
      sortField: $sortField, sortDirection: $sortDirection, search: $search, gridViewId: $gridViewId
    ) { ${DETAIL_FIELDS} }
  }
`);

const STATS = "min q1 median q3 max avg numsamples total";
const metricSelection = (viewer: CloudMetricViewer) => CLOUD_METRIC_VIEWERS[viewer].metrics.map((m) => `${m.key} { ${STATS} }`).join(" ");

export type MetricRow = { auditUtcTimeBucket: string; entityId: string } & Record<string, CloudMetricStats | null>;
export type PeekRow = { entityId: string; earliestTimeBucket: string | null; latestTimeBucket: string | null; availableMetrics: string[] } & Record<
  string,
  CloudMetricStats | null
>;
export type SeriesVars = { entityId: string; startDate: string; endDate: string; timeInterval?: string; rollupTimezone?: string };
export type PeekVars = { entityId: string; startDate?: string; endDate?: string };

function viewerOps(viewer: CloudMetricViewer) {
  const v = CLOUD_METRIC_VIEWERS[viewer];
  return {
    series: typed<Record<string, MetricRow[]>, SeriesVars>(/* GraphQL */ `
      query ${v.series}($entityId: String!, $startDate: String!, $endDate: String!, $timeInterval: String, $rollupTimezone: String) {
        ${v.series}(entityId: $entityId, startDate: $startDate, endDate: $endDate, timeInterval: $timeInterval, rollupTimezone: $rollupTimezone) {
          auditUtcTimeBucket entityId ${metricSelection(viewer)}
        }
      }
    `),
    peek: typed<Record<string, PeekRow>, PeekVars>(/* GraphQL */ `
      query ${v.peek}($entityId: String!, $startDate: String, $endDate: String) {
        ${v.peek}(entityId: $entityId, startDate: $startDate, endDate: $endDate) {
          entityId earliestTimeBucket latestTimeBucket availableMetrics ${metricSelection(viewer)}
        }
      }
    `),
  };
}

export const METRICS_VIEWER_AWS_EC2 = viewerOps("AWS_EC2").series;
export const MV_AWS_EC2_PEEK = viewerOps("AWS_EC2").peek;
export const METRICS_VIEWER_AWS_ASG = viewerOps("AWS_ASG").series;
export const MV_AWS_ASG_PEEK = viewerOps("AWS_ASG").peek;
export const METRICS_VIEWER_AWS_RDS = viewerOps("AWS_RDS").series;
export const MV_AWS_RDS_PEEK = viewerOps("AWS_RDS").peek;
export const METRICS_VIEWER_AZURE_VM = viewerOps("AZURE_VM").series;
export const MV_AZURE_VM_PEEK = viewerOps("AZURE_VM").peek;
export const METRICS_VIEWER_GCP = viewerOps("GCP").series;
export const MV_GCP_CE_PEEK = viewerOps("GCP").peek;

export interface CloudChart {
  metric: string;
  title: string;
  yAxisLabel: string;
  unit: string;
  isRecommendation: boolean;
  lowerLimit: number | null;
  upperLimit: number | null;
  rows: { hour: number; low: number | null; q1: number | null; median: number | null; q3: number | null; high: number | null; weight: number }[] | null;
  asgCpuLimit: number | null;
  asgScoringStrategy: string | null;
  asgMemLimit: number | null;
  averageLimit: number | null;
  sustainedLimit: number | null;
  peakLimit: number | null;
  memLimit: number | null;
  memStrategy: string | null;
  data: { hour: number; min: number | null; sustained: number | null; peak: number | null; avg: number | null }[];
}

export const GET_CLOUD_WORKLOAD_CHART_DATA = typed<{ getWorkloadChartData: CloudChart[] | null }, { entityId: string; repCode?: string[] }>(/* GraphQL */ `
  query getCloudWorkloadChartData($entityId: String!, $repCode: [String!]) {
    getWorkloadChartData(entityId: $entityId, repCode: $repCode) {
      metric title yAxisLabel unit isRecommendation lowerLimit upperLimit
      rows { hour low q1 median q3 high weight }
      asgCpuLimit asgScoringStrategy asgMemLimit averageLimit sustainedLimit peakLimit memLimit memStrategy
      data { hour min sustained peak avg }
    }
  }
`);

export interface DomainRow {
  serviceType: string;
  orderIndex: number;
  label: string;
  exotic: boolean;
  axis: string;
  processorFeature: string | null;
  axisKey: string;
  instanceSizes: string;
  instanceTypes: string[];
}

export const ANALYSIS_DOMAIN = typed<{ analysisDomain: DomainRow[] }, { serviceType: string }>(/* GraphQL */ `
  query analysisDomain($serviceType: String!) {
    analysisDomain(serviceType: $serviceType) { serviceType orderIndex label exotic axis processorFeature axisKey instanceSizes instanceTypes }
  }
`);

export const ANALYSIS_SCORE = typed<{ analysisScore: { entityId: string; mode: string; transferPriorities: string | null; updatedOn: string } }, { entityId: string }>(/* GraphQL */ `
  query analysisScore($entityId: String!) {
    analysisScore(entityId: $entityId) { entityId mode transferPriorities updatedOn }
  }
`);

export const ANALYSIS_INSTANCE_INFO = typed<
  { analysisInstanceInfoInstanceType: Omit<InstanceInfo, "perfFactor"> | null },
  { instanceType: string; entityId: string; spendTolerance?: number }
>(/* GraphQL */ `
  query analysisInstanceInfoInstanceType($instanceType: String!, $entityId: String!, $spendTolerance: Float) {
    analysisInstanceInfoInstanceType(instanceType: $instanceType, entityId: $entityId, spendTolerance: $spendTolerance) {
      instanceType processorFeatures architecture numCpus totalMemory generationName instanceSize cost recommendedInstanceCost
      savings blendedScore gpuCount gpuMemory gpuName overallResult withinSpendTolerance technicallyCompatible sufficientResources
      technicalCompatibleViolationDescriptions sufficientResourceViolationDescriptions spendToleranceDescriptions
    }
  }
`);

export const PROCESSOR_FEATURE = typed<{ processorFeature: ProcessorFeature[] }, { serviceType: string }>(/* GraphQL */ `
  query processorFeature($serviceType: String!) {
    processorFeature(serviceType: $serviceType) { serviceType feature supplier instanceTypes }
  }
`);

export interface EntityResult {
  platform: string;
  vmEntityId: string;
  serviceType: string;
  hostEntityId: string | null;
  regionId: string;
  instanceType: string;
  cost: number | null;
  recommendedHostEntityId: string | null;
  recommendedRegionId: string;
  recommendedInstanceType: string | null;
  recommendedCost: number | null;
  analysisScore: number | null;
  observedUptime: number;
  predictedUptime: number;
  uptimeHours: number;
  totalHours: number;
  recommendationType: string;
  ageDaysInCloud: number | null;
  blendedScore: number | null;
  maxGroupSize: number | null;
  minGroupSize: number | null;
  recommendedMaxGroupSize: number | null;
  recommendedMinGroupSize: number | null;
  newEstimatedUptime: number;
  scalingPolicy: string | null;
}

export const GET_ENTITY_ANALYSIS_RESULTS = typed<{ getEntityAnalysisResultsById: EntityResult }, { entityId: string; serviceType?: string }>(/* GraphQL */ `
  query getEntityAnalysisResultsById($entityId: String!, $serviceType: String) {
    getEntityAnalysisResultsById(entityId: $entityId, serviceType: $serviceType) {
      platform vmEntityId serviceType hostEntityId regionId instanceType cost recommendedHostEntityId recommendedRegionId
      recommendedInstanceType recommendedCost analysisScore observedUptime predictedUptime uptimeHours totalHours recommendationType
      ageDaysInCloud blendedScore maxGroupSize minGroupSize recommendedMaxGroupSize recommendedMinGroupSize newEstimatedUptime scalingPolicy
    }
  }
`);
