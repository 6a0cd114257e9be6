/**
 * The URL scheme of tree selection (spec document 1, section 2): the root is the bare tree route, every deeper
 * level goes to tree-item with nodeId, viewId, filterId, level, fullPath, entityId and tnodeId (the nodes tree
 * uses type instead of viewId and filterId). Other query parameters of the page (tabs, modes) are kept.
 */
import { BASE } from "~/lib/constants";
import type { TreeKind } from "~/domain/tree/types";

export const TREE_ROUTE: Record<TreeKind, string> = {
  containers: `${BASE}/containers-tree`,
  nodes: `${BASE}/nodes-tree`,
  cloud: `${BASE}/cloud-tree`,
};

/** Parameters that belong to one selection and must not leak into the next. */
const SELECTION_PARAMS = ["nodeId", "level", "fullPath", "entityId", "tnodeId", "type", "q", "dir", "hits", "expand", "reload", "automation", "automationError", "tour", "saved"];

export interface LinkableNode {
  id: string;
  level: number;
  fullPath: string;
  entityId?: string;
  type: string;
}

export function treeNodeHref(
  kind: TreeKind,
  node: LinkableNode,
  context: { viewId?: string; filterId?: string; keep?: URLSearchParams },
): string {
  const params = new URLSearchParams(context.keep);
  for (const p of SELECTION_PARAMS) params.delete(p);
  if (kind === "nodes") {
    params.delete("viewId");
    params.delete("filterId");
  } else {
    if (context.viewId) params.set("viewId", context.viewId);
    if (context.filterId) params.set("filterId", context.filterId);
  }
  if (node.level <= 0) {
    const q = params.toString();
    return `${TREE_ROUTE[kind]}${q ? `?${q}` : ""}`;
  }
  params.set("nodeId", node.id);
  params.set("level", String(node.level));
  params.set("fullPath", node.fullPath);
  if (node.entityId) params.set("entityId", node.entityId);
  params.set("tnodeId", node.id);
  params.set("type", node.type);
  return `${TREE_ROUTE[kind]}/tree-item?${params}`;
}
