import { redirect } from "@remix-run/node";
import { SEARCH_MAX, SEARCH_MIN, TEXT } from "~/lib/constants";
import { findById, searchTree } from "~/domain/tree/navigate";
import { parseHits } from "./pick-default";
import type { TreeNode } from "~/domain/tree/types";

/** Leaves are not in the folder tree; a tree that has them says how to find matching ones and list a folder's. */
export interface LeafSearch {
  /** Matching leaves, each with the names of its folder path below the root. */
  matches(term: string): Promise<{ entityId: string; names: string[] }[]>;
  leaves(folder: TreeNode): Promise<TreeNode[]>;
}

/** A place in depth-first order: the folder's pre-order index, then -1 for the folder or the leaf's index. */
type Pos = { pre: number; leaf: number };
const after = (a: Pos, b: Pos) => a.pre > b.pre || (a.pre === b.pre && a.leaf > b.leaf);

function preOrderIndex(root: TreeNode) {
  const index = new Map<string, number>();
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    index.set(node.id, index.size);
    const kids = node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return index;
}

function folderByNames(root: TreeNode, names: string[]): TreeNode | undefined {
  let node: TreeNode | undefined = root;
  for (const name of names) node = node?.children?.find((c) => c.name === name);
  return node;
}

/** The next node after `current` (folder or leaf) whose label contains the term, wrapping around. */
async function nextHit(root: TreeNode, term: string, currentId: string | undefined, leafSearch: LeafSearch): Promise<TreeNode | undefined> {
  const needle = term.trim().toLowerCase();
  const pre = preOrderIndex(root);
  const parentId = currentId?.split(".").slice(0, -1).join(".");
  const current: Pos =
    currentId && pre.has(currentId)
      ? { pre: pre.get(currentId)!, leaf: -1 }
      : currentId && parentId && pre.has(parentId)
        ? { pre: pre.get(parentId)!, leaf: Number(currentId.split(".").pop()) }
        : { pre: -1, leaf: -1 };

  type Candidate = { pos: Pos; folder: TreeNode; entityIds?: Set<string> };
  const candidates: Candidate[] = [];
  for (const [id, index] of pre) {
    const node = findById(root, id)!;
    if (index > 0 && node.label.toLowerCase().includes(needle)) candidates.push({ pos: { pre: index, leaf: -1 }, folder: node });
  }
  const groups = new Map<string, Candidate>();
  for (const match of await leafSearch.matches(term)) {
    const folder = folderByNames(root, match.names);
    if (!folder) continue;
    const group = groups.get(folder.id) ?? { pos: { pre: pre.get(folder.id)!, leaf: 0 }, folder, entityIds: new Set<string>() };
    group.entityIds!.add(match.entityId);
    groups.set(folder.id, group);
  }
  candidates.push(...groups.values());
  candidates.sort((a, b) => a.pos.pre - b.pos.pre || a.pos.leaf - b.pos.leaf);

  for (const from of [current, { pre: -1, leaf: -1 }]) {
    for (const c of candidates) {
      if (!c.entityIds) {
        if (after(c.pos, from)) return c.folder;
        continue;
      }
      if (c.pos.pre < from.pre) continue;
      const leaves = await leafSearch.leaves(c.folder);
      const hit = leaves.find((leaf, i) => c.entityIds!.has(leaf.entityId ?? "") && after({ pre: c.pos.pre, leaf: i }, from));
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * Tree search as GET ?q=term&dir=next|prev from the node in nodeId. A hit redirects to the hit's own address
 * (keeping q and the hit history in `hits`); a miss returns the banner text for the page to show.
 */
export async function runTreeSearch(
  root: TreeNode,
  url: URL,
  href: (n: TreeNode) => string,
  leafSearch?: LeafSearch,
): Promise<{ term: string; message?: string }> {
  const params = url.searchParams;
  const term = (params.get("q") ?? "").slice(0, SEARCH_MAX);
  const dir = params.get("dir");
  if (!term || (dir !== "next" && dir !== "prev")) return { term };
  if (term.trim().length < SEARCH_MIN) return { term, message: `Enter at least ${SEARCH_MIN} characters to search.` };
  const hits = parseHits(params.get("hits"));
  const currentId = params.get("nodeId") ?? undefined;
  let hit: TreeNode | undefined;
  if (dir === "prev" && hits.length > 1) {
    hits.pop();
    hit = await nodeById(root, hits[hits.length - 1], leafSearch);
  }
  if (!hit) {
    const found = leafSearch ? await nextHit(root, term, currentId, leafSearch) : folderOnly(root, term, currentId);
    if (found) {
      if (dir === "next" || hits.length === 0) hits.push(found.id);
      hit = found;
    }
  }
  if (hit) {
    const target = new URL(href(hit), url);
    target.searchParams.set("q", term);
    target.searchParams.set("hits", hits.join(","));
    throw redirect(target.pathname + target.search);
  }
  return { term, message: TEXT.searchNotFound(term.trim()) };
}

/** A folder by id, or a leaf (not in the folder tree) by its folder's id and its index among the folder's leaves. */
async function nodeById(root: TreeNode, id: string, leafSearch?: LeafSearch): Promise<TreeNode | undefined> {
  const folder = findById(root, id);
  if (folder || !leafSearch) return folder;
  const parent = findById(root, id.split(".").slice(0, -1).join("."));
  if (!parent) return undefined;
  return (await leafSearch.leaves(parent))[Number(id.split(".").pop())];
}

function folderOnly(root: TreeNode, term: string, afterId: string | undefined) {
  const found = searchTree(root, term, { afterId, direction: "next" });
  return found.kind === "found" ? found.node : undefined;
}

export function searchFormState(url: URL, base: string, keep: Record<string, string>, search: { term: string; message?: string }) {
  const hidden = { ...keep };
  const nodeId = url.searchParams.get("nodeId");
  // No match resets the search: the hit history starts again.
  const hits = search.message ? null : url.searchParams.get("hits");
  if (nodeId) hidden.nodeId = nodeId;
  if (hits) hidden.hits = hits;
  const stop = new URL(url);
  for (const p of ["q", "dir", "hits"]) stop.searchParams.delete(p);
  return { action: base, hidden, term: search.term, hitCount: parseHits(hits).length, stopHref: stop.pathname + stop.search, message: search.message };
}
