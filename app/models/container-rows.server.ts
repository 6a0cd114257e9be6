/**
 * One container's row of the AI Analysis Details grid and the drawer (spec document 2, section 3's container row):
 * the inventory's fields with the current snapshot's analysis, as stored rows map to it.
 */
import { sql } from "kysely";
import type { Badge, ResourceKey } from "~/engine/containers";
import { policyForContainer } from "~/engine/policy";
import type { Db } from "./treeview-common.server";

export interface ContainerRow {
  entityId: string;
  cluster: string;
  nodeGroupName: string;
  namespace: string;
  controllerType: string;
  podService: string;
  containerName: string;
  policyName: string;
  analysed: boolean;
  notAnalysedReason: string | null;
  recommendation: string | null;
  /** Average running containers over the window. */
  currentCount: number;
  runningHours: number | null;
  totalHours: number | null;
  restartsLastDay: number;
  restartsLast7Days: number;
  memoryLimitEventLastDay: number;
  memoryLimitEventLast7Days: number;
  existingCpuRequest: number | null;
  existingCpuLimit: number | null;
  existingMemRequest: number | null;
  existingMemLimit: number | null;
  /** Recommended values (mCores, MB per container). */
  cpuRequest: number | null;
  cpuLimit: number | null;
  memRequest: number | null;
  memLimit: number | null;
  badges: Record<ResourceKey, Badge> | null;
  cpuRequestVsPct: number | null;
  cpuLimitVsPct: number | null;
  memRequestVsPct: number | null;
  memLimitVsPct: number | null;
  /** Existing − recommended per container (negative: short); null when unset or not analysed. */
  cpuSurplus: number | null;
  cpuLimitSurplus: number | null;
  memSurplus: number | null;
  memLimitSurplus: number | null;
  /** × currentCount: existing requests, spare and shortfall (mCores, MB). */
  totalExistingCpuRequest: number | null;
  totalExistingMemRequest: number | null;
  totalCpuSurplus: number | null;
  totalMemSurplus: number | null;
  totalCpuRequestShortfall: number | null;
  totalMemoryRequestShortfall: number | null;
  buckets: Record<ResourceKey, number> | null;
  cpuMin: number | null;
  cpuAvg: number | null;
  cpuSustained: number | null;
  cpuPeak: number | null;
  cpuP95: number | null;
  memMin: number | null;
  memAvg: number | null;
  memSustained: number | null;
  memPeak: number | null;
  /** $ per month for all the workload's containers (× currentCount). */
  currentCost: number | null;
  recommendedCost: number | null;
  unspecifiedCost: number | null;
  spareCost: number | null;
  deficitCost: number | null;
  cpuCurrentCost: number | null;
  cpuRecommendedCost: number | null;
  cpuUnspecifiedCost: number | null;
  memCurrentCost: number | null;
  memRecommendedCost: number | null;
  memUnspecifiedCost: number | null;
  totalCpuRealizableGain: number | null;
  totalMemoryRealizableGain: number | null;
  totalRealizableGain: number | null;
  additionalCpuWaste: number | null;
  additionalMemoryWaste: number | null;
  /** Current − recommended cost. */
  netSavings: number | null;
  efficiencyRating: number | null;
  monthlyWaste: number | null;
  atRisk: boolean | null;
  hasCpuThrottledRisk: boolean;
  hasCpuStrandedRisk: boolean;
  hasMemoryPodTerminationRisk: boolean;
  hasMemoryStrandedRisk: boolean;
  hasMemoryProcessTerminationRisk: boolean;
  hasCpuSaturation: boolean;
  hasMemSaturation: boolean;
  cpuSaturationNodePct: number | null;
  memSaturationNodePct: number | null;
  primaryConstraint: string | null;
  notes: string[];
  /** The policy's id (policyInstanceId of the policy calls). */
  policyInstanceId: string;
  /** This installation has no workspaces: always null (a dash). */
  workspaceId: string | null;
  /** Samples analysed (5-minute audits in the window). */
  auditCollectionAuditCount: number | null;
  /** Containers running at the last collection (the replicas of its pod owner). */
  lastDayCount: number;
  /** Share of the window the workload was running (running ÷ total hours × 100). */
  predictedUptime: number | null;
  /** When this container's configuration (its requests and limits as collected) was first seen. */
  configLastChanged: string | null;
  /** The row's costs are already totals over its containers (× currentCount): the same figures by their total names. */
  totalCurrentCost: number | null;
  totalNetSavings: number | null;
  /**
   * The nodes of its node group by name: all of them, or, on a grid page, the first NODE_NAMES_SHOWN (nodeCount
   * says how many there are). hostName is the node when the group has only one.
   */
  nodes: string[];
  /** How many nodes its node group has (nodes may hold only the first few). */
  nodeCount: number;
  hostName: string | null;
  /** GPU values (migration 007): null for containers without GPU samples (shown only with the GPU flag). */
  gpuRequest: number | null;
  totalExistingGpuRequest: number | null;
  gpuMemory: number | null;
  totalGpuMemory: number | null;
}

/** The columns of a row: the inventory's with the snapshot's. */
export const ROW_SELECT = sql`c.id as entity_id, c.cluster as c_cluster, c.node_group as c_node_group, c.namespace as c_namespace,
  c.pod_owner_kind as c_kind, c.pod_owner_name as c_owner, c.container_name as c_name, c.replicas as c_replicas, c.first_seen as c_first_seen, a.*`;

export type RawRow = Record<string, unknown>;

const n0 = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const b = (v: unknown) => Number(v) === 1;
const surplus = (existing: number | null, rec: number | null) => (existing !== null && existing > 0 && rec !== null ? existing - rec : null);

export function toRow(r: RawRow): ContainerRow {
  const analysed = b(r.analysed);
  const existing = {
    cpuRequest: n0(r.existing_cpu_request),
    cpuLimit: n0(r.existing_cpu_limit),
    memRequest: n0(r.existing_mem_request),
    memLimit: n0(r.existing_mem_limit),
  };
  const rec = { cpuRequest: n0(r.rec_cpu_request), cpuLimit: n0(r.rec_cpu_limit), memRequest: n0(r.rec_mem_request), memLimit: n0(r.rec_mem_limit) };
  return {
    entityId: String(r.entity_id),
    cluster: String(r.c_cluster),
    nodeGroupName: String(r.c_node_group),
    namespace: String(r.c_namespace),
    controllerType: String(r.c_kind),
    podService: String(r.c_owner),
    containerName: String(r.c_name),
    policyName: String(r.policy_name),
    analysed,
    notAnalysedReason: (r.not_analysed_reason as string | null) ?? null,
    recommendation: (r.recommendation as string | null) ?? null,
    currentCount: Number(r.current_count),
    runningHours: n0(r.running_hours),
    totalHours: n0(r.total_hours),
    restartsLastDay: Number(r.restarts_last_day),
    restartsLast7Days: Number(r.restarts_last_7_days),
    memoryLimitEventLastDay: Number(r.memory_limit_event_last_day),
    memoryLimitEventLast7Days: Number(r.memory_limit_event_last_7_days),
    existingCpuRequest: existing.cpuRequest,
    existingCpuLimit: existing.cpuLimit,
    existingMemRequest: existing.memRequest,
    existingMemLimit: existing.memLimit,
    cpuRequest: rec.cpuRequest,
    cpuLimit: rec.cpuLimit,
    memRequest: rec.memRequest,
    memLimit: rec.memLimit,
    badges: analysed
      ? {
          cpuRequest: r.badge_cpu_request as Badge,
          cpuLimit: r.badge_cpu_limit as Badge,
          memRequest: r.badge_mem_request as Badge,
          memLimit: r.badge_mem_limit as Badge,
        }
      : null,
    cpuRequestVsPct: n0(r.cpu_request_vs_pct),
    cpuLimitVsPct: n0(r.cpu_limit_vs_pct),
    memRequestVsPct: n0(r.mem_request_vs_pct),
    memLimitVsPct: n0(r.mem_limit_vs_pct),
    cpuSurplus: surplus(existing.cpuRequest, rec.cpuRequest),
    cpuLimitSurplus: surplus(existing.cpuLimit, rec.cpuLimit),
    memSurplus: surplus(existing.memRequest, rec.memRequest),
    memLimitSurplus: surplus(existing.memLimit, rec.memLimit),
    totalExistingCpuRequest: n0(r.cpu_current),
    totalExistingMemRequest: n0(r.mem_current),
    totalCpuSurplus: n0(r.cpu_spare),
    totalMemSurplus: n0(r.mem_spare),
    totalCpuRequestShortfall: n0(r.cpu_deficit),
    totalMemoryRequestShortfall: n0(r.mem_deficit),
    buckets: analysed
      ? {
          cpuRequest: Number(r.bucket_cpu_request),
          cpuLimit: Number(r.bucket_cpu_limit),
          memRequest: Number(r.bucket_mem_request),
          memLimit: Number(r.bucket_mem_limit),
        }
      : null,
    cpuMin: n0(r.cpu_min),
    cpuAvg: n0(r.cpu_avg),
    cpuSustained: n0(r.cpu_sustained),
    cpuPeak: n0(r.cpu_peak),
    cpuP95: n0(r.cpu_p95),
    memMin: n0(r.mem_min),
    memAvg: n0(r.mem_avg),
    memSustained: n0(r.mem_sustained),
    memPeak: n0(r.mem_peak),
    currentCost: n0(r.current_cost),
    recommendedCost: n0(r.recommended_cost),
    unspecifiedCost: n0(r.unspecified_cost),
    spareCost: n0(r.spare_cost),
    deficitCost: n0(r.deficit_cost),
    cpuCurrentCost: n0(r.cpu_current_cost),
    cpuRecommendedCost: n0(r.cpu_recommended_cost),
    cpuUnspecifiedCost: n0(r.cpu_unspecified_cost),
    memCurrentCost: n0(r.mem_current_cost),
    memRecommendedCost: n0(r.mem_recommended_cost),
    memUnspecifiedCost: n0(r.mem_unspecified_cost),
    totalCpuRealizableGain: n0(r.cpu_realizable_gain),
    totalMemoryRealizableGain: n0(r.mem_realizable_gain),
    totalRealizableGain: n0(r.realizable_gain),
    additionalCpuWaste: n0(r.cpu_additional_waste),
    additionalMemoryWaste: n0(r.mem_additional_waste),
    netSavings: n0(r.net_savings),
    efficiencyRating: n0(r.efficiency_rating),
    monthlyWaste: n0(r.monthly_waste),
    atRisk: r.at_risk === null || r.at_risk === undefined ? null : b(r.at_risk),
    hasCpuThrottledRisk: b(r.has_cpu_throttled_risk),
    hasCpuStrandedRisk: b(r.has_cpu_stranded_risk),
    hasMemoryPodTerminationRisk: b(r.has_memory_pod_termination_risk),
    hasMemoryStrandedRisk: b(r.has_memory_stranded_risk),
    hasMemoryProcessTerminationRisk: b(r.has_memory_process_termination_risk),
    hasCpuSaturation: b(r.has_cpu_saturation),
    hasMemSaturation: b(r.has_mem_saturation),
    cpuSaturationNodePct: n0(r.cpu_saturation_node_pct),
    memSaturationNodePct: n0(r.mem_saturation_node_pct),
    primaryConstraint: (r.primary_constraint as string | null) ?? null,
    notes: JSON.parse(String(r.notes ?? "[]")) as string[],
    // A shipped policy's id (the stored ones keep it); a policy made by a user is found by its name (policyById).
    policyInstanceId: policyIdOrName(String(r.policy_name)),
    workspaceId: null,
    auditCollectionAuditCount: n0(r.sample_count),
    // Whole containers (the schema's Int): Jobs and autoscaled workloads average a fractional number of copies.
    lastDayCount: Math.round(Number(r.c_replicas ?? 0)),
    predictedUptime: n0(r.total_hours) ? (Number(r.running_hours ?? 0) / Number(r.total_hours)) * 100 : null,
    configLastChanged: (r.c_first_seen as string | null) ?? null,
    totalCurrentCost: n0(r.current_cost),
    totalNetSavings: n0(r.net_savings),
    nodes: [],
    nodeCount: 0,
    hostName: null,
    gpuRequest: n0(r.gpu_request),
    totalExistingGpuRequest: n0(r.total_existing_gpu_request),
    gpuMemory: n0(r.gpu_memory),
    totalGpuMemory: n0(r.total_gpu_memory),
  };
}

/** Where withNodes may keep what it read: the store (`owner`, the base connection, not a transaction) and the inventory it read (inventoryKey). */
export interface NodeNamesCache {
  owner: Db;
  inventory: string;
}

/** Node groups' first names and counts kept per store for one inventory; a group is a few short strings. */
const NODE_GROUPS_KEPT = 50_000;
interface NodeGroupNames {
  names: string[];
  count: number;
}
const keptByStore = new WeakMap<Db, { inventory: string; limit: number; groups: Map<string, NodeGroupNames> }>();

function keptGroups(cache: NodeNamesCache, limit: number): Map<string, NodeGroupNames> {
  let kept = keptByStore.get(cache.owner);
  if (!kept || kept.inventory !== cache.inventory || kept.limit !== limit) keptByStore.set(cache.owner, (kept = { inventory: cache.inventory, limit, groups: new Map() }));
  return kept.groups;
}

function keep(groups: Map<string, NodeGroupNames>, key: string, group: NodeGroupNames) {
  // Oldest first out: a Map iterates in insertion order.
  if (groups.size >= NODE_GROUPS_KEPT) groups.delete(groups.keys().next().value!);
  groups.set(key, group);
}

/** Node names a grid row carries at most (the cell shows two and "+N"); the node screens list the rest. */
export const NODE_NAMES_SHOWN = 3;

/**
 * Fills nodes, nodeCount and hostName from the inventory's nodes of each row's cluster and node group: per group
 * its count and its first `limit` names (the grid), or every name (`limit` undefined: exports and the API). One
 * statement over the k8s_node_group_name index (migration 015): its cost follows the page's groups, not the fleet.
 */
export async function withNodes(db: Db, rows: ContainerRow[], limit?: number, cache?: NodeNamesCache): Promise<ContainerRow[]> {
  const groups = new Map<string, { cluster: string; nodeGroup: string }>();
  for (const r of rows) groups.set(`${r.cluster}\u0000${r.nodeGroupName}`, { cluster: r.cluster, nodeGroup: r.nodeGroupName });
  if (!groups.size) return rows;
  const names = new Map<string, string[]>();
  const counts = new Map<string, number>();
  if (limit === undefined) {
    const { rows: found } = await sql<{ cluster: string; node_group: string; name: string }>`
      select cluster, node_group, name from k8s_node where ${sql.join([...groups.values()].map((g) => sql`(cluster = ${g.cluster} and node_group = ${g.nodeGroup})`), sql` or `)} order by cluster, node_group, name`.execute(db);
    for (const n of found) {
      const key = `${n.cluster}\u0000${n.node_group}`;
      const list = names.get(key);
      if (list) list.push(n.name);
      else names.set(key, [n.name]);
    }
    for (const [key, list] of names) counts.set(key, list.length);
  } else {
    // Kept per inventory when the caller names it: counting a group of thousands of nodes was the largest
    // statement of a grid page (5 ms of a 40 ms page at 500,000 containers).
    const kept = cache ? keptGroups(cache, limit) : undefined;
    const missing = [...groups].filter(([key]) => !kept?.has(key));
    const read = missing.length ? await firstNodeNames(db, missing, limit) : new Map<string, NodeGroupNames>();
    for (const key of groups.keys()) {
      const group = kept?.get(key) ?? read.get(key)!;
      if (kept && !kept.has(key)) keep(kept, key, group);
      names.set(key, [...group.names]);
      counts.set(key, group.count);
    }
  }
  for (const r of rows) {
    const key = `${r.cluster}\u0000${r.nodeGroupName}`;
    r.nodes = names.get(key) ?? [];
    r.nodeCount = counts.get(key) ?? 0;
    r.hostName = r.nodeCount === 1 ? r.nodes[0] : null;
  }
  return rows;
}

/**
 * Per group, its first `limit` names and its count, each a search of the index (a window over every node of the
 * page's groups cost ~80 ms for ten large groups at 150k containers; this ~1-8 ms).
 */
async function firstNodeNames(db: Db, groups: [string, { cluster: string; nodeGroup: string }][], limit: number): Promise<Map<string, NodeGroupNames>> {
  const parts = groups.map(
    ([, g], i) => sql`select ${sql.lit(i)} as g, s.name as name, 0 as n from (select name from k8s_node where cluster = ${g.cluster} and node_group = ${g.nodeGroup} order by name limit ${limit}) s
        union all select ${sql.lit(i)} as g, cast(null as text) as name, count(*) as n from k8s_node where cluster = ${g.cluster} and node_group = ${g.nodeGroup}`,
  );
  const { rows: found } = await sql<{ g: number; name: string | null; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  found.sort((a, b) => Number(a.g) - Number(b.g) || (a.name === null ? 1 : b.name === null ? -1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out = new Map<string, NodeGroupNames>(groups.map(([key]) => [key, { names: [], count: 0 }]));
  for (const row of found) {
    const group = out.get(groups[Number(row.g)][0])!;
    if (row.name === null) group.count = Number(row.n);
    else group.names.push(row.name);
  }
  return out;
}

function policyIdOrName(name: string): string {
  const shipped = policyForContainer(name);
  return shipped.name === name ? shipped.id : name;
}
