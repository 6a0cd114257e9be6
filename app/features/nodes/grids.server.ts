/**
 * The Node Group Analysis and Nodes grids (spec 2.7): a page of rows sorted in SQL, the selected row (the first
 * selectable one unless the address names one) and, for node groups behind showNodeGroupChart and always for
 * nodes, that row's Utilization Charts. Everything is in the address (sort, dir, page, size, selected, charts), so
 * the grids work without JavaScript.
 */
import type { Store } from "~/db/connect.server";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { pageParam, sizeParam } from "~/lib/params";
import { nodeGroupRows, nodeGroupTotals, nodeRows, nodeTotals, type NodeGroupRow, type NodeGroupTotals, type NodeRow, type NodeScope, type NodeTotals } from "~/models/node-analysis.server";
import { nodeCharts, nodeGroupCharts, PANEL_GROUP_CHARTS, PANEL_NODE_CHARTS, type NodeChart } from "./charts.server";
import { DEFAULT_PAGE_SIZE, isDefaultGroup, type NodeViewMode } from "./constants";

export interface GridState {
  sort: string;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** Sortable columns of each grid: what the address may name (anything else falls back to the default). */
export const GROUP_SORTS = [
  "nodeGroupName", "clusterName", "health", "primaryNodeType", "avgNodeCount", "uniqueNodeCount", "cpuRequestPct", "avgCpuUtilization",
  "peakCpuUtilization", "memRequestPct", "avgMemUtilization", "peakMemUtilization", "cpuSaturationNodePct", "memSaturationNodePct",
  "cpuNodeBalanceRatio", "memNodeBalanceRatio", "maxPodCapNodeCount", "manifestMemEventCount", "primaryConstraint", "optimizedNodeFamily",
  "optimizedAvgNodeCount", "currentEstimatedCost", "optimizedEstimatedCost", "estimatedWastePerMonth",
] as const;
export const NODE_SORTS = [
  "nodeName", "nodeGroupName", "clusterName", "instanceType", "cpuUtilizationAvgPct", "cpuUtilizationPeakPct", "memUtilizationAvgPct",
  "memUtilizationPeakPct", "nodeHours", "ageDays", "maxAllowedPods", "numPodsAvg", "numPodsPeak", "firstSeenDateUtc", "lastSeenDateUtc",
  "gpuModel", "nodeGpu", "allocatableGpu", "gpuMemoryTotal", "gpuUtilizationAvg", "gpuMemUtilizationAvg", "monthlyWaste", "monthlyCost",
] as const;

/** The node group grid opens on the waste, largest first. */
export const GROUP_DEFAULT_SORT = "estimatedWastePerMonth";
/** The Nodes grid too (decision 026): each node's share of its group's waste, largest first. */
export const NODE_DEFAULT_SORT = "monthlyWaste";

export function gridState(params: URLSearchParams, sorts: readonly string[], defaultSort: string, defaultDir: "asc" | "desc" = "asc"): GridState {
  const sort = sorts.includes(params.get("sort") ?? "") ? params.get("sort")! : defaultSort;
  const dir = params.get("dir") === "desc" ? "desc" : params.get("dir") === "asc" ? "asc" : sort === defaultSort ? defaultDir : "asc";
  const pageSize = sizeParam(params, PAGE_SIZES as readonly number[], DEFAULT_PAGE_SIZE);
  const page = pageParam(params);
  return { sort, dir, page, pageSize };
}

export interface ChartPanel {
  /** Whether the panel exists at all (node groups: showNodeGroupChart). */
  enabled: boolean;
  open: boolean;
  title: string | null;
  charts: NodeChart[];
}

export interface NodeGroupGridData extends GridState {
  rows: NodeGroupRow[];
  /** The money of every group in scope (all pages): the summary cards and the total row. */
  totals: NodeGroupTotals;
  total: number;
  lastPage: number;
  selectedId: string | null;
  panel: ChartPanel;
}

export interface NodeGridData extends GridState {
  rows: NodeRow[];
  /** The money of every node in scope (all pages): the total row. */
  totals: NodeTotals;
  total: number;
  lastPage: number;
  selectedId: string | null;
  panel: ChartPanel;
}

function lastPageOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

export async function nodeGroupGrid(
  store: Store,
  scope: NodeScope,
  params: URLSearchParams,
  options: { chartsEnabled: boolean; mode: NodeViewMode },
): Promise<NodeGroupGridData> {
  // Money first (decision 018): the groups that waste the most open at the top.
  const state = gridState(params, GROUP_SORTS, GROUP_DEFAULT_SORT, "desc");
  let result = await nodeGroupRows(store.db, { ...scope, sortBy: state.sort, sortDirection: state.dir, page: state.page, pageSize: state.pageSize });
  const lastPage = lastPageOf(result.total, state.pageSize);
  if (state.page > lastPage) {
    state.page = lastPage;
    result = await nodeGroupRows(store.db, { ...scope, sortBy: state.sort, sortDirection: state.dir, page: lastPage, pageSize: state.pageSize });
  }
  const selectable = result.rows.filter((r) => !isDefaultGroup(r.nodeGroupName));
  const asked = params.get("selected");
  const selected = selectable.find((r) => r.nodeGroupId === asked) ?? selectable[0] ?? null;
  const open = params.get("charts") !== "closed";
  const charts = options.chartsEnabled && open && selected ? await nodeGroupCharts(store, selected.nodeGroupId, options.mode, PANEL_GROUP_CHARTS) : [];
  return {
    ...state,
    rows: result.rows,
    totals: await nodeGroupTotals(store.db, scope),
    total: result.total,
    lastPage,
    selectedId: selected?.nodeGroupId ?? null,
    panel: { enabled: options.chartsEnabled, open, title: selected?.nodeGroupName ?? null, charts },
  };
}

export async function nodeGrid(store: Store, scope: NodeScope, params: URLSearchParams, options: { mode: NodeViewMode }): Promise<NodeGridData> {
  const state = gridState(params, NODE_SORTS, NODE_DEFAULT_SORT, "desc");
  let result = await nodeRows(store.db, { ...scope, sortBy: state.sort, sortDirection: state.dir, page: state.page, pageSize: state.pageSize });
  const lastPage = lastPageOf(result.total, state.pageSize);
  if (state.page > lastPage) {
    state.page = lastPage;
    result = await nodeRows(store.db, { ...scope, sortBy: state.sort, sortDirection: state.dir, page: lastPage, pageSize: state.pageSize });
  }
  const asked = params.get("selected");
  const selected = result.rows.find((r) => r.nodeId === asked) ?? result.rows[0] ?? null;
  const open = params.get("charts") !== "closed";
  const charts = open && selected ? await nodeCharts(store, selected.nodeId, options.mode, PANEL_NODE_CHARTS) : [];
  return {
    ...state,
    rows: result.rows,
    totals: await nodeTotals(store.db, scope),
    total: result.total,
    lastPage,
    selectedId: selected?.nodeId ?? null,
    panel: { enabled: true, open, title: selected?.nodeName ?? null, charts },
  };
}
