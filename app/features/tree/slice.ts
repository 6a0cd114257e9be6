/**
 * The part of a tree a page sends to the browser: the root, and the children of every node on the path to the
 * selection. A 150,000-container tree never travels whole; other folders load their children on demand.
 */
import type { TreeNode } from "~/domain/tree/types";

export interface SliceRow {
  id: string;
  name: string;
  label: string;
  level: number;
  type: string;
  fullPath: string;
  entityId?: string;
  count?: number;
  hasChildren: boolean;
  href: string;
  children?: SliceRow[];
}

export function toRow(node: TreeNode, href: (n: TreeNode) => string, hasLazyChildren: (n: TreeNode) => boolean): SliceRow {
  return {
    id: node.id,
    name: node.name,
    label: node.label,
    level: node.level,
    type: node.type,
    fullPath: node.fullPath,
    entityId: node.entityId,
    count: node.containerCount ?? node.count,
    hasChildren: Boolean(node.children?.length) || hasLazyChildren(node),
    href: href(node),
  };
}

/** `path` runs from the root to the selected node (inclusive); each of them is sent with its children. */
export function treeSlice(
  path: readonly TreeNode[],
  href: (n: TreeNode) => string,
  hasLazyChildren: (n: TreeNode) => boolean = () => false,
): SliceRow {
  const rows = path.map((n) => toRow(n, href, hasLazyChildren));
  for (let i = 0; i < path.length; i++) {
    const kids = path[i].children ?? [];
    rows[i].children = kids.map((k) => (i + 1 < path.length && k.id === path[i + 1].id ? rows[i + 1] : toRow(k, href, hasLazyChildren)));
  }
  return rows[0];
}

/** Children rows of one node, for the lazy-load endpoint. */
export function childRows(node: TreeNode, href: (n: TreeNode) => string, hasLazyChildren: (n: TreeNode) => boolean = () => false) {
  return (node.children ?? []).map((k) => toRow(k, href, hasLazyChildren));
}
