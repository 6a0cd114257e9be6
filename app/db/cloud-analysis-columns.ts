/**
 * The columns of cloud_analysis (migration 009): one row per analysed cloud service (a standalone instance or a
 * scale group) per snapshot, holding the engine's CloudRecommendation field for field (camelCase → snake_case).
 * Kept here, beside the schema, so the migration, the row type, the writer and the readers share one list.
 */
export const CLOUD_ANALYSIS_TEXT = [
  "service_type",
  "cloud_provider",
  "region",
  "os",
  "recommendation",
  "reason_html",
  "existing_instance_type",
  "recommended_instance_type",
  "estimated_effort",
  "ml_state",
  "priced_region",
  "policy_name",
] as const;

/** 0/1 flags. */
export const CLOUD_ANALYSIS_FLAGS = ["analysed", "relearning", "memory_from_agent"] as const;

export const CLOUD_ANALYSIS_NUMBERS = [
  "uptime_pct",
  "predicted_uptime_pct",
  "total_hours",
  "uptime_hours",
  "current_estimated_cost",
  "recommended_estimated_cost",
  "optimal_cost",
  "estimated_savings",
  "estimated_savings_percent",
  "waste",
  "waste_pct",
  "efficiency_rating",
  "current_vcpus",
  "recommended_vcpus",
  "current_memory",
  "recommended_memory",
  "current_perf_factor",
  "recommended_perf_factor",
  "current_instances",
  "optimal_instances",
  "cpu_high_pct",
  "cpu_low_pct",
  "cpu_sustained_pct",
  "cpu_avg_pct",
  "active_memory_pct",
  "memory_util_pct",
  "ideal_cpu_alloc",
  "ideal_memory_alloc",
  "cpu_alloc_efficiency_pct",
  "memory_alloc_efficiency_pct",
  "surplus_vcpu",
  "surplus_memory",
  "recommended_cpu_pct",
  "recommended_mem_pct",
  "network_io_mb",
  "peak_network_gbps",
  "avg_group_size",
  "min_group_size",
  "max_group_size",
  "predicted_avg_group_size",
  "recomm_min_group_size",
  "recomm_max_group_size",
  "current_score",
  "recommended_score",
  "policy_min_days",
  "number_of_days_until_data",
] as const;

export type CloudAnalysisTextColumn = (typeof CLOUD_ANALYSIS_TEXT)[number];
export type CloudAnalysisFlagColumn = (typeof CLOUD_ANALYSIS_FLAGS)[number];
export type CloudAnalysisNumberColumn = (typeof CLOUD_ANALYSIS_NUMBERS)[number];
