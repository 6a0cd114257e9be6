/**
 * Read models over the current snapshot's node and node group rows (migration 005, written by the analysis run):
 * the node and node group lists (spec document 2 section 7: node list, node group list) with their summaries, one
 * node, one node group, and what the metric series need. Grids page and sort in SQL; every statement reads the
 * current snapshot id inside itself, so it sees one whole snapshot even while a new one is swapped in.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database, NodeAnalysisTable, NodeGroupAnalysisTable } from "~/db/schema";
import { CURRENT_SNAPSHOT_META_KEY, currentSnapshotId } from "./snapshot.server";
import { DEFAULT_CAPACITY_THRESHOLDS, DEFAULT_HEALTH_THRESHOLDS, type CapacityThresholds, type HealthThresholds } from "~/engine/nodes";
import { validationError } from "~/lib/errors";
import { selectOffThread } from "~/db/off-thread.server";
import { cachedRead, onClearAnalysisCache } from "./snapshot-reads.server";
import { storeCache } from "./store-cache.server";

type Db = Kysely<Database>;

const CURRENT = sql<string>`(select m.value from meta m where m.key = ${CURRENT_SNAPSHOT_META_KEY})`;

type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type Camelised<T> = { [K in keyof T as Camel<K & string>]: T[K] };

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Column name -> property name, worked out once per column: an export converts ~34,000 rows of ~50 columns. */
const camelNames = new Map<string, string>();

/** The row with camelCase keys in column order, without the columns `skip` names (the caller adds those back). */
function camelise(row: object, skip?: ReadonlySet<string>): Record<string, unknown> {
  const from = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in from) {
    if (skip?.has(k)) continue;
    let name = camelNames.get(k);
    if (name === undefined) camelNames.set(k, (name = camel(k)));
    out[name] = from[k];
  }
  return out;
}

/** The spec's Node (section 3) plus the threshold flags: CPU or memory saturated, at max pod capacity. */
export type NodeRow = Omit<Camelised<NodeAnalysisTable>, "snapshotId" | "cpuSaturated" | "memSaturated" | "atMaxPodCapacity"> & {
  cpuSaturated: boolean;
  memSaturated: boolean;
  atMaxPodCapacity: boolean;
};

/** The spec's Node group plus its health (section 4, with the thresholds below) and why. */
export type NodeGroupRow = Omit<Camelised<NodeGroupAnalysisTable>, "snapshotId" | "healthReasons" | "unpricedInstanceTypes"> & {
  healthReasons: string[];
  unpricedInstanceTypes: string[];
};

// The columns first, in the table's order, then the converted ones: the keys and their order as ever. Written
// without a regular expression per key and object rest and spread: those cost ~100 µs a row of ~50 keys (a
// 34,000-node export: ~3.5 s of the thread).
const NODE_CONVERTED = new Set(["snapshot_id", "cpu_saturated", "mem_saturated", "at_max_pod_capacity"]);
function toNode(r: NodeAnalysisTable): NodeRow {
  const row = camelise(r, NODE_CONVERTED);
  row.cpuSaturated = r.cpu_saturated === 1;
  row.memSaturated = r.mem_saturated === 1;
  row.atMaxPodCapacity = r.at_max_pod_capacity === 1;
  return row as NodeRow;
}

const GROUP_CONVERTED = new Set(["snapshot_id", "health_reasons", "unpriced_instance_types"]);
function toGroup(r: NodeGroupAnalysisTable): NodeGroupRow {
  const row = camelise(r, GROUP_CONVERTED);
  row.healthReasons = JSON.parse(r.health_reasons) as string[];
  row.unpricedInstanceTypes = JSON.parse(r.unpriced_instance_types) as string[];
  return row as NodeGroupRow;
}

/** The thresholds the node group list call returns (healththreshold, capacitythreshold): the spec's defaults. */
export function nodeThresholds(): { health: HealthThresholds; capacity: CapacityThresholds } {
  return { health: { ...DEFAULT_HEALTH_THRESHOLDS }, capacity: { ...DEFAULT_CAPACITY_THRESHOLDS } };
}

export interface NodeScope {
  clusterNames?: readonly string[] | null;
  nodeGroupNames?: readonly string[] | null;
}

export interface NodeListArgs extends NodeScope {
  nodesAtMaxPodCapacityOnly?: boolean | null;
}

export const NODE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_NODE_PAGE_SIZE = 10_000;

export interface PageArgs {
  sortBy?: string | null;
  sortDirection?: "asc" | "desc" | null;
  page?: number | null;
  pageSize?: number | null;
}

const NODE_SORTS = new Set<string>(
  [
    "nodeName", "clusterName", "nodeGroupName", "instanceType", "cpuUtilizationAvgPct", "cpuUtilizationPeakPct", "memUtilizationAvgPct",
    "memUtilizationPeakPct", "nodeHours", "ageDays", "firstSeenDateUtc", "lastSeenDateUtc", "maxAllowedPods", "numPodsAvg", "numPodsPeak",
    "maxAllowedPodsPct", "nodeCpu", "nodeMem", "capacityCpu", "capacityMem", "allocatableCpu", "allocatableMem", "gpuModel", "nodeGpu",
    "allocatableGpu", "gpuMemoryTotal", "gpuUtilizationAvg", "gpuMemUtilizationAvg", "monthlyCost", "monthlyWaste",
  ],
);
const GROUP_SORTS = new Set<string>(
  [
    "nodeGroupName", "clusterName", "primaryNodeType", "uniqueNodeCount", "uniqueNodeCountLastDay", "avgNodeCount", "totalNodeHours",
    "cpuSaturationNodeCount", "cpuSaturationNodePct", "cpuNodeBalanceRatio", "memSaturationNodeCount", "memSaturationNodePct",
    "memNodeBalanceRatio", "manifestCount", "manifestRestartCount", "manifestMemEventCount", "nodeCpu", "nodeMem", "maxPodCapNodeCount",
    "cpuRequestPct", "peakCpuUtilization", "avgCpuUtilization", "memRequestPct", "peakMemUtilization", "avgMemUtilization",
    "primaryConstraint", "currentNodeFamily", "optimizedNodeFamily", "currentEstimatedCost", "optimizedEstimatedCost",
    "estimatedWastePerMonth", "estimatedWastePercent", "manifestToOptCount", "surplusCpu", "surplusMem", "aggregatedAllocatableCpu",
    "aggregatedAllocatableMem", "aggregatedCapacityCpu", "aggregatedCapacityMem", "optimizedAvgNodeCount", "health",
  ],
);

function pageOf(args: PageArgs, sorts: Set<string>, defaultSort: string) {
  const sortBy = args.sortBy || defaultSort;
  if (!sorts.has(sortBy)) throw validationError(`Cannot sort by '${sortBy}'.`);
  const pageSize = args.pageSize ?? MAX_NODE_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_NODE_PAGE_SIZE) throw validationError(`pageSize must be a whole number from 1 to ${MAX_NODE_PAGE_SIZE}.`);
  const page = args.page ?? 1;
  if (!Number.isInteger(page) || page < 1) throw validationError("page must be a whole number from 1.");
  return { column: snake(sortBy), desc: args.sortDirection === "desc", page, pageSize };
}

/** The scope's conditions on the current snapshot, or on the one named (an export pins the one it started on). */
function scopeWhere(scope: NodeScope, snapshotId?: string) {
  const parts = [snapshotId === undefined ? sql`snapshot_id = ${CURRENT}` : sql`snapshot_id = ${snapshotId}`];
  if (scope.clusterNames?.length) parts.push(sql`cluster_name in (${sql.join(scope.clusterNames.map((n) => sql`${n}`))})`);
  if (scope.nodeGroupNames?.length) parts.push(sql`node_group_name in (${sql.join(scope.nodeGroupNames.map((n) => sql`${n}`))})`);
  return parts;
}

/** The node list's conditions: its scope, and only the nodes at max pod capacity when asked. */
function nodeWhere(args: NodeListArgs, snapshotId?: string) {
  const where = scopeWhere(args, snapshotId);
  if (args.nodesAtMaxPodCapacityOnly) where.push(sql`at_max_pod_capacity = 1`);
  return where;
}

/** What a list's figures depend on besides the snapshot. */
const nodeScopeKey = (args: NodeListArgs) => JSON.stringify([args.clusterNames ?? null, args.nodeGroupNames ?? null, !!args.nodesAtMaxPodCapacityOnly]);

/** Health sorts by risk (High first when descending), not alphabetically. */
function orderExpr(column: string) {
  if (column === "health") return sql`case health when 'High Risk' then 3 when 'Medium Risk' then 2 else 1 end`;
  return sql.ref(column);
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The node list: nodes of the clusters and groups named (all without names), optionally only those at max pod
 * capacity. A page is a slice of the list's order, which is sorted once per snapshot, scope and sort (listOrder):
 * sorting 34,310 nodes per request was ~30 ms of SQL on every Nodes page (issue 13).
 */
export async function nodeRows(db: Db, args: NodeListArgs & PageArgs = {}): Promise<Page<NodeRow>> {
  const p = pageOf(args, NODE_SORTS, "nodeName");
  const snapshotId = await currentSnapshotId(db);
  if (snapshotId === undefined) return { rows: [], total: 0, page: p.page, pageSize: p.pageSize };
  return pageInOrder(db, nodeOrder(args, p, snapshotId), snapshotId, p);
}

/**
 * The ordered ids of a list, per snapshot, table, scope and sort (a few entries: one holds an id per node). Paging
 * through the grid, coming back to it or exporting it then sorts nothing.
 */
const listOrders = storeCache<string[]>({ maxEntries: 12 });
onClearAnalysisCache((db) => listOrders.clear(db));

interface InOrder<Row, Out> {
  table: "node_analysis" | "node_group_analysis";
  id: "node_id" | "node_group_id";
  /** The list's tie-breakers after the sort column. */
  ties: RawBuilder<unknown>;
  column: string;
  desc: boolean;
  where: RawBuilder<unknown>[];
  key: unknown;
  convert: (row: Row) => Out;
}

/**
 * Every id of a list in its sort on one snapshot, read once (ids only, one sort of the scope; on the embedded store
 * on a worker thread, selectOffThread: 34,310 nodes sort in 30-200 ms, longer than a request should hold the
 * thread) and kept per snapshot.
 */
function listOrder(db: Db, o: InOrder<never, unknown>, snapshotId: string): Promise<string[]> {
  const dir = o.desc ? sql`desc` : sql`asc`;
  const order = sql<{ id: string }>`select ${sql.ref(o.id)} as id from ${sql.table(o.table)} where ${sql.join(o.where, sql` and `)}
    order by case when ${orderExpr(o.column)} is null then 1 else 0 end, ${orderExpr(o.column)} ${dir}, ${o.ties}`;
  return listOrders.get(
    db,
    JSON.stringify([o.table, snapshotId, o.key, o.column, o.desc]),
    async () => (await selectOffThread(db, order)).map((r) => String(r.id)),
    false,
    snapshotId,
  );
}

/** The rows of these ids on one snapshot by primary key, in the ids' order (an id whose row is gone is left out). */
async function rowsByIds<Row extends object, Out>(db: Db, o: InOrder<Row, Out>, snapshotId: string, ids: readonly string[]): Promise<Out[]> {
  if (ids.length === 0) return [];
  const rows = await sql<Row>`select * from ${sql.table(o.table)} where snapshot_id = ${snapshotId}
    and ${sql.ref(o.id)} in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  const byId = new Map(rows.rows.map((r) => [String((r as Record<string, unknown>)[o.id]), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [o.convert(row)] : [];
  });
}

/** Ids per statement when rows are read by id (well under SQLite's and PostgreSQL's bound parameters). */
const IDS_PER_READ = 1000;

/** One page of a list: its slice of the list's order, the rows read by id. */
async function pageInOrder<Row extends object, Out>(db: Db, o: InOrder<Row, Out>, snapshotId: string, p: { page: number; pageSize: number }): Promise<Page<Out>> {
  const ids = await listOrder(db, o as InOrder<never, unknown>, snapshotId);
  const slice = ids.slice((p.page - 1) * p.pageSize, p.page * p.pageSize);
  const rows: Out[] = [];
  for (let i = 0; i < slice.length; i += IDS_PER_READ) rows.push(...(await rowsByIds(db, o, snapshotId, slice.slice(i, i + IDS_PER_READ))));
  return { rows, total: ids.length, page: p.page, pageSize: p.pageSize };
}

/**
 * Every row of a list in the list's sort, `pageSize` at a time, on the snapshot current at the start: the order is
 * the list's (listOrder), then the rows a page of ids at a time by primary key, so each read is short whatever the
 * fleet, where LIMIT/OFFSET pages sorted the whole scope again for every page and cost more the further they went
 * (34,310 nodes: 35 sorts of 0.3-0.8 s each, each one stopping the server). An analysis that replaces the snapshot
 * meanwhile leaves the export on the rows it started with, as long as they are kept.
 */
async function* rowsInOrder<Row extends object, Out>(db: Db, o: InOrder<Row, Out>, snapshotId: string, pageSize: number): AsyncGenerator<Out[]> {
  const ids = await listOrder(db, o as InOrder<never, unknown>, snapshotId);
  for (let i = 0; i < ids.length; i += pageSize) yield rowsByIds(db, o, snapshotId, ids.slice(i, i + pageSize));
}

type ParsedPage = ReturnType<typeof pageOf>;

/** The node list's order (nodeRows, nodeRowsInOrder): nulls last, then the name and id so pages never overlap. */
function nodeOrder(args: NodeListArgs, p: ParsedPage, snapshotId: string): InOrder<NodeAnalysisTable, NodeRow> {
  return { table: "node_analysis", id: "node_id", ties: sql`node_name, node_id`, column: p.column, desc: p.desc, where: nodeWhere(args, snapshotId), key: nodeScopeKey(args), convert: toNode };
}

/** The node group list's order (nodeGroupRows, nodeGroupRowsInOrder). */
function groupOrder(args: NodeScope, p: ParsedPage, snapshotId: string): InOrder<NodeGroupAnalysisTable, NodeGroupRow> {
  return { table: "node_group_analysis", id: "node_group_id", ties: sql`cluster_name, node_group_name, node_group_id`, column: p.column, desc: p.desc, where: scopeWhere(args, snapshotId), key: nodeScopeKey(args), convert: toGroup };
}

/** Every node of the node list (nodeRows) in the list's sort, a page at a time, for an export (see rowsInOrder). */
export async function* nodeRowsInOrder(db: Db, args: NodeListArgs & Pick<PageArgs, "sortBy" | "sortDirection">, pageSize = 1000): AsyncGenerator<NodeRow[]> {
  const p = pageOf({ ...args, page: 1, pageSize: 1 }, NODE_SORTS, "nodeName");
  const snapshotId = await currentSnapshotId(db);
  if (snapshotId === undefined) return;
  yield* rowsInOrder(db, nodeOrder(args, p, snapshotId), snapshotId, pageSize);
}

/** Every node group of the node group list (nodeGroupRows) in the list's sort, a page at a time (see rowsInOrder). */
export async function* nodeGroupRowsInOrder(db: Db, args: NodeScope & Pick<PageArgs, "sortBy" | "sortDirection">, pageSize = 1000): AsyncGenerator<NodeGroupRow[]> {
  const p = pageOf({ ...args, page: 1, pageSize: 1 }, GROUP_SORTS, "nodeGroupName");
  const snapshotId = await currentSnapshotId(db);
  if (snapshotId === undefined) return;
  yield* rowsInOrder(db, groupOrder(args, p, snapshotId), snapshotId, pageSize);
}

/** summaryAddonsIgnoreGuestFilter: distinct nodes and node groups of the node list's scope. */
export function nodeSummary(db: Db, args: NodeListArgs = {}): Promise<{ numUniqueNodes: number; numNodeGroups: number }> {
  return cachedRead(db, "node-summary", nodeScopeKey(args), (q) => nodeSummaryNow(q, args));
}

async function nodeSummaryNow(db: Db, args: NodeListArgs): Promise<{ numUniqueNodes: number; numNodeGroups: number }> {
  const where = nodeWhere(args);
  const r = await sql<{ nodes: number | string; ngroups: number | string }>`select count(distinct node_id) as nodes,
    count(distinct cluster_name || '/' || node_group_name) as ngroups from node_analysis where ${sql.join(where, sql` and `)}`.execute(db);
  return { numUniqueNodes: Number(r.rows[0]?.nodes ?? 0), numNodeGroups: Number(r.rows[0]?.ngroups ?? 0) };
}

/** The node group list of the clusters and groups named (all without names); paged as the node list is (nodeRows). */
export async function nodeGroupRows(db: Db, args: NodeScope & PageArgs = {}): Promise<Page<NodeGroupRow>> {
  const p = pageOf(args, GROUP_SORTS, "nodeGroupName");
  const snapshotId = await currentSnapshotId(db);
  if (snapshotId === undefined) return { rows: [], total: 0, page: p.page, pageSize: p.pageSize };
  return pageInOrder(db, groupOrder(args, p, snapshotId), snapshotId, p);
}

/** The money of a node group list's scope: what the summary cards and the grid's total row show. */
export interface NodeGroupTotals {
  groups: number;
  /** Σ current cost of the priced groups ($/month). */
  currentCost: number;
  /** Groups whose current cost is unknown (an instance type without a catalog price). */
  unpricedGroups: number;
  /** Σ optimised cost; a group with no optimised type (GPU, no candidate) counts at its current cost. */
  optimizedCost: number;
  /** Σ waste (current − optimised) of the groups that have both; negative waste (a group short of capacity) included. */
  waste: number;
  highRiskGroups: number;
  mediumRiskGroups: number;
}

/** The list's money, computed once per snapshot and scope (cachedRead), as the sums below are. */
export function nodeGroupTotals(db: Db, args: NodeScope = {}): Promise<NodeGroupTotals> {
  return cachedRead(db, "node-group-totals", nodeScopeKey(args), (q) => nodeGroupTotalsNow(q, args));
}

async function nodeGroupTotalsNow(db: Db, args: NodeScope): Promise<NodeGroupTotals> {
  const r = await sql<Record<string, number | string | null>>`select count(*) as n,
    sum(current_estimated_cost) as cur,
    sum(case when current_estimated_cost is null then 1 else 0 end) as unpriced,
    sum(case when optimized_estimated_cost is not null and current_estimated_cost is not null then optimized_estimated_cost else current_estimated_cost end) as opt,
    sum(estimated_waste_per_month) as waste,
    sum(case when health = 'High Risk' then 1 else 0 end) as high,
    sum(case when health = 'Medium Risk' then 1 else 0 end) as medium
    from node_group_analysis where ${sql.join(scopeWhere(args), sql` and `)}`.execute(db);
  const row = r.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return { groups: n("n"), currentCost: n("cur"), unpricedGroups: n("unpriced"), optimizedCost: n("opt"), waste: n("waste"), highRiskGroups: n("high"), mediumRiskGroups: n("medium") };
}

/** The money of a node list's scope (every page): the Nodes grid's total row. */
export interface NodeTotals {
  nodes: number;
  /** Σ monthly cost of the priced nodes ($/month). */
  monthlyCost: number;
  /** Nodes without a catalog price (their cost is unknown, not 0). */
  unpricedNodes: number;
  /** Σ the nodes' shares of their groups' waste; negative shares (groups short of capacity) included. */
  monthlyWaste: number;
}

/** Once per snapshot and scope (cachedRead): a sum over 34,310 nodes was ~16 ms of every Nodes page (issue 13). */
export function nodeTotals(db: Db, args: NodeListArgs = {}): Promise<NodeTotals> {
  return cachedRead(db, "node-totals", nodeScopeKey(args), (q) => nodeTotalsNow(q, args));
}

async function nodeTotalsNow(db: Db, args: NodeListArgs): Promise<NodeTotals> {
  const where = nodeWhere(args);
  const r = await sql<Record<string, number | string | null>>`select count(*) as n, sum(monthly_cost) as cost,
    sum(case when monthly_cost is null then 1 else 0 end) as unpriced, sum(monthly_waste) as waste
    from node_analysis where ${sql.join(where, sql` and `)}`.execute(db);
  const row = r.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return { nodes: n("n"), monthlyCost: n("cost"), unpricedNodes: n("unpriced"), monthlyWaste: n("waste") };
}

/** summaryAddonsByViewAndFilter: clusters, node groups and the average node count summed over the groups. */
export function nodeGroupSummary(db: Db, args: NodeScope = {}): Promise<{ clusters: number; nodeGroups: number; avgNodes: number }> {
  return cachedRead(db, "node-group-summary", nodeScopeKey(args), (q) => nodeGroupSummaryNow(q, args));
}

async function nodeGroupSummaryNow(db: Db, args: NodeScope): Promise<{ clusters: number; nodeGroups: number; avgNodes: number }> {
  const r = await sql<{ clusters: number | string; ngroups: number | string; avg: number | string | null }>`select count(distinct cluster_name) as clusters,
    count(*) as ngroups, sum(avg_node_count) as avg from node_group_analysis where ${sql.join(scopeWhere(args), sql` and `)}`.execute(db);
  const row = r.rows[0];
  return { clusters: Number(row?.clusters ?? 0), nodeGroups: Number(row?.ngroups ?? 0), avgNodes: Number(row?.avg ?? 0) };
}

export async function nodeById(db: Db, nodeId: string): Promise<NodeRow | undefined> {
  const r = await sql<NodeAnalysisTable>`select * from node_analysis where snapshot_id = ${CURRENT} and node_id = ${nodeId}`.execute(db);
  return r.rows[0] && toNode(r.rows[0]);
}

export async function nodeGroupByIdentifier(db: Db, nodeGroupName: string, clusterName: string): Promise<NodeGroupRow | undefined> {
  const r = await sql<NodeGroupAnalysisTable>`select * from node_group_analysis
    where snapshot_id = ${CURRENT} and cluster_name = ${clusterName} and node_group_name = ${nodeGroupName}`.execute(db);
  return r.rows[0] && toGroup(r.rows[0]);
}

export async function nodeGroupById(db: Db, nodeGroupId: string): Promise<NodeGroupRow | undefined> {
  const r = await sql<NodeGroupAnalysisTable>`select * from node_group_analysis where snapshot_id = ${CURRENT} and node_group_id = ${nodeGroupId}`.execute(db);
  return r.rows[0] && toGroup(r.rows[0]);
}

/** The nodes of one group (the group's metric series read each one's samples). */
export async function nodesOfGroup(db: Db, clusterName: string, nodeGroupName: string): Promise<NodeRow[]> {
  const r = await sql<NodeAnalysisTable>`select * from node_analysis
    where snapshot_id = ${CURRENT} and cluster_name = ${clusterName} and node_group_name = ${nodeGroupName} order by node_id`.execute(db);
  return r.rows.map(toNode);
}

/** How many nodes a group has in the current snapshot. */
export async function nodeCountOfGroup(db: Db, clusterName: string, nodeGroupName: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from node_analysis
    where snapshot_id = ${CURRENT} and cluster_name = ${clusterName} and node_group_name = ${nodeGroupName}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Requests and limits of the containers of a group (mCores, MB; per replica × replicas, unset as 0), and the
 * DaemonSet requests of its cluster (one copy per node): what the request and limit series spread over nodes.
 */
export async function groupRequests(db: Db, clusterName: string, nodeGroupName: string) {
  const totals = (rows: { cpu_request: number | null; cpu_limit: number | null; mem_request: number | null; mem_limit: number | null; replicas: number }[], perNode: boolean) =>
    rows.reduce(
      (t, c) => {
        const n = perNode ? 1 : c.replicas;
        return {
          cpuRequest: t.cpuRequest + (c.cpu_request ?? 0) * n,
          cpuLimit: t.cpuLimit + (c.cpu_limit ?? 0) * n,
          memRequest: t.memRequest + (c.mem_request ?? 0) * n,
          memLimit: t.memLimit + (c.mem_limit ?? 0) * n,
        };
      },
      { cpuRequest: 0, cpuLimit: 0, memRequest: 0, memLimit: 0 },
    );
  const cols = ["cpu_request", "cpu_limit", "mem_request", "mem_limit", "replicas"] as const;
  const [group, daemonSets] = await Promise.all([
    db.selectFrom("container").select(cols).where("cluster", "=", clusterName).where("node_group", "=", nodeGroupName).where("pod_owner_kind", "!=", "DaemonSet").execute(),
    db.selectFrom("container").select(cols).where("cluster", "=", clusterName).where("pod_owner_kind", "=", "DaemonSet").execute(),
  ]);
  return { group: totals(group, false), perNode: totals(daemonSets, true) };
}
