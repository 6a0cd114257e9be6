/**
 * The node screens' tabs, texts and limits (spec document 2, sections 2.7, 2.8 and 9), in one place.
 */

/** tabGroupNode values: NODEGROUP has Overview and Nodes, NODE Overview only, any other type the two grids. */
export type NodeTab = "overview" | "node-group-analysis" | "node-detail";

export const NODE_TAB_LABELS: Record<NodeTab, string> = {
  overview: "Overview",
  "node-group-analysis": "Node Group Analysis",
  "node-detail": "Nodes",
};

export type NodeScopeType = "ROOT" | "CLUSTER" | "NODEGROUP" | "NODE";

export function nodeTabs(type: NodeScopeType): NodeTab[] {
  if (type === "NODEGROUP") return ["overview", "node-detail"];
  if (type === "NODE") return ["overview"];
  return ["node-group-analysis", "node-detail"];
}

export function selectedNodeTab(value: string | null, tabs: readonly NodeTab[]): NodeTab {
  return (tabs as readonly string[]).includes(value ?? "") ? (value as NodeTab) : tabs[0];
}

/** The read-only selectors of the node tree panel (spec 2.7). */
export const NODE_TREE_VIEW = "Breakdown by Cluster";
export const NODE_TREE_FILTER = "Nodes (Last Day)";

/** Chart view modes of the node screens: daily and hourly only (five-minute and workload are hidden, spec 2.8). */
export const NODE_VIEW_MODES = ["DAY_1", "HOUR_1"] as const;
export type NodeViewMode = (typeof NODE_VIEW_MODES)[number];
export const NODE_VIEW_MODE_LABELS: Record<NodeViewMode, string> = { DAY_1: "Historical Daily", HOUR_1: "Historical Hourly" };
/** Overview charts: 30 days of daily buckets (spec 2.8); hourly boxes over 7 days stay readable at chart width. */
export const CHART_DAYS: Record<NodeViewMode, number> = { DAY_1: 30, HOUR_1: 7 };

/** Large-screen threshold (spec section 9): below 1280 wide or 800 high the chart panel is compact and cannot open. */
export const COMPACT_WIDTH = 1280;
export const COMPACT_HEIGHT = 800;
export const isCompactScreen = (w: number, h: number) => w < COMPACT_WIDTH || h < COMPACT_HEIGHT;

/** Node groups whose names end so are the clusters' default pools: shown, not selectable (spec 2.7). */
export const isDefaultGroup = (name: string) => name.endsWith("-default");

export const DEFAULT_PAGE_SIZE = 20;

export const TEXT_NODES = {
  footnote: "Data is derived from past 7 days.",
  estimated:
    "* Node hours are the hours with samples in the last 7 days; pods are estimated from the workloads' replicas and the node's load.",
  noAnalysis: "The analysis has not run yet: node figures appear after the next analysis.",
  notFound: "This node is not in the current analysis.",
  notSelectable: "Default node groups cannot be selected.",
} as const;

