/**
 * The part of a tree a page sends to the browser: the root, and the children of every node on the path to the
 * selection. A 500,000-container tree never travels whole; other folders load their children on demand.
 *
 * A slice row carries only what the browser cannot work out (issue 13: page weight). Its link comes from the
 * page's TreeLinkContext, its label only when it is not its name, its full path only when it is not the parent's
 * path and its name; `expandSlice` gives the rows back whole, on the server's render and in the browser alike.
 */
import type { TreeNode } from "~/domain/tree/types";
import { treeItemHref, type TreeLinkContext } from "./tree-links";

/** A row of a slice as the page's data carries it. */
export interface SliceRow {
  id: string;
  name: string;
  /** Only when it is not `name`. */
  label?: string;
  level: number;
  type: string;
  /** Only when it is not the parent's full path, a slash and `name` (and on the slice's top row). */
  fullPath?: string;
  entityId?: string;
  count?: number;
  hasChildren: boolean;
  children?: SliceRow[];
}

/** A tree row as the tree shows it: label, full path and link filled in. */
export interface TreeRow {
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
  children?: TreeRow[];
}

function toSliceRow(node: TreeNode, parentPath: string | undefined, hasLazyChildren: (n: TreeNode) => boolean): SliceRow {
  const row: SliceRow = { id: node.id, name: node.name, level: node.level, type: node.type, hasChildren: Boolean(node.children?.length) || hasLazyChildren(node) };
  if (node.label !== node.name) row.label = node.label;
  if (parentPath === undefined || node.fullPath !== `${parentPath}/${node.name}`) row.fullPath = node.fullPath;
  if (node.entityId !== undefined) row.entityId = node.entityId;
  const count = node.containerCount ?? node.count;
  if (count !== undefined) row.count = count;
  return row;
}

/** A whole row (with its link), for the lazy children's JSON and the no-data row. */
export function toRow(node: TreeNode, href: (n: TreeNode) => string, hasLazyChildren: (n: TreeNode) => boolean): TreeRow {
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
export function treeSlice(path: readonly TreeNode[], hasLazyChildren: (n: TreeNode) => boolean = () => false): SliceRow {
  const rows = path.map((n, i) => toSliceRow(n, i === 0 ? undefined : path[i - 1].fullPath, hasLazyChildren));
  for (let i = 0; i < path.length; i++) {
    const kids = path[i].children ?? [];
    const parentPath = path[i].fullPath;
    rows[i].children = kids.map((k) => (i + 1 < path.length && k.id === path[i + 1].id ? rows[i + 1] : toSliceRow(k, parentPath, hasLazyChildren)));
  }
  return rows[0];
}

/**
 * treeSlice of a path through a kept tree (the trees are built once per collection run, View and Filter, and never
 * changed): made once per tree, path and lazy depth, and the same object given back to every page that shows it,
 * so expandSlice's rows and the tree pane's fragment key (TreeView) are made once too, not on every page (issue 13:
 * ~1.3 ms a request at 500,000 containers). Only a path that lies in the tree is kept: a deepest folder's page reads
 * its leaves for the page (a new folder object each time, up to 10,000 leaves), and keeping those filled the kept
 * slices with ones never asked for again. Each tree keeps its last SLICES_KEPT slices, at most SLICE_ROWS_KEPT
 * rows together; they go with the tree.
 */
export function keptTreeSlice(root: TreeNode, path: readonly TreeNode[], lazyDepth: number): SliceRow {
  const hasLazyChildren = (n: TreeNode) => n.level === lazyDepth && n.level > 0;
  if (!liesIn(root, path)) return treeSlice(path, hasLazyChildren);
  let kept = keptSlices.get(root);
  if (!kept) keptSlices.set(root, (kept = { slices: new Map(), rows: 0 }));
  const key = `${lazyDepth}|${path[path.length - 1].id}`;
  const hit = kept.slices.get(key);
  if (hit) {
    kept.slices.delete(key); // most recently used last
    kept.slices.set(key, hit);
    return hit.slice;
  }
  const slice = treeSlice(path, hasLazyChildren);
  const rows = path.reduce((n, node) => n + 1 + (node.children?.length ?? 0), 0);
  if (rows > SLICE_ROWS_KEPT) return slice;
  kept.slices.set(key, { slice, rows });
  kept.rows += rows;
  for (const [k, e] of kept.slices) {
    if (kept.slices.size <= SLICES_KEPT && kept.rows <= SLICE_ROWS_KEPT) break;
    kept.slices.delete(k);
    kept.rows -= e.rows;
  }
  return slice;
}

/** Whether `path` runs from `root` down through the tree's own nodes (not copies read for one page). */
function liesIn(root: TreeNode, path: readonly TreeNode[]): boolean {
  if (path[0] !== root) return false;
  for (let i = 1; i < path.length; i++) if (!path[i - 1].children?.includes(path[i])) return false;
  return true;
}

const SLICES_KEPT = 32;
/** A slice row, made whole in a few link contexts, is ~1 kB: at most ~10 MB per kept tree. */
const SLICE_ROWS_KEPT = 10_000;
const keptSlices = new WeakMap<TreeNode, { slices: Map<string, { slice: SliceRow; rows: number }>; rows: number }>();

/**
 * The slice's rows whole: labels, full paths and links (the same for one slice object and context, made once; the
 * last CONTEXTS_KEPT contexts of a slice: a context keeps the page's other parameters, a grid's page among them).
 */
export function expandSlice(slice: SliceRow, links: TreeLinkContext): TreeRow {
  let byContext = expanded.get(slice);
  if (!byContext) expanded.set(slice, (byContext = new Map()));
  const key = `${links.kind}?${links.query}`;
  let root = byContext.get(key);
  if (root) {
    byContext.delete(key);
  } else {
    root = expandRow(slice, undefined, links);
    if (byContext.size >= CONTEXTS_KEPT) byContext.delete(byContext.keys().next().value!);
  }
  byContext.set(key, root);
  return root;
}

const CONTEXTS_KEPT = 4;
const expanded = new WeakMap<SliceRow, Map<string, TreeRow>>();

function expandRow(row: SliceRow, parentPath: string | undefined, links: TreeLinkContext): TreeRow {
  const fullPath = row.fullPath ?? (parentPath === undefined ? row.name : `${parentPath}/${row.name}`);
  const whole: TreeRow = {
    id: row.id,
    name: row.name,
    label: row.label ?? row.name,
    level: row.level,
    type: row.type,
    fullPath,
    entityId: row.entityId,
    count: row.count,
    hasChildren: row.hasChildren,
    href: treeItemHref(links, { id: row.id, level: row.level, fullPath, entityId: row.entityId, type: row.type }),
  };
  if (row.children) whole.children = row.children.map((c) => expandRow(c, fullPath, links));
  return whole;
}

/** The rows under the node with this id, if the slice holds them (the selected folder's contents). */
export function childrenOf(root: TreeRow, id: string): TreeRow[] {
  let row: TreeRow | undefined = root;
  while (row && row.id !== id) row = row.children?.find((c) => id.startsWith(`${c.id}.`) || c.id === id);
  return row?.children ?? [];
}

/** Children rows of one node, for the lazy-load endpoint. */
export function childRows(node: TreeNode, href: (n: TreeNode) => string, hasLazyChildren: (n: TreeNode) => boolean = () => false) {
  return (node.children ?? []).map((k) => toRow(k, href, hasLazyChildren));
}
