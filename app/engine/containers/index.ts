/** The container analysis engine: samples → statistics → recommendations → risks, costs, waterfall, histograms. */
export { analyseContainer, type AnalyseOptions, type ContainerAnalysis } from "./analyse";
export { badgeFor, labelFor, percentOfRecommended } from "./badges";
export { boxStats, boxStatsInPlace, boxStatsSorted, bucketStats, type BucketStats } from "./box-stats";
export { toColumns, type SampleObject } from "./columns";
export {
  DEFAULT_UNIT_PRICES,
  HOURS_PER_MONTH,
  containerCosts,
  efficiencyRating,
  efficiencyRatingColour,
  monthlyUnitPrices,
  monthlyWaste,
  type ContainerCosts,
  type CostCents,
  type CostInput,
  type PrimaryConstraint,
  type ResourceCost,
  type UnitPrices,
} from "./costs";
export { recommendGpu, type GpuRecommendation } from "./gpu";
export {
  HISTOGRAM_BUCKETS,
  UNSPECIFIED_BUCKET,
  bucketCategory,
  histogramBucket,
  histograms,
  type HistogramBar,
  type Histograms,
} from "./histogram";
export { learnedPattern, type LearnedPattern, type PatternRow } from "./pattern";
export { percentile, percentileSorted } from "./percentile";
export { percentilesInPlace, sortPairs } from "./select";
export {
  recommendContainer,
  type ContainerInput,
  type ContainerNotAnalysed,
  type ContainerRecommendation,
  type ContainerResult,
  type NamespaceBounds,
  type RecommendedResources,
  type WindowSummary,
} from "./recommend";
export { CPU_THROTTLE_RISK_PCT, MEMORY_LIMIT_RISK_PCT, hasRuntimeRisk, risks, type RiskInput } from "./risks";
export { adjustValue, allocate, clamp, roundDownTo, roundUpTo, type Adjusted, type StepRules } from "./sizing";
export { costTotals, type CostTotals, type ResourceTotals } from "./totals";
export {
  DAY_MS,
  HOUR_MS,
  RESOURCE_KEYS,
  STEP_MS,
  type Badge,
  type BoxStats,
  type ContainerEventCounts,
  type RecommendationLabel,
  type ResourceKey,
  type Resources,
  type RiskFlags,
  type SampleColumns,
} from "./types";
export { waterfall, type Waterfall } from "./waterfall";
export { weightedBoxStats, weightedBoxStatsRange } from "./weighted";
export { selectWindow, type AnalysisWindow, type NotAnalysedWindow, type WindowOptions, type WindowPolicy } from "./window";
