/**
 * The content of the nodes tree page (spec 2.7): which tabs the selected item has (by its type), and the selected
 * tab's data: the Node Group Analysis grid, the Nodes grid, a node group's overview or a node's overview, each
 * with its charts in the chart mode the address names (viewMode=DAY_1|HOUR_1).
 */
import { explainNodeGroupById } from "~/analysis/explain-node-group.server";
import { getStore } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { TEXT } from "~/lib/constants";
import { currentSnapshot } from "~/models/snapshot.server";
import { getRequestFlags } from "~/models/feature-flags.server";
import { nodeById, nodeGroupByIdentifier, nodeRows, nodeThresholds, type NodeScope } from "~/models/node-analysis.server";
import { nodeCharts, nodeGroupCharts } from "./charts.server";
import { NODE_VIEW_MODES, nodeTabs, selectedNodeTab, type NodeScopeType, type NodeViewMode } from "./constants";
import { nodeGrid, nodeGroupGrid } from "./grids.server";

export interface NodePath {
  cluster: string | null;
  group: string | null;
  node: string | null;
}

/** The names a fullPath holds below the root: cluster / node group / node. */
export function nodePath(fullPath: string | null): NodePath {
  const parts = (fullPath ?? "").split("/").filter(Boolean);
  if (parts.length && parts[0] === TEXT.rootName) parts.shift();
  return { cluster: parts[0] ?? null, group: parts[1] ?? null, node: parts[2] ?? null };
}

export function scopeType(p: NodePath): NodeScopeType {
  return p.node ? "NODE" : p.group ? "NODEGROUP" : p.cluster ? "CLUSTER" : "ROOT";
}

export function viewModeOf(value: string | null): NodeViewMode {
  return (NODE_VIEW_MODES as readonly string[]).includes(value ?? "") ? (value as NodeViewMode) : "DAY_1";
}

export async function loadNodePage(request: Request) {
  await requireUser(request);
  const store = await getStore();
  const db = store.db;
  const url = new URL(request.url);
  const params = url.searchParams;
  const flags = await getRequestFlags(request, db);
  const path = nodePath(params.get("fullPath"));
  const type = scopeType(path);
  const tabs = nodeTabs(type);
  const tab = selectedNodeTab(params.get("tabGroupNode"), tabs);
  const mode = viewModeOf(params.get("viewMode"));
  const scope: NodeScope = { clusterNames: path.cluster ? [path.cluster] : null, nodeGroupNames: path.group ? [path.group] : null };
  const snapshot = await currentSnapshot(db);
  const base = { type, tabs, tab, mode, gpu: flags.kubexShowGpuData, analysed: !!snapshot, windowEnd: snapshot?.window_end ?? null };

  if (tab === "node-group-analysis") {
    return { ...base, view: "group-grid" as const, groupGrid: await nodeGroupGrid(store, scope, params, { chartsEnabled: flags.showNodeGroupChart, mode }) };
  }
  if (tab === "node-detail") {
    return { ...base, view: "node-grid" as const, nodeGrid: await nodeGrid(store, scope, params, { mode }) };
  }
  if (type === "NODEGROUP") {
    const group = await nodeGroupByIdentifier(db, path.group!, path.cluster!);
    const [charts, why] = group
      ? await Promise.all([
          nodeGroupCharts(store, group.nodeGroupId, mode),
          explainNodeGroupById(db, group.nodeGroupId).catch((e: unknown) => {
            console.warn(`Why of node group ${group.nodeGroupId} could not be worked out`, e);
            return null;
          }),
        ])
      : [[], null];
    return { ...base, view: "group-overview" as const, group: group ?? null, thresholds: nodeThresholds(), charts, why: why?.steps ?? null };
  }
  // A node: by its id when the tree link carries it, else by its names.
  const entityId = params.get("entityId");
  let node = entityId ? await nodeById(db, entityId) : undefined;
  if (!node || node.nodeName !== path.node) {
    const found = await nodeRows(db, { clusterNames: [path.cluster!], nodeGroupNames: [path.group!], pageSize: 10_000 });
    node = found.rows.find((n) => n.nodeName === path.node);
  }
  const charts = node ? await nodeCharts(store, node.nodeId, mode) : [];
  return { ...base, view: "node-overview" as const, node: node ?? null, charts };
}

export type NodePageData = Awaited<ReturnType<typeof loadNodePage>>;
