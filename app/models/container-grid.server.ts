/**
 * The AI Analysis Details grid over the current snapshot: one folder's containers paged, sorted, searched (fuzzy,
 * threshold 0.1), filtered by column and grouped on the server, the built-in grid views' row conditions, and one
 * container's row.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import type { ResourceKey } from "~/engine/containers";
import type { ContainerGridViewId } from "~/domain/containers/grid-view-ids";
import { escapeLike } from "~/domain/views-filters/filter-sql";
import { validationError } from "~/lib/errors";
import { allowedErrors, fuzzyFilter, fuzzyPieces } from "~/lib/fuzzy";
import { BUCKET_COLUMNS } from "./container-overview.server";
import { ROW_SELECT, toRow, withNodes, type ContainerRow, type RawRow } from "./container-rows.server";
import { containerConditions } from "./container-tree.server";
import { currentSnapshotId } from "./snapshot.server";
import { cachedRead, consistentRead, FROM, num, onClearAnalysisCache } from "./snapshot-reads.server";
import type { FolderScope } from "./tree-scope.server";
import { storeCache } from "./store-cache.server";
import type { Db } from "./treeview-common.server";

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
}

export interface ContainerRowsPage {
  rows: ContainerRow[];
  /** Rows matching scope and search, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** A column filter: text contains / equals, a number compared, or blank / not blank. */
export type RowFilter =
  | { field: string; op: "contains"; value: string }
  | { field: string; op: "eq" | "ne" | "gt" | "ge" | "lt" | "le"; value: number | string }
  | { field: string; op: "blank" | "notBlank" };

const COMPARE = { eq: "=", ne: "<>", gt: ">", ge: ">=", lt: "<", le: "<=" } as const;

/** One filter as a parameterised condition over a whitelisted column (SORTABLE_FIELDS); anything else is refused. */
function filterCondition(f: RowFilter): Expression<unknown> {
  if (!Object.hasOwn(SORTABLE_FIELDS, f.field)) throw validationError(`Rows cannot be filtered by '${f.field}'.`);
  const col = sql.ref(SORTABLE_FIELDS[f.field as SortField]);
  switch (f.op) {
    case "contains":
      return sql`lower(${col}) like ${`%${escapeLike(f.value.toLowerCase())}%`} escape '\\'`;
    case "blank":
      return sql`${col} is null`;
    case "notBlank":
      return sql`${col} is not null`;
    default: {
      if (!Object.hasOwn(COMPARE, f.op)) throw validationError(`Unknown filter operator '${String((f as { op: unknown }).op)}'.`);
      if (typeof f.value === "number" && !Number.isFinite(f.value)) throw validationError(`A filter on '${f.field}' needs a finite number.`);
      return sql`${col} ${sql.raw(COMPARE[f.op])} ${f.value}`;
    }
  }
}

/** The fuzzy search's keys: row field → column. */
const FUZZY_KEYS = {
  containerName: "c.container_name",
  podService: "c.pod_owner_name",
  namespace: "c.namespace",
  cluster: "c.cluster",
  policyName: "a.policy_name",
} as const;

interface RowsQuery {
  where: Expression<unknown>;
  /** Set when fuse.js must decide on the rows `where` keeps (a term of 10 characters or more). */
  fuzzyTerm: string | null;
  /** What the scope depends on (the FolderScope's key). */
  cacheKey: string;
}

function checkPaging(args: ContainerRowsArgs) {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? 50;
  if (!Number.isInteger(page) || page < 1) throw validationError("page must be a whole number from 1.");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw validationError(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  return { page, pageSize };
}

/** Scope, grid view, bucket, filters and search as one condition. */
function rowsQuery(scope: FolderScope, args: ContainerRowsArgs): RowsQuery {
  const { conditions } = containerConditions(scope);
  const cacheKey = scope.key;
  const all: Expression<unknown>[] = [...conditions];
  if (args.gridViewId) {
    if (!Object.hasOwn(GRID_VIEW_CONDITIONS, args.gridViewId)) throw validationError(`Unknown grid view '${args.gridViewId}'.`);
    all.push(GRID_VIEW_CONDITIONS[args.gridViewId as GridViewId]);
  }
  if (args.bucket) {
    if (!Object.hasOwn(BUCKET_COLUMNS, args.bucket.metric)) throw validationError(`Unknown histogram '${args.bucket.metric}'.`);
    if (!Number.isInteger(args.bucket.value)) throw validationError("A histogram bucket is a whole number.");
    // Histogram click-through: the rows in one bucket of one chart.
    all.push(sql`${sql.ref(`a.${BUCKET_COLUMNS[args.bucket.metric as ResourceKey]}`)} = ${args.bucket.value}`);
  }
  for (const f of args.filters ?? []) all.push(filterCondition(f));
  const term = (args.search ?? "").trim();
  let fuzzyTerm: string | null = null;
  if (term && args.fuzzy) {
    // Under ten characters fuse.js at 0.1 is a substring match; longer terms: a prefilter by pieces, fuse decides.
    const pieces = allowedErrors(term) > 0 ? fuzzyPieces(term) : [term.toLowerCase()];
    const likes = Object.values(FUZZY_KEYS).flatMap((col) => pieces.map((p) => sql`lower(${sql.ref(col)}) like ${`%${escapeLike(p)}%`} escape '\\'`));
    all.push(sql`(${sql.join(likes, sql` or `)})`);
    if (allowedErrors(term) > 0) fuzzyTerm = term;
  } else if (term) {
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    all.push(
      sql`(lower(c.container_name) like ${pattern} escape '\\' or lower(c.pod_owner_name) like ${pattern} escape '\\' or lower(c.namespace) like ${pattern} escape '\\' or lower(c.cluster) like ${pattern} escape '\\')`,
    );
  }
  return { where: sql.join(all, sql` and `), fuzzyTerm, cacheKey };
}

/** The ids (with the asked columns) of the rows fuse.js keeps among those `where` keeps. */
async function fuzzyMatches(q: Db, where: Expression<unknown>, term: string, extra: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const cols = { ...FUZZY_KEYS, ...extra };
  const { rows } = await sql<Record<string, unknown>>`select c.id as id, ${sql.join(Object.entries(cols).map(([k, col]) => sql`${sql.ref(col)} as ${sql.ref(k)}`))} from ${FROM} where ${where}`.execute(q);
  return fuzzyFilter(rows, term, Object.keys(FUZZY_KEYS));
}

/** The database's order: nulls last, then the value, ties by id, both in the direction asked. */
function compareRows(a: Record<string, unknown>, b: Record<string, unknown>, dir: "asc" | "desc"): number {
  const an = a.s === null || a.s === undefined;
  const bn = b.s === null || b.s === undefined;
  if (an !== bn) return an ? 1 : -1;
  const sign = dir === "asc" ? 1 : -1;
  const cmp = (x: unknown, y: unknown) => {
    const [p, r] = typeof x === "number" || typeof y === "number" ? [Number(x), Number(y)] : [String(x), String(y)];
    return p < r ? -1 : p > r ? 1 : 0;
  };
  return (an ? 0 : cmp(a.s, b.s)) * sign || cmp(String(a.id), String(b.id)) * sign;
}

/**
 * The ordered ids of every matching row, per snapshot and query (scope, grid view, bucket, filters, search, sort):
 * paging through a 150,000-container grid, or coming back to it, then reads one page of rows by id instead of
 * filtering and sorting the fleet again (ARCHITECTURE.md: heavy reads are computed once per snapshot and cached).
 * A few entries only: one holds up to one id per container.
 */
const ORDER_ENTRIES = 12;
const orders = storeCache<string[]>({ maxEntries: ORDER_ENTRIES });
onClearAnalysisCache((db) => orders.clear(db));

function orderedIds(db: Db, key: string | null, compute: () => Promise<string[]>): Promise<string[]> {
  return key === null ? compute() : orders.get(db, key, compute);
}

export async function containerRows(db: Db, scope: FolderScope, args: ContainerRowsArgs): Promise<ContainerRowsPage> {
  const field = args.sort?.field ?? "containerName";
  if (!Object.hasOwn(SORTABLE_FIELDS, field)) throw validationError(`Rows cannot be sorted by '${field}'.`);
  const direction = args.sort?.direction ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw validationError(`Sort direction must be asc or desc (got '${String(direction)}').`);
  const { page, pageSize } = checkPaging(args);
  const { where, fuzzyTerm, cacheKey } = rowsQuery(scope, args);
  const column = sql.ref(SORTABLE_FIELDS[field as SortField]);
  const dir = sql.raw(direction);
  return consistentRead(db, async (q) => {
    const snapshotId = await currentSnapshotId(q);
    const key =
      snapshotId === undefined
        ? null
        : JSON.stringify([snapshotId, cacheKey, args.gridViewId ?? null, args.bucket ?? null, args.filters ?? [], (args.search ?? "").trim(), !!args.fuzzy, field, direction]);
    const all = await orderedIds(db, key, async () => {
      if (fuzzyTerm) {
        const matched = await fuzzyMatches(q, where, fuzzyTerm, { s: SORTABLE_FIELDS[field as SortField] });
        return matched.sort((a, b) => compareRows(a, b, direction)).map((r) => String(r.id));
      }
      const ids = await sql<{ id: string }>`select c.id as id from ${FROM} where ${where}
        order by case when ${column} is null then 1 else 0 end, ${column} ${dir}, c.id ${dir}`.execute(q);
      return ids.rows.map((r) => String(r.id));
    });
    const order = all.slice((page - 1) * pageSize, page * pageSize);
    const { rows } = order.length
      ? await sql<RawRow>`select ${ROW_SELECT} from ${FROM} where c.id in (${sql.join(order)})`.execute(q)
      : { rows: [] as RawRow[] };
    const byId = new Map(rows.map((r) => [String(r.entity_id), r]));
    return { rows: await withNodes(q, order.map((id) => toRow(byId.get(id)!))), total: all.length, page, pageSize };
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

const GROUP_SUMS = { currentCost: "a.current_cost", netSavings: "a.net_savings", totalCpuSurplus: "a.cpu_spare", totalMemSurplus: "a.mem_spare" } as const;

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
  const { page, pageSize } = checkPaging(args);
  const { where, fuzzyTerm, cacheKey } = rowsQuery(scope, args);
  const col = SORTABLE_FIELDS[args.groupBy as SortField];
  // Every group of the query, once per snapshot (cachedRead); pages of groups are slices of it.
  const queryKey = JSON.stringify([cacheKey, args.gridViewId ?? null, args.bucket ?? null, args.filters ?? [], (args.search ?? "").trim(), !!args.fuzzy, args.groupBy]);
  const all = await cachedRead(db, "groups", queryKey, async (q) => {
    let all: ContainerGroup[];
    if (fuzzyTerm) {
      const byValue = new Map<string | null, ContainerGroup>();
      for (const r of await fuzzyMatches(q, where, fuzzyTerm, { g: col, ...GROUP_SUMS })) {
        const value = r.g === null || r.g === undefined ? null : String(r.g);
        const g = byValue.get(value) ?? { value, count: 0, currentCost: 0, netSavings: 0, totalCpuSurplus: 0, totalMemSurplus: 0 };
        g.count++;
        for (const k of Object.keys(GROUP_SUMS) as (keyof typeof GROUP_SUMS)[]) g[k] += num(r[k]);
        byValue.set(value, g);
      }
      all = [...byValue.values()];
    } else {
      const sums = Object.entries(GROUP_SUMS).map(([k, c]) => sql`sum(${sql.ref(c)}) as ${sql.ref(k)}`);
      const { rows } = await sql<Record<string, unknown>>`select ${sql.ref(col)} as g, count(*) as n, ${sql.join(sums)} from ${FROM} where ${where} group by ${sql.ref(col)}`.execute(q);
      all = rows.map((r) => ({
        value: r.g === null || r.g === undefined ? null : String(r.g),
        count: num(r.n),
        currentCost: num(r.currentCost),
        netSavings: num(r.netSavings),
        totalCpuSurplus: num(r.totalCpuSurplus),
        totalMemSurplus: num(r.totalMemSurplus),
      }));
    }
    return all.sort((a, b) => b.count - a.count || ((a.value ?? "") < (b.value ?? "") ? -1 : (a.value ?? "") > (b.value ?? "") ? 1 : 0));
  });
  return {
    groups: all.slice((page - 1) * pageSize, page * pageSize),
    totalGroups: all.length,
    total: all.reduce((s, g) => s + g.count, 0),
    page,
    pageSize,
  };
}

/** One container's row in the current snapshot (getContainerDetailsForEntity), or undefined. */
export async function containerById(db: Db, entityId: string): Promise<ContainerRow | undefined> {
  const { rows } = await sql<RawRow>`select ${ROW_SELECT} from ${FROM} where c.id = ${entityId}`.execute(db);
  return rows[0] ? (await withNodes(db, [toRow(rows[0])]))[0] : undefined;
}
