/**
 * Read models over the current snapshot's cloud rows (cloud_analysis, one per service) joined with the services'
 * inventory facts (the cloud_service view), for a folder of the cloud tree: the folder summary (the engine's own
 * cloudFolderSummary over the folder's rows, so its identities hold to the cent), the services grid (paged,
 * sorted, searched, filtered and grouped on the server, with the spec's built-in grid views and a total row) and
 * one service's row.
 */
import { sql, type Expression } from "kysely";
import { CLOUD_GROUPING_VIEWS, CLOUD_ROW_VIEWS, isCloudRowViewId } from "~/domain/cloud/grid-view-ids";
import { envOf, IMPLEMENTATION_METHOD, minMaxText, overallStatusOf, type CloudexDetail } from "~/domain/cloud/detail";
import { cloudFolderSummary, type CloudFolderSummary, type CloudRecommendation } from "~/engine/cloud";
import { TEXT } from "~/lib/constants";
import { validationError } from "~/lib/errors";
import { CURRENT_SNAPSHOT_META_KEY } from "./snapshot.server";
import { cachedRead, consistentRead, num } from "./snapshot-reads.server";
import { checkPaging, checkSort, prepareOrder, filterCondition, orderedIds, rowGroups, searchCondition, type GridSpec, type RowFilter, type RowsQuery } from "./server-grid.server";
import type { FolderScope } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";
import { isOwnKey } from "~/lib/own-key";

/** Services with their row of the current snapshot. */
const CLOUD_FROM = sql`cloud_service s join cloud_analysis a on a.snapshot_id = (select m.value from meta m where m.key = ${CURRENT_SNAPSHOT_META_KEY}) and a.service_id = s.id`;

/** The services grid's sortable and filterable fields: CloudexDetail field → column. Nothing else reaches SQL. */
export const CLOUD_SORTABLE_FIELDS = {
  entityId: "s.id",
  vmmObjectId: "s.id",
  system: "s.name",
  cloudProvider: "s.provider",
  serviceType: "s.service",
  accountName: "s.account_name",
  accountId: "s.account_id",
  region: "s.region",
  availabilityZone: "s.availability_zone",
  os: "s.os",
  createDate: "s.created_at",
  startDate: "s.created_at",
  state: "s.power_state",
  lifeCycle: "s.life_cycle",
  riCoverage: "s.ri_coverage",
  riExpiryDate: "s.ri_expiry",
  ipAddress: "s.private_ip",
  configLastChanged: "s.instance_type_changed_at",
  scalingMode: "s.scaling_mode",
  scalingPolicy: "s.scaling_policy",
  orchestrationMode: "s.orchestration_mode",
  k8sClusterPlatform: "s.k8s_cluster_platform",
  k8sClusterForwarder: "s.k8s_cluster",
  k8sNodeGroup: "s.k8s_node_group",
  policyName: "a.policy_name",
  recommendation: "a.recommendation",
  existingInstanceType: "a.existing_instance_type",
  recommendedInstanceType: "a.recommended_instance_type",
  estimatedEffort: "a.estimated_effort",
  mlState: "a.ml_state",
  currentEstimatedCost: "a.current_estimated_cost",
  recommendedEstimatedCost: "a.recommended_estimated_cost",
  estimatedSavings: "a.estimated_savings",
  estimatedSavingsPercent: "a.estimated_savings_percent",
  efficiencyRating: "a.efficiency_rating",
  uptimePct: "a.uptime_pct",
  totalHours: "a.total_hours",
  uptimeHours: "a.uptime_hours",
  avgGroupSize: "a.avg_group_size",
  predictedAvgGroupSize: "a.predicted_avg_group_size",
  currentVcpus: "a.current_vcpus",
  recommendedVcpus: "a.recommended_vcpus",
  currentCint2006Rate: "a.current_perf_factor",
  recommendedCint2006Rate: "a.recommended_perf_factor",
  currentMemory: "a.current_memory",
  recommendedMemory: "a.recommended_memory",
  networkIoMb: "a.network_io_mb",
  cpuHighPct: "a.cpu_high_pct",
  cpuLowPct: "a.cpu_low_pct",
  recommendedCpuPct: "a.recommended_cpu_pct",
  memoryUtilPct: "a.memory_util_pct",
  recommendedMemPct: "a.recommended_mem_pct",
} as const;
export type CloudSortField = keyof typeof CLOUD_SORTABLE_FIELDS;

export const CLOUD_MAX_PAGE_SIZE = 1000;
/** Fields the grid groups by: the three grouping views' fields, and a few more with few distinct values. */
export const CLOUD_GROUPABLE_FIELDS = ["cloudProvider", "serviceType", "recommendation", "accountName", "region", "estimatedEffort", "mlState", "os"] as const;

type CloudSum = "currentEstimatedCost" | "recommendedEstimatedCost" | "estimatedSavings";
const SPEC: GridSpec<CloudSum> = {
  name: "cloud",
  from: CLOUD_FROM,
  idColumn: "s.id",
  sortable: CLOUD_SORTABLE_FIELDS,
  fuzzyKeys: { system: "s.name", accountName: "s.account_name", region: "s.region", existingInstanceType: "a.existing_instance_type", recommendation: "a.recommendation", serviceType: "s.service" },
  plainSearchColumns: ["s.name", "s.account_name", "s.region", "a.existing_instance_type"],
  groupSums: { currentEstimatedCost: "a.current_estimated_cost", recommendedEstimatedCost: "a.recommended_estimated_cost", estimatedSavings: "a.estimated_savings" },
  maxPageSize: CLOUD_MAX_PAGE_SIZE,
};

/** The condition "this service lies under the folder" of the cloud tree (provider > region > account). */
export function cloudConditions(scope: FolderScope): Expression<unknown>[] {
  if (scope.tree.ctx !== "cloud") throw validationError("Cloud analysis is available in the cloud tree only.");
  const [provider, region, account] = scope.names;
  const out: Expression<unknown>[] = [];
  if (provider !== undefined) out.push(sql`upper(s.provider) = ${provider}`);
  if (region !== undefined) out.push(sql`s.region = ${region}`);
  if (account !== undefined) out.push(sql`s.account_id = ${scope.tree.cached.accountIds.get(scope.folder.id) ?? ""}`);
  return out.length ? out : [sql`1 = 1`];
}

const where = (conditions: Expression<unknown>[]) => sql.join(conditions, sql` and `);

/** The folder summary (spec section 3, 2.3) of the services under a folder, computed by the engine; cached per snapshot. */
export async function cloudSummary(db: Db, scope: FolderScope): Promise<CloudFolderSummary> {
  const conditions = cloudConditions(scope);
  return cachedRead(db, "cloud-summary", scope.key, async (q) => {
    const { rows } = await sql<Record<string, unknown>>`select a.cloud_provider, a.service_type, a.recommendation, a.current_estimated_cost,
      a.optimal_cost, a.current_vcpus, a.current_memory, a.recommended_vcpus, a.recommended_memory, a.current_instances, a.optimal_instances
      from ${CLOUD_FROM} where ${where(conditions)}`.execute(q);
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return cloudFolderSummary(
      rows.map((r) => ({
        cloudProvider: r.cloud_provider as CloudRecommendation["cloudProvider"],
        serviceType: r.service_type as CloudRecommendation["serviceType"],
        recommendation: r.recommendation as CloudRecommendation["recommendation"],
        currentEstimatedCost: n(r.current_estimated_cost),
        optimalCost: n(r.optimal_cost),
        currentVcpus: n(r.current_vcpus),
        currentMemory: n(r.current_memory),
        recommendedVcpus: n(r.recommended_vcpus),
        recommendedMemory: n(r.recommended_memory),
        currentInstances: num(r.current_instances),
        optimalInstances: num(r.optimal_instances),
      })),
    );
  });
}

/** What the grid asks of one folder's services (the folder is the FolderScope passed beside it). */
export interface CloudRowsArgs {
  /** A built-in grid view of the spec (section 2.3): a provider, service type or recommendation; unknown ids are refused. */
  gridViewId?: string | null;
  /** Default: the most waste first. Nulls sort last either way; ties by id. */
  sort?: { field: string; direction?: "asc" | "desc" | null } | null;
  search?: string | null;
  /** fuse.js at threshold 0.1 over name, account, region, type, recommendation and service (the spec's search). */
  fuzzy?: boolean | null;
  filters?: readonly RowFilter[] | null;
  page?: number | null;
  pageSize?: number | null;
}

/** The sums of the grid's money columns over every matching row (its Total row). */
export interface CloudTotals {
  count: number;
  currentEstimatedCost: number;
  recommendedEstimatedCost: number;
  estimatedSavings: number;
}

function rowsQuery(db: Db, scope: FolderScope, args: CloudRowsArgs): RowsQuery {
  const all = cloudConditions(scope);
  if (args.gridViewId && !isOwnKey(CLOUD_GROUPING_VIEWS, args.gridViewId)) {
    if (!isCloudRowViewId(args.gridViewId)) throw validationError(`Unknown cloud grid view '${args.gridViewId}'.`);
    const view = CLOUD_ROW_VIEWS[args.gridViewId];
    all.push(sql`${sql.ref(CLOUD_SORTABLE_FIELDS[view.field])} = ${view.value}`);
  }
  for (const f of args.filters ?? []) all.push(filterCondition(SPEC, f));
  const { condition, fuzzyTerm } = searchCondition(db, SPEC, args.search, !!args.fuzzy);
  if (condition) all.push(condition);
  const key = JSON.stringify([scope.key, args.gridViewId ?? null, args.filters ?? [], (args.search ?? "").trim(), !!args.fuzzy]);
  return { where: where(all), fuzzyTerm, key };
}

const ROW_SELECT = sql`s.*, a.*`;

/** The fullPath of each account folder of a tree, by provider, region and account id. */
function accountPaths(scope: FolderScope | null): (provider: string, region: string, accountId: string, accountName: string) => string {
  const paths = new Map<string, string>();
  if (scope) {
    const ids = scope.tree.cached.accountIds;
    for (const provider of scope.tree.cached.tree.children ?? []) {
      for (const region of provider.children ?? []) {
        for (const account of region.children ?? []) paths.set(`${provider.name}|${region.name}|${ids.get(account.id) ?? ""}`, account.fullPath);
      }
    }
  }
  return (provider, region, accountId, accountName) =>
    paths.get(`${provider.toUpperCase()}|${region}|${accountId}`) ?? `${TEXT.rootName}/${provider.toUpperCase()}/${region}/${accountName || accountId}`;
}

const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const t = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A stored row as the spec's detail row. */
export function toCloudDetail(r: Record<string, unknown>, pathOf: ReturnType<typeof accountPaths>): CloudexDetail {
  const analysed = Number(r.analysed) === 1;
  const relearning = Number(r.relearning) === 1;
  const recommendation = String(r.recommendation ?? "Keep");
  const group = r.kind === "group";
  const riCoverage = n(r.ri_coverage);
  return {
    entityId: String(r.id),
    serviceType: String(r.service),
    cloudProvider: String(r.provider),
    accountId: String(r.account_id),
    accountName: String(r.account_name),
    envName: envOf(String(r.account_name)),
    igName: group ? String(r.name) : null,
    system: String(r.name),
    vmmObjectId: String(r.id),
    region: String(r.region),
    availabilityZone: t(r.availability_zone),
    overallStatus: overallStatusOf({ analysed, relearning, recommendation }),
    recommendation,
    reasonHtml: String(r.reason_html ?? ""),
    existingInstanceType: String(r.existing_instance_type ?? r.instance_type),
    recommendedInstanceType: t(r.recommended_instance_type),
    uptimePct: n(r.uptime_pct),
    currentEstimatedCost: n(r.current_estimated_cost),
    recommendedEstimatedCost: n(r.recommended_estimated_cost),
    estimatedSavings: n(r.estimated_savings),
    estimatedSavingsPercent: n(r.estimated_savings_percent),
    estimatedEffort: String(r.estimated_effort ?? "None"),
    currentVcpus: n(r.current_vcpus),
    recommendedVcpus: n(r.recommended_vcpus),
    currentCint2006Rate: n(r.current_perf_factor),
    recommendedCint2006Rate: n(r.recommended_perf_factor),
    currentMemory: n(r.current_memory),
    recommendedMemory: n(r.recommended_memory),
    cpuHighPct: n(r.cpu_high_pct),
    cpuLowPct: n(r.cpu_low_pct),
    activeMemoryPct: n(r.active_memory_pct),
    memoryUtilPct: n(r.memory_util_pct),
    os: String(r.os ?? "Linux"),
    idealCpuAlloc: n(r.ideal_cpu_alloc),
    idealMemoryAlloc: n(r.ideal_memory_alloc),
    cpuAllocEfficiencyPct: n(r.cpu_alloc_efficiency_pct),
    memoryAllocEfficiencyPct: n(r.memory_alloc_efficiency_pct),
    recommendedHostEntityId: null,
    configLastChanged: t(r.instance_type_changed_at),
    totalHours: n(r.total_hours),
    uptimeHours: n(r.uptime_hours),
    implementationMethod: IMPLEMENTATION_METHOD[String(r.service)] ?? "Change the instance type",
    policyName: String(r.policy_name ?? ""),
    orchestrationMode: t(r.orchestration_mode),
    profileCount: group ? 1 : null,
    scalingMode: t(r.scaling_mode),
    scalingPolicy: t(r.scaling_policy),
    efficiencyRating: n(r.efficiency_rating),
    ipAddress: t(r.private_ip),
    networkIoMb: n(r.network_io_mb),
    networkIoLimitMb: null,
    networkIoPackets: null,
    riCoverage,
    riConstrained: riCoverage !== null && riCoverage > 0,
    riExpiryDate: t(r.ri_expiry),
    avgGroupSize: n(r.avg_group_size),
    minGroupSize: n(r.min_group_size),
    maxGroupSize: n(r.max_group_size),
    predictedAvgGroupSize: n(r.predicted_avg_group_size),
    recommMinGroupSize: n(r.recomm_min_group_size),
    recommMaxGroupSize: n(r.recomm_max_group_size),
    minMaxGroupSize: group ? minMaxText(n(r.min_group_size), n(r.max_group_size)) : "N/A",
    recommMinMaxGroupSize: group ? minMaxText(n(r.recomm_min_group_size), n(r.recomm_max_group_size)) : "N/A",
    state: t(r.power_state),
    lifeCycle: t(r.life_cycle),
    surplusVcpu: n(r.surplus_vcpu),
    surplusMemory: n(r.surplus_memory),
    relearning,
    mlState: relearning ? "Learning" : "Ready",
    recommendedCpuPct: n(r.recommended_cpu_pct),
    recommendedMemPct: n(r.recommended_mem_pct),
    startDate: t(r.created_at),
    createDate: t(r.created_at),
    k8sClusterPlatform: t(r.k8s_cluster_platform),
    k8sClusterForwarder: t(r.k8s_cluster),
    k8sNodeGroup: t(r.k8s_node_group),
    ecsReference: null,
    policyMinDays: n(r.policy_min_days),
    numberOfDaysUntilData: n(r.number_of_days_until_data),
    level: 4,
    fullPath: pathOf(String(r.provider), String(r.region), String(r.account_id), String(r.account_name)),
    pricedRegion: t(r.priced_region),
  };
}

export interface CloudRowsPage {
  rows: CloudexDetail[];
  /** Rows matching scope, view, filters and search, over all pages. */
  total: number;
  page: number;
  pageSize: number;
  totals: CloudTotals;
}

/** One page of the services grid, with the Total row of every matching row. */
export async function cloudRows(db: Db, scope: FolderScope, args: CloudRowsArgs): Promise<CloudRowsPage> {
  const { field, direction } = checkSort(SPEC, args.sort ?? { field: "estimatedSavings", direction: "desc" }, "estimatedSavings");
  const { page, pageSize } = checkPaging(SPEC, args);
  const query = rowsQuery(db, scope, args);
  const pathOf = accountPaths(scope);
  await prepareOrder(db, SPEC, query, field, direction);
  const found = await consistentRead(db, async (q) => {
    const all = await orderedIds(db, q, SPEC, query, field, direction);
    const order = all.slice((page - 1) * pageSize, page * pageSize);
    const { rows } = order.length ? await sql<Record<string, unknown>>`select ${ROW_SELECT} from ${CLOUD_FROM} where s.id in (${sql.join(order)})`.execute(q) : { rows: [] };
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return { rows: order.map((id) => toCloudDetail(byId.get(id)!, pathOf)), total: all.length };
  });
  // The Total row: a read of its own (cached per snapshot and query), after the page's transaction has ended.
  return { ...found, page, pageSize, totals: await cloudTotalsOf(db, query, found.total) };
}

async function cloudTotalsOf(db: Db, query: RowsQuery, count: number): Promise<CloudTotals> {
  // The sums are the groups' sums over one group of everything: one cached read per query and snapshot.
  if (count === 0) return { count: 0, currentEstimatedCost: 0, recommendedEstimatedCost: 0, estimatedSavings: 0 };
  const groups = await rowGroups(db, SPEC, query, "cloudProvider");
  const sum = (k: CloudSum) => Math.round(groups.reduce((s, g) => s + g.sums[k], 0) * 100) / 100;
  return { count, currentEstimatedCost: sum("currentEstimatedCost"), recommendedEstimatedCost: sum("recommendedEstimatedCost"), estimatedSavings: sum("estimatedSavings") };
}

export interface CloudGroup {
  value: string | null;
  count: number;
  currentEstimatedCost: number;
  recommendedEstimatedCost: number;
  estimatedSavings: number;
}

/** The rows grouped by one field (the grouping views and the grid's row groups), one page of groups at a time. */
export async function cloudGroups(db: Db, scope: FolderScope, args: CloudRowsArgs & { groupBy: string }) {
  if (!(CLOUD_GROUPABLE_FIELDS as readonly string[]).includes(args.groupBy)) throw validationError(`Rows cannot be grouped by '${args.groupBy}'.`);
  const { page, pageSize } = checkPaging(SPEC, args);
  const all: CloudGroup[] = (await rowGroups(db, SPEC, rowsQuery(db, scope, args), args.groupBy)).map((g) => ({ value: g.value, count: g.count, ...g.sums }));
  return { groups: all.slice((page - 1) * pageSize, page * pageSize), totalGroups: all.length, total: all.reduce((s, g) => s + g.count, 0), page, pageSize };
}

/** One service's row of the current snapshot (cloudexDetails with an entityId), or undefined. */
export async function cloudServiceById(db: Db, entityId: string, scope: FolderScope | null = null): Promise<CloudexDetail | undefined> {
  const { rows } = await sql<Record<string, unknown>>`select ${ROW_SELECT} from ${CLOUD_FROM} where s.id = ${entityId}`.execute(db);
  return rows[0] ? toCloudDetail(rows[0], accountPaths(scope)) : undefined;
}

/** The current snapshot's analysis row of one service, for its why (issue 15); undefined when it has none. */
export async function cloudAnalysisRow(db: Db, entityId: string) {
  const { rows } = await sql<Record<string, unknown>>`select a.*, s.provider as provider from ${CLOUD_FROM} where s.id = ${entityId}`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  const num = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  return {
    cloudProvider: String(r.provider),
    serviceType: String(r.service_type),
    os: String(r.os),
    analysed: Number(r.analysed) === 1,
    relearning: Number(r.relearning) === 1,
    recommendation: String(r.recommendation),
    reasonHtml: String(r.reason_html ?? ""),
    existingInstanceType: String(r.existing_instance_type),
    recommendedInstanceType: r.recommended_instance_type === null ? null : String(r.recommended_instance_type),
    pricedRegion: r.priced_region === null ? null : String(r.priced_region),
    totalHours: num("total_hours"),
    uptimeHours: num("uptime_hours"),
    uptimePct: num("uptime_pct"),
    predictedUptimePct: num("predicted_uptime_pct"),
    cpuSustainedPct: num("cpu_sustained_pct"),
    cpuHighPct: num("cpu_high_pct"),
    cpuAvgPct: num("cpu_avg_pct"),
    activeMemoryPct: num("active_memory_pct"),
    currentVcpus: num("current_vcpus"),
    currentMemory: num("current_memory"),
    idealCpuAlloc: num("ideal_cpu_alloc"),
    idealMemoryAlloc: num("ideal_memory_alloc"),
    currentInstances: num("current_instances"),
    optimalInstances: num("optimal_instances"),
    currentEstimatedCost: num("current_estimated_cost"),
    recommendedEstimatedCost: num("recommended_estimated_cost"),
    estimatedSavings: num("estimated_savings"),
    estimatedSavingsPercent: num("estimated_savings_percent"),
  };
}
