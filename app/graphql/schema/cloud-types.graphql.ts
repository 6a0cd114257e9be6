/**
 * The cloud API's record types (spec document 3, section 3): the folder summary, the services grid's row, the
 * Catalog Map's domain, scores and instance info, and the entity analysis result, field for field with the spec's
 * names. Money in $ per month of 730 hours at the predicted uptime, memory in GiB, utilisation in %.
 */
type Field = readonly [name: string, type: string, description: string];

export const fields = (list: readonly Field[]) => list.map(([name, type, d]) => `  """${d}"""\n  ${name}: ${type}`).join("\n");

const SUMMARY: readonly Field[] = [
  ["ec2Service", "Int!", "EC2 instances (standalone)."],
  ["rdsService", "Int!", "RDS database instances."],
  ["asgService", "Int!", "Auto Scaling groups (each one service)."],
  ["azureVmService", "Int!", "Azure virtual machines (standalone)."],
  ["azureVmssService", "Int!", "Azure VM scale sets (each one service)."],
  ["gceService", "Int!", "Compute Engine instances."],
  ["awsTotalService", "Int!", "AWS services: EC2 + RDS + ASG."],
  ["azureTotalService", "Int!", "Azure services: VM + VMSS."],
  ["gcpTotalService", "Int!", "GCP services: Compute Engine."],
  ["awsTotalOptimalService", "Int!", "AWS services after the recommendations: awsTotalService less its Terminate count."],
  ["azureTotalOptimalService", "Int!", "Azure services less its Terminate count."],
  ["gcpTotalOptimalService", "Int!", "GCP services less its Terminate count."],
  ["awsTotalCurCost", "Float!", "AWS current spend ($/month)."],
  ["azureTotalCurCost", "Float!", "Azure current spend ($/month)."],
  ["gcpTotalCurCost", "Float!", "GCP current spend ($/month)."],
  ["awsTotalOptimalCost", "Float!", "AWS spend after the recommendations ($/month)."],
  ["azureTotalOptimalCost", "Float!", "Azure spend after the recommendations ($/month)."],
  ["gcpTotalOptimalCost", "Float!", "GCP spend after the recommendations ($/month)."],
  ...(["downscale", "downsize", "terminate", "modernize", "upsize", "upscale", "keep"] as const).map((k): Field => [k, "Int!", `Services recommended ${k[0].toUpperCase()}${k.slice(1)}.`]),
  ["downscaleSavings", "Float!", "Σ (optimal − current) of Downscale: 0 or negative (shown negated as a saving)."],
  ["downsizeSavings", "Float!", "Σ (optimal − current) of Downsize: 0 or negative."],
  ["terminateSavings", "Float!", "Σ (optimal − current) of Terminate: 0 or negative (the whole current cost)."],
  ["modernizeSavings", "Float!", "Σ (optimal − current) of Modernize: 0 or negative."],
  ["upsizeSavings", "Float!", "Σ (optimal − current) of Upsize: 0 or positive (the cost of removing the risk)."],
  ["upscaleSavings", "Float!", "Σ (optimal − current) of Upscale: 0 or positive."],
  ["currentVcpus", "Float!", "vCPUs today, every instance counted (scale groups × their average size)."],
  ["currentMemory", "Float!", "Memory today, GiB, every instance counted."],
  ["recommendedVcpus", "Float!", "vCPUs after the recommendations (Terminate: none; groups × their predicted size)."],
  ["recommendedMemory", "Float!", "Memory after the recommendations, GiB."],
  ["efficiencyRating", "Float!", "Optimal ÷ current cost, 2 decimals; 0 when current is 0. Below 1: waste; above 1: shortfall."],
  ["immediateSavings", "Float!", "terminateSavings + modernizeSavings (0 or negative)."],
  ["additionalWaste", "Float!", "downsizeSavings + downscaleSavings (0 or negative)."],
  ["riskRemovalCost", "Float!", "upsizeSavings + upscaleSavings (0 or positive)."],
  ["services", "Int!", "Every service: the sum of the three provider totals."],
  ["optimalServices", "Int!", "services less the Terminate count."],
  ["estimatedWaste", "Float!", "currentCost − optimalCost: waste when positive, shortfall when negative."],
  ["wastePct", "Float!", "|currentCost − optimalCost| ÷ currentCost × 100 (0 when current is 0): the Waste or Shortfall percentage."],
  ["currentCost", "Float!", "Current spend: the three providers' sum ($/month)."],
  ["optimalCost", "Float!", "Spend after the recommendations: currentCost + immediateSavings + additionalWaste + riskRemovalCost, to the cent."],
  ["upsizeCost", "Float!", "The cost of removing risk (Upsize + Upscale): riskRemovalCost."],
];

const F = "Float";
const S = "String";
const DETAIL: readonly Field[] = [
  ["entityId", "String!", "The service's id (instance id, database id, or the scale group's id)."],
  ["serviceType", "String!", "EC2, RDS, ASG, VM, VMSS or GCE."],
  ["cloudProvider", "String!", "AWS, Azure or GCP."],
  ["accountId", "String!", "Account, subscription or project id."],
  ["accountName", "String!", "Account, subscription or project name."],
  ["envName", S, "The account's environment where its name tells it (prod, stage, dev)."],
  ["igName", S, "The scale group's name (ASG, VMSS); null for a single instance."],
  ["system", "String!", "The service's name."],
  ["vmmObjectId", "String!", "The provider's object id."],
  ["region", "String!", "The region."],
  ["availabilityZone", S, "The zone (a group's zones, comma-separated); null when regional."],
  ["overallStatus", "String!", "Optimal, Idle, Over-provisioned, Under-provisioned, Previous generation, Learning or Not analysed."],
  ["recommendation", "String!", "Terminate, Modernize, Downsize, Downscale, Upsize, Upscale or Keep."],
  ["reasonHtml", "String!", "Why, as text with at most <b> tags."],
  ["existingInstanceType", "String!", "The current instance type."],
  ["recommendedInstanceType", S, "The recommended type; null for Terminate (shown '-')."],
  ["uptimePct", F, "Observed uptime over the analysis window, %."],
  ["currentEstimatedCost", F, "Current cost, $/month at the predicted uptime (× average group size); null when not analysed."],
  ["recommendedEstimatedCost", F, "Recommended cost; null for Terminate and when not analysed."],
  ["estimatedSavings", F, "current − recommended (Terminate: the whole current cost); negative when the service needs more."],
  ["estimatedSavingsPercent", F, "estimatedSavings ÷ current cost × 100."],
  ["estimatedEffort", "String!", "None, Low, Medium or High."],
  ["currentVcpus", F, "vCPUs of the current type."],
  ["recommendedVcpus", F, "vCPUs of the recommended type; null for Terminate."],
  ["currentCint2006Rate", F, "Relative per-vCPU performance estimate of the current type (1.0 = reference): not a SPEC result."],
  ["recommendedCint2006Rate", F, "The same estimate for the recommended type."],
  ["currentMemory", F, "Memory of the current type, GiB."],
  ["recommendedMemory", F, "Memory of the recommended type, GiB; null for Terminate."],
  ["cpuHighPct", F, "Highest 5-minute CPU, %."],
  ["cpuLowPct", F, "Lowest hourly CPU of the learned pattern, %."],
  ["activeMemoryPct", F, "Memory % the sizing used (the policy's metric); null without a memory agent."],
  ["memoryUtilPct", F, "Average memory in use, %; null without a memory agent."],
  ["os", "String!", "Linux or Windows."],
  ["idealCpuAlloc", F, "vCPUs (of the current type's performance) the workload needs."],
  ["idealMemoryAlloc", F, "GiB the workload needs."],
  ["cpuAllocEfficiencyPct", F, "idealCpuAlloc ÷ current vCPUs × 100."],
  ["memoryAllocEfficiencyPct", F, "idealMemoryAlloc ÷ current memory × 100."],
  ["recommendedHostEntityId", S, "Not modelled (the recommendation keeps the service where it is): null."],
  ["configLastChanged", S, "When the instance type last changed (ISO); null when unknown."],
  ["totalHours", F, "Hours in the analysis window."],
  ["uptimeHours", F, "Hours the service ran in the window."],
  ["implementationMethod", "String!", "How the change is made."],
  ["policyName", "String!", "The cloud policy applied."],
  ["orchestrationMode", S, "A scale set's orchestration mode (Uniform, Flexible)."],
  ["profileCount", "Int", "Launch profiles of a scale group (1); null for a single instance."],
  ["scalingMode", S, "dynamic, scheduled or manual (scale groups)."],
  ["scalingPolicy", S, "The scaling policy in words (scale groups)."],
  ["efficiencyRating", F, "Optimal ÷ current cost, 2 decimals."],
  ["ipAddress", S, "Private IP address."],
  ["networkIoMb", F, "The busiest UTC day's network traffic, MB."],
  ["networkIoLimitMb", F, "Not modelled: null."],
  ["networkIoPackets", F, "Not modelled: null."],
  ["riCoverage", F, "% of the hours a reservation covers."],
  ["riConstrained", "Boolean!", "A reservation covers the service (a type change forfeits it)."],
  ["riExpiryDate", S, "When the reservation ends."],
  ["avgGroupSize", F, "Average instances in service (scale groups)."],
  ["minGroupSize", F, "Configured minimum size (scale groups)."],
  ["maxGroupSize", F, "Configured maximum size (scale groups)."],
  ["predictedAvgGroupSize", F, "Average size the workload needs (scale groups)."],
  ["recommMinGroupSize", F, "Recommended minimum size (scale groups)."],
  ["recommMaxGroupSize", F, "Recommended maximum size (scale groups)."],
  ["minMaxGroupSize", "String!", "'Min: x, Max: y', or 'N/A'."],
  ["recommMinMaxGroupSize", "String!", "The recommended sizes as 'Min: x, Max: y', or 'N/A'."],
  ["state", S, "Power state at collection (running, stopped)."],
  ["lifeCycle", S, "on-demand, spot or reserved."],
  ["surplusVcpu", F, "Current vCPUs − idealCpuAlloc (negative: short)."],
  ["surplusMemory", F, "Current GiB − idealMemoryAlloc (negative: short)."],
  ["relearning", "Boolean!", "True while the analysis relearns after an instance type change."],
  ["mlState", "String!", "Learning (relearning) or Ready."],
  ["recommendedCpuPct", F, "The sizing CPU % on the recommended type (or group size); null for Terminate."],
  ["recommendedMemPct", F, "The sizing memory % on the recommended type (or group size)."],
  ["startDate", S, "When the service was first seen (ISO)."],
  ["createDate", S, "When the service was created (ISO)."],
  ["k8sClusterPlatform", S, "EKS or AKS for a Kubernetes node group's scale group."],
  ["k8sClusterForwarder", S, "The Kubernetes cluster of a node group's scale group."],
  ["k8sNodeGroup", S, "The Kubernetes node group of a scale group."],
  ["ecsReference", S, "Not modelled: null."],
  ["policyMinDays", F, "Days of data the policy needs before analysing."],
  ["numberOfDaysUntilData", F, "Days until the analysis is ready (relearning or too little data); 0 when ready."],
  ["level", "Int!", "The tree level of the service's folder (its account)."],
  ["fullPath", "String!", "The tree path of the service's folder."],
  ["pricedRegion", S, "The region whose catalog prices were used."],
];

const DOMAIN: readonly Field[] = [
  ["serviceType", "String!", "The catalog: EC2, RDS, VM (Azure) or GCE."],
  ["orderIndex", "Int!", "Position on its axis, from 0."],
  ["label", "String!", "The family (x) or size (y)."],
  ["exotic", "Boolean!", "Every type of the family or size is exotic."],
  ["axis", "String!", "x: an instance family; y: an instance size."],
  ["processorFeature", S, "A family's processor supplier (Intel, AMD, ARM, Other); null for sizes."],
  ["axisKey", "String!", "The family or size key."],
  ["instanceSizes", "String!", "JSON map: for a family, size → type; for a size, family → type."],
  ["instanceTypes", "[String!]!", "The types of the family or size."],
];

const INFO: readonly Field[] = [
  ["instanceType", "String!", "The type."],
  ["processorFeatures", "String!", "Processor supplier and model."],
  ["architecture", "String!", "x86_64, arm64…"],
  ["numCpus", "Float!", "vCPUs."],
  ["totalMemory", "Float!", "Memory, GiB."],
  ["generationName", "String!", "The instance family."],
  ["instanceSize", "String!", "The size."],
  ["cost", F, "$/month at the service's predicted uptime (× average group size), to the cent; null when not offered in the region."],
  ["recommendedInstanceCost", F, "The recommended type's cost; null for Terminate."],
  ["savings", F, "Current cost − this type's cost (positive: cheaper than now)."],
  ["blendedScore", "Int", "0 insufficient, 1–49 incompatible, 50–100 compatible (100 the optimal); null when not offered or hidden (Terminate)."],
  ["gpuCount", "Float!", "GPUs."],
  ["gpuMemory", "Float!", "GPU memory, GiB."],
  ["gpuName", S, "GPU model."],
  ["overallResult", "String!", "Not available in region, Insufficient Resources, Technically Incompatible, Outside Spend Tolerance or Meets All Policies."],
  ["withinSpendTolerance", "Boolean!", "Cost × uptime ≤ tolerance × optimal cost (always, for a negative tolerance)."],
  ["technicallyCompatible", "Boolean!", "Offered and compatible with the workload."],
  ["sufficientResources", "Boolean!", "Enough CPU and memory for the workload."],
  ["technicalCompatibleViolationDescriptions", "[String!]!", "Why it is not compatible."],
  ["sufficientResourceViolationDescriptions", "[String!]!", "What it is short of."],
  ["spendToleranceDescriptions", "[String!]!", "Its cost against the optimal at the tolerance."],
];

const RESULT: readonly Field[] = [
  ["platform", "String!", "AWS, Azure or GCP."],
  ["vmEntityId", "String!", "The service's id."],
  ["serviceType", "String!", "EC2, RDS, ASG, VM, VMSS or GCE."],
  ["hostEntityId", S, "The catalog entry the service runs on: its instance type."],
  ["regionId", "String!", "The region."],
  ["instanceType", "String!", "The current instance type."],
  ["cost", F, "Current cost, $/month; null when not analysed."],
  ["recommendedHostEntityId", S, "The recommended catalog entry: the recommended type; null for Terminate."],
  ["recommendedRegionId", "String!", "The recommended region: the same region."],
  ["recommendedInstanceType", S, "The recommended type; null for Terminate."],
  ["recommendedCost", F, "Recommended cost; null for Terminate."],
  ["analysisScore", "Int", "The current type's blended score; null for Terminate or when not scored."],
  ["observedUptime", "Float!", "Observed uptime, %."],
  ["predictedUptime", "Float!", "Predicted (recency-weighted) uptime, %: what costs use."],
  ["uptimeHours", "Float!", "Hours the service ran in the window."],
  ["totalHours", "Float!", "Hours in the window."],
  ["recommendationType", "String!", "Terminate, Modernize, Downsize, Downscale, Upsize, Upscale or Keep."],
  ["ageDaysInCloud", F, "Whole days since the service was created; null when unknown."],
  ["blendedScore", "Int", "The recommended type's blended score; null for Terminate or when not scored."],
  ["maxGroupSize", F, "Configured maximum size (scale groups)."],
  ["minGroupSize", F, "Configured minimum size (scale groups)."],
  ["recommendedMaxGroupSize", F, "Recommended maximum size (scale groups)."],
  ["recommendedMinGroupSize", F, "Recommended minimum size (scale groups)."],
  ["newEstimatedUptime", "Float!", "Predicted uptime after the change, %: the schedule is kept, so predictedUptime."],
  ["scalingPolicy", S, "The scaling policy in words (scale groups)."],
];

export const cloudRecordTypeDefs = /* GraphQL */ `
"""
The cloud folder summary (spec document 3, sections 2.3 and 3) of the services under a folder of the cloud tree.
Money in $ per month, summed in whole cents, so currentCost + immediateSavings + additionalWaste + riskRemovalCost =
optimalCost exactly and the provider costs add up to the totals.
"""
type CloudFolderSummary {
${fields(SUMMARY)}
}

"""One row of the cloud services grid and the instance detail (spec section 3, cloudexDetails). Nulls show '-'."""
type CloudexDetail {
${fields(DETAIL)}
  """
  Why its recommendation is what it is (issue 15): the samples and uptime, the statistics, the need per instance,
  the rule that chose the type, the hourly prices with the catalog's source and date, and the costs. Told from the
  stored analysis (no engine run).
  """
  why: [OptimisationWhyStep!]!
}

"""One family (axis x) or size (axis y) of the Catalog Map (spec section 3, "Analysis domain")."""
type AnalysisDomain {
${fields(DOMAIN)}
}

"""Every catalog type's score for one service (spec section 3, "Analysis score")."""
type AnalysisScore {
  """The service's id."""
  entityId: String!
  """BLENDED: scores blend sufficiency, compatibility and cost (section 4's bands)."""
  mode: String!
  """
  JSON map by type name of {generation_name, instance_size, strict_type, blended_score, cost, compatibility, cpu,
  total_memory}; blended_score null for Terminate; null when the service is not scored (not analysed, relearning or
  too little data).
  """
  transferPriorities: String
  """The analysis's end (the current snapshot's window end), ISO."""
  updatedOn: String!
}

"""One type of the comparison grid (Current, Recommended, Selected; spec section 3, "Instance info by type")."""
type InstanceInfo {
${fields(INFO)}
}

"""A processor of a catalog's types: the Catalog Map's "Highlight Instance Features" choices."""
type ProcessorFeature {
  """The catalog: EC2, RDS, VM (Azure) or GCE."""
  serviceType: String!
  """The processor model where the catalog names it, else its supplier."""
  feature: String!
  """Intel, AMD, ARM or Other."""
  supplier: String!
  """The types with this processor, sorted."""
  instanceTypes: [String!]!
}

"""One service's analysis (spec section 3, "Entity analysis result"). Percentages 0–100."""
type EntityAnalysisResult {
${fields(RESULT)}
}
`;
