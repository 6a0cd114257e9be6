/**
 * Builds the folder tree from grouped rows (one row per distinct level path with its container count) and the
 * leaf children of a folder. The rows are grouped into nested folders in one pass; d3-hierarchy then sums the
 * counts up the tree and orders every child list, a bounded subtree at a time. Pure and linear apart from one sort
 * per child list, because a large fleet yields about 150,000 rows per request.
 */
import { hierarchy, type HierarchyNode } from "d3-hierarchy";
import { runSteps, type Steps } from "~/lib/yielding";
import type { TreeNode } from "./types";
import { FolderNode } from "./folder-node";

export interface FolderRow {
  /** Group names for levels 1..n. */
  path: string[];
  /** Containers in this group. */
  count: number;
}

interface Draft {
  name: string;
  /** Containers of the rows that end at this folder; the descendants' are added once all rows are in. */
  count: number;
  /** Always present (undefined for leaves) so every draft has one object shape. */
  children: Map<string, Draft> | undefined;
  /** The same children in arrival order, as d3-hierarchy takes them. */
  list: Draft[] | undefined;
  /** Folders in this subtree, itself included (once every row is in). */
  size: number;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const lowerCode = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  if (c >= 65 && c <= 90) return c + 32;
  return c < 128 ? c : s[i].toLowerCase().charCodeAt(0);
};

/**
 * Case-insensitive natural order ("pod-9" before "pod-10", leading zeros ignored), ties broken by the exact name
 * so the result never depends on input order. A char loop without allocation: it runs about half a million
 * times for a 150,000-row tree.
 */
export function compareNames(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      while (a.charCodeAt(i) === 48 && isDigit(a.charCodeAt(i + 1))) i++;
      while (b.charCodeAt(j) === 48 && isDigit(b.charCodeAt(j + 1))) j++;
      let ei = i;
      let ej = j;
      while (isDigit(a.charCodeAt(ei))) ei++;
      while (isDigit(b.charCodeAt(ej))) ej++;
      if (ei - i !== ej - j) return ei - i - (ej - j);
      for (; i < ei; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return a.charCodeAt(i) - b.charCodeAt(j);
      continue;
    }
    const ca = lowerCode(a, i++);
    const cb = lowerCode(b, j++);
    if (ca !== cb) return ca - cb;
  }
  const rest = a.length - i - (b.length - j);
  if (rest !== 0) return rest;
  return a < b ? -1 : a > b ? 1 : 0;
}

const byName = (x: { name: string }, y: { name: string }) => compareNames(x.name, y.name);

export interface FolderTreeInput {
  rootName: string;
  rows: readonly FolderRow[];
  /** Node type per level: levelTypes[level - 1]. */
  levelTypes: readonly string[];
  rootType: string;
}

/** Rows grouped, or nodes summed, sorted or made, between two yields of folderTreeSteps: a few ms of work. */
export const TREE_STEP = 4_000;

/**
 * The folder tree of `input`, as steps (lib/yielding.ts): it yields after about every `chunk` rows or nodes, so a
 * server builds a 150,000-row tree (~0.7 s) without holding the event loop, and runSteps builds it at once.
 * Passes: the rows grouped into nested folders; each folder's size (itself and its descendants); then every
 * subtree of at most `chunk` folders goes to d3-hierarchy, which sums its counts and orders its child lists in one
 * call, while the few folders above them (the big ones near the root) are summed and ordered the same way by
 * hand, between yields; last the TreeNodes are made, with the same keys in the same order as ever.
 */
export function* folderTreeSteps(input: FolderTreeInput, chunk = TREE_STEP): Steps<TreeNode> {
  const root: Draft = { name: input.rootName, count: 0, children: undefined, list: undefined, size: 1 };
  // trail[d] is the previous row's node at depth d: rows sorted by path (as the folder query returns them)
  // mostly repeat their parent's path, which then costs no Map lookup.
  const trail: Draft[] = [root];
  let prev: readonly string[] = [];
  let work = 0;
  const tick = (n: number) => {
    work += n;
    if (work < chunk) return false;
    work = 0;
    return true;
  };
  for (const { path, count } of input.rows) {
    let samePrefix = true;
    let node = root;
    for (let d = 0; d < path.length; d++) {
      const name = path[d];
      if (samePrefix && prev[d] === name) node = trail[d + 1];
      else {
        samePrefix = false;
        const children = node.children ?? (node.children = new Map());
        let child = children.get(name);
        if (child === undefined) {
          children.set(name, (child = { name, count: 0, children: undefined, list: undefined, size: 1 }));
          (node.list ??= []).push(child);
        }
        trail[d + 1] = node = child;
      }
    }
    node.count += count;
    prev = path;
    if (tick(1)) yield;
  }

  // Sizes, post-order without recursion.
  const order: Draft[] = [];
  const stack: Draft[] = [root];
  while (stack.length > 0) {
    const d = stack.pop()!;
    order.push(d);
    if (d.list) for (const c of d.list) stack.push(c);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const d = order[i];
    if (d.list) for (const c of d.list) d.size += c.size;
    if (tick(1)) yield;
  }
  order.length = 0;

  const summed = yield* sumAndOrder(root, chunk, tick);
  const tree = yield* makeNodes(summed, input, tick);
  return tree;
}

/** A folder with its total: a d3 subtree (summed and ordered), or a big folder with its summed, ordered children. */
type Summed = { kind: "d3"; h: HierarchyNode<Draft> } | { kind: "big"; draft: Draft; value: number; children: Summed[] };

const nameOf = (s: Summed) => (s.kind === "d3" ? s.h.data.name : s.draft.name);
const valueOf = (s: Summed) => (s.kind === "d3" ? (s.h.value ?? 0) : s.value);

function* sumAndOrder(d: Draft, chunk: number, tick: (n: number) => boolean): Steps<Summed> {
  if (d.size <= chunk || !d.list) {
    const h = hierarchy<Draft>(d, (x) => x.list)
      .sum((x) => x.count)
      .sort((a, b) => compareNames(a.data.name, b.data.name));
    if (tick(d.size)) yield;
    return { kind: "d3", h };
  }
  const children: Summed[] = [];
  for (const c of d.list) children.push(yield* sumAndOrder(c, chunk, tick));
  // As d3's sum and sort do: the own count plus the children's; the children in name order (a stable sort).
  let value = d.count;
  for (const c of children) value += valueOf(c);
  children.sort((a, b) => compareNames(nameOf(a), nameOf(b)));
  return { kind: "big", draft: d, value, children };
}

function* makeNodes(top: Summed, input: FolderTreeInput, tick: (n: number) => boolean): Steps<TreeNode> {
  const typeOf = (level: number) =>
    level === 0 ? input.rootType : (input.levelTypes[level - 1] ?? input.levelTypes[input.levelTypes.length - 1] ?? "folder");
  const tree = new FolderNode(nameOf(top), 0, typeOf(0), valueOf(top), undefined, 0);
  // Pending children lists: a d3 node's or a big folder's, each made under its FolderNode.
  const pending: { from: Summed | HierarchyNode<Draft>; node: FolderNode }[] = [{ from: top, node: tree }];
  while (pending.length > 0) {
    const { from, node } = pending.pop()!;
    const kids: (Summed | HierarchyNode<Draft>)[] | undefined = "kind" in from ? (from.kind === "big" ? from.children : from.h.children) : from.children;
    if (!kids) continue;
    const level = node.level + 1;
    const type = typeOf(level);
    // Made at its final length: pushing grows an array's store by half again plus 16 slots.
    const children: FolderNode[] = new Array(kids.length);
    for (let i = 0; i < kids.length; i++) {
      const k = kids[i];
      const child = "kind" in k ? new FolderNode(nameOf(k), level, type, valueOf(k), node, i) : new FolderNode(k.data.name, level, type, k.value ?? 0, node, i);
      children[i] = child;
      pending.push({ from: k, node: child });
    }
    node.children = children;
    if (tick(kids.length)) yield;
  }
  return tree;
}

/** The folder tree of `input`, built at once (see folderTreeSteps). */
export function buildFolderTree(input: FolderTreeInput): TreeNode {
  return runSteps(folderTreeSteps(input));
}

/**
 * Leaf children of a folder (lazy leaf list): ids continue the parent's dotted path after its child folders (a
 * folder that is not the deepest has both, and a leaf must not take a folder's id); each leaf counts 1.
 */
export function buildLeafNodes(parent: TreeNode, leaves: readonly { name: string; entityId: string }[], type: string): TreeNode[] {
  const first = parent.children?.length ?? 0;
  return [...leaves].sort(byName).map((leaf, i) => ({
    id: `${parent.id}.${first + i}`,
    name: leaf.name,
    label: leaf.name,
    level: parent.level + 1,
    type,
    fullPath: `${parent.fullPath}/${leaf.name}`,
    parentPath: parent.fullPath,
    entityId: leaf.entityId,
    containerCount: 1,
  }));
}
