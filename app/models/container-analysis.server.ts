/**
 * Read models over the current analysis snapshot (app/analysis/run.server.ts), for the GraphQL layer: the
 * container overview (summary cards and waterfall), histograms, risk summary, folder counts, the container grid
 * (server-side paging, sorting and search) and one container's row.
 *
 * Scope: every list and total is over `container c` joined with its row of the current snapshot, under a View,
 * Filter and folder exactly as the containers tree selects them (containerScope in container-tree.server.ts:
 * the compiled Filter condition plus one condition per folder level). The snapshot id is read inside each
 * statement (`a.snapshot_id = (select value from meta ...)`), so a statement sees one whole snapshot even while
 * a new one is swapped in. Containers collected after the current snapshot was made have no row there and are
 * left out until the next analysis.
 *
 * Consistency and caching: the statements of one call run in one read transaction (REPEATABLE READ on PostgreSQL,
 * one WAL snapshot on SQLite), so they agree with each other. The overview, histograms, risk summary and folder
 * counts are cached per store, keyed by the snapshot id read in that transaction and the scope's cacheKey (the
 * collection run, the View's and Filter's versions, the folder): computed once per snapshot and scope
 * (ARCHITECTURE.md, "heavy aggregates are computed once per snapshot and cached"); a new snapshot is a new key.
 *
 * Money: the rows hold the engine's per-container figures (whole cents / 100) and the waterfall's cents as
 * integers; totals are sums of whole cents (round(x × 100) of each stored dollar figure, exactly the engine's
 * costTotals), turned into dollars once, and the waterfall is the engine's `waterfall` over the summed cents, so
 * Current + Immediate + Risk Removal + Additional = Optimal holds to the cent under any scope.
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "~/db/schema";
import type { ResourceTotals } from "~/engine/containers";
import type { SessionUser } from "~/lib/auth-types";
import {
  HISTOGRAM_BUCKETS,
  UNSPECIFIED_BUCKET,
  efficiencyRating,
  waterfall,
  type Badge,
  type CostCents,
  type HistogramBar,
  type ResourceKey,
  type Waterfall,
} from "~/engine/containers";
import { escapeLike } from "~/domain/views-filters/filter-sql";
import { policyForContainer } from "~/engine/policy";
import { allowedErrors, fuzzyFilter, fuzzyPieces } from "~/lib/fuzzy";
import { CURRENT_SNAPSHOT_META_KEY, currentSnapshotId } from "./snapshot.server";
import type { TreeNode } from "~/domain/tree/types";
import { containerScope } from "./container-tree.server";
import { validationError } from "~/lib/errors";
import type { ContainerGridViewId } from "~/domain/containers/grid-view-ids";

type Db = Kysely<Database>;

/** Where the containers come from: a View and Filter (ids as the tree takes them) and a folder path in that tree. */
export interface ScopeArgs {
  viewId: string;
  filterId: string;
  /** A folder's fullPath (with or without the root's name); empty or absent: the whole tree. */
  treeviewPath?: string | null;
}

const FROM = sql`container c join container_analysis a on a.snapshot_id = (select m.value from meta m where m.key = ${CURRENT_SNAPSHOT_META_KEY}) and a.container_id = c.id`;

async function scoped(db: Db, user: SessionUser, args: ScopeArgs) {
  const scope = await containerScope(db, user, { viewId: args.viewId, filterId: args.filterId, treeviewPath: args.treeviewPath ?? "" });
  return { ...scope, where: sql.join(scope.conditions, sql` and `) };
}

/**
 * Runs reads on one snapshot of the store: a REPEATABLE READ transaction without JIT on PostgreSQL (the planner
 * prices these aggregates high enough to JIT-compile them, which never pays back), a deferred transaction on
 * SQLite (its reads share one WAL snapshot).
 */
async function consistentRead<T>(db: Db, run: (q: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (trx) => {
        await sql`set local jit = off`.execute(trx);
        return run(trx);
      });
  }
  return db.transaction().execute(run);
}

const CACHE_ENTRIES = 256;
const caches = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** Empties the analysis read cache of a store (tests; a new snapshot needs no clearing, it is a new key). */
export function clearAnalysisCache(db: Db) {
  caches.delete(db);
  orderCaches.delete(db);
}

/**
 * The cached value of `kind` for the current snapshot and scope, computed in one consistent read. Before the
 * first analysis nothing is cached. Callers get their own copy.
 */
async function cachedRead<T>(db: Db, kind: string, scopeKey: string, compute: (q: Db) => Promise<T>): Promise<T> {
  const value = await consistentRead(db, async (q) => {
    const snapshotId = await currentSnapshotId(q);
    if (snapshotId === undefined) return compute(q);
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const key = `${kind}|${snapshotId}|${scopeKey}`;
    let entry = cache.get(key) as Promise<T> | undefined;
    if (entry) {
      cache.delete(key); // least recently used first
      cache.set(key, entry);
    } else {
      const made = compute(q);
      entry = made;
      cache.set(key, made);
      made.catch(() => cache.get(key) === made && cache.delete(key));
      for (const k of cache.keys()) {
        if (cache.size <= CACHE_ENTRIES) break;
        cache.delete(k);
      }
    }
    return entry;
  });
  return structuredClone(value);
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** Sum of a stored dollar figure in whole cents. */
const cents = (column: string) => sql`sum(round(${sql.ref(column)} * 100))`;

// ---------------------------------------------------------------------------------------------------------------
// Container overview

/** The engine's per-resource totals, read from the snapshot, with two figures the run's rows add. */
export interface ResourceOverview extends ResourceTotals {
  /** Spare quantity that counts as realizable (not at risk, and the node group is constrained by this resource). */
  realizable: number;
  /** Spare cost of containers at risk (the Additional Waste bar's share of this resource). */
  additionalWaste: number;
}

export interface ContainerOverview {
  /** Analysed containers (the ones with costs), as the engine's costTotals counts them. */
  containerCount: number;
  atRiskCount: number;
  totalCurrentCost: number;
  totalUnspecifiedCost: number;
  totalRecommendedCost: number;
  totalRealizableGain: number;
  totalDeficitCost: number;
  totalSpareCost: number;
  cpu: ResourceOverview;
  memory: ResourceOverview;
  /** The spec's flat names for the same figures: totalCpuRequestCurrent, totalCpuRequestCurrentCost, ... */
  fields: Record<string, number>;
  efficiencyRating: number;
  monthlyWaste: number;
  waterfall: Waterfall;
  histograms: HistogramCounts;
  /** Folder overview counts over every container in scope, analysed or not. */
  counts: {
    containers: number;
    notAnalysed: number;
    clusters: number;
    namespaces: number;
    manifests: number;
    /** Average running pods: per manifest the largest average container count, summed. */
    pods: number;
    restartsLast7Days: number;
    memoryLimitEventsLast7Days: number;
    cpuSaturationContainers: number;
    memSaturationContainers: number;
  };
  snapshotId: string | null;
}

const RESOURCE_MONEY = ["current_cost", "unspecified_cost", "recommended_cost", "deficit_cost", "spare_cost", "realizable_gain", "additional_waste"] as const;
const RESOURCE_QUANTITY = ["current", "unspecified", "recommended", "deficit", "spare"] as const;
const WATERFALL_CENTS = ["current", "recommended", "unspecified", "spare", "deficit", "immediate", "additional"] as const;

/** The realizable rule of costs.ts over a stored row: not at risk, and no primary constraint or this resource's. */
function realizableQuantity(resource: "cpu" | "mem"): RawBuilder<unknown> {
  const constraint = resource === "cpu" ? "Cpu Request" : "Memory Request";
  return sql`sum(case when a.at_risk = 0 and (a.primary_constraint is null or a.primary_constraint = ${constraint}) then ${sql.ref(`a.${resource}_spare`)} else 0 end)`;
}

export async function containerOverview(db: Db, user: SessionUser, args: ScopeArgs): Promise<ContainerOverview> {
  const { where, cacheKey } = await scoped(db, user, args);
  return cachedRead(db, "overview", cacheKey, (q) => overviewWhere(q, where));
}

async function overviewWhere(db: Db, where: Expression<unknown>): Promise<ContainerOverview> {
  const selections: RawBuilder<unknown>[] = [
    sql`count(*) as n`,
    sql`sum(a.analysed) as analysed`,
    sql`sum(a.at_risk) as at_risk`,
    sql`count(distinct c.cluster) as clusters`,
    sql`count(distinct c.cluster || '/' || c.namespace) as namespaces`,
    sql`sum(a.restarts_last_7_days) as restarts`,
    sql`sum(a.memory_limit_event_last_7_days) as mem_events`,
    sql`sum(a.has_cpu_saturation) as cpu_sat`,
    sql`sum(a.has_mem_saturation) as mem_sat`,
  ];
  for (const r of ["cpu", "mem"] as const) {
    for (const q of RESOURCE_QUANTITY) selections.push(sql`sum(${sql.ref(`a.${r}_${q}`)}) as ${sql.ref(`${r}_${q}`)}`);
    for (const m of RESOURCE_MONEY) selections.push(sql`${cents(`a.${r}_${m}`)} as ${sql.ref(`${r}_${m}`)}`);
    selections.push(sql`${realizableQuantity(r)} as ${sql.ref(`${r}_realizable`)}`);
  }
  for (const k of WATERFALL_CENTS) selections.push(sql`sum(${sql.ref(`a.cents_${k}`)}) as ${sql.ref(`cents_${k}`)}`);
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(selections)} from ${FROM} where ${where}`.execute(db);
  const t = rows[0] ?? {};
  const manifests = await sql<{ manifests: unknown; pods: unknown }>`select count(*) as manifests, sum(p) as pods from (select max(a.current_count) as p from ${FROM} where ${where} group by c.cluster, c.namespace, c.pod_owner_kind, c.pod_owner_name) m`.execute(db);

  const resource = (r: "cpu" | "mem"): ResourceOverview => ({
    current: num(t[`${r}_current`]),
    currentCost: num(t[`${r}_current_cost`]) / 100,
    unspecified: num(t[`${r}_unspecified`]),
    unspecifiedCost: num(t[`${r}_unspecified_cost`]) / 100,
    recommended: num(t[`${r}_recommended`]),
    recommendedCost: num(t[`${r}_recommended_cost`]) / 100,
    deficit: num(t[`${r}_deficit`]),
    deficitCost: num(t[`${r}_deficit_cost`]) / 100,
    spare: num(t[`${r}_spare`]),
    spareCost: num(t[`${r}_spare_cost`]) / 100,
    realizable: num(t[`${r}_realizable`]),
    realizableGain: num(t[`${r}_realizable_gain`]) / 100,
    additionalWaste: num(t[`${r}_additional_waste`]) / 100,
  });
  const cpu = resource("cpu");
  const memory = resource("mem");
  const sumCents = (m: (typeof RESOURCE_MONEY)[number]) => num(t[`cpu_${m}`]) + num(t[`mem_${m}`]);
  const currentCents = sumCents("current_cost");
  const unspecifiedCents = sumCents("unspecified_cost");
  const recommendedCents = sumCents("recommended_cost");
  const centsTotals = Object.fromEntries(WATERFALL_CENTS.map((k) => [k, num(t[`cents_${k}`])])) as unknown as CostCents;

  const fields: Record<string, number> = {};
  for (const [prefix, r] of [["totalCpuRequest", cpu], ["totalMemoryRequest", memory]] as const) {
    fields[`${prefix}Current`] = r.current;
    fields[`${prefix}CurrentCost`] = r.currentCost;
    fields[`${prefix}Unspecified`] = r.unspecified;
    fields[`${prefix}UnspecifiedCost`] = r.unspecifiedCost;
    fields[`${prefix}Recommended`] = r.recommended;
    fields[`${prefix}RecommendedCost`] = r.recommendedCost;
    fields[`${prefix}Deficit`] = r.deficit;
    fields[`${prefix}DeficitCost`] = r.deficitCost;
    fields[`${prefix}Spare`] = r.spare;
    fields[`${prefix}SpareCost`] = r.spareCost;
  }
  fields.totalCpuRealizable = cpu.realizable;
  fields.totalCpuRealizableGain = cpu.realizableGain;
  fields.totalMemoryRealizable = memory.realizable;
  fields.totalMemoryRealizableGain = memory.realizableGain;

  const analysed = num(t.analysed);
  return {
    containerCount: analysed,
    atRiskCount: num(t.at_risk),
    totalCurrentCost: currentCents / 100,
    totalUnspecifiedCost: unspecifiedCents / 100,
    totalRecommendedCost: recommendedCents / 100,
    totalRealizableGain: sumCents("realizable_gain") / 100,
    totalDeficitCost: sumCents("deficit_cost") / 100,
    totalSpareCost: sumCents("spare_cost") / 100,
    cpu,
    memory,
    fields,
    efficiencyRating: efficiencyRating(currentCents, unspecifiedCents, recommendedCents),
    monthlyWaste: (currentCents + unspecifiedCents - recommendedCents) / 100,
    waterfall: waterfall([{ cents: centsTotals }]),
    histograms: await histogramsWhere(db, where),
    counts: {
      containers: num(t.n),
      notAnalysed: num(t.n) - analysed,
      clusters: num(t.clusters),
      namespaces: num(t.namespaces),
      manifests: num(manifests.rows[0]?.manifests),
      pods: num(manifests.rows[0]?.pods),
      restartsLast7Days: num(t.restarts),
      memoryLimitEventsLast7Days: num(t.mem_events),
      cpuSaturationContainers: num(t.cpu_sat),
      memSaturationContainers: num(t.mem_sat),
    },
    snapshotId: (await currentSnapshotId(db)) ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Histograms

export interface HistogramCounts {
  /** Analysed containers in scope: each chart's buckets add up to it (with the Unspecified bucket included). */
  containerCount: number;
  cpuRequest: HistogramBar[];
  cpuLimit: HistogramBar[];
  memRequest: HistogramBar[];
  memLimit: HistogramBar[];
}

const BUCKET_COLUMNS: Record<ResourceKey, string> = {
  cpuRequest: "bucket_cpu_request",
  cpuLimit: "bucket_cpu_limit",
  memRequest: "bucket_mem_request",
  memLimit: "bucket_mem_limit",
};

async function histogramsWhere(db: Db, where: Expression<unknown>, includeUnspecified = true): Promise<HistogramCounts> {
  const keys = Object.keys(BUCKET_COLUMNS) as ResourceKey[];
  const cols = keys.map((k) => sql.ref(`a.${BUCKET_COLUMNS[k]}`));
  // One scan: grouped by the four buckets together (at most 11^4 groups), folded per chart here.
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(keys.map((k, i) => sql`${cols[i]} as ${sql.ref(k)}`))}, count(*) as n from ${FROM} where ${where} and a.analysed = 1 group by ${sql.join(cols)}`.execute(db);
  const all = [UNSPECIFIED_BUCKET, ...HISTOGRAM_BUCKETS];
  const counts = Object.fromEntries(keys.map((k) => [k, new Map<number, number>(all.map((b) => [b, 0]))])) as Record<ResourceKey, Map<number, number>>;
  let containerCount = 0;
  for (const row of rows) {
    const n = num(row.n);
    containerCount += n;
    for (const k of keys) {
      const b = num(row[k]);
      counts[k].set(b, (counts[k].get(b) ?? 0) + n);
    }
  }
  const bars = (k: ResourceKey): HistogramBar[] =>
    [...counts[k]].filter(([bucket]) => includeUnspecified || bucket !== UNSPECIFIED_BUCKET).map(([bucket, value]) => ({ bucket, value }));
  return { containerCount, cpuRequest: bars("cpuRequest"), cpuLimit: bars("cpuLimit"), memRequest: bars("memRequest"), memLimit: bars("memLimit") };
}

/**
 * The four histograms (spec 2.5; the `analysis` call): every bucket (-1 "Unspecified" first, dropped when
 * includeUnspecified is false) with its count of analysed containers.
 */
export async function histogramCounts(db: Db, user: SessionUser, args: ScopeArgs & { includeUnspecified?: boolean | null }): Promise<HistogramCounts> {
  const { where, cacheKey } = await scoped(db, user, args);
  const include = args.includeUnspecified !== false;
  return cachedRead(db, `histograms:${include}`, cacheKey, (q) => histogramsWhere(q, where, include));
}

// ---------------------------------------------------------------------------------------------------------------
// Risk summary

export interface RiskSummary {
  hasCpuThrottledRisk: boolean;
  hasCpuStrandedRisk: boolean;
  hasMemoryPodTerminationRisk: boolean;
  hasMemoryStrandedRisk: boolean;
  hasMemoryProcessTerminationRisk: boolean;
  /** Containers in scope with each flag. */
  counts: {
    cpuThrottled: number;
    cpuStranded: number;
    memoryPodTermination: number;
    memoryStranded: number;
    memoryProcessTermination: number;
  };
  containerCount: number;
  /** Analysed containers at risk (a request deficit or a throttling / termination flag). */
  atRiskCount: number;
}

export async function riskSummary(db: Db, user: SessionUser, args: ScopeArgs): Promise<RiskSummary> {
  const { where, cacheKey } = await scoped(db, user, args);
  return cachedRead(db, "risks", cacheKey, (q) => risksWhere(q, where));
}

async function risksWhere(db: Db, where: Expression<unknown>): Promise<RiskSummary> {
  const { rows } = await sql<Record<string, unknown>>`select count(*) as n, sum(a.at_risk) as at_risk,
    sum(a.has_cpu_throttled_risk) as cpu_throttled, sum(a.has_cpu_stranded_risk) as cpu_stranded,
    sum(a.has_memory_pod_termination_risk) as mem_pod, sum(a.has_memory_stranded_risk) as mem_stranded,
    sum(a.has_memory_process_termination_risk) as mem_process
    from ${FROM} where ${where}`.execute(db);
  const t = rows[0] ?? {};
  const counts = {
    cpuThrottled: num(t.cpu_throttled),
    cpuStranded: num(t.cpu_stranded),
    memoryPodTermination: num(t.mem_pod),
    memoryStranded: num(t.mem_stranded),
    memoryProcessTermination: num(t.mem_process),
  };
  return {
    hasCpuThrottledRisk: counts.cpuThrottled > 0,
    hasCpuStrandedRisk: counts.cpuStranded > 0,
    hasMemoryPodTerminationRisk: counts.memoryPodTermination > 0,
    hasMemoryStrandedRisk: counts.memoryStranded > 0,
    hasMemoryProcessTerminationRisk: counts.memoryProcessTermination > 0,
    counts,
    containerCount: num(t.n),
    atRiskCount: num(t.at_risk),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Folder counts

/** A child folder of the folder overview table (spec section 3, folder count row). */
export interface FolderCountRow {
  /** The child folder's name. */
  label: string;
  /** The child folder's fullPath in the tree (what its link opens). */
  entityName: string;
  containerAtRiskCount: number;
  /** Immediate savings ($ per month): spare cost of its containers that are not at risk (the waterfall's bar). */
  containerSavingsTotal: number;
  containerCount: number;
  containerCurrentCost: number;
  /** containerSavingsTotal / containerCurrentCost × 100; 0 without a current cost. */
  totalSavingsPercentage: number;
}

/** The folder's child folders, sorted by container count descending (then label); empty at the deepest level. */
export async function folderCounts(db: Db, user: SessionUser, args: ScopeArgs): Promise<FolderCountRow[]> {
  const { where, childLevel, folder, cacheKey } = await scoped(db, user, args);
  if (!childLevel) return [];
  return cachedRead(db, "folders", cacheKey, (q) => foldersWhere(q, where, childLevel, folder));
}

async function foldersWhere(db: Db, where: Expression<unknown>, childLevel: RawBuilder<string>, folder: TreeNode): Promise<FolderCountRow[]> {
  const { rows } = await sql<{ label: string; n: unknown; at_risk: unknown; current: unknown; savings: unknown }>`select ${childLevel} as label,
    count(*) as n, sum(a.at_risk) as at_risk, sum(a.cents_current) as current, sum(a.cents_immediate) as savings
    from ${FROM} where ${where} group by ${childLevel}`.execute(db);
  const pathOf = new Map((folder.children ?? []).map((c) => [c.name, c.fullPath]));
  return rows
    .map((r) => {
      const label = String(r.label);
      const current = num(r.current);
      const savings = num(r.savings);
      return {
        label,
        entityName: pathOf.get(label) ?? `${folder.fullPath}/${label}`,
        containerAtRiskCount: num(r.at_risk),
        containerSavingsTotal: savings / 100,
        containerCount: num(r.n),
        containerCurrentCost: current / 100,
        totalSavingsPercentage: current > 0 ? (savings / current) * 100 : 0,
      };
    })
    .sort((a, b) => b.containerCount - a.containerCount || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------------------
// Container rows

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
  /** The nodes of its node group; hostName is the node when the group has only one. */
  nodes: string[];
  hostName: string | null;
  /** GPU values (migration 007): null for containers without GPU samples (shown only with the GPU flag). */
  gpuRequest: number | null;
  totalExistingGpuRequest: number | null;
  gpuMemory: number | null;
  totalGpuMemory: number | null;
}

const ROW_SELECT = sql`c.id as entity_id, c.cluster as c_cluster, c.node_group as c_node_group, c.namespace as c_namespace,
  c.pod_owner_kind as c_kind, c.pod_owner_name as c_owner, c.container_name as c_name, c.replicas as c_replicas, c.first_seen as c_first_seen, a.*`;

type RawRow = Record<string, unknown>;

const n0 = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const b = (v: unknown) => Number(v) === 1;
const surplus = (existing: number | null, rec: number | null) => (existing !== null && existing > 0 && rec !== null ? existing - rec : null);

function toRow(r: RawRow): ContainerRow {
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
    policyInstanceId: policyForContainer(String(r.policy_name)).id,
    workspaceId: null,
    auditCollectionAuditCount: n0(r.sample_count),
    // Whole containers (the schema's Int): Jobs and autoscaled workloads average a fractional number of copies.
    lastDayCount: Math.round(Number(r.c_replicas ?? 0)),
    predictedUptime: n0(r.total_hours) ? (Number(r.running_hours ?? 0) / Number(r.total_hours)) * 100 : null,
    configLastChanged: (r.c_first_seen as string | null) ?? null,
    totalCurrentCost: n0(r.current_cost),
    totalNetSavings: n0(r.net_savings),
    nodes: [],
    hostName: null,
    gpuRequest: n0(r.gpu_request),
    totalExistingGpuRequest: n0(r.total_existing_gpu_request),
    gpuMemory: n0(r.gpu_memory),
    totalGpuMemory: n0(r.total_gpu_memory),
  };
}

/** Fills nodes and hostName from the inventory's nodes of each row's cluster and node group (one query). */
async function withNodes(db: Db, rows: ContainerRow[]): Promise<ContainerRow[]> {
  const groups = [...new Set(rows.map((r) => `${r.cluster}\u0000${r.nodeGroupName}`))];
  if (!groups.length) return rows;
  const clusters = [...new Set(rows.map((r) => r.cluster))];
  const names = [...new Set(rows.map((r) => r.nodeGroupName))];
  const found = await db.selectFrom("k8s_node").select(["cluster", "node_group", "name"]).where("cluster", "in", clusters).where("node_group", "in", names).orderBy("name").execute();
  const byGroup = new Map<string, string[]>();
  for (const n of found) {
    const key = `${n.cluster}\u0000${n.node_group}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), n.name]);
  }
  for (const r of rows) {
    r.nodes = byGroup.get(`${r.cluster}\u0000${r.nodeGroupName}`) ?? [];
    r.hostName = r.nodes.length === 1 ? r.nodes[0] : null;
  }
  return rows;
}

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

export interface ContainerRowsArgs extends ScopeArgs {
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
  /** What the scope depends on (containerScope's cacheKey). */
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
async function rowsQuery(db: Db, user: SessionUser, args: ContainerRowsArgs): Promise<RowsQuery> {
  const { conditions, cacheKey } = await scoped(db, user, args);
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
const orderCaches = new WeakMap<Db, Map<string, Promise<string[]>>>();

function orderedIds(db: Db, key: string | null, compute: () => Promise<string[]>): Promise<string[]> {
  if (key === null) return compute();
  let cache = orderCaches.get(db);
  if (!cache) orderCaches.set(db, (cache = new Map()));
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  }
  const made = compute();
  entry = made;
  cache.set(key, made);
  made.catch(() => cache.get(key) === made && cache.delete(key));
  for (const k of cache.keys()) {
    if (cache.size <= ORDER_ENTRIES) break;
    cache.delete(k);
  }
  return entry;
}

export async function containerRows(db: Db, user: SessionUser, args: ContainerRowsArgs): Promise<ContainerRowsPage> {
  const field = args.sort?.field ?? "containerName";
  if (!Object.hasOwn(SORTABLE_FIELDS, field)) throw validationError(`Rows cannot be sorted by '${field}'.`);
  const direction = args.sort?.direction ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw validationError(`Sort direction must be asc or desc (got '${String(direction)}').`);
  const { page, pageSize } = checkPaging(args);
  const { where, fuzzyTerm, cacheKey } = await rowsQuery(db, user, args);
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
  user: SessionUser,
  args: ContainerRowsArgs & { groupBy: string },
): Promise<{ groups: ContainerGroup[]; totalGroups: number; total: number; page: number; pageSize: number }> {
  if (!(GROUPABLE_FIELDS as readonly string[]).includes(args.groupBy)) throw validationError(`Rows cannot be grouped by '${args.groupBy}'.`);
  const { page, pageSize } = checkPaging(args);
  const { where, fuzzyTerm, cacheKey } = await rowsQuery(db, user, args);
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
