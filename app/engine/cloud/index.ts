/** The cloud analysis engine (README.md has the formulas). Pure: no framework, store or I/O. */
export { analyseCloudService, type CloudRecommendation, type CloudServiceAnalysis } from "./analyse";
export { analysisScore, catalogMapCells, instanceInfo, type CatalogMapCell } from "./catalog-map";
export { archGroupOf, prepareCloudCatalog, regionCatalogFor, type CloudCatalog, type RegionCatalog } from "./catalog";
export { busiestDayRows, workloadCharts, type WorkloadChart, type WorkloadChartLimits, type WorkloadChartRow } from "./charts";
export * from "./constants";
export { efficiencyRating, monthlyCents, savingsPercent, wastePercent } from "./costs";
export { catalogMapDomain, type AnalysisDomainEntry } from "./domain";
export { groupSizing, type GroupSizing } from "./group";
export { cloudNeeds, vcpusNeededOn, type CloudNeeds } from "./needs";
export { cloudPattern, type CloudPattern } from "./pattern";
export { daysUntilData, relearningState, relearningText, type RelearningState } from "./relearning";
export {
  bestFit,
  compatibleScore,
  describeCandidate,
  heatmapBand,
  incompatibleScore,
  monthlyCostOf,
  optimalMonthlyCost,
  overallResultOf,
  scoreCandidates,
  scoreOf,
  scoringContext,
  transferPriorities,
  withinSpendTolerance,
  withinToleranceOf,
  type DescribeOptions,
  type HeatmapBand,
  type InstanceInfo,
  type ScoringContext,
  type TransferPriority,
} from "./score";
export { cloudFolderSummary, type CloudFolderSummary, type CloudSummaryInput } from "./summary";
export type * from "./types";
export { cloudWindow, inferStepMs, type CloudWindow } from "./window";
export {
  CLOUD_DEFAULT_POLICY,
  CLOUD_PARAMETER_DEFINITIONS,
  CLOUD_PARAMETER_GROUPS,
  defaultCloudPolicyValues,
  defineCloudPolicy,
  validateCloudPolicyValues,
  type CloudPolicy,
  type CloudPolicyValues,
} from "../policy/cloud";
