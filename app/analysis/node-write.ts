/**
 * Writes a snapshot's node_analysis, node_group_analysis and node_group_series rows (node-results.ts) after the containers: a node
 * group's optimisation needs its containers' recommended requests, restarts and memory limit events, which the
 * container chunks hand back as rows (ContainerResults keeps just those four numbers per container, in typed
 * arrays, so 150,000 containers cost a few MB).
 */
import type { Kysely } from "kysely";
import type { ContainerTable, Database } from "~/db/schema";
import { loadShippedCatalogs } from "~/engine/catalog/load.server";
import { withRegionPrices, type InstanceType } from "~/engine/catalog";
import { containerInputFromRow } from "~/engine/nodes";
import { ANALYSIS_COLUMNS } from "./columns";
import { blobOf } from "~/lib/typed-blob";
import { groupContainers, groupKey } from "./node-groups";
import { indexByName, nodeGroupRow, nodeRow, type GroupSeen } from "./node-results";

const COL = {
  id: ANALYSIS_COLUMNS.indexOf("container_id"),
  analysed: ANALYSIS_COLUMNS.indexOf("analysed"),
  recCpu: ANALYSIS_COLUMNS.indexOf("rec_cpu_request"),
  recMem: ANALYSIS_COLUMNS.indexOf("rec_mem_request"),
  restarts: ANALYSIS_COLUMNS.indexOf("restarts_last_7_days"),
  memEvents: ANALYSIS_COLUMNS.indexOf("memory_limit_event_last_7_days"),
};

/** The four numbers per container a node group needs, filled chunk by chunk from container_analysis rows. */
export class ContainerResults {
  private readonly index = new Map<string, number>();
  private readonly recCpu: Float64Array;
  private readonly recMem: Float64Array;
  private readonly restarts: Float64Array;
  private readonly memEvents: Float64Array;

  constructor(containers: readonly Pick<ContainerTable, "id">[]) {
    containers.forEach((c, i) => this.index.set(c.id, i));
    const n = containers.length;
    this.recCpu = new Float64Array(n).fill(NaN);
    this.recMem = new Float64Array(n).fill(NaN);
    this.restarts = new Float64Array(n);
    this.memEvents = new Float64Array(n);
  }

  add(rows: readonly (readonly unknown[])[]) {
    for (const row of rows) {
      const i = this.index.get(row[COL.id] as string);
      if (i === undefined) continue;
      // A container that was not analysed keeps its existing request (NaN here, null for the engine).
      const analysed = row[COL.analysed] === 1;
      this.recCpu[i] = analysed && row[COL.recCpu] !== null ? (row[COL.recCpu] as number) : NaN;
      this.recMem[i] = analysed && row[COL.recMem] !== null ? (row[COL.recMem] as number) : NaN;
      this.restarts[i] = Number(row[COL.restarts] ?? 0);
      this.memEvents[i] = Number(row[COL.memEvents] ?? 0);
    }
  }

  of(id: string) {
    const i = this.index.get(id);
    const num = (v: number) => (Number.isNaN(v) ? null : v);
    if (i === undefined) return { recommendedCpuRequest: null, recommendedMemRequest: null, restartsLast7Days: 0, memoryLimitEventLast7Days: 0 };
    return {
      recommendedCpuRequest: num(this.recCpu[i]),
      recommendedMemRequest: num(this.recMem[i]),
      restartsLast7Days: this.restarts[i],
      memoryLimitEventLast7Days: this.memEvents[i],
    };
  }
}

let cachedCatalog: InstanceType[] | undefined;
/**
 * The shipped node types (EC2, Azure VM and GCE catalogs; RDS classes are no nodes), parsed once per process, each
 * priced at its catalog's reference region (us-east-1, eastus, us-central1).
 */
export function shippedInstanceCatalog(): InstanceType[] {
  return (cachedCatalog ??= loadShippedCatalogs().filter((t) => t.service !== "RDS"));
}

const byRegion = new Map<string, InstanceType[]>();
/**
 * The shipped node types priced in a cluster's region where their catalog prices it; a region no catalog prices
 * (or none known) keeps the reference region's prices, as the single-region catalog did.
 */
export function shippedNodeCatalog(region: string | null): InstanceType[] {
  if (region === null) return shippedInstanceCatalog();
  let c = byRegion.get(region);
  if (!c) byRegion.set(region, (c = withRegionPrices(shippedInstanceCatalog(), region)));
  return c;
}

export interface NodeWriteInput {
  snapshotId: string;
  groups: readonly GroupSeen[];
  containers: readonly ContainerTable[];
  results: ContainerResults;
  windowHours: number;
  nowMs: number;
  maxParams: number;
  /** Replaces the shipped catalog (tests); used as given, whatever the clusters' regions. */
  catalog?: readonly InstanceType[];
  /** Each cluster's region, for the shipped catalog's regional prices. */
  regions?: Readonly<Record<string, string>>;
}

async function insertChunked<T extends "node_analysis" | "node_group_analysis">(db: Kysely<Database>, table: T, rows: Database[T][], maxParams: number) {
  if (rows.length === 0) return;
  const per = Math.max(1, Math.floor(maxParams / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += per) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .execute();
  }
}

/** Builds and inserts the rows; returns how many of each it wrote (the swap checks them). */
export async function writeNodeRows(db: Kysely<Database>, input: NodeWriteInput): Promise<{ nodes: number; groups: number }> {
  const rows = buildNodeRows(input);
  await db.transaction().execute((trx) => insertNodeRows(trx, rows, input.maxParams));
  const { nodeRows, groupRows } = rows;
  return { nodes: nodeRows.length, groups: groupRows.length };
}

type NodeRows = { nodeRows: Database["node_analysis"][]; groupRows: Database["node_group_analysis"][]; seriesRows: Database["node_group_series"][] };

/** A group's series rows per statement: ~70 kB each (30 days at 5 minutes), so a statement stays near 1 MB. */
const SERIES_ROWS_PER_INSERT = 16;

/** Inserts built node, node group and group series rows in `db` (a transaction: an analysis shard commits them with its containers). */
export async function insertNodeRows(db: Kysely<Database>, rows: NodeRows, maxParams: number) {
  await insertChunked(db, "node_group_analysis", rows.groupRows, maxParams);
  await insertChunked(db, "node_analysis", rows.nodeRows, maxParams);
  for (let i = 0; i < rows.seriesRows.length; i += SERIES_ROWS_PER_INSERT) {
    await db
      .insertInto("node_group_series")
      .values(rows.seriesRows.slice(i, i + SERIES_ROWS_PER_INSERT))
      .execute();
  }
}

/** The node_analysis, node_group_analysis and node_group_series rows of the input's groups, not yet written. */
export function buildNodeRows(input: NodeWriteInput): NodeRows {
  const catalogOf = (cluster: string) => input.catalog ?? shippedNodeCatalog(input.regions?.[cluster] ?? null);
  const indexes = new Map<readonly InstanceType[], Map<string, InstanceType>>();
  const indexOf = (catalog: readonly InstanceType[]) => indexes.get(catalog) ?? indexes.set(catalog, indexByName(catalog)).get(catalog)!;
  const windowEndUtc = new Date(input.nowMs).toISOString();
  const byGroup = groupContainers({ nodeGroups: input.groups.map((g) => g.group), nodes: input.groups.flatMap((g) => g.nodes.map((n) => n.row)), containers: input.containers });
  const nodeRows: Database["node_analysis"][] = [];
  const groupRows: Database["node_group_analysis"][] = [];
  const seriesRows: Database["node_group_series"][] = [];
  for (const g of input.groups) {
    const containers = (byGroup.get(groupKey(g.group.cluster, g.group.name)) ?? []).map((c) => {
      const result = input.results.of(c.row.id);
      // A DaemonSet's events count with the group its row names only (containersByGroup).
      const events = c.ownGroup ? result : { ...result, restartsLast7Days: 0, memoryLimitEventLast7Days: 0 };
      return { ...containerInputFromRow(c.row, events), replicas: c.replicas };
    });
    const catalog = catalogOf(g.group.cluster);
    const groupRow = nodeGroupRow(input.snapshotId, g, containers, input.windowHours, windowEndUtc, catalog);
    groupRows.push(groupRow);
    const money = { windowHours: input.windowHours, currentEstimatedCost: groupRow.current_estimated_cost, estimatedWastePerMonth: groupRow.estimated_waste_per_month };
    for (const n of g.nodes) nodeRows.push(nodeRow(input.snapshotId, n, g.group.id, input.nowMs, indexOf(catalog), money));
    if (g.series) {
      const { startMs, stepMs, slots, used, runs } = g.series;
      seriesRows.push({ snapshot_id: input.snapshotId, node_group_id: g.group.id, start_ms: startMs, step_ms: stepMs, slots, used: blobOf(used), runs: blobOf(runs) });
    }
  }
  return { nodeRows, groupRows, seriesRows };
}
