/**
 * The AI Analysis Details grid over the current snapshot: one folder's containers paged, sorted, searched (fuzzy,
 * threshold 0.1), filtered by column and grouped on the server, the built-in grid views' row conditions, and one
 * container's row.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import type { ResourceKey } from "~/engine/containers";
import type { ContainerGridViewId } from "~/domain/containers/grid-view-ids";
import { validationError } from "~/lib/errors";
import { BUCKET_COLUMNS } from "./container-overview.server";
import { NODE_NAMES_SHOWN, ROW_SELECT, toRow, withNodes, type ContainerRow, type RawRow } from "./container-rows.server";
import { containerConditions } from "./container-tree.server";
import { checkPaging, checkSort, prepareOrder, filterCondition, orderedIds, rowGroups, searchCondition, type GridSpec, type RowFilter, type RowsQuery } from "./server-grid.server";
import { consistentRead, CURRENT_SNAPSHOT, FROM } from "./snapshot-reads.server";
import type { FolderScope } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";
import { isOwnKey } from "~/lib/own-key";

/** The grid's sortable fields: ContainerRow field → column. Nothing else reaches ORDER BY. */
export const SORTABLE_FIELDS = {
  entityId: "c.id",
  containerName: "c.container_name",
  cluster: "c.cluster",
  namespace: "c.namespace",
  nodeGroupName: "c.node_group",
  controllerType: "c.pod_owner_kind",
  podService: "c.pod_owner_name",
  policyName: "a.policy_name",
  recommendation: "a.recommendation",
  currentCount: "a.current_count",
  restartsLastDay: "a.restarts_last_day",
  restartsLast7Days: "a.restarts_last_7_days",
  memoryLimitEventLastDay: "a.memory_limit_event_last_day",
  memoryLimitEventLast7Days: "a.memory_limit_event_last_7_days",
  existingCpuRequest: "a.existing_cpu_request",
  existingCpuLimit: "a.existing_cpu_limit",
  existingMemRequest: "a.existing_mem_request",
  existingMemLimit: "a.existing_mem_limit",
  cpuRequest: "a.rec_cpu_request",
  cpuLimit: "a.rec_cpu_limit",
  memRequest: "a.rec_mem_request",
  memLimit: "a.rec_mem_limit",
  cpuRequestVsPct: "a.cpu_request_vs_pct",
  cpuLimitVsPct: "a.cpu_limit_vs_pct",
  memRequestVsPct: "a.mem_request_vs_pct",
  memLimitVsPct: "a.mem_limit_vs_pct",
  totalExistingCpuRequest: "a.cpu_current",
  totalExistingMemRequest: "a.mem_current",
  totalCpuSurplus: "a.cpu_spare",
  totalMemSurplus: "a.mem_spare",
  totalCpuRequestShortfall: "a.cpu_deficit",
  totalMemoryRequestShortfall: "a.mem_deficit",
  cpuMin: "a.cpu_min",
  cpuAvg: "a.cpu_avg",
  cpuSustained: "a.cpu_sustained",
  cpuPeak: "a.cpu_peak",
  cpuP95: "a.cpu_p95",
  memMin: "a.mem_min",
  memAvg: "a.mem_avg",
  memSustained: "a.mem_sustained",
  memPeak: "a.mem_peak",
  currentCost: "a.current_cost",
  recommendedCost: "a.recommended_cost",
  unspecifiedCost: "a.unspecified_cost",
  spareCost: "a.spare_cost",
  deficitCost: "a.deficit_cost",
  totalCpuRealizableGain: "a.cpu_realizable_gain",
  totalMemoryRealizableGain: "a.mem_realizable_gain",
  totalRealizableGain: "a.realizable_gain",
  additionalCpuWaste: "a.cpu_additional_waste",
  additionalMemoryWaste: "a.mem_additional_waste",
  netSavings: "a.net_savings",
  efficiencyRating: "a.efficiency_rating",
  monthlyWaste: "a.monthly_waste",
  cpuSaturationNodePct: "a.cpu_saturation_node_pct",
  memSaturationNodePct: "a.mem_saturation_node_pct",
  runningHours: "a.running_hours",
  totalHours: "a.total_hours",
  auditCollectionAuditCount: "a.sample_count",
  lastDayCount: "c.replicas",
  configLastChanged: "c.first_seen",
  totalCurrentCost: "a.current_cost",
  totalNetSavings: "a.net_savings",
  primaryConstraint: "a.primary_constraint",
  hasCpuSaturation: "a.has_cpu_saturation",
  hasMemSaturation: "a.has_mem_saturation",
  policyInstanceId: "a.policy_name",
} as const;
export type SortField = keyof typeof SORTABLE_FIELDS;

export const MAX_PAGE_SIZE = 1000;

/**
 * The built-in grid views the Summary links to (spec document 2, section 2.2): each keeps only the rows behind one
 * waterfall figure.
 */
export const GRID_VIEW_CONDITIONS: Record<ContainerGridViewId, RawBuilder<unknown>> = {
  // The Immediate Savings figures: spare of containers that are not at risk.
  realizable_cpu_saving: sql`a.at_risk = 0 and a.cpu_spare_cost > 0`,
  realizable_memory_savings: sql`a.at_risk = 0 and a.mem_spare_cost > 0`,
  cpu_request_risk: sql`a.cpu_deficit > 0 and a.existing_cpu_request is not null`,
  memory_request_risks: sql`a.mem_deficit > 0 and a.existing_mem_request is not null`,
  additional_cpu_waste: sql`a.cpu_additional_waste > 0`,
  additional_memory_waste: sql`a.mem_additional_waste > 0`,
  unspecified_cpu_request_risk: sql`a.analysed = 1 and a.existing_cpu_request is null`,
  unspecified_memory_request_risks: sql`a.analysed = 1 and a.existing_mem_request is null`,
};
export type GridViewId = ContainerGridViewId;

/** What the grid asks of one folder's containers (the folder is the FolderScope passed beside it). */
export interface ContainerRowsArgs {
  /** A built-in grid view (GRID_VIEW_CONDITIONS); unknown ids are refused. */
  gridViewId?: string | null;
  /** Only the rows whose histogram bucket for this chart is this value. */
  bucket?: { metric: string; value: number } | null;

  /** Default: container name ascending. Nulls sort last either way; ties by entity id. */
  sort?: { field: string; direction?: "asc" | "desc" | null } | null;
  /** Case-insensitive text in the container name, pod owner, namespace or cluster. */
  search?: string | null;
  /**
   * The grid's search: fuse.js matching at threshold 0.1 (app/lib/fuzzy.ts) over the container name, pod owner,
   * namespace, cluster and policy (the grid's standard text columns) instead of a plain substring.
   */
  fuzzy?: boolean | null;
  /** Column filters (the grid's floating filters), all of them must hold. Fields are SORTABLE_FIELDS keys. */
  filters?: readonly RowFilter[] | null;
  /** 1-based; default 1. */
  page?: number | null;
  /** 1 to MAX_PAGE_SIZE; default 50. */
  pageSize?: number | null;
  /**
   * The node names rows carry (nodes, nodeCount, hostName): by default the first NODE_NAMES_SHOWN of each row's
   * group and its count (a grid page); true: every name (exports, the API); false: none (exports that show neither).
   */
  withNodes?: boolean | null;
}

export interface ContainerRowsPage {
  rows: ContainerRow[];
  /** Rows matching scope and search, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

export type { RowFilter } from "./server-grid.server";

/** The grid as the server-side grid sees it. */
const SPEC: GridSpec<"currentCost" | "netSavings" | "totalCpuSurplus" | "totalMemSurplus"> = {
  name: "containers",
  from: FROM,
  idColumn: "c.id",
  sortable: SORTABLE_FIELDS,
  fuzzyKeys: { containerName: "c.container_name", podService: "c.pod_owner_name", namespace: "c.namespace", cluster: "c.cluster", policyName: "a.policy_name" },
  plainSearchColumns: ["c.container_name", "c.pod_owner_name", "c.namespace", "c.cluster"],
  groupSums: { currentCost: "a.current_cost", netSavings: "a.net_savings", totalCpuSurplus: "a.cpu_spare", totalMemSurplus: "a.mem_spare" },
  maxPageSize: MAX_PAGE_SIZE,
  searchSources: [
    { alias: "c", from: sql`container c`, id: "c.id" },
    { alias: "a", from: sql`container_analysis a`, where: sql`a.snapshot_id = ${CURRENT_SNAPSHOT}`, id: "a.container_id" },
  ],
};

/** Scope, grid view, bucket, filters and search as one condition. */
function rowsQuery(db: Db, scope: FolderScope, args: ContainerRowsArgs): RowsQuery {
  const folder = containerConditions(scope);
  const all: Expression<unknown>[] = [...folder.conditions];
  if (args.gridViewId) {
    if (!isOwnKey(GRID_VIEW_CONDITIONS, args.gridViewId)) throw validationError(`Unknown grid view '${args.gridViewId}'.`);
    all.push(GRID_VIEW_CONDITIONS[args.gridViewId as GridViewId]);
  }
  if (args.bucket) {
    if (!isOwnKey(BUCKET_COLUMNS, args.bucket.metric)) throw validationError(`Unknown histogram '${args.bucket.metric}'.`);
    if (!Number.isInteger(args.bucket.value)) throw validationError("A histogram bucket is a whole number.");
    // Histogram click-through: the rows in one bucket of one chart.
    all.push(sql`${sql.ref(`a.${BUCKET_COLUMNS[args.bucket.metric as ResourceKey]}`)} = ${args.bucket.value}`);
  }
  for (const f of args.filters ?? []) all.push(filterCondition(SPEC, f));
  const { condition, fuzzyTerm } = searchCondition(db, SPEC, args.search, !!args.fuzzy, folder.byClusterIndex);
  if (condition) all.push(condition);
  const key = JSON.stringify([scope.key, args.gridViewId ?? null, args.bucket ?? null, args.filters ?? [], (args.search ?? "").trim(), !!args.fuzzy]);
  return { where: sql.join(all, sql` and `), fuzzyTerm, key };
}

export async function containerRows(db: Db, scope: FolderScope, args: ContainerRowsArgs): Promise<ContainerRowsPage> {
  const { field, direction } = checkSort(SPEC, args.sort, "containerName");
  const { page, pageSize } = checkPaging(SPEC, args);
  const query = rowsQuery(db, scope, args);
  await prepareOrder(db, SPEC, query, field, direction);
  return consistentRead(db, async (q) => {
    const all = await orderedIds(db, q, SPEC, query, field, direction);
    const order = all.slice((page - 1) * pageSize, page * pageSize);
    const { rows } = order.length
      ? await sql<RawRow>`select ${ROW_SELECT} from ${FROM} where c.id in (${sql.join(order)})`.execute(q)
      : { rows: [] as RawRow[] };
    const byId = new Map(rows.map((r) => [String(r.entity_id), r]));
    const paged = order.map((id) => toRow(byId.get(id)!));
    const rowsOut = args.withNodes === false ? paged : await withNodes(q, paged, args.withNodes === true ? undefined : NODE_NAMES_SHOWN, { owner: db, inventory: scope.tree.run });
    return { rows: rowsOut, total: all.length, page, pageSize };
  });
}

/** Fields the grid can group rows by (text columns with few distinct values). */
export const GROUPABLE_FIELDS = ["cluster", "nodeGroupName", "namespace", "controllerType", "podService", "policyName", "recommendation", "primaryConstraint"] as const;

export interface ContainerGroup {
  /** The group's value; null for rows without one. */
  value: string | null;
  count: number;
  currentCost: number;
  netSavings: number;
  totalCpuSurplus: number;
  totalMemSurplus: number;
}

/**
 * The rows grouped by one field (the grid's row groups): per value the row count and the sums of cost, savings
 * and surplus, most rows first (then by value), one page of groups at a time.
 */
export async function containerGroups(
  db: Db,
  scope: FolderScope,
  args: ContainerRowsArgs & { groupBy: string },
): Promise<{ groups: ContainerGroup[]; totalGroups: number; total: number; page: number; pageSize: number }> {
  if (!(GROUPABLE_FIELDS as readonly string[]).includes(args.groupBy)) throw validationError(`Rows cannot be grouped by '${args.groupBy}'.`);
  const { page, pageSize } = checkPaging(SPEC, args);
  const all = (await rowGroups(db, SPEC, rowsQuery(db, scope, args), args.groupBy)).map((g) => ({ value: g.value, count: g.count, ...g.sums }));
  return {
    groups: all.slice((page - 1) * pageSize, page * pageSize),
    totalGroups: all.length,
    total: all.reduce((s, g) => s + g.count, 0),
    page,
    pageSize,
  };
}

/**
 * One container's row in the current snapshot (getContainerDetailsForEntity), or undefined: with every node name
 * of its group (the API), or the first `nodeNames` and the count (the pages: a group can have thousands).
 */
export async function containerById(db: Db, entityId: string, nodeNames?: number): Promise<ContainerRow | undefined> {
  const { rows } = await sql<RawRow>`select ${ROW_SELECT} from ${FROM} where c.id = ${entityId}`.execute(db);
  return rows[0] ? (await withNodes(db, [toRow(rows[0])], nodeNames))[0] : undefined;
}
