/** Service path containers (getParameters: config-parameter): container analysis (spec document 2, section 7). */
import { typed } from "~/graphql/operations/typed-document";
import type {
  AnalysisBuckets,
  ConfigParameter,
  ContainerOverview,
  ContainerRiskSummary,
  ContainerRow,
  FolderCountRow,
  SummaryAddons,
} from "~/graphql/operations/types";

/** viewId, filterId and treeviewPath (empty for the whole tree). */
export interface ScopeVariables {
  viewId: string;
  filterId: string;
  treeviewPath: string;
}

const BUCKETS = `bucket value`;
const RESOURCE = (prefix: string) =>
  ["Current", "CurrentCost", "Unspecified", "UnspecifiedCost", "Recommended", "RecommendedCost", "Deficit", "DeficitCost", "Spare", "SpareCost"]
    .map((s) => `${prefix}${s}`)
    .join(" ");
const WATERFALL = `currentSpend immediateSavings riskRemoval additionalWaste optimalSpend`;
const OVERVIEW_FIELDS = `totalCurrentCost totalUnspecifiedCost totalRecommendedCost totalRealizableGain totalDeficitCost totalSpareCost
  containerCount atRiskCount ${RESOURCE("totalCpuRequest")} ${RESOURCE("totalMemoryRequest")}
  totalCpuRealizable totalCpuRealizableGain totalMemoryRealizable totalMemoryRealizableGain efficiencyRating monthlyWaste
  waterfall { ${WATERFALL} cents { ${WATERFALL} } }
  histograms { containerCount cpuRequest { ${BUCKETS} } cpuLimit { ${BUCKETS} } memRequest { ${BUCKETS} } memLimit { ${BUCKETS} } }
  counts { containers notAnalysed clusters namespaces manifests pods restartsLast7Days memoryLimitEventsLast7Days cpuSaturationContainers memSaturationContainers }
  snapshotId`;
const ROW_FIELDS = `entityId cluster nodeGroupName namespace controllerType podService containerName policyName analysed notAnalysedReason
  recommendation currentCount runningHours totalHours restartsLastDay restartsLast7Days memoryLimitEventLastDay memoryLimitEventLast7Days
  existingCpuRequest existingCpuLimit existingMemRequest existingMemLimit cpuRequest cpuLimit memRequest memLimit
  badges { cpuRequest cpuLimit memRequest memLimit } cpuRequestVsPct cpuLimitVsPct memRequestVsPct memLimitVsPct
  cpuSurplus cpuLimitSurplus memSurplus memLimitSurplus totalExistingCpuRequest totalExistingMemRequest totalCpuSurplus totalMemSurplus
  totalCpuRequestShortfall totalMemoryRequestShortfall buckets { cpuRequest cpuLimit memRequest memLimit }
  cpuMin cpuAvg cpuSustained cpuPeak cpuP95 memMin memAvg memSustained memPeak
  currentCost recommendedCost unspecifiedCost spareCost deficitCost cpuCurrentCost cpuRecommendedCost cpuUnspecifiedCost
  memCurrentCost memRecommendedCost memUnspecifiedCost totalCpuRealizableGain totalMemoryRealizableGain totalRealizableGain
  additionalCpuWaste additionalMemoryWaste netSavings efficiencyRating monthlyWaste atRisk hasCpuThrottledRisk hasCpuStrandedRisk
  hasMemoryPodTerminationRisk hasMemoryStrandedRisk hasMemoryProcessTerminationRisk hasCpuSaturation hasMemSaturation
  cpuSaturationNodePct memSaturationNodePct primaryConstraint notes policyInstanceId workspaceId auditCollectionAuditCount lastDayCount
  predictedUptime configLastChanged totalCurrentCost totalNetSavings nodes nodeCount hostName gpuRequest totalExistingGpuRequest gpuMemory totalGpuMemory`;

export const GET_CONTAINER_OVERVIEW_BY_VIEW_AND_FILTER = typed<{ getContainerOverviewByViewAndFilter: ContainerOverview }, ScopeVariables>(/* GraphQL */ `
  query getContainerOverviewByViewAndFilter($viewId: String!, $filterId: String!, $treeviewPath: String!) {
    getContainerOverviewByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath) { ${OVERVIEW_FIELDS} }
  }
`);

export const GET_SUMMARY_ADDONS_BY_VIEW_AND_FILTER = typed<{ getSummaryAddonsByViewAndFilter: SummaryAddons }, ScopeVariables>(/* GraphQL */ `
  query getSummaryAddonsByViewAndFilter($viewId: String!, $filterId: String!, $treeviewPath: String!) {
    getSummaryAddonsByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath) {
      containers containerManifests totalCpuSurplus totalMemSurplus cpuRequestSurplusCores memoryRequestSurplusGb monthlySavings efficiencyRating
    }
  }
`);

export const GET_CONTAINER_COUNTS_BY_VIEW_AND_FILTER = typed<{ getContainerCountsByViewAndFilter: FolderCountRow[] }, ScopeVariables>(/* GraphQL */ `
  query getContainerCountsByViewAndFilter($viewId: String!, $filterId: String!, $treeviewPath: String!) {
    getContainerCountsByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath) {
      label entityName containerAtRiskCount containerSavingsTotal containerCount containerCurrentCost totalSavingsPercentage
    }
  }
`);

export const GET_CONTAINER_RISK_SUMMARY_BY_VIEW_AND_FILTER = typed<{ getContainerRiskSummaryByViewAndFilter: ContainerRiskSummary }, ScopeVariables>(
  /* GraphQL */ `
  query getContainerRiskSummaryByViewAndFilter($viewId: String!, $filterId: String!, $treeviewPath: String!) {
    getContainerRiskSummaryByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath) {
      hasCpuThrottledRisk hasCpuStrandedRisk hasMemoryPodTerminationRisk hasMemoryStrandedRisk hasMemoryProcessTerminationRisk
      counts { cpuThrottled cpuStranded memoryPodTermination memoryStranded memoryProcessTermination }
      containerCount atRiskCount
    }
  }
`,
);

export interface AnalysisVariables {
  level?: number | null;
  parentValues?: string[] | null;
  viewId: string;
  viewFilterId: string;
  includeMemEventCount?: boolean | null;
  includeUnspecified?: boolean | null;
  analyzedOnly?: boolean | null;
  kubexView?: boolean | null;
  resourceType?: string | null;
  metricType?: string | null;
  /** CPU_REQUEST, CPU_LIMIT, MEM_REQUEST or MEM_LIMIT. */
  chartingEntry: string;
}

export const ANALYSIS = typed<{ analysis: AnalysisBuckets }, AnalysisVariables>(/* GraphQL */ `
  query analysis(
    $level: Int
    $parentValues: [String!]
    $viewId: String!
    $viewFilterId: String!
    $includeMemEventCount: Boolean
    $includeUnspecified: Boolean
    $analyzedOnly: Boolean
    $kubexView: Boolean
    $resourceType: String
    $metricType: String
    $chartingEntry: String!
  ) {
    analysis(
      level: $level
      parentValues: $parentValues
      viewId: $viewId
      viewFilterId: $viewFilterId
      includeMemEventCount: $includeMemEventCount
      includeUnspecified: $includeUnspecified
      analyzedOnly: $analyzedOnly
      kubexView: $kubexView
      resourceType: $resourceType
      metricType: $metricType
      chartingEntry: $chartingEntry
    ) {
      bucketList { ${BUCKETS} }
      containerCount
    }
  }
`);

export const GET_PARAMETERS = typed<{ getParameters: ConfigParameter[] }>(/* GraphQL */ `
  query getParameters {
    getParameters { parameterKey numberValue }
  }
`);

export interface ContainerDetailsVariables extends ScopeVariables {
  page?: number | null;
  pageSize?: number | null;
  sortField?: string | null;
  sortDirection?: string | null;
  search?: string | null;
  gridViewId?: string | null;
  chartingEntry?: string | null;
  bucket?: number | null;
}

export const GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER = typed<
  { getContainerDetailsByViewAndFilter: { rows: ContainerRow[]; total: number; page: number; pageSize: number } },
  ContainerDetailsVariables
>(/* GraphQL */ `
  query getContainerDetailsByViewAndFilter(
    $viewId: String!
    $filterId: String!
    $treeviewPath: String!
    $page: Int
    $pageSize: Int
    $sortField: String
    $sortDirection: String
    $search: String
    $gridViewId: String
    $chartingEntry: String
    $bucket: Int
  ) {
    getContainerDetailsByViewAndFilter(
      viewId: $viewId
      filterId: $filterId
      treeviewPath: $treeviewPath
      page: $page
      pageSize: $pageSize
      sortField: $sortField
      sortDirection: $sortDirection
      search: $search
      gridViewId: $gridViewId
      chartingEntry: $chartingEntry
      bucket: $bucket
    ) {
      rows { ${ROW_FIELDS} }
      total
      page
      pageSize
    }
  }
`);

export const GET_CONTAINER_DETAILS_FOR_ENTITY = typed<{ getContainerDetailsForEntity: ContainerRow | null }, { entityId: string }>(/* GraphQL */ `
  query getContainerDetailsForEntity($entityId: String!) {
    getContainerDetailsForEntity(entityId: $entityId) { ${ROW_FIELDS} }
  }
`);
