/**
 * The `container_analysis` row of one container (migration 004): built from the engine's ContainerAnalysis, the
 * container's events and its node group's facts. Pure, so it runs in the worker threads as well as in-process.
 */
import type { ContainerAnalysis } from "~/engine/containers";
import type { GpuRecommendation } from "~/engine/containers/gpu";
import type { ContainerAnalysisTable, ContainerTable, Flag } from "~/db/schema";
import type { ContainerEvents } from "~/engine/source-contract";

/** Every column of container_analysis, in the order rows travel and are inserted (snapshot_id first). */
export const ANALYSIS_COLUMNS = [
  "snapshot_id",
  "container_id",
  "analysed",
  "not_analysed_reason",
  "policy_name",
  "recommendation",
  "current_count",
  "existing_cpu_request",
  "existing_cpu_limit",
  "existing_mem_request",
  "existing_mem_limit",
  "rec_cpu_request",
  "rec_cpu_limit",
  "rec_mem_request",
  "rec_mem_limit",
  "badge_cpu_request",
  "badge_cpu_limit",
  "badge_mem_request",
  "badge_mem_limit",
  "cpu_request_vs_pct",
  "cpu_limit_vs_pct",
  "mem_request_vs_pct",
  "mem_limit_vs_pct",
  "bucket_cpu_request",
  "bucket_cpu_limit",
  "bucket_mem_request",
  "bucket_mem_limit",
  "cpu_min",
  "cpu_avg",
  "cpu_sustained",
  "cpu_peak",
  "cpu_p95",
  "mem_min",
  "mem_avg",
  "mem_sustained",
  "mem_peak",
  "sample_count",
  "running_hours",
  "total_hours",
  "hours_of_data",
  "qualifying_days",
  "cpu_current",
  "cpu_recommended",
  "cpu_unspecified",
  "cpu_spare",
  "cpu_deficit",
  "cpu_current_cost",
  "cpu_recommended_cost",
  "cpu_unspecified_cost",
  "cpu_spare_cost",
  "cpu_deficit_cost",
  "cpu_realizable_gain",
  "cpu_additional_waste",
  "mem_current",
  "mem_recommended",
  "mem_unspecified",
  "mem_spare",
  "mem_deficit",
  "mem_current_cost",
  "mem_recommended_cost",
  "mem_unspecified_cost",
  "mem_spare_cost",
  "mem_deficit_cost",
  "mem_realizable_gain",
  "mem_additional_waste",
  "current_cost",
  "recommended_cost",
  "unspecified_cost",
  "spare_cost",
  "deficit_cost",
  "realizable_gain",
  "additional_waste",
  "net_savings",
  "efficiency_rating",
  "monthly_waste",
  "at_risk",
  "cents_current",
  "cents_recommended",
  "cents_unspecified",
  "cents_spare",
  "cents_deficit",
  "cents_immediate",
  "cents_additional",
  "has_cpu_throttled_risk",
  "has_cpu_stranded_risk",
  "has_memory_pod_termination_risk",
  "has_memory_stranded_risk",
  "has_memory_process_termination_risk",
  "restarts_last_day",
  "restarts_last_7_days",
  "memory_limit_event_last_day",
  "memory_limit_event_last_7_days",
  "oom_kills",
  "throttle_events",
  "has_cpu_saturation",
  "has_mem_saturation",
  "cpu_saturation_node_pct",
  "mem_saturation_node_pct",
  "primary_constraint",
  "notes",
  "gpu_request",
  "existing_gpu_request",
  "total_existing_gpu_request",
  "gpu_memory",
  "total_gpu_memory",
] as const satisfies readonly (keyof ContainerAnalysisTable)[];

// Compile-time check that no column of the table is missing from the list.
type Missing = Exclude<keyof ContainerAnalysisTable, (typeof ANALYSIS_COLUMNS)[number]>;
const _allColumns: Missing extends never ? true : Missing = true;
void _allColumns;

/** Where the waterfall's cents sit in a row's values (for the run's totals without re-reading rows). */
export const CENTS_INDEX = {
  current: ANALYSIS_COLUMNS.indexOf("cents_current"),
  recommended: ANALYSIS_COLUMNS.indexOf("cents_recommended"),
  unspecified: ANALYSIS_COLUMNS.indexOf("cents_unspecified"),
  spare: ANALYSIS_COLUMNS.indexOf("cents_spare"),
  deficit: ANALYSIS_COLUMNS.indexOf("cents_deficit"),
  immediate: ANALYSIS_COLUMNS.indexOf("cents_immediate"),
  additional: ANALYSIS_COLUMNS.indexOf("cents_additional"),
} as const;
export const ANALYSED_INDEX = ANALYSIS_COLUMNS.indexOf("analysed");

/** A node group's facts that reach its containers' rows (node-groups.ts). */
export interface GroupFacts {
  /** CPU stranded: memory requests fill the group while CPU sits idle (memNodeBalanceRatio at or above its threshold). */
  strandedCpu: boolean;
  /** Memory stranded: CPU requests fill the group while memory sits idle (cpuNodeBalanceRatio at or above its threshold). */
  strandedMem: boolean;
  primaryConstraint: "Cpu Request" | "Memory Request" | "Memory Utilization" | null;
  cpuSaturationNodePct: number | null;
  memSaturationNodePct: number | null;
  hasCpuSaturation: boolean;
  hasMemSaturation: boolean;
}

export interface RowInput {
  container: Pick<ContainerTable, "id" | "replicas" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit">;
  policyName: string;
  analysis: ContainerAnalysis;
  /** Events over the last 7 days, the last day and the policy's window. */
  events7: ContainerEvents;
  eventsDay: ContainerEvents;
  eventsWindow: ContainerEvents;
  /** Raw 5-minute samples in the last 7 days (running hours = samples × 5 min). */
  samples7: number;
  group: GroupFacts | null;
  /** GPU values; null for a container without GPU samples. */
  gpu: GpuRecommendation | null;
}

const flag = (b: boolean | null | undefined): Flag => (b ? 1 : 0);

/** The row of one container, without snapshot_id. */
export function analysisRow(input: RowInput): Omit<ContainerAnalysisTable, "snapshot_id"> {
  const { container: c, analysis: a, group: g } = input;
  const r = a.result;
  const rec = r.analysed ? r : null;
  const costs = a.costs;
  const risks = a.risks;
  return {
    container_id: c.id,
    analysed: flag(r.analysed),
    not_analysed_reason: r.analysed ? null : r.reason,
    policy_name: input.policyName,
    recommendation: rec ? rec.label : null,
    current_count: c.replicas,
    existing_cpu_request: c.cpu_request,
    existing_cpu_limit: c.cpu_limit,
    existing_mem_request: c.mem_request,
    existing_mem_limit: c.mem_limit,
    rec_cpu_request: rec ? rec.recommended.cpuRequest : null,
    rec_cpu_limit: rec ? rec.recommended.cpuLimit : null,
    rec_mem_request: rec ? rec.recommended.memRequest : null,
    rec_mem_limit: rec ? rec.recommended.memLimit : null,
    badge_cpu_request: rec ? rec.badges.cpuRequest : null,
    badge_cpu_limit: rec ? rec.badges.cpuLimit : null,
    badge_mem_request: rec ? rec.badges.memRequest : null,
    badge_mem_limit: rec ? rec.badges.memLimit : null,
    cpu_request_vs_pct: rec ? rec.percentOfRecommended.cpuRequest : null,
    cpu_limit_vs_pct: rec ? rec.percentOfRecommended.cpuLimit : null,
    mem_request_vs_pct: rec ? rec.percentOfRecommended.memRequest : null,
    mem_limit_vs_pct: rec ? rec.percentOfRecommended.memLimit : null,
    bucket_cpu_request: a.buckets ? a.buckets.cpuRequest : null,
    bucket_cpu_limit: a.buckets ? a.buckets.cpuLimit : null,
    bucket_mem_request: a.buckets ? a.buckets.memRequest : null,
    bucket_mem_limit: a.buckets ? a.buckets.memLimit : null,
    cpu_min: rec ? rec.cpu.min : null,
    cpu_avg: rec ? rec.cpu.avg : null,
    cpu_sustained: rec ? rec.cpu.sustained : null,
    cpu_peak: rec ? rec.cpu.peak : null,
    cpu_p95: rec ? rec.cpuP95 : null,
    mem_min: rec ? rec.mem.min : null,
    mem_avg: rec ? rec.mem.avg : null,
    mem_sustained: rec ? rec.mem.sustained : null,
    mem_peak: rec ? rec.mem.peak : null,
    sample_count: r.window.sampleCount,
    running_hours: (input.samples7 * 5) / 60,
    total_hours: 7 * 24,
    hours_of_data: r.window.hoursOfData,
    qualifying_days: r.window.qualifyingDays,
    cpu_current: costs ? costs.cpu.current : null,
    cpu_recommended: costs ? costs.cpu.recommended : null,
    cpu_unspecified: costs ? costs.cpu.unspecified : null,
    cpu_spare: costs ? costs.cpu.spare : null,
    cpu_deficit: costs ? costs.cpu.deficit : null,
    cpu_current_cost: costs ? costs.cpu.currentCost : null,
    cpu_recommended_cost: costs ? costs.cpu.recommendedCost : null,
    cpu_unspecified_cost: costs ? costs.cpu.unspecifiedCost : null,
    cpu_spare_cost: costs ? costs.cpu.spareCost : null,
    cpu_deficit_cost: costs ? costs.cpu.deficitCost : null,
    cpu_realizable_gain: costs ? costs.cpu.realizableGain : null,
    cpu_additional_waste: costs ? costs.cpu.additionalWaste : null,
    mem_current: costs ? costs.mem.current : null,
    mem_recommended: costs ? costs.mem.recommended : null,
    mem_unspecified: costs ? costs.mem.unspecified : null,
    mem_spare: costs ? costs.mem.spare : null,
    mem_deficit: costs ? costs.mem.deficit : null,
    mem_current_cost: costs ? costs.mem.currentCost : null,
    mem_recommended_cost: costs ? costs.mem.recommendedCost : null,
    mem_unspecified_cost: costs ? costs.mem.unspecifiedCost : null,
    mem_spare_cost: costs ? costs.mem.spareCost : null,
    mem_deficit_cost: costs ? costs.mem.deficitCost : null,
    mem_realizable_gain: costs ? costs.mem.realizableGain : null,
    mem_additional_waste: costs ? costs.mem.additionalWaste : null,
    current_cost: costs ? costs.currentCost : null,
    recommended_cost: costs ? costs.recommendedCost : null,
    unspecified_cost: costs ? costs.unspecifiedCost : null,
    spare_cost: costs ? costs.spareCost : null,
    deficit_cost: costs ? costs.deficitCost : null,
    realizable_gain: costs ? costs.realizableGain : null,
    additional_waste: costs ? costs.additionalWaste : null,
    // What applying every recommendation saves per month: current − recommended (negative when it costs more,
    // e.g. setting unset requests), in cents first like every money figure.
    net_savings: costs ? (costs.cents.current - costs.cents.recommended) / 100 : null,
    efficiency_rating: costs ? costs.efficiencyRating : null,
    monthly_waste: costs ? costs.monthlyWaste : null,
    at_risk: costs ? flag(costs.atRisk) : null,
    cents_current: costs ? costs.cents.current : null,
    cents_recommended: costs ? costs.cents.recommended : null,
    cents_unspecified: costs ? costs.cents.unspecified : null,
    cents_spare: costs ? costs.cents.spare : null,
    cents_deficit: costs ? costs.cents.deficit : null,
    cents_immediate: costs ? costs.cents.immediate : null,
    cents_additional: costs ? costs.cents.additional : null,
    has_cpu_throttled_risk: flag(risks.hasCpuThrottledRisk),
    has_cpu_stranded_risk: flag(risks.hasCpuStrandedRisk),
    has_memory_pod_termination_risk: flag(risks.hasMemoryPodTerminationRisk),
    has_memory_stranded_risk: flag(risks.hasMemoryStrandedRisk),
    has_memory_process_termination_risk: flag(risks.hasMemoryProcessTerminationRisk),
    restarts_last_day: input.eventsDay.restarts,
    restarts_last_7_days: input.events7.restarts,
    memory_limit_event_last_day: input.eventsDay.oomKills,
    memory_limit_event_last_7_days: input.events7.oomKills,
    oom_kills: input.eventsWindow.oomKills,
    throttle_events: input.eventsWindow.throttleEvents,
    has_cpu_saturation: flag(g?.hasCpuSaturation),
    has_mem_saturation: flag(g?.hasMemSaturation),
    cpu_saturation_node_pct: g ? g.cpuSaturationNodePct : null,
    mem_saturation_node_pct: g ? g.memSaturationNodePct : null,
    primary_constraint: g ? g.primaryConstraint : null,
    notes: JSON.stringify(r.notes),
    gpu_request: input.gpu ? input.gpu.gpuRequest : null,
    existing_gpu_request: input.gpu ? input.gpu.existingGpuRequest : null,
    total_existing_gpu_request: input.gpu ? input.gpu.totalExistingGpuRequest : null,
    gpu_memory: input.gpu ? input.gpu.gpuMemory : null,
    total_gpu_memory: input.gpu ? input.gpu.totalGpuMemory : null,
  };
}

/** A row's values in ANALYSIS_COLUMNS order, snapshot_id left null for the writer to fill. */
export function rowValues(row: Omit<ContainerAnalysisTable, "snapshot_id">): unknown[] {
  const out: unknown[] = new Array(ANALYSIS_COLUMNS.length);
  out[0] = null;
  const rec = row as unknown as Record<string, unknown>;
  for (let i = 1; i < ANALYSIS_COLUMNS.length; i++) out[i] = rec[ANALYSIS_COLUMNS[i]];
  return out;
}
