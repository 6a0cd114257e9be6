/**
 * A request's tree scope: the View and Filter it asked for (visibility checked), the folder tree they draw, and the
 * folder a tree path names. Resolved once per request and handed to every read that needs it (ARCHITECTURE.md:
 * "each request resolves its View, Filter and tree path once, at the top, and passes the result down").
 *
 * Trees are cached per store, keyed by the stored inventory (inventoryKey) and the View's and Filter's id and
 * updated_at, so a new collection or an edited View/Filter is seen at once and repeated calls are cheap; `reload`
 * recomputes. Data written without a collection (tests, manual inserts) needs `reload` (or clearTreeCache) to show.
 */
import type { SessionUser } from "~/lib/auth-types";
import type { TreeNode } from "~/domain/tree/types";
import { findByFullPath } from "~/domain/tree/navigate";
import type { ViewLevel } from "~/domain/views-filters/view-levels";
import { notFoundError } from "~/lib/errors";
import { jsonLiteralBuffers, treeJsonParts } from "~/domain/tree/tree-json";
import { runStepsYielding } from "~/lib/yielding";
import { storeCache } from "./store-cache.server";
import { CLOUD_CONNECTIONS_STAMP_KEY } from "./cloud-connection-stamp";
import { LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import { parseCtx, type Db, type TreeCtx } from "./treeview-common.server";
import { resolveTreeView, type TreeView } from "./views.server";
import { resolveTreeFilter, type TreeFilter } from "./filters.server";

export interface TreeArgs {
  ctx?: string | null;
  viewId: string;
  filterId: string;
  /** Accepted for compatibility: every collected entity is analysed. */
  analyzedOnly?: boolean | null;
}

/** A folder tree as its builder made it. */
export interface BuiltTree {
  tree: TreeNode;
  levels: ViewLevel[];
  /** Cloud: the account id behind each account folder (by node id); labels may carry the id to stay unique. */
  accountIds: Map<string, string>;
}

export interface CachedTree extends BuiltTree {
  /** JSON of the tree, made on first use: pages never need it, and it is ~20 MB for a 150,000-container fleet. */
  json?: string;
  /**
   * The JSON as a JSON string literal (quotes and escapes added), UTF-8 encoded, made on first use: the GraphQL
   * endpoint splices it into its response instead of escaping and encoding the whole tree again per request.
   */
  jsonLiteral?: Uint8Array;
  /** Estimated memory held: the nodes, then json and jsonLiteral once made. */
  bytes: number;
  /** While the JSON's parts are being made: the requests asking meanwhile share them. */
  parts?: Promise<string[]>;
  /** json and jsonLiteral as they are made (concurrent requests share one). */
  jsonMade?: Promise<string>;
  literalMade?: Promise<Uint8Array>;
}

export interface TreeScope {
  ctx: TreeCtx;
  view: TreeView;
  filter: TreeFilter;
  cached: CachedTree;
  /** What the tree depends on: the context, the stored inventory (inventoryKey), the View's and Filter's versions. */
  key: string;
  /** The inventory it was built from (inventoryKey): what caches of inventory reads are keyed by. */
  run: string;
}

/** A folder of a resolved tree: the node, and the folder names below the root down to it. */
export interface FolderScope {
  tree: TreeScope;
  folder: TreeNode;
  names: string[];
  /** What the selection depends on: the tree's key and the folder. */
  key: string;
}

export type TreeBuilder = (db: Db, ctx: TreeCtx, view: TreeView, filter: TreeFilter) => Promise<BuiltTree>;

const CACHE_ENTRIES = 64;
/**
 * What the cached trees of a store may hold together, estimated; least recently used trees leave first. A
 * 150,000-container Cluster View is ~40 MB of nodes, plus ~75 MB for its folder list literal once the API asked.
 */
const CACHE_BYTES = 1_500_000_000;
/**
 * Heap per tree node with its strings (measured at 500,000 containers: 46 MB for the Cluster View's ~328,000
 * folders; 77 MB before build-tree.ts's folders worked out their ids and paths when read).
 */
const NODE_BYTES = 150;

const trees = storeCache<CachedTree>({ maxEntries: CACHE_ENTRIES, maxBytes: CACHE_BYTES, sizeOf: (t) => t.bytes });

/** Empties the tree cache of a store (after a collection run, or in tests). */
export function clearTreeCache(db: Db) {
  trees.clear(db);
}

/** How many requests of a store are waiting now for a tree being built. */
export function requestsWaitingForTrees(db: Db): number {
  return trees.waiting(db);
}

/**
 * What every tree of the inventory depends on: the collection whose inventory is stored and the cloud connections'
 * latest change, from the meta rows written in the transactions that change them. Not the latest run by its start:
 * two overlapping collections commit in either order (decision 022 §9).
 */
export async function inventoryKey(db: Db): Promise<string> {
  const rows = await db.selectFrom("meta").select(["key", "value"]).where("key", "in", [LATEST_COLLECTION_META_KEY, CLOUD_CONNECTIONS_STAMP_KEY]).execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const connections = value(CLOUD_CONNECTIONS_STAMP_KEY);
  return `${value(LATEST_COLLECTION_META_KEY) ?? "none"}${connections !== undefined ? `|${connections}` : ""}`;
}

/**
 * The View and Filter the user asked for (visibility checked; blank ids mean the user's defaults) and their tree,
 * built by `build` when not cached. A caller that already holds the resolved View and Filter passes them.
 */
export async function loadTreeScope(
  db: Db,
  user: SessionUser,
  args: TreeArgs & { reload?: boolean | null; resolved?: { view: TreeView; filter: TreeFilter } },
  build: TreeBuilder,
): Promise<TreeScope> {
  const ctx = parseCtx(args.ctx);
  const [view, filter, run] = await Promise.all([
    args.resolved?.view ?? resolveTreeView(db, user, args.viewId, ctx),
    args.resolved?.filter ?? resolveTreeFilter(db, user, args.filterId, ctx),
    inventoryKey(db),
  ]);
  const key = `${ctx}|${run}|${view.viewId}@${view.updatedAt}|${filter.filterId}@${filter.updatedAt}`;
  const cached = await trees.get(
    db,
    key,
    async () => {
      const built = await build(db, ctx, view, filter);
      return { ...built, bytes: countNodes(built.tree) * NODE_BYTES };
    },
    args.reload === true,
    run,
  );
  return { ctx, view, filter, cached, key, run };
}

function countNodes(root: TreeNode): number {
  let n = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    n++;
    if (node.children) for (const c of node.children) stack.push(c);
  }
  return n;
}

/** The folder a treeviewPath names (case-insensitive, with or without the root name; empty: the root), or not found. */
export function folderScope(scope: TreeScope, treeviewPath: string | null | undefined): FolderScope {
  const path = treeviewPath ?? "";
  const match = findByFullPath(scope.cached.tree, path);
  if (!match.matched) throw notFoundError(`Tree path '${path}' was not found in this view and filter.`);
  const names = [...match.ancestors.slice(1), ...(match.node.level > 0 ? [match.node] : [])].map((n) => n.name);
  return { tree: scope, folder: match.node, names, key: `${scope.key}|${match.node.fullPath}` };
}

/** The folder list's JSON as parts, made a part at a time between turns of the event loop (tree-json.ts). */
function jsonParts(cached: CachedTree): Promise<string[]> {
  return (cached.parts ??= runStepsYielding(treeJsonParts(cached.tree)).finally(() => (cached.parts = undefined)));
}

/** getFolderListJson: the root node with its children, as JSON (made once per cached tree, without holding the thread). */
export function treeJson(scope: TreeScope): Promise<string> {
  const cached = scope.cached;
  return (cached.jsonMade ??= (async () => {
    const json = (await jsonParts(cached)).join("");
    cached.json = json;
    cached.bytes += json.length;
    return json;
  })());
}

/**
 * getFolderListJson's answer as it appears inside a JSON document: the JSON string literal of getFolderListJson,
 * UTF-8 encoded, cached with the tree (made once, a part at a time). Callers must not modify it.
 */
export function treeJsonLiteral(scope: TreeScope): Promise<Uint8Array> {
  const cached = scope.cached;
  // The JSON itself is not kept for this: API callers need only the literal (~20 MB less per cached tree).
  return (cached.literalMade ??= (async () => {
    const buffers = await runStepsYielding(jsonLiteralBuffers(await jsonParts(cached)));
    const literal = Buffer.concat(buffers);
    cached.jsonLiteral = literal;
    cached.bytes += literal.byteLength;
    return literal;
  })());
}
