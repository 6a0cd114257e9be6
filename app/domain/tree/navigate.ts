/**
 * Finding, flattening and searching tree nodes (spec document 1, section 4). Pure: the tree component keeps
 * selection and expansion in the URL and state, these only answer "which node".
 */
import { SEARCH_MIN, TEXT } from "~/lib/constants";
import type { TreeNode } from "./types";
import { FolderNode } from "./folder-node";

export interface PathMatch {
  node: TreeNode;
  /** False when the path did not fully match: the root is returned then, as the spec selects it. */
  matched: boolean;
  /** From the root down to the node's parent. */
  ancestors: TreeNode[];
}

function childNamed(node: TreeNode, lowerName: string): TreeNode | undefined {
  return node.children?.find((c) => c.name.toLowerCase() === lowerName);
}

function walk(root: TreeNode, names: string[]): PathMatch | undefined {
  let node = root;
  const ancestors: TreeNode[] = [];
  for (const name of names) {
    const child = childNamed(node, name);
    if (!child) return undefined;
    ancestors.push(node);
    node = child;
  }
  return { node, matched: true, ancestors };
}

/** Names compare case-insensitively; the path may start with the root's name or not. */
export function findByFullPath(root: TreeNode, fullPath: string | null | undefined): PathMatch {
  const names = (fullPath ?? "").split("/").map((n) => n.trim().toLowerCase()).filter(Boolean);
  const withoutRoot = names[0] === root.name.toLowerCase() ? walk(root, names.slice(1)) : undefined;
  return withoutRoot ?? walk(root, names) ?? { node: root, matched: false, ancestors: [] };
}

/** Ids of the ancestors of a dotted id: "0.1.2" gives ["0", "0.1"]. */
export function ancestorIdsOf(id: string): string[] {
  const parts = id.split(".");
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("."));
}

/**
 * Dotted ids are index paths, so the lookup indexes straight down; a hand-built tree falls back to a scan. A built
 * tree (FolderNode) has no other ids, and works its ids out when read, so it is never scanned for one.
 */
export function findById(root: TreeNode, id: string): TreeNode | undefined {
  const parts = id.split(".");
  let node: TreeNode | undefined = parts[0] === root.id ? root : undefined;
  for (const part of parts.slice(1)) node = node?.children?.[Number(part)];
  if (node?.id === id) return node;
  if (root instanceof FolderNode) return undefined;
  return preOrder(root).nodes.find((n) => n.id === id);
}

/** Nodes in display order with only expanded nodes' children: the order arrow keys move through. */
export function flattenVisible(root: TreeNode, expandedIds: Iterable<string>): TreeNode[] {
  const expanded = new Set(expandedIds);
  const out: TreeNode[] = [];
  const visit = (node: TreeNode) => {
    out.push(node);
    if (expanded.has(node.id)) node.children?.forEach(visit);
  };
  visit(root);
  return out;
}

/** Every node in depth-first pre-order, with each node's parent position (-1 for the root). */
function preOrder(root: TreeNode): { nodes: TreeNode[]; parents: number[] } {
  const nodes: TreeNode[] = [];
  const parents: number[] = [];
  const stack: [TreeNode, number][] = [[root, -1]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    const at = nodes.push(node) - 1;
    parents.push(parent);
    const kids = node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], at]);
  }
  return { nodes, parents };
}

export type SearchResult =
  | { kind: "found"; node: TreeNode; ancestorIds: string[] }
  | { kind: "notFound"; message: string }
  | { kind: "error"; error: string };

/**
 * The next (or previous) node after `afterId` whose label contains the term, case-insensitive, wrapping around;
 * the hit itself is found again when it is the only one. ancestorIds are the nodes to expand.
 */
export function searchTree(
  root: TreeNode,
  term: string,
  options: { afterId?: string; direction?: "next" | "previous" } = {},
): SearchResult {
  const needle = term.trim().toLowerCase();
  if (needle.length < SEARCH_MIN) return { kind: "error", error: `Enter at least ${SEARCH_MIN} characters to search.` };
  const { nodes, parents } = preOrder(root);
  const after = options.afterId === undefined ? undefined : findById(root, options.afterId);
  const start = after === undefined ? -1 : nodes.indexOf(after);
  const step = options.direction === "previous" ? -1 : 1;
  const from = start === -1 && step === -1 ? 0 : start;
  for (let k = 1; k <= nodes.length; k++) {
    const i = (((from + step * k) % nodes.length) + nodes.length) % nodes.length;
    if (!nodes[i].label.toLowerCase().includes(needle)) continue;
    const ancestorIds: string[] = [];
    for (let p = parents[i]; p !== -1; p = parents[p]) ancestorIds.unshift(nodes[p].id);
    return { kind: "found", node: nodes[i], ancestorIds };
  }
  return { kind: "notFound", message: TEXT.searchNotFound(term.trim()) };
}

/** The count badge: containerCount, else count. */
export function nodeCountBadge(node: TreeNode): number | undefined {
  return node.containerCount ?? node.count;
}
