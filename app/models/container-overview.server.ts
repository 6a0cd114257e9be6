/**
 * The aggregates of a folder of the containers tree over the current analysis snapshot: the container overview
 * (summary cards and waterfall), the four histograms, the risk summary and the child folders' counts, each cached
 * per snapshot and scope (snapshot-reads.server.ts).
 *
 * Money: the rows hold the engine's per-container figures (whole cents / 100) and the waterfall's cents as
 * integers; totals are sums of whole cents (round(x × 100) of each stored dollar figure, exactly the engine's
 * costTotals), turned into dollars once, and the waterfall is the engine's `waterfall` over the summed cents, so
 * Current + Immediate + Risk Removal + Additional = Optimal holds to the cent under any scope.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import type { TreeNode } from "~/domain/tree/types";
import {
  HISTOGRAM_BUCKETS,
  UNSPECIFIED_BUCKET,
  efficiencyRating,
  waterfall,
  type CostCents,
  type HistogramBar,
  type ResourceKey,
  type ResourceTotals,
  type Waterfall,
} from "~/engine/containers";
import { containerConditions } from "./container-tree.server";
import { currentSnapshotId } from "./snapshot.server";
import { cachedRead, cents, FROM, num } from "./snapshot-reads.server";
import type { FolderScope } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";

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

export async function containerOverview(db: Db, scope: FolderScope): Promise<ContainerOverview> {
  const { where } = containerConditions(scope);
  return cachedRead(db, "overview", scope.key, (q) => overviewWhere(q, where));
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

export interface HistogramCounts {
  /** Analysed containers in scope: each chart's buckets add up to it (with the Unspecified bucket included). */
  containerCount: number;
  cpuRequest: HistogramBar[];
  cpuLimit: HistogramBar[];
  memRequest: HistogramBar[];
  memLimit: HistogramBar[];
}

/** The snapshot column of each histogram's bucket. */
export const BUCKET_COLUMNS: Record<ResourceKey, string> = {
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
export async function histogramCounts(db: Db, scope: FolderScope, options: { includeUnspecified?: boolean | null } = {}): Promise<HistogramCounts> {
  const { where } = containerConditions(scope);
  const include = options.includeUnspecified !== false;
  return cachedRead(db, `histograms:${include}`, scope.key, (q) => histogramsWhere(q, where, include));
}


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

export async function riskSummary(db: Db, scope: FolderScope): Promise<RiskSummary> {
  const { where } = containerConditions(scope);
  return cachedRead(db, "risks", scope.key, (q) => risksWhere(q, where));
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
export async function folderCounts(db: Db, scope: FolderScope): Promise<FolderCountRow[]> {
  const { where, childLevel } = containerConditions(scope);
  if (!childLevel) return [];
  return cachedRead(db, "folders", scope.key, (q) => foldersWhere(q, where, childLevel, scope.folder));
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
