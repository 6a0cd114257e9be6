/**
 * Row types of every table, the one source of truth for the query layer (Kysely).
 * Booleans are stored as 0/1 integers and timestamps as ISO-8601 text in both SQLite and PostgreSQL so that
 * the same queries and the same comparisons behave identically on either store.
 */
import type { CloudAnalysisFlagColumn, CloudAnalysisNumberColumn, CloudAnalysisTextColumn } from "./cloud-analysis-columns";
import type { Generated } from "kysely";

export type Flag = 0 | 1;

export interface AppUserTable {
  id: string;
  user_name: string;
  email: string;
  password_hash: string;
  is_admin: Flag;
  is_saas_user_admin: Flag;
  is_saas_audit_admin: Flag;
  created_at: string;
}

export interface UserSessionTable {
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

export interface ApiTokenTable {
  token_hash: string;
  user_id: string;
  name: string;
  created_at: string;
  /** Migration 010: every token expires (tokens made before it got 90 days from the upgrade). */
  expires_at: string | null;
  /** When a request last used it (written at most once a minute per token). */
  last_used_at: string | null;
}

/**
 * rate-limiter-flexible's counters (app/models/rate-limit-store.server.ts): consumed points per key until expire
 * (milliseconds since the epoch; null: never).
 */
export interface SignInLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface FeatureFlagTable {
  name: string;
  enabled: Flag;
}

export interface K8sClusterTable {
  name: string;
  provider: string;
  region: string;
}

/** One container of a workload (a pod owner's container spec, all replicas together). Units: mCores and MB. */
export interface ContainerTable {
  id: string;
  cluster: string;
  namespace: string;
  pod_owner_kind: string;
  pod_owner_name: string;
  container_name: string;
  node_group: string;
  policy: string;
  replicas: number;
  cpu_request: number | null;
  cpu_limit: number | null;
  mem_request: number | null;
  mem_limit: number | null;
  first_seen: string;
  last_seen: string;
}

/** The inventory fields the container analysis reads (what travels to a worker thread, what a what-if reads). */
export type AnalysisContainer = Pick<
  ContainerTable,
  "id" | "cluster" | "namespace" | "pod_owner_kind" | "pod_owner_name" | "node_group" | "policy" | "replicas" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit" | "first_seen"
>;

export interface ContainerAttributeTable {
  container_id: string;
  attr_key: string;
  value: string;
}

export interface NodeGroupTable {
  id: string;
  cluster: string;
  name: string;
  instance_type: string;
  node_count: number;
}

export interface NodeTable {
  id: string;
  cluster: string;
  node_group: string;
  name: string;
  instance_type: string;
  cpu_capacity: number;
  mem_capacity: number;
  pod_capacity: number;
  cpu_allocatable: number;
  mem_allocatable: number;
}

/**
 * One cloud instance (a scale group's member too). Migration 008 added the facts from `group_id` on; they are null
 * where a source does not know them (and on rows collected before it). hourly_price is the on-demand list price
 * (with the Windows licence on Windows), whatever the life cycle: spot and reserved instances pay less.
 */
export interface CloudInstanceTable {
  id: string;
  provider: string;
  region: string;
  account_id: string;
  account_name: string;
  service: string;
  name: string;
  instance_type: string;
  vcpus: number;
  memory_mb: number;
  hourly_price: number;
  group_name: string | null;
  /** The scale group's id (cloud_scale_group.id) for a member of an ASG or VMSS. */
  group_id: string | null;
  /** "Linux" or "Windows". */
  os: string | null;
  /** When the instance was launched (ISO). */
  created_at: string | null;
  /** "running" or "stopped" at collection. */
  power_state: string | null;
  /** "on-demand", "spot" or "reserved" (a reservation covers it). */
  life_cycle: string | null;
  /** % of the instance's hours covered by a reservation (reserved instances, savings plans), and its end (YYYY-MM-DD). */
  ri_coverage: number | null;
  ri_expiry: string | null;
  /** As the provider reports it: us-east-1b, us-central1-c, or an Azure zone number ("2"); null when regional. */
  availability_zone: string | null;
  private_ip: string | null;
  /** The latest change of instance type: the type before it and when it happened (ISO); null when none is known. */
  previous_instance_type: string | null;
  instance_type_changed_at: string | null;
  /** 1 when memory is monitored (an agent on EC2 and Compute Engine; always on Azure and RDS). */
  memory_metrics: Flag | null;
}

/**
 * One scale group (migration 008): an AWS Auto Scaling Group or an Azure VM Scale Set, analysed as one service.
 * Its members are the cloud_instance rows with its id as group_id, those in service at collection. Sizes are at
 * collection; their history is the source's groupSizeSamples(id). Prices per instance, as on cloud_instance.
 */
export interface CloudScaleGroupTable {
  /** The ASG's ARN, or the scale set's resource id. */
  id: string;
  provider: string;
  region: string;
  account_id: string;
  account_name: string;
  /** "ASG" or "VMSS". */
  service: string;
  name: string;
  instance_type: string;
  vcpus: number;
  memory_mb: number;
  hourly_price: number;
  os: string;
  created_at: string;
  /** "on-demand", "spot" or "reserved" (reservations cover some of its instances: ri_coverage %). */
  life_cycle: string;
  ri_coverage: number | null;
  ri_expiry: string | null;
  min_size: number;
  max_size: number;
  desired_size: number;
  in_service: number;
  /** "dynamic" (a metric-driven policy), "scheduled" (scheduled actions) or "manual" (a fixed count). */
  scaling_mode: string;
  /** The policy in words ("Target tracking: average CPU 50 %"); null for a manual group. */
  scaling_policy: string | null;
  /** A scale set's orchestration mode, "Uniform" or "Flexible"; null for an ASG. */
  orchestration_mode: string | null;
  /** Zones the group spreads over, comma-separated. */
  availability_zones: string;
  /** For the nodes of a Kubernetes node group: "EKS" or "AKS", the cluster and the node group's name. */
  k8s_cluster_platform: string | null;
  k8s_cluster: string | null;
  k8s_node_group: string | null;
  previous_instance_type: string | null;
  instance_type_changed_at: string | null;
  memory_metrics: Flag;
}

/** One analysed cloud service per snapshot (migration 009; columns in cloud-analysis-columns.ts). */
export type CloudAnalysisTable = { snapshot_id: string; service_id: string } & Record<CloudAnalysisTextColumn, string | null> &
  Record<CloudAnalysisFlagColumn, Flag> &
  Record<CloudAnalysisNumberColumn, number | null>;

/**
 * The analysed unit of the cloud screens (a view, migration 009): each standalone instance, and each scale group in
 * place of its members, with the facts both kinds share (a group's sizes; an instance's address and power state).
 */
export interface CloudServiceView {
  id: string;
  /** "instance" or "group". */
  kind: string;
  provider: string;
  region: string;
  account_id: string;
  account_name: string;
  service: string;
  name: string;
  instance_type: string;
  vcpus: number;
  memory_mb: number;
  hourly_price: number;
  os: string | null;
  created_at: string | null;
  power_state: string | null;
  life_cycle: string | null;
  ri_coverage: number | null;
  ri_expiry: string | null;
  availability_zone: string | null;
  private_ip: string | null;
  previous_instance_type: string | null;
  instance_type_changed_at: string | null;
  memory_metrics: Flag | null;
  min_size: number | null;
  max_size: number | null;
  desired_size: number | null;
  in_service: number | null;
  scaling_mode: string | null;
  scaling_policy: string | null;
  orchestration_mode: string | null;
  k8s_cluster_platform: string | null;
  k8s_cluster: string | null;
  k8s_node_group: string | null;
}

export interface ViewDefTable {
  view_id: string;
  view_type_id: number;
  entity_id: string | null;
  name: string;
  description: string;
  created_by: string;
  updated_by: string;
  public_view: Flag;
  read_only: Flag;
  system_defined: Flag;
  vm_view: Flag;
  platform_type: string;
  ctx: string;
  created_at: string;
  updated_at: string;
}

export interface ViewDetailTable {
  view_detail_id: string;
  view_id: string;
  order_index: number;
  property_key: string;
}

export interface ViewFilterTable {
  view_filter_id: string;
  name: string;
  created_by: string;
  updated_by: string;
  public_filter: Flag;
  read_only: Flag;
  system_defined: Flag;
  platform_type: string;
  ctx: string;
  created_at: string;
  updated_at: string;
}

export interface FilterDetailTable {
  filter_definition_id: string;
  view_filter_id: string;
  order_index: number;
  property_key: string;
  operand: string;
  filter_value: string;
  data_type: string;
  pre_operand1: string;
  pre_operand2: string;
  post_operand1: string;
  post_operand2: string;
  folder_id: number;
  workspace_filter: Flag;
}

/** A user's own default View or Filter per tree context (only the user choosing it sets it). */
export interface UserDefaultTable {
  user_id: string;
  kind: "view" | "filter";
  ctx: string;
  item_id: string;
}

export interface AutomationSettingTable {
  id: Generated<number>;
  ctx: string;
  scope: "entity" | "path";
  target: string;
  enabled: Flag;
  updated_by: string;
  updated_at: string;
}

export interface CollectionRunTable {
  id: string;
  source: string;
  seed: number;
  size: number;
  status: string;
  started_at: string;
  finished_at: string | null;
  container_count: number;
  /** Migration 011: why a failed run failed (null when it completed). */
  error?: string | null;
  /** Migration 011: what the source saw, per cluster (JSON; the Prometheus source's reports). */
  details_json?: string | null;
}

/** Migration 022: a node group's chart series of a snapshot, packed (app/domain/nodes/group-series-pack.ts). */
export interface NodeGroupSeriesTable {
  snapshot_id: string;
  node_group_id: string;
  start_ms: number;
  step_ms: number;
  slots: number;
  used: Buffer;
  runs: Buffer;
}

/**
 * Migration 011: a collection run's stored series (the Prometheus source's 5-minute samples), one row per container
 * or node: little-endian float32 arrays of `slots` values from start_ms every step_ms, NaN where there is no sample.
 */
export interface CollectedSeriesTable {
  run_id: string;
  kind: "container" | "node";
  entity_id: string;
  start_ms: number;
  step_ms: number;
  slots: number;
  cpu: Buffer;
  mem: Buffer;
  restarts: Buffer | null;
  oom: Buffer | null;
  throttled: Buffer | null;
}

/**
 * Migration 011: a cluster's Prometheus connection. The bearer token or basic-auth password is sealed
 * (lib/secret-box.server.ts, bound to the row id and field) and never leaves the server.
 */
export interface ClusterConnectionTable {
  id: string;
  /** The cluster's name in the product (unique). */
  name: string;
  url: string;
  auth_kind: "none" | "bearer" | "basic";
  username: string | null;
  secret_sealed: string | null;
  ca_cert: string | null;
  insecure_skip_verify: Flag;
  /** A multi-tenant store's tenant (Mimir, Cortex): the X-Scope-OrgID header (migration 020). */
  tenant: string | null;
  /** A store holding many clusters: the label naming them, and this cluster's value. */
  cluster_label: string | null;
  cluster_value: string | null;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
  verify_ok: Flag | null;
  verify_message: string | null;
  prometheus_version: string | null;
  cluster_version: string | null;
  first_collection_at: string | null;
  last_collection_at: string | null;
  last_collection_ok: Flag | null;
  last_collection_message: string | null;
  node_count: number | null;
  node_group_count: number | null;
  container_count: number | null;
}

/** Migration 013: one answered AdmissionReview of a cluster's webhook (decision 019). */
export interface AdmissionDecisionTable {
  id: string;
  /** The cluster's name in the product (its connection's name). */
  cluster: string;
  connection_id: string;
  at: string;
  uid: string;
  namespace: string;
  workload_kind: string | null;
  workload_name: string | null;
  /** The pod's name, or its generateName prefix while it has none. */
  pod_name: string;
  /** The containers the patch set, comma-separated ("" when none). */
  containers: string;
  outcome: "applied" | "dry-run" | "skipped" | "error";
  reason: string;
  patch_json: string | null;
  webhook_version: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** A configuration parameter (spec section 3, getParameters): cpu_core_default_cost, memory_gib_default_cost ($ per hour). */
export interface ConfigParameterTable {
  parameter_key: string;
  number_value: number | null;
}

/** One analysis run (app/analysis/run.server.ts). status: running, complete, failed, superseded or abandoned. */
/** One shard of a queued analysis run (decision 028): a cluster (`cluster:<name>`) or the cloud estate (`cloud`). */
export interface AnalysisShardTable {
  snapshot_id: string;
  shard: string;
  /** pending, done or failed. */
  status: string;
  attempts: number;
  /** The worker that committed it (host:pid). */
  worker: string | null;
  container_count: number;
  /** Its counts and totals once done (ShardResult, JSON). */
  result_json: string | null;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface AnalysisSnapshotTable {
  id: string;
  collection_run_id: string | null;
  status: string;
  started_at: string;
  finished_at: string | null;
  /** The analysis "now": the end of every window (ISO). */
  window_end: string;
  container_count: number;
  analysed_count: number;
  ms: number | null;
  /** The parameter values of each policy used, by policy name (JSON). */
  policies_json: string;
  /** The unit prices used, { cpuCoreHour, memoryGbHour } in $ per hour (JSON). */
  prices_json: string;
  error: string | null;
}

/**
 * One container in one analysis snapshot: the container row fields of spec document 2 section 3 that the engine
 * produces. CPU in mCores, memory in MB, money in $ per month; `cpu_current` ... `mem_deficit` are request
 * quantities × current_count; cents_* are the waterfall's whole cents. Costs, buckets and statistics are null for a
 * container that was not analysed. Flags are 0/1.
 */
export interface ContainerAnalysisTable {
  snapshot_id: string;
  container_id: string;
  analysed: Flag;
  not_analysed_reason: string | null;
  policy_name: string;
  recommendation: string | null;
  current_count: number;
  existing_cpu_request: number | null;
  existing_cpu_limit: number | null;
  existing_mem_request: number | null;
  existing_mem_limit: number | null;
  rec_cpu_request: number | null;
  rec_cpu_limit: number | null;
  rec_mem_request: number | null;
  rec_mem_limit: number | null;
  badge_cpu_request: string | null;
  badge_cpu_limit: string | null;
  badge_mem_request: string | null;
  badge_mem_limit: string | null;
  cpu_request_vs_pct: number | null;
  cpu_limit_vs_pct: number | null;
  mem_request_vs_pct: number | null;
  mem_limit_vs_pct: number | null;
  bucket_cpu_request: number | null;
  bucket_cpu_limit: number | null;
  bucket_mem_request: number | null;
  bucket_mem_limit: number | null;
  cpu_min: number | null;
  cpu_avg: number | null;
  cpu_sustained: number | null;
  cpu_peak: number | null;
  cpu_p95: number | null;
  mem_min: number | null;
  mem_avg: number | null;
  mem_sustained: number | null;
  mem_peak: number | null;
  sample_count: number | null;
  running_hours: number | null;
  total_hours: number | null;
  hours_of_data: number | null;
  qualifying_days: number | null;
  cpu_current: number | null;
  cpu_recommended: number | null;
  cpu_unspecified: number | null;
  cpu_spare: number | null;
  cpu_deficit: number | null;
  cpu_current_cost: number | null;
  cpu_recommended_cost: number | null;
  cpu_unspecified_cost: number | null;
  cpu_spare_cost: number | null;
  cpu_deficit_cost: number | null;
  cpu_realizable_gain: number | null;
  cpu_additional_waste: number | null;
  mem_current: number | null;
  mem_recommended: number | null;
  mem_unspecified: number | null;
  mem_spare: number | null;
  mem_deficit: number | null;
  mem_current_cost: number | null;
  mem_recommended_cost: number | null;
  mem_unspecified_cost: number | null;
  mem_spare_cost: number | null;
  mem_deficit_cost: number | null;
  mem_realizable_gain: number | null;
  mem_additional_waste: number | null;
  current_cost: number | null;
  recommended_cost: number | null;
  unspecified_cost: number | null;
  spare_cost: number | null;
  deficit_cost: number | null;
  realizable_gain: number | null;
  additional_waste: number | null;
  net_savings: number | null;
  efficiency_rating: number | null;
  monthly_waste: number | null;
  at_risk: Flag | null;
  cents_current: number | null;
  cents_recommended: number | null;
  cents_unspecified: number | null;
  cents_spare: number | null;
  cents_deficit: number | null;
  cents_immediate: number | null;
  cents_additional: number | null;
  has_cpu_throttled_risk: Flag;
  has_cpu_stranded_risk: Flag;
  has_memory_pod_termination_risk: Flag;
  has_memory_stranded_risk: Flag;
  has_memory_process_termination_risk: Flag;
  restarts_last_day: number;
  restarts_last_7_days: number;
  memory_limit_event_last_day: number;
  memory_limit_event_last_7_days: number;
  oom_kills: number;
  throttle_events: number;
  has_cpu_saturation: Flag;
  has_mem_saturation: Flag;
  cpu_saturation_node_pct: number | null;
  mem_saturation_node_pct: number | null;
  primary_constraint: string | null;
  /** JSON array of the "why" notes. */
  notes: string;
  /** GPU values (migration 007): recommended GPUs and GPU memory (MB) per container, and totals; null without GPU samples. */
  gpu_request: number | null;
  existing_gpu_request: number | null;
  total_existing_gpu_request: number | null;
  gpu_memory: number | null;
  total_gpu_memory: number | null;
}

/**
 * One node in one analysis snapshot (migration 005): the spec's Node entity (document 2, section 3) in snake case,
 * plus the threshold flags the node list filters on. CPU in mCores, memory in MB, utilisation in % of capacity,
 * dates ISO text. Utilisation, dates and pods are null for a node without samples; GPU fields null without a GPU.
 */
export interface NodeAnalysisTable {
  snapshot_id: string;
  node_id: string;
  node_group_id: string | null;
  cluster_name: string;
  node_group_name: string;
  node_name: string;
  instance_type: string;
  cpu_utilization_avg_pct: number | null;
  cpu_utilization_peak_pct: number | null;
  mem_utilization_avg_pct: number | null;
  mem_utilization_peak_pct: number | null;
  node_hours: number;
  age_days: number | null;
  first_seen_date_utc: string | null;
  last_seen_date_utc: string | null;
  max_allowed_pods: number;
  num_pods_avg: number | null;
  num_pods_peak: number | null;
  max_allowed_pods_pct: number | null;
  node_cpu: number;
  node_mem: number;
  capacity_cpu: number;
  capacity_mem: number;
  allocatable_cpu: number;
  allocatable_mem: number;
  gpu_model: string | null;
  node_gpu: number | null;
  allocatable_gpu: number | null;
  gpu_memory_total: number | null;
  gpu_utilization_avg: number | null;
  gpu_mem_utilization_avg: number | null;
  cpu_saturated: Flag;
  mem_saturated: Flag;
  at_max_pod_capacity: Flag;
  /** $ per month (migration 018, decision 026): catalog price × node hours at the window's run rate; null unpriced. */
  monthly_cost: number | null;
  /** $ per month: the node's cost share of its group's estimated waste; null when unknown. */
  monthly_waste: number | null;
}

/**
 * One node group in one analysis snapshot (migration 005): the spec's Node group entity in snake case, plus the
 * health the section 4 rule gives with the default thresholds, its reasons (JSON array), the optimised type and
 * the instance types without a catalog price (JSON array). Money in $ per month.
 */
export interface NodeGroupAnalysisTable {
  snapshot_id: string;
  node_group_id: string;
  cluster_name: string;
  node_group_name: string;
  primary_node_type: string | null;
  unique_node_count: number;
  unique_node_count_last_day: number;
  avg_node_count: number;
  total_node_hours: number;
  cpu_saturation_node_count: number;
  cpu_saturation_node_pct: number;
  cpu_node_balance_ratio: number | null;
  mem_saturation_node_count: number;
  mem_saturation_node_pct: number;
  mem_node_balance_ratio: number | null;
  manifest_count: number;
  manifest_restart_count: number;
  manifest_mem_event_count: number;
  node_cpu: number | null;
  node_mem: number | null;
  max_pod_cap_node_count: number;
  cpu_request_pct: number;
  peak_cpu_utilization: number | null;
  avg_cpu_utilization: number | null;
  mem_request_pct: number;
  peak_mem_utilization: number | null;
  avg_mem_utilization: number | null;
  primary_constraint: string | null;
  current_node_family: string | null;
  optimized_node_family: string | null;
  optimized_node_type: string | null;
  current_estimated_cost: number | null;
  optimized_estimated_cost: number | null;
  estimated_waste_per_month: number | null;
  estimated_waste_percent: number | null;
  manifest_to_opt_count: number;
  surplus_cpu: number;
  surplus_mem: number;
  aggregated_allocatable_cpu: number;
  aggregated_allocatable_mem: number;
  aggregated_capacity_cpu: number;
  aggregated_capacity_mem: number;
  optimized_avg_node_count: number | null;
  health: string;
  health_reasons: string;
  unpriced_instance_types: string;
}

/** A saved grid view (spec document 2, sections 2.9 and 3). grid_state is the JSON of the grid's own URL state. */
export interface GridViewTable {
  id: string;
  grid_id: string;
  title: string;
  /** lower(trim(title)): names are unique case-insensitively. */
  title_key: string;
  grid_state: string;
  /** The built-in view whose rows it shows (e.g. realizable_cpu_saving), if any. */
  based_on: string | null;
  category: "public" | "private";
  path: string;
  owner_id: string;
  /** owner_id for a private view, 'public' for a public one. */
  scope_key: string;
  created_at: string;
  updated_at: string;
}

export interface GridViewFavoriteTable {
  user_id: string;
  grid_id: string;
  view_id: string;
}

/** A cloud connection (migration 012): settings JSON (non-secret), the secrets sealed (lib/secret-box.server.ts). */
export interface CloudConnectionTable {
  id: string;
  /** "AWS", "AZURE" or "GCP". */
  platform: string;
  name: string;
  settings: string;
  sealed_credentials: string;
  last_verified_at: string | null;
  created_by: string;
  created_at: string;
  updated_by: string;
  updated_at: string;
  first_collection_at: string | null;
  last_collection_at: string | null;
  last_service_count: number | null;
  last_attempt_at: string | null;
  /** "complete" or "failed" (the latest attempt). */
  last_status: string | null;
  last_error: string | null;
}

/** One 5-minute utilisation sample of a connection's instance (migration 012); t in ms. */
export interface CloudConnectionSampleTable {
  connection_id: string;
  instance_id: string;
  t: number;
  cpu_pct: number;
  cpu_peak_pct: number;
  mem_pct: number | null;
  net_in_bytes: number;
  net_out_bytes: number;
  net_packets: number;
  disk_read_bytes: number;
  disk_write_bytes: number;
  disk_read_ops: number;
  disk_write_ops: number;
}

/** One 5-minute size sample of a connection's scale group (migration 014); t in ms. */
export interface CloudConnectionGroupSizeTable {
  connection_id: string;
  group_id: string;
  t: number;
  in_service: number;
  desired: number;
  min_size: number;
  max_size: number;
}

/** A stored container policy (migration 016, decision 024): complete parameter values as JSON. */
export interface PolicyTable {
  id: string;
  name: string;
  /** The name trimmed and lower-cased: unique. */
  name_key: string;
  description: string;
  values_json: string;
  /** 1 for the System Default Policy: it cannot be deleted or renamed. */
  is_system: Flag;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/** A policy assigned to a folder of a View: path_json is the folder names below the root (JSON array; [] = the whole View). */
export interface PolicyAssignmentTable {
  id: string;
  policy_id: string;
  view_id: string;
  path_json: string;
  created_at: string;
  created_by: string;
}

/** One change to the policies: who, when, what (detail_json: changed parameters old -> new, or the folder). */
export interface PolicyHistoryTable {
  id: string;
  at: string;
  user_name: string;
  action: string;
  policy_id: string | null;
  policy_name: string;
  detail_json: string;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  api_token: ApiTokenTable;
  sign_in_limit: SignInLimitTable;
  feature_flag: FeatureFlagTable;
  k8s_cluster: K8sClusterTable;
  container: ContainerTable;
  container_attribute: ContainerAttributeTable;
  node_group: NodeGroupTable;
  k8s_node: NodeTable;
  cloud_instance: CloudInstanceTable;
  cloud_scale_group: CloudScaleGroupTable;
  cloud_service: CloudServiceView;
  cloud_analysis: CloudAnalysisTable;
  view_def: ViewDefTable;
  view_detail: ViewDetailTable;
  view_filter: ViewFilterTable;
  filter_detail: FilterDetailTable;
  user_default: UserDefaultTable;
  automation_setting: AutomationSettingTable;
  collection_run: CollectionRunTable;
  collected_series: CollectedSeriesTable;
  cluster_connection: ClusterConnectionTable;
  meta: MetaTable;
  config_parameter: ConfigParameterTable;
  analysis_snapshot: AnalysisSnapshotTable;
  analysis_shard: AnalysisShardTable;
  container_analysis: ContainerAnalysisTable;
  node_analysis: NodeAnalysisTable;
  node_group_analysis: NodeGroupAnalysisTable;
  node_group_series: NodeGroupSeriesTable;
  grid_view: GridViewTable;
  grid_view_favorite: GridViewFavoriteTable;
  cloud_connection: CloudConnectionTable;
  cloud_connection_sample: CloudConnectionSampleTable;
  admission_decision: AdmissionDecisionTable;
  cloud_connection_group_size: CloudConnectionGroupSizeTable;
  policy: PolicyTable;
  policy_assignment: PolicyAssignmentTable;
  policy_history: PolicyHistoryTable;
}
