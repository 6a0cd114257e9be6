/**
 * Row types of every table, the one source of truth for the query layer (Kysely).
 * Booleans are stored as 0/1 integers and timestamps as ISO-8601 text in both SQLite and PostgreSQL so that
 * the same queries and the same comparisons behave identically on either store.
 */
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
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  api_token: ApiTokenTable;
  feature_flag: FeatureFlagTable;
  k8s_cluster: K8sClusterTable;
  container: ContainerTable;
  container_attribute: ContainerAttributeTable;
  node_group: NodeGroupTable;
  k8s_node: NodeTable;
  cloud_instance: CloudInstanceTable;
  view_def: ViewDefTable;
  view_detail: ViewDetailTable;
  view_filter: ViewFilterTable;
  filter_detail: FilterDetailTable;
  user_default: UserDefaultTable;
  automation_setting: AutomationSettingTable;
  collection_run: CollectionRunTable;
  meta: MetaTable;
}
