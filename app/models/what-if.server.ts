/**
 * The reads of a what-if (issue 15, must-show 3): the policies one may choose, a folder's containers as the tree
 * counts them (with their node-group facts as the current snapshot holds them), and today's figures of the folder.
 */
import { sql, type RawBuilder } from "kysely";
import type { AnalysisContainer } from "~/db/schema";
import { emptyTotals, figuresOf, type FigureTotals, type WhatIfFigures } from "~/domain/containers/what-if";
import type { Policy } from "~/engine/policy";
import { listAnalysisPolicies } from "./policies.server";
import { containerConditions } from "./container-tree.server";
import { containerOverview, riskSummary } from "./container-overview.server";
import { consistentRead, FROM, num } from "./snapshot-reads.server";
import type { FolderScope } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";

/** The policies a what-if can start from: the stored ones, as the analysis would use them. The one place the what-if reads policies. */
export async function whatIfPolicies(db: Db): Promise<readonly Policy[]> {
  return listAnalysisPolicies(db);
}

/** The inventory fields the analysis reads of a container. */
export type WhatIfContainer = AnalysisContainer;

/** A node group's facts as the snapshot gave them to a container (the run's GroupFacts). */
export interface StoredGroupFacts {
  strandedCpu: boolean;
  strandedMem: boolean;
  primaryConstraint: "Cpu Request" | "Memory Request" | "Memory Utilization" | null;
  cpuSaturationNodePct: number | null;
  memSaturationNodePct: number | null;
  hasCpuSaturation: boolean;
  hasMemSaturation: boolean;
}

export interface FolderContainers {
  /** Every container of the folder with a row in the current snapshot, ordered by id (at most `limit`). */
  items: { container: WhatIfContainer; group: StoredGroupFacts }[];
  /** How many there are in all (more than items.length when over the limit). */
  total: number;
}

type FolderItem = FolderContainers["items"][number];

const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function folderItem(r: Record<string, unknown>): FolderItem {
  return {
    container: {
      id: String(r.id),
      cluster: String(r.cluster),
      namespace: String(r.namespace),
      pod_owner_kind: r.pod_owner_kind,
      pod_owner_name: String(r.pod_owner_name),
      node_group: r.node_group,
      policy: r.policy,
      replicas: Number(r.replicas),
      cpu_request: orNull(r.cpu_request),
      cpu_limit: orNull(r.cpu_limit),
      mem_request: orNull(r.mem_request),
      mem_limit: orNull(r.mem_limit),
      first_seen: String(r.first_seen),
    } as WhatIfContainer,
    group: {
      strandedCpu: num(r.has_cpu_stranded_risk) === 1,
      strandedMem: num(r.has_memory_stranded_risk) === 1,
      primaryConstraint: (r.primary_constraint ?? null) as StoredGroupFacts["primaryConstraint"],
      cpuSaturationNodePct: orNull(r.cpu_saturation_node_pct),
      memSaturationNodePct: orNull(r.mem_saturation_node_pct),
      hasCpuSaturation: num(r.has_cpu_saturation) === 1,
      hasMemSaturation: num(r.has_mem_saturation) === 1,
    },
  };
}

export interface FolderPages {
  /** Rows per page (default 1,000). */
  pageSize?: number;
  /** Called once, before the first page, with the folder's count: return false to read nothing (over the limit). */
  onTotal?: (total: number) => boolean;
  /** Each page in id order; awaited before the next is read. */
  onPage: (items: FolderItem[]) => void | Promise<void>;
}

/**
 * The folder's containers as the tree counts them (View, Filter and folder), each with its group facts, a page
 * at a time in one consistent read (so the what-if's threads start on the first page while the rest is read).
 * Returns the count; over `limit`, nothing is read.
 */
export async function readFolderContainers(db: Db, scope: FolderScope, limit: number, pages: FolderPages): Promise<number> {
  const { where } = containerConditions(scope);
  const pageSize = Math.max(1, Math.floor(pages.pageSize ?? 1_000));
  return consistentRead(db, async (q) => {
    const { rows: counted } = await sql<{ n: unknown }>`select count(*) as n from ${FROM} where ${where}`.execute(q);
    const total = num(counted[0]?.n);
    if (total > limit || pages.onTotal?.(total) === false) return total;
    let after: string | null = null;
    for (;;) {
      const from: RawBuilder<unknown> = after === null ? sql`` : sql` and c.id > ${after}`;
      const { rows }: { rows: Record<string, unknown>[] } = await sql<Record<string, unknown>>`select c.id, c.cluster, c.namespace, c.pod_owner_kind, c.pod_owner_name, c.node_group,
        c.policy, c.replicas, c.cpu_request, c.cpu_limit, c.mem_request, c.mem_limit, c.first_seen,
        a.has_cpu_stranded_risk, a.has_memory_stranded_risk, a.primary_constraint, a.cpu_saturation_node_pct,
        a.mem_saturation_node_pct, a.has_cpu_saturation, a.has_mem_saturation
        from ${FROM} where (${where})${from} order by c.id limit ${pageSize}`.execute(q);
      if (rows.length > 0) await pages.onPage(rows.map(folderItem));
      if (rows.length < pageSize) return total;
      after = String(rows[rows.length - 1].id);
    }
  });
}

/** The folder's containers as the tree counts them (View, Filter and folder), each with its group facts. */
export async function folderContainers(db: Db, scope: FolderScope, limit: number): Promise<FolderContainers> {
  const items: FolderItem[] = [];
  const total = await readFolderContainers(db, scope, limit, { pageSize: limit + 1, onPage: (page) => void items.push(...page) });
  return { items: total > limit ? [] : items, total };
}

/** Today's figures of a folder: the Summary's overview and risk summary of the current snapshot (cached reads). */
export async function todayFigures(db: Db, scope: FolderScope): Promise<WhatIfFigures> {
  const [overview, risks] = await Promise.all([containerOverview(db, scope), riskSummary(db, scope)]);
  const t: FigureTotals = emptyTotals();
  t.containers = overview.counts.containers;
  t.analysed = overview.containerCount;
  const w = overview.waterfall.cents;
  // The waterfall's bars are all figures needs of the rows' cents (spare and unspecified cents are not shown).
  t.cents.current = w.currentSpend;
  t.cents.immediate = -w.immediateSavings;
  t.cents.deficit = w.riskRemoval;
  t.cents.additional = -w.additionalWaste;
  t.cents.recommended = w.optimalSpend;
  const c = (dollars: number) => Math.round(dollars * 100);
  t.costCents = { current: c(overview.totalCurrentCost), unspecified: c(overview.totalUnspecifiedCost), recommended: c(overview.totalRecommendedCost) };
  t.risks = {
    atRisk: risks.atRiskCount,
    cpuThrottled: risks.counts.cpuThrottled,
    cpuStranded: risks.counts.cpuStranded,
    memoryPodTermination: risks.counts.memoryPodTermination,
    memoryStranded: risks.counts.memoryStranded,
    memoryProcessTermination: risks.counts.memoryProcessTermination,
  };
  return figuresOf(t);
}
