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

/**
 * What a page sends once so the browser (and the server's render) can make every tree item's link: the page's
 * other parameters, already without the selection's, and the View and Filter (containers and cloud trees). A tree
 * slice's rows carry no links (issue 13: at 500,000 containers a folder 3 levels deep sent 548 rows with their
 * ~230-character links in its loader data, 245 of its 249 kB).
 */
export interface TreeLinkContext {
  kind: TreeKind;
  /** The query string every item link starts with (no leading "?"). */
  query: string;
}

export function treeLinkContext(kind: TreeKind, context: { viewId?: string; filterId?: string; keep?: URLSearchParams }): TreeLinkContext {
  const params = new URLSearchParams(context.keep);
  for (const p of SELECTION_PARAMS) params.delete(p);
  if (kind === "nodes") {
    params.delete("viewId");
    params.delete("filterId");
  } else {
    if (context.viewId) params.set("viewId", context.viewId);
    if (context.filterId) params.set("filterId", context.filterId);
  }
  return { kind, query: params.toString() };
}

/** A value as URLSearchParams writes it (application/x-www-form-urlencoded): what encodeURIComponent leaves but it does not. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20|[!'()~]/g, (c) => (c === "%20" ? "+" : `%${c.charCodeAt(0).toString(16).toUpperCase()}`));
}

/** The link of one tree item under a page's link context: the same string treeNodeHref makes, without a URLSearchParams per item. */
export function treeItemHref(links: TreeLinkContext, node: LinkableNode): string {
  const route = TREE_ROUTE[links.kind];
  if (node.level <= 0) return `${route}${links.query ? `?${links.query}` : ""}`;
  const id = formEncode(node.id);
  return (
    `${route}/tree-item?${links.query ? `${links.query}&` : ""}nodeId=${id}&level=${node.level}&fullPath=${formEncode(node.fullPath)}` +
    `${node.entityId ? `&entityId=${formEncode(node.entityId)}` : ""}&tnodeId=${id}&type=${formEncode(node.type)}`
  );
}

export function treeNodeHref(
  kind: TreeKind,
  node: LinkableNode,
  context: { viewId?: string; filterId?: string; keep?: URLSearchParams },
): string {
  return treeItemHref(treeLinkContext(kind, context), node);
}
