/**
 * The nodes tree (spec document 1, section 3): ROOT > CLUSTER > NODEGROUP > NODE. Node groups carry their node
 * group id as entityId and nodes their node id; count is the number of nodes below (a node counts 1).
 */
import { TEXT } from "~/lib/constants";
import type { TreeNode } from "~/domain/tree/types";
import { buildFolderTree, type FolderRow } from "~/domain/tree/build-tree";
import { storeCache } from "./store-cache.server";
import { inventoryKey } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";

export const NODE_TREE_TYPES = ["CLUSTER", "NODEGROUP", "NODE"] as const;

const SEP = "\u0000";

/**
 * The tree and its JSON, built once per collection run and kept (issue 13: it was rebuilt on every request, a third
 * of a busy server's CPU at 31,000 nodes). Callers must not change what they get.
 */
const trees = storeCache<{ tree: TreeNode; json?: string }>({ maxEntries: 4 });

export async function getNodeTree(db: Db): Promise<TreeNode> {
  return (await cachedTree(db)).tree;
}

/**
 * Keyed by the inventory's collection run, as the container trees are: the product writes nodes only in a collection
 * run (app/sources/collect.server.ts). It was also keyed by the node and node group counts, for inventory written
 * without a run; at 500,000 containers that count was a scan of 107,000 nodes on every node page (6-9 ms of
 * PostgreSQL's CPU each, ~2 ms a request over the 50-user benchmark's links; issue 13). Whatever writes nodes without
 * a run (tests) clears the cache with clearNodeTreeCache.
 */
async function cachedTree(db: Db) {
  const run = await inventoryKey(db);
  return trees.get(db, run, async () => ({ tree: await buildNodeTree(db) }), false, run);
}

/** Empties the node tree cache of a store (tests that write inventory without a collection run). */
export function clearNodeTreeCache(db: Db) {
  trees.clear(db);
}

async function buildNodeTree(db: Db): Promise<TreeNode> {
  const [nodes, groups] = await Promise.all([
    db.selectFrom("k8s_node").select(["id", "cluster", "node_group", "name"]).execute(),
    db.selectFrom("node_group").select(["id", "cluster", "name"]).execute(),
  ]);
  const rows: FolderRow[] = nodes.map((n) => ({ path: [n.cluster, n.node_group, n.name], count: 1 }));
  const withNodes = new Set(nodes.map((n) => `${n.cluster}${SEP}${n.node_group}`));
  // A node group with no node (scaled to zero) still shows, with a count of 0.
  for (const g of groups) if (!withNodes.has(`${g.cluster}${SEP}${g.name}`)) rows.push({ path: [g.cluster, g.name], count: 0 });

  const tree = buildFolderTree({ rootName: TEXT.rootName, rows, levelTypes: NODE_TREE_TYPES, rootType: "ROOT" });
  const groupIds = new Map(groups.map((g) => [`${g.cluster}${SEP}${g.name}`, g.id]));
  const nodeIds = new Map(nodes.map((n) => [`${n.cluster}${SEP}${n.node_group}${SEP}${n.name}`, n.id]));
  const visit = (node: TreeNode, names: string[]) => {
    node.count = node.containerCount;
    // Cleared, not deleted: a deleted property puts the object in V8's dictionary mode (at 107,000 nodes the tree
    // took 73 MB that way); JSON leaves an undefined field out all the same.
    node.containerCount = undefined;
    if (node.level === 2) node.entityId = groupIds.get(names.join(SEP));
    if (node.level === 3) node.entityId = nodeIds.get(names.join(SEP));
    for (const child of node.children ?? []) visit(child, [...names, child.name]);
  };
  visit(tree, []);
  tree.children ??= [];
  return tree;
}

/** nodeTreeJson: a JSON array holding the root node. */
export async function getNodeTreeJson(db: Db): Promise<string> {
  const cached = await cachedTree(db);
  return (cached.json ??= JSON.stringify([cached.tree]));
}
