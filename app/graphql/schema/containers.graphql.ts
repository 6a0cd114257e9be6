/**
 * Container analysis (spec document 2, sections 2.2, 2.5, 3 and 7; service path containers): the overview and
 * waterfall, summary cards, folder counts, risks, histograms, unit prices and the container grid. Field names are
 * the spec's own. Units (ANALYSIS.md): CPU in mCores, memory in MB, money in $ per month.
 */
import { GRID_VIEW_CONDITIONS, MAX_PAGE_SIZE, SORTABLE_FIELDS } from "~/models/container-grid.server";
import { WHY_PER_REQUEST } from "../resolvers/why";

const SCOPE_ARGS = `
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    filterId: String!
    """A folder's names from the root separated by '/', with or without the root name, case-insensitive; empty for the whole tree."""
    treeviewPath: String!`;

export const containersTypeDefs = /* GraphQL */ `
"""One bar of a histogram."""
type HistogramBucket {
  """The bucket: existing ÷ recommended × 100 rounded to the nearest of 20, 40, 60, 85, 100, 120, 150, 200, 300, 500; -1 is Unspecified (no existing value)."""
  bucket: Int!
  """The number of analysed containers in the bucket."""
  value: Int!
}

"""The four histograms of the containers in scope; each chart's buckets add up to containerCount."""
type ContainerHistograms {
  """Analysed containers in scope (the Unspecified bucket included)."""
  containerCount: Int!
  """CPU request: every bucket, Unspecified first."""
  cpuRequest: [HistogramBucket!]!
  """CPU limit: every bucket, Unspecified first."""
  cpuLimit: [HistogramBucket!]!
  """Memory request: every bucket, Unspecified first."""
  memRequest: [HistogramBucket!]!
  """Memory limit: every bucket, Unspecified first."""
  memLimit: [HistogramBucket!]!
}

"""The five waterfall bars in whole cents: currentSpend + immediateSavings + riskRemoval + additionalWaste = optimalSpend exactly."""
type WaterfallCents {
  """Current Spend in cents."""
  currentSpend: Float!
  """Immediate Savings in cents (0 or negative)."""
  immediateSavings: Float!
  """Risk Removal in cents (0 or positive)."""
  riskRemoval: Float!
  """Additional Waste in cents (0 or negative)."""
  additionalWaste: Float!
  """Optimal Spend in cents."""
  optimalSpend: Float!
}

"""The Optimization Breakdown waterfall ($ per month): Optimal Spend = Current Spend + Immediate Savings + Risk Removal + Additional Waste, to the cent."""
type Waterfall {
  """The current cost of every analysed container (existing requests)."""
  currentSpend: Float!
  """Minus the surplus cost of containers not at risk: savings available now (0 or negative)."""
  immediateSavings: Float!
  """The cost of raising short or unset requests to the recommendation (0 or positive)."""
  riskRemoval: Float!
  """Minus the surplus cost of containers at risk: it becomes immediate once their risk is removed (0 or negative)."""
  additionalWaste: Float!
  """The recommended cost of every analysed container."""
  optimalSpend: Float!
  """The same five bars in whole cents."""
  cents: WaterfallCents!
}

"""Folder overview counts over every container in scope, analysed or not."""
type ContainerOverviewCounts {
  """Containers in scope (the tree's count; analysed or not)."""
  containers: Int!
  """Containers in scope without enough data to analyse."""
  notAnalysed: Int!
  """Distinct clusters."""
  clusters: Int!
  """Distinct namespaces (per cluster)."""
  namespaces: Int!
  """Distinct manifests (cluster, namespace, pod owner kind and name)."""
  manifests: Int!
  """Average running pods: per manifest its largest average container count, summed."""
  pods: Float!
  """Container restarts in the last 7 days."""
  restartsLast7Days: Int!
  """Memory limit events (OOM kills) in the last 7 days."""
  memoryLimitEventsLast7Days: Int!
  """Containers on CPU-saturated node groups."""
  cpuSaturationContainers: Int!
  """Containers on memory-saturated node groups."""
  memSaturationContainers: Int!
}

"""
The container overview of a View, Filter and folder (spec section 3). Totals are over analysed containers and
all their running copies (× currentCount); quantities in mCores and MB, money in $ per month, summed in whole cents.
"""
type ContainerOverview {
  """Current cost (existing requests)."""
  totalCurrentCost: Float!
  """Recommended cost of the requests that are unset today."""
  totalUnspecifiedCost: Float!
  """Recommended cost."""
  totalRecommendedCost: Float!
  """Surplus cost realizable now: of containers not at risk, on node groups with no primary constraint or one of that resource's request."""
  totalRealizableGain: Float!
  """Cost of raising short or unset requests to the recommendation."""
  totalDeficitCost: Float!
  """Cost of requests above the recommendation."""
  totalSpareCost: Float!
  """Analysed containers in scope (the ones with costs); counts.containers counts every container."""
  containerCount: Int!
  """Analysed containers at risk (a request deficit, or a throttling or termination risk)."""
  atRiskCount: Int!
  """CPU requests today (mCores)."""
  totalCpuRequestCurrent: Float!
  """Cost of the CPU requests today."""
  totalCpuRequestCurrentCost: Float!
  """Recommended CPU of containers with no CPU request today (mCores)."""
  totalCpuRequestUnspecified: Float!
  """Cost of totalCpuRequestUnspecified."""
  totalCpuRequestUnspecifiedCost: Float!
  """Recommended CPU requests (mCores)."""
  totalCpuRequestRecommended: Float!
  """Cost of the recommended CPU requests."""
  totalCpuRequestRecommendedCost: Float!
  """CPU requests short of the recommendation, unset ones included (mCores)."""
  totalCpuRequestDeficit: Float!
  """Cost of totalCpuRequestDeficit."""
  totalCpuRequestDeficitCost: Float!
  """CPU requests above the recommendation (mCores)."""
  totalCpuRequestSpare: Float!
  """Cost of totalCpuRequestSpare."""
  totalCpuRequestSpareCost: Float!
  """Memory requests today (MB)."""
  totalMemoryRequestCurrent: Float!
  """Cost of the memory requests today."""
  totalMemoryRequestCurrentCost: Float!
  """Recommended memory of containers with no memory request today (MB)."""
  totalMemoryRequestUnspecified: Float!
  """Cost of totalMemoryRequestUnspecified."""
  totalMemoryRequestUnspecifiedCost: Float!
  """Recommended memory requests (MB)."""
  totalMemoryRequestRecommended: Float!
  """Cost of the recommended memory requests."""
  totalMemoryRequestRecommendedCost: Float!
  """Memory requests short of the recommendation, unset ones included (MB)."""
  totalMemoryRequestDeficit: Float!
  """Cost of totalMemoryRequestDeficit."""
  totalMemoryRequestDeficitCost: Float!
  """Memory requests above the recommendation (MB)."""
  totalMemoryRequestSpare: Float!
  """Cost of totalMemoryRequestSpare."""
  totalMemoryRequestSpareCost: Float!
  """Spare CPU realizable now (mCores): of containers not at risk, on node groups with no primary constraint or Cpu Request."""
  totalCpuRealizable: Float!
  """Cost of totalCpuRealizable."""
  totalCpuRealizableGain: Float!
  """Spare memory realizable now (MB): of containers not at risk, on node groups with no primary constraint or Memory Request."""
  totalMemoryRealizable: Float!
  """Cost of totalMemoryRealizable."""
  totalMemoryRealizableGain: Float!
  """Recommended ÷ (current + unspecified) cost; 0 without a current cost. 1 is just right, below 1 over-provisioned."""
  efficiencyRating: Float!
  """Current + unspecified − recommended cost."""
  monthlyWaste: Float!
  """The Optimization Breakdown waterfall."""
  waterfall: Waterfall!
  """The four histograms (the same as the analysis call answers with includeUnspecified true)."""
  histograms: ContainerHistograms!
  """Folder overview counts over every container in scope."""
  counts: ContainerOverviewCounts!
  """The analysis snapshot the figures come from; null before the first analysis."""
  snapshotId: String
}

"""The summary cards (spec 2.2)."""
type SummaryAddons {
  """Containers in scope, analysed or not (the tree's count and the container grid's total)."""
  containers: Int!
  """Distinct manifests (cluster, namespace, pod owner kind and name) in scope."""
  containerManifests: Int!
  """CPU request surplus in mCores: requests above the recommendation, summed over running copies (the grid's totalCpuSurplus summed)."""
  totalCpuSurplus: Float!
  """Memory request surplus in MB (the grid's totalMemSurplus summed)."""
  totalMemSurplus: Float!
  """CPU request surplus in cores (totalCpuSurplus ÷ 1000), as the card shows it."""
  cpuRequestSurplusCores: Float!
  """Memory request surplus in GB (totalMemSurplus ÷ 1024), as the card shows it."""
  memoryRequestSurplusGb: Float!
  """Monthly savings when every recommendation is applied: the overview's monthlyWaste (current + unspecified − recommended cost)."""
  monthlySavings: Float!
  """Recommended ÷ (current + unspecified) cost; 0 without a current cost."""
  efficiencyRating: Float!
}

"""A child folder of the folder overview table (spec section 3, folder count row)."""
type FolderCountRow {
  """The child folder's name."""
  label: String!
  """The child folder's fullPath in the tree (what its link opens)."""
  entityName: String!
  """Analysed containers at risk in the folder."""
  containerAtRiskCount: Int!
  """Immediate savings ($ per month): surplus cost of its containers not at risk (the waterfall's bar)."""
  containerSavingsTotal: Float!
  """Containers in the folder, analysed or not."""
  containerCount: Int!
  """Current cost of the folder's containers ($ per month)."""
  containerCurrentCost: Float!
  """containerSavingsTotal ÷ containerCurrentCost × 100; 0 without a current cost."""
  totalSavingsPercentage: Float!
}

"""How many containers in scope carry each risk flag."""
type RiskCounts {
  """Containers with a CPU throttling risk."""
  cpuThrottled: Int!
  """Containers with a CPU stranded risk."""
  cpuStranded: Int!
  """Containers with a memory pod-termination risk."""
  memoryPodTermination: Int!
  """Containers with a memory stranded risk."""
  memoryStranded: Int!
  """Containers with a memory process-termination risk."""
  memoryProcessTermination: Int!
}

"""The risk flags of the containers in scope (spec section 3): each true when any container has it."""
type ContainerRiskSummary {
  """A CPU limit is reached often enough to throttle (or throttling events were seen)."""
  hasCpuThrottledRisk: Boolean!
  """A container runs on a node group whose CPU is stranded (memory full, CPU idle)."""
  hasCpuStrandedRisk: Boolean!
  """Memory use reaches the limit, or containers were OOM-killed at it."""
  hasMemoryPodTerminationRisk: Boolean!
  """A container runs on a node group whose memory is stranded (CPU full, memory idle)."""
  hasMemoryStrandedRisk: Boolean!
  """Containers were OOM-killed without a memory limit (node memory pressure)."""
  hasMemoryProcessTerminationRisk: Boolean!
  """Containers per flag."""
  counts: RiskCounts!
  """Containers in scope, analysed or not."""
  containerCount: Int!
  """Analysed containers at risk."""
  atRiskCount: Int!
}

"""One histogram chart (the analysis call)."""
type AnalysisBuckets {
  """Every bucket with its container count: -1 (Unspecified) first unless excluded, then 20 to 500."""
  bucketList: [HistogramBucket!]!
  """Analysed containers in scope: the buckets add up to it when Unspecified is included."""
  containerCount: Int!
}

"""A configuration parameter (spec section 3)."""
type ConfigParameter {
  """The key, e.g. cpu_core_default_cost ($ per vCPU-hour) or memory_gib_default_cost ($ per GB-hour)."""
  parameterKey: String!
  """The value; null when unset (an unset price counts as 0)."""
  numberValue: Float
}

"""The adjustment direction badge of each of a container's values (spec section 3)."""
type ResourceBadges {
  """CPU request: Set Value, Increase, Decrease or No Change."""
  cpuRequest: String!
  """CPU limit: Set Value, Increase, Decrease or No Change."""
  cpuLimit: String!
  """Memory request: Set Value, Increase, Decrease or No Change."""
  memRequest: String!
  """Memory limit: Set Value, Increase, Decrease or No Change."""
  memLimit: String!
}

"""The histogram bucket of each of a container's resources (-1 when the value is unset)."""
type ResourceBuckets {
  """CPU request bucket."""
  cpuRequest: Int!
  """CPU limit bucket."""
  cpuLimit: Int!
  """Memory request bucket."""
  memRequest: Int!
  """Memory limit bucket."""
  memLimit: Int!
}

"""One step of the engine towards a recommended value, in order."""
type RecommendationWhyStep {
  """statistic, peak, headroom, oomFloor, limitFactor, atLeastRequest, roundUp, allocationRange, heldThreshold, heldMinHours, stepCap, target or limitRange."""
  rule: String!
  """The value after the step (mCores for CPU, MB for memory)."""
  value: Float!
  """The step in words, with its figures."""
  text: String!
  """cpu or memory: the chart the figure comes from (the workload screen's 5-minute chart), when it comes from the samples."""
  chart: String
}

"""One step from the unit prices to the container's cost."""
type RecommendationCostStep {
  """price, currentCost, recommendedCost or total."""
  rule: String!
  """$ per month after the step (0 for the price step; total: current − recommended)."""
  value: Float!
  """The step in words, with its figures."""
  text: String!
}

"""The steps of one of the four values."""
type RecommendationWhyValue {
  """cpuRequest, cpuLimit, memRequest or memLimit."""
  key: String!
  """mCores or MB."""
  unit: String!
  """The steps in the engine's order; the last one's value is the recommendation."""
  steps: [RecommendationWhyStep!]!
}

"""Why a container's recommendation is what it is: the engine run again on the samples, window, policy and prices of the current analysis."""
type RecommendationWhy {
  """The policy the container is analysed under."""
  policyName: String!
  """The analysis window's start (ISO 8601, UTC)."""
  windowStart: String!
  """The analysis window's end: the analysis's "now" (ISO 8601, UTC)."""
  windowEnd: String!
  """The window's length in days (the policy's)."""
  windowDays: Int!
  """Five-minute samples in the window."""
  samples: Int!
  """Five-minute samples a full window has (the difference is missing data)."""
  expectedSamples: Int!
  """Hours with data in the window."""
  hoursOfData: Float!
  """Whether the engine made a recommendation."""
  analysed: Boolean!
  """Why there is no recommendation; null when there is one."""
  reason: String
  """The four values' steps (empty when not analysed)."""
  values: [RecommendationWhyValue!]!
  """Notes beside the steps (HPA, a job's runs, throttling)."""
  notes: [String!]!
  """$ per CPU core a month, as the analysis costed it (the unit costs of Settings)."""
  cpuCoreMonthPrice: Float!
  """$ per GB of memory a month, as the analysis costed it."""
  memoryGbMonthPrice: Float!
  """When the analysis that set those prices ran (ISO 8601)."""
  pricedAt: String!
  """Where the prices come from: Settings' unit costs, named as OpenCost's public on-demand prices when left at their defaults."""
  priceSource: String!
  """The price used and the resulting cost, step by step (price, currentCost, recommendedCost, total); empty when not analysed."""
  costSteps: [RecommendationCostStep!]!
  """The container's current cost ($/month, all running copies); null when not analysed."""
  currentCost: Float
  """The container's recommended cost ($/month, all running copies); null when not analysed."""
  recommendedCost: Float
}

"""
A container of the AI Analysis Details grid (spec section 3, container row): a workload's container with its
recommendation. Per-container values (requests, limits, surplus, usage) are for one running copy; total* values and
every cost are for all its running copies (× currentCount). Analysis figures are null when it was not analysed.
"""
type ContainerRow {
  """The container's id."""
  entityId: String!
  """Why its recommendation is what it is (worked out on request: at most ${WHY_PER_REQUEST} rows of one request get it, the others null with an error)."""
  why: RecommendationWhy
  """The cluster."""
  cluster: String!
  """The node group it runs on."""
  nodeGroupName: String!
  """The namespace."""
  namespace: String!
  """The pod owner kind, e.g. Deployment."""
  controllerType: String!
  """The pod owner name."""
  podService: String!
  """The container name."""
  containerName: String!
  """The policy its recommendation follows."""
  policyName: String!
  """Whether it had enough data to analyse."""
  analysed: Boolean!
  """Why it was not analysed; null when it was."""
  notAnalysedReason: String
  """Optimal, Just Right, Upsize, Downsize, Resize, Size from unspecified, ...; null when not analysed."""
  recommendation: String
  """Average running containers over the window."""
  currentCount: Float!
  """Hours it ran in the window."""
  runningHours: Float
  """Hours in the window."""
  totalHours: Float
  """Restarts in the last day."""
  restartsLastDay: Int!
  """Restarts in the last 7 days."""
  restartsLast7Days: Int!
  """Memory limit events (OOM kills) in the last day."""
  memoryLimitEventLastDay: Int!
  """Memory limit events (OOM kills) in the last 7 days."""
  memoryLimitEventLast7Days: Int!
  """CPU request today (mCores); null when unset."""
  existingCpuRequest: Float
  """CPU limit today (mCores); null when unset."""
  existingCpuLimit: Float
  """Memory request today (MB); null when unset."""
  existingMemRequest: Float
  """Memory limit today (MB); null when unset."""
  existingMemLimit: Float
  """Recommended CPU request (mCores)."""
  cpuRequest: Float
  """Recommended CPU limit (mCores)."""
  cpuLimit: Float
  """Recommended memory request (MB)."""
  memRequest: Float
  """Recommended memory limit (MB)."""
  memLimit: Float
  """The adjustment direction badge of each value; null when not analysed."""
  badges: ResourceBadges
  """Existing CPU request as a percent of the recommended one."""
  cpuRequestVsPct: Float
  """Existing CPU limit as a percent of the recommended one."""
  cpuLimitVsPct: Float
  """Existing memory request as a percent of the recommended one."""
  memRequestVsPct: Float
  """Existing memory limit as a percent of the recommended one."""
  memLimitVsPct: Float
  """Existing − recommended CPU request (mCores; negative: short); null when unset."""
  cpuSurplus: Float
  """Existing − recommended CPU limit (mCores); null when unset."""
  cpuLimitSurplus: Float
  """Existing − recommended memory request (MB); null when unset."""
  memSurplus: Float
  """Existing − recommended memory limit (MB); null when unset."""
  memLimitSurplus: Float
  """CPU requests today over all running copies (mCores)."""
  totalExistingCpuRequest: Float
  """Memory requests today over all running copies (MB)."""
  totalExistingMemRequest: Float
  """CPU request above the recommendation over all running copies (mCores, 0 or more)."""
  totalCpuSurplus: Float
  """Memory request above the recommendation over all running copies (MB, 0 or more)."""
  totalMemSurplus: Float
  """CPU request short of the recommendation over all running copies (mCores; unset requests included)."""
  totalCpuRequestShortfall: Float
  """Memory request short of the recommendation over all running copies (MB; unset requests included)."""
  totalMemoryRequestShortfall: Float
  """The histogram bucket of each value; null when not analysed."""
  buckets: ResourceBuckets
  """Lowest CPU use (mCores)."""
  cpuMin: Float
  """Average CPU use (mCores)."""
  cpuAvg: Float
  """Sustained CPU use, the 75th percentile (mCores)."""
  cpuSustained: Float
  """Peak CPU use, the highest 5-minute average (mCores)."""
  cpuPeak: Float
  """95th percentile of CPU use (mCores)."""
  cpuP95: Float
  """Lowest memory working set (MB)."""
  memMin: Float
  """Average memory working set (MB)."""
  memAvg: Float
  """Sustained memory working set, the 75th percentile (MB)."""
  memSustained: Float
  """Peak memory working set (MB)."""
  memPeak: Float
  """Current cost of all running copies."""
  currentCost: Float
  """Recommended cost of all running copies."""
  recommendedCost: Float
  """Recommended cost of the requests unset today."""
  unspecifiedCost: Float
  """Cost of requests above the recommendation."""
  spareCost: Float
  """Cost of requests short of the recommendation (unset included)."""
  deficitCost: Float
  """Current CPU cost."""
  cpuCurrentCost: Float
  """Recommended CPU cost."""
  cpuRecommendedCost: Float
  """Recommended CPU cost of an unset CPU request."""
  cpuUnspecifiedCost: Float
  """Current memory cost."""
  memCurrentCost: Float
  """Recommended memory cost."""
  memRecommendedCost: Float
  """Recommended memory cost of an unset memory request."""
  memUnspecifiedCost: Float
  """CPU surplus cost realizable now (not at risk; node group with no primary constraint or Cpu Request)."""
  totalCpuRealizableGain: Float
  """Memory surplus cost realizable now (not at risk; node group with no primary constraint or Memory Request)."""
  totalMemoryRealizableGain: Float
  """totalCpuRealizableGain + totalMemoryRealizableGain."""
  totalRealizableGain: Float
  """CPU surplus cost of a container at risk (realizable once the risk is removed)."""
  additionalCpuWaste: Float
  """Memory surplus cost of a container at risk."""
  additionalMemoryWaste: Float
  """Current − recommended cost."""
  netSavings: Float
  """Recommended ÷ (current + unspecified) cost; 0 without a current cost."""
  efficiencyRating: Float
  """Current + unspecified − recommended cost."""
  monthlyWaste: Float
  """Whether it is at risk (a request deficit, or a throttling or termination risk); null when not analysed."""
  atRisk: Boolean
  """CPU throttling risk."""
  hasCpuThrottledRisk: Boolean!
  """CPU stranded risk (its node group's CPU is stranded)."""
  hasCpuStrandedRisk: Boolean!
  """Memory pod-termination risk."""
  hasMemoryPodTerminationRisk: Boolean!
  """Memory stranded risk (its node group's memory is stranded)."""
  hasMemoryStrandedRisk: Boolean!
  """Memory process-termination risk."""
  hasMemoryProcessTerminationRisk: Boolean!
  """Whether its node group has CPU-saturated nodes."""
  hasCpuSaturation: Boolean!
  """Whether its node group has memory-saturated nodes."""
  hasMemSaturation: Boolean!
  """Percent of its node group's nodes that are CPU-saturated."""
  cpuSaturationNodePct: Float
  """Percent of its node group's nodes that are memory-saturated."""
  memSaturationNodePct: Float
  """Its node group's primary constraint: Cpu Request, Memory Request or Memory Utilization; null for none."""
  primaryConstraint: String
  """Notes of the analysis, e.g. why a value was capped."""
  notes: [String!]!
  """The id of its policy (policyInstanceId of the policy calls)."""
  policyInstanceId: String!
  """The workspace; this installation has none, so always null."""
  workspaceId: String
  """Samples (5-minute audits) analysed; null when not analysed."""
  auditCollectionAuditCount: Int
  """Containers running at the last collection (the pod owner's replicas)."""
  lastDayCount: Int!
  """Percent of the window the workload was running (running ÷ total hours × 100); null without hours."""
  predictedUptime: Float
  """When this container's configuration (requests and limits as collected) was first seen, ISO-8601."""
  configLastChanged: String
  """The same figure as currentCost: the row's costs are totals over its containers ($ per month)."""
  totalCurrentCost: Float
  """The same figure as netSavings, by its total name ($ per month)."""
  totalNetSavings: Float
  """The nodes of its node group, by name."""
  nodes: [String!]!
  """How many nodes its node group has."""
  nodeCount: Int!
  """The node it runs on when its node group has a single node; else null."""
  hostName: String
  """Recommended GPUs per container (GPU feature only); null when the container has no GPU samples."""
  gpuRequest: Float
  """Current GPUs of all its containers; null when the container has no GPU samples."""
  totalExistingGpuRequest: Float
  """Recommended GPU memory per container (MB); null when the container has no GPU samples."""
  gpuMemory: Float
  """Recommended GPU memory of all its containers (MB); null when the container has no GPU samples."""
  totalGpuMemory: Float
}

"""One page of container rows."""
type ContainerRowsPage {
  """The page's rows in the requested order."""
  rows: [ContainerRow!]!
  """Rows matching the scope, search and click-through over all pages."""
  total: Int!
  """The page number (from 1)."""
  page: Int!
  """The page size used."""
  pageSize: Int!
}

extend type Query {
  """The container overview of a View, Filter and folder: totals, waterfall, efficiency, histograms and counts."""
  getContainerOverviewByViewAndFilter(${SCOPE_ARGS}
  ): ContainerOverview!
  """The summary cards of a View, Filter and folder."""
  getSummaryAddonsByViewAndFilter(${SCOPE_ARGS}
  ): SummaryAddons!
  """The child folders of a folder with their counts and costs, by container count descending; empty at the deepest level."""
  getContainerCountsByViewAndFilter(${SCOPE_ARGS}
  ): [FolderCountRow!]!
  """The risk flags of the containers of a View, Filter and folder."""
  getContainerRiskSummaryByViewAndFilter(${SCOPE_ARGS}
  ): ContainerRiskSummary!
  """
  One histogram chart of the containers of a View, Filter and folder. The folder is parentValues cut to level
  names; the chart is chartingEntry. resourceType and metricType name the selectors the client shows and do not
  narrow the answer.
  """
  analysis(
    """The tree level of the folder: 0 for the whole tree, 1 for a top-level folder, ...; the first level names of parentValues are used. Default: all of them."""
    level: Int
    """The folder's names from the root (the root's name in front is allowed and skipped); none for the whole tree."""
    parentValues: [String!]
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    viewFilterId: String!
    """Accepted for compatibility: memory events do not change the buckets."""
    includeMemEventCount: Boolean
    """Whether the Unspecified bucket (-1) is listed; default true."""
    includeUnspecified: Boolean
    """Accepted for compatibility: only analysed containers have buckets."""
    analyzedOnly: Boolean
    """Accepted for compatibility: the answer is the same."""
    kubexView: Boolean
    """The resource selector: CPU & Memory (default), CPU or Memory."""
    resourceType: String
    """The metric selector: Request & Limit (default), Request or Limit."""
    metricType: String
    """The chart: CPU_REQUEST, CPU_LIMIT, MEM_REQUEST or MEM_LIMIT."""
    chartingEntry: String!
  ): AnalysisBuckets!
  """Every configuration parameter, by key (service path config-parameter)."""
  getParameters: [ConfigParameter!]!
  """
  One page of the containers of a View, Filter and folder (the AI Analysis Details grid), sorted, searched and
  paged on the server so a script can read a 150,000-container fleet page by page (total says how many).
  """
  getContainerDetailsByViewAndFilter(${SCOPE_ARGS}
    """The page, from 1; default 1."""
    page: Int
    """Rows per page, 1 to ${MAX_PAGE_SIZE}; default 50."""
    pageSize: Int
    """The field to sort by; default containerName. One of: ${Object.keys(SORTABLE_FIELDS).join(", ")}. Nulls sort last; ties by entityId."""
    sortField: String
    """asc (default) or desc."""
    sortDirection: String
    """Case-insensitive text in the container name, pod owner name, namespace or cluster."""
    search: String
    """Only the rows behind one figure of the summary: a built-in grid view id: ${Object.keys(GRID_VIEW_CONDITIONS).join(", ")}."""
    gridViewId: String
    """With bucket: only the rows in one bucket of this histogram (CPU_REQUEST, CPU_LIMIT, MEM_REQUEST or MEM_LIMIT)."""
    chartingEntry: String
    """With chartingEntry: the histogram bucket (-1 for Unspecified)."""
    bucket: Int
  ): ContainerRowsPage!
  """Why one container's recommendation is what it is; null when the container is unknown or nothing is analysed yet."""
  getContainerRecommendationWhy(
    """The container's id."""
    entityId: String!
  ): RecommendationWhy
  """One container's row in the current analysis; null when there is none."""
  getContainerDetailsForEntity(
    """The container's id."""
    entityId: String!
  ): ContainerRow
}
`;
