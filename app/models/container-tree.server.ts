/**
 * The navigation trees of the containers and cloud contexts (spec document 1, sections 3 and 4).
 *
 * Containers: one grouped query, `select <level exprs>, count(*) from container c where <filter> group by ...`,
 * where the level expressions and the filter condition come from the whitelist compiler (bound parameters, never
 * string-built SQL); the rows become the folder tree. Leaves (containers) are listed per folder on demand.
 * Cloud: provider > region > account folders with instances as leaves.
 *
 * Trees are cached in memory per store, keyed by the latest collection run and the View's and Filter's id and
 * updated_at, so a new collection or an edited View/Filter is seen at once and repeated calls are cheap. `reload`
 * recomputes. Data written without a collection run (tests, manual inserts) needs `reload` to show.
 */
import { PostgresAdapter, sql, type Expression, type RawBuilder } from "kysely";
import { TEXT } from "~/lib/constants";
import type { SessionUser } from "~/lib/auth-types";
import type { TreeNode } from "~/domain/tree/types";
import { buildFolderTree, buildLeafNodes, type FolderRow } from "~/domain/tree/build-tree";
import { findByFullPath } from "~/domain/tree/navigate";
import { compileFilterCondition, escapeLike, levelExpression, NONE_LABEL, NotGroupableError } from "~/domain/views-filters/filter-sql";
import { findProperty } from "~/domain/views-filters/properties";
import { nodeTypeForLevel, type ViewLevel } from "~/domain/views-filters/view-levels";
import type { FilterAst } from "~/domain/views-filters/filter-logic";
import { notFoundError, validationError } from "~/lib/errors";
import { parseCtx, type Db } from "./treeview-common.server";
import { resolveTreeView, type TreeView } from "./views.server";
import { resolveTreeFilter, type TreeFilter } from "./filters.server";

/** A leaf list larger than this is refused: the user is asked to open a deeper folder. */
export const MAX_LEAF_NODES = 10_000;
const CACHE_ENTRIES = 64;
/**
 * What the cached trees of a store may hold together, estimated; least recently used trees leave first. A
 * 150,000-container Cluster View is ~65 MB of nodes, plus ~75 MB for its folder list literal once the API asked.
 */
const CACHE_BYTES = 1_500_000_000;
/** Heap per tree node with its strings (measured: 65 MB for the 248,000 nodes of the tree above). */
const NODE_BYTES = 270;

export interface TreeArgs {
  ctx?: string | null;
  viewId: string;
  filterId: string;
  /** Accepted for compatibility: every collected entity is analysed. */
  analyzedOnly?: boolean | null;
}

interface CachedTree {
  tree: TreeNode;
  /** JSON of the tree, made on first use: pages never need it, and it is ~20 MB for a 150,000-container fleet. */
  json?: string;
  /**
   * The JSON as a JSON string literal (quotes and escapes added), UTF-8 encoded, made on first use: the GraphQL
   * endpoint splices it into its response instead of escaping and encoding the whole tree again per request.
   */
  jsonLiteral?: Uint8Array;
  levels: ViewLevel[];
  ast: FilterAst | null;
  /** Cloud: the account id behind each account folder (by node id); labels may carry the id to stay unique. */
  accountIds: Map<string, string>;
  /** Estimated memory held: the nodes, then json and jsonLiteral once made. */
  bytes: number;
}

interface CacheEntry {
  promise: Promise<CachedTree>;
  /** Set once built. */
  value?: CachedTree;
}

const caches = new WeakMap<Db, Map<string, CacheEntry>>();

function cacheFor(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** Empties the tree cache of a store (after a collection run, or in tests). */
export function clearTreeCache(db: Db) {
  caches.delete(db);
}

async function latestRunKey(db: Db): Promise<string> {
  const run = await db
    .selectFrom("collection_run")
    .select(["id", "status", "finished_at"])
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return run ? `${run.id}:${run.status}:${run.finished_at ?? ""}` : "none";
}

/** Resolves the View and Filter the user asked for (visibility checked) and finds or builds the tree. */
async function loadTree(db: Db, user: SessionUser, args: TreeArgs, reload: boolean) {
  const ctx = parseCtx(args.ctx);
  const view = await resolveTreeView(db, user, args.viewId, ctx);
  const filter = await resolveTreeFilter(db, user, args.filterId, ctx);
  const key = `${ctx}|${await latestRunKey(db)}|${view.viewId}@${view.updatedAt}|${filter.filterId}@${filter.updatedAt}`;
  const cache = cacheFor(db);
  let entry = reload ? undefined : cache.get(key);
  if (entry) {
    cache.delete(key); // refresh its place: the map's order is least recently used first
    cache.set(key, entry);
  } else {
    const built: CacheEntry = {
      promise: (ctx === "cloud" ? buildCloudTree(db, filter) : buildContainerTree(db, view, filter)).then((tree) => {
        built.value = { ...tree, ast: filter.ast, bytes: countNodes(tree.tree) * NODE_BYTES };
        return built.value;
      }),
    };
    entry = built;
    cache.set(key, entry);
    entry.promise.catch(() => cache.get(key) === built && cache.delete(key));
  }
  const cached = await entry.promise;
  trimCache(cache, key);
  return { ctx, view, filter, cached, key };
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

/** Drops least recently used trees beyond CACHE_ENTRIES or CACHE_BYTES, never the one just used (`keep`). */
function trimCache(cache: Map<string, CacheEntry>, keep: string) {
  let bytes = 0;
  for (const e of cache.values()) bytes += e.value?.bytes ?? 0;
  for (const [key, e] of cache) {
    if (cache.size <= CACHE_ENTRIES && bytes <= CACHE_BYTES) break;
    if (key === keep) continue;
    cache.delete(key);
    bytes -= e.value?.bytes ?? 0;
  }
}

function levelExpr(level: ViewLevel): RawBuilder<string> {
  try {
    return levelExpression(level.propertyKey);
  } catch (e) {
    if (e instanceof NotGroupableError) {
      throw validationError(`The view level '${level.displayColumn ?? level.propertyKey}' can no longer be used; edit the view.`);
    }
    throw e;
  }
}

/**
 * A level's grouping value in the folder query, and the join it needs. A label (attribute) level reads its value
 * through a LEFT JOIN on container_attribute's key (attr_key, container_id), at most one row per container, instead
 * of levelExpression's correlated subquery: the same value ('(none)' when missing or empty), but PostgreSQL
 * hash-joins it instead of probing the index once per container (the folder query of a business-unit View over
 * 150,000 containers: ~1,060 -> ~660 ms); SQLite measured the same either way. The attribute key is a whitelisted
 * literal (as in levelExpression), so GROUP BY sees one expression per level.
 */
function levelSource(level: ViewLevel, index: number): { expr: RawBuilder<string>; join?: RawBuilder<unknown> } {
  const expr = levelExpr(level);
  const property = findProperty(level.propertyKey);
  if (!property || property.column || !property.attrKey) return { expr };
  const alias = `a${index}`;
  return {
    expr: sql<string>`coalesce(nullif(${sql.ref(`${alias}.value`)}, ''), ${sql.lit(NONE_LABEL)})`,
    join: sql`left join container_attribute ${sql.ref(alias)} on ${sql.ref(`${alias}.attr_key`)} = ${sql.lit(property.attrKey)} and ${sql.ref(`${alias}.container_id`)} = c.id`,
  };
}

/**
 * Runs a folder query with PostgreSQL's JIT compilation off (SQLite: as it is). The planner prices a filter's
 * per-container label lookups far above their cost, so JIT compiles and optimises a one-off query for ~200 ms
 * of a ~1 s build of a 150,000-container tree and wins nothing back. Only this query's transaction is affected.
 */
async function withoutJit<T>(db: Db, run: (q: Db) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter) || db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return run(trx);
  });
}

async function buildContainerTree(db: Db, view: TreeView, filter: TreeFilter) {
  const sources = view.levels.map(levelSource);
  const keys = sources.map((_, i) => `l${i}`);
  const cols = keys.map((k) => sql.ref(`t.${k}`));
  const joins = sources.flatMap((s) => (s.join ? [s.join] : []));
  const inner = sql`select ${sql.join(sources.map((s, i) => sql`${s.expr} as ${sql.ref(keys[i])}`))} from container c ${joins.length ? sql.join(joins, sql` `) : sql``} where ${compileFilterCondition(filter.ast)}`;
  // No ORDER BY: SQLite's GROUP BY sorts already, and on PostgreSQL sorting 150,000 groups costs more (~200 ms)
  // than the builder saves on sorted input.
  const query = sql<Record<string, unknown>>`select ${sql.join(cols)}, count(*) as n from (${inner}) t group by ${sql.join(cols)}`;
  const { rows } = await withoutJit(db, (q) => query.execute(q));
  const depth = keys.length;
  const folderRows: FolderRow[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const path: string[] = new Array(depth);
    for (let i = 0; i < depth; i++) path[i] = String(row[keys[i]]);
    folderRows[r] = { path, count: Number(row.n) };
  }
  const levelTypes = view.levels.map((_, i) => nodeTypeForLevel(view.levels, i + 1));
  const tree = buildFolderTree({ rootName: TEXT.rootName, rows: folderRows, levelTypes, rootType: "root" });
  tree.children ??= [];
  return { tree, levels: view.levels, accountIds: new Map<string, string>() };
}

/** Cloud folder and leaf node types (spec document 1, section 3: cloud icon kinds). */
export const CLOUD_ACCOUNT_TYPE: Record<string, string> = { AWS: "Account Name", AZURE: "Subscription Name", GCP: "Project Name" };

export function cloudServiceType(service: string): string {
  const s = service.trim().toLowerCase();
  if (s === "ec2") return "EC2";
  if (s === "rds") return "RDS";
  if (s === "asg") return "ASG";
  if (["vm", "virtual machine", "azure vm", "azure_vm"].includes(s)) return "Virtual Machine";
  if (["vmss", "vm scale set", "azure vmss"].includes(s)) return "VM Scale Set";
  if (["gce", "gce instance", "compute engine"].includes(s)) return "Compute Engine";
  return "cloudLeaf";
}

function providerName(provider: string) {
  return provider.trim().toUpperCase();
}

/** Account folder names: the account name, with the id added only where two accounts in a region share a name. */
function accountLabels(rows: { provider: string; region: string; account_id: string; account_name: string }[]) {
  const seen = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = `${providerName(r.provider)}\u0000${r.region}\u0000${r.account_name}`;
    (seen.get(k) ?? seen.set(k, new Set()).get(k)!).add(r.account_id);
  }
  return (r: { provider: string; region: string; account_id: string; account_name: string }) => {
    const name = r.account_name || r.account_id;
    const ids = seen.get(`${providerName(r.provider)}\u0000${r.region}\u0000${r.account_name}`);
    return ids && ids.size > 1 ? `${name} (${r.account_id})` : name;
  };
}

async function buildCloudTree(db: Db, filter: TreeFilter) {
  if (filter.ast) throw validationError("Filters with lines do not apply to the cloud tree.");
  const rows = await db
    .selectFrom("cloud_instance")
    .select(["provider", "region", "account_id", "account_name", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["provider", "region", "account_id", "account_name"])
    .execute();
  const label = accountLabels(rows);
  const folderRows: FolderRow[] = rows.map((r) => ({ path: [providerName(r.provider), r.region, label(r)], count: Number(r.n) }));
  const tree = buildFolderTree({ rootName: TEXT.rootName, rows: folderRows, levelTypes: ["cloudProvider", "Region", "Account"], rootType: "root" });
  tree.children ??= [];
  const idByPath = new Map(rows.map((r) => [`${providerName(r.provider)}/${r.region}/${label(r)}`, r.account_id]));
  const accountIds = new Map<string, string>();
  for (const provider of tree.children) {
    provider.type = ["AWS", "AZURE", "GCP"].includes(provider.name) ? provider.name : "locationType";
    for (const region of provider.children ?? []) {
      for (const account of region.children ?? []) {
        account.type = CLOUD_ACCOUNT_TYPE[provider.name] ?? "Account Name";
        const id = idByPath.get(`${provider.name}/${region.name}/${account.name}`);
        if (id !== undefined) accountIds.set(account.id, id);
      }
    }
  }
  return { tree, levels: [] as ViewLevel[], accountIds };
}

/** The folder tree of a View and Filter the user may see. */
export async function getFolderTree(db: Db, user: SessionUser, args: TreeArgs & { reload?: boolean | null }): Promise<TreeNode> {
  return (await loadTree(db, user, args, args.reload === true)).cached.tree;
}

function treeJson(cached: CachedTree): string {
  if (cached.json === undefined) {
    cached.json = JSON.stringify(cached.tree);
    cached.bytes += cached.json.length;
  }
  return cached.json;
}

/** getFolderListJson: the root node with its children, as JSON. */
export async function getFolderListJson(db: Db, user: SessionUser, args: TreeArgs & { reload?: boolean | null }): Promise<string> {
  return treeJson((await loadTree(db, user, args, args.reload === true)).cached);
}

/**
 * getFolderListJson's answer as it appears inside a JSON document: the JSON string literal of getFolderListJson,
 * UTF-8 encoded, cached with the tree. Same checks and errors as getFolderListJson. Callers must not modify it.
 */
export async function getFolderListJsonLiteral(db: Db, user: SessionUser, args: TreeArgs & { reload?: boolean | null }): Promise<Uint8Array> {
  const { cached } = await loadTree(db, user, args, args.reload === true);
  if (cached.jsonLiteral === undefined) {
    // The JSON itself is not kept for this: API callers need only the literal (~20 MB less per cached tree).
    cached.jsonLiteral = Buffer.from(JSON.stringify(cached.json ?? JSON.stringify(cached.tree)), "utf8");
    cached.bytes += cached.jsonLiteral.byteLength;
  }
  return cached.jsonLiteral;
}

/** The folder a treeviewPath names (case-insensitive, with or without the root name), or not found. */
function findFolder(tree: TreeNode, treeviewPath: string): { node: TreeNode; names: string[] } {
  const match = findByFullPath(tree, treeviewPath);
  if (!match.matched) throw notFoundError(`Tree path '${treeviewPath}' was not found in this view and filter.`);
  const names = [...match.ancestors.slice(1), ...(match.node.level > 0 ? [match.node] : [])].map((n) => n.name);
  return { node: match.node, names };
}

export interface LeafArgs extends TreeArgs {
  treeviewPath: string;
}

/** The entities under a folder as child nodes: containers (type Container) or cloud instances (service type). */
export async function getLeafNodes(db: Db, user: SessionUser, args: LeafArgs): Promise<TreeNode[]> {
  const { ctx, cached } = await loadTree(db, user, args, false);
  const { node, names } = findFolder(cached.tree, args.treeviewPath);
  if ((node.containerCount ?? 0) > MAX_LEAF_NODES) {
    throw validationError(
      `'${node.fullPath}' holds ${node.containerCount} entities; open a deeper folder (at most ${MAX_LEAF_NODES} are listed at once).`,
    );
  }
  return ctx === "cloud" ? cloudLeaves(db, cached, node, names) : containerLeaves(db, cached, node, names);
}

export async function getLeafListJson(db: Db, user: SessionUser, args: LeafArgs): Promise<string> {
  return JSON.stringify(await getLeafNodes(db, user, args));
}

/** The condition "this container lies under the folder with these names" over container c. */
export function folderCondition(levels: readonly ViewLevel[], names: readonly string[]) {
  return names.map((name, i) => {
    const column = findProperty(levels[i].propertyKey)?.column;
    // A static column compared as it is stored lets the database use its index (container_path); the "(none)"
    // folder holds the rows where the column is empty. Attributes keep the level expression.
    if (column) {
      const ref = sql.ref(`c.${column}`);
      return name === NONE_LABEL ? sql`(${ref} is null or ${ref} = '' or ${ref} = ${NONE_LABEL})` : sql`${ref} = ${name}`;
    }
    return sql`${levelExpr(levels[i])} = ${name}`;
  });
}

/**
 * The containers a View, Filter and folder select, as conditions over `container c` (the Filter's, then one per
 * folder level of the path), for the analysis read models (app/models/container-analysis.server.ts). The same
 * resolution, visibility checks and errors as the leaf list; an empty path (or the root's name) is the whole tree.
 * `childLevel` is the grouping value over c of the folder's children, null when the folder is at the View's
 * deepest level (its children are containers). `cacheKey` changes whenever the selection may: a new collection
 * run, an edited View or Filter, another folder.
 */
export async function containerScope(
  db: Db,
  user: SessionUser,
  args: TreeArgs & { treeviewPath?: string | null },
): Promise<{ conditions: Expression<unknown>[]; folder: TreeNode; childLevel: RawBuilder<string> | null; cacheKey: string }> {
  const { ctx, cached, key } = await loadTree(db, user, args, false);
  if (ctx !== "containers") throw validationError("Container analysis is available in the containers tree only.");
  const { node, names } = findFolder(cached.tree, args.treeviewPath ?? "");
  return {
    conditions: [compileFilterCondition(cached.ast), ...folderCondition(cached.levels, names)],
    folder: node,
    childLevel: names.length < cached.levels.length ? levelExpr(cached.levels[names.length]) : null,
    // What the selection depends on: the collection run, the View's and Filter's versions, the folder.
    cacheKey: `${key}|${node.fullPath}`,
  };
}

async function containerLeaves(db: Db, cached: CachedTree, node: TreeNode, names: string[]) {
  const conditions = [compileFilterCondition(cached.ast), ...folderCondition(cached.levels, names)];
  const { rows } = await sql<LeafRow>`select c.id, c.cluster, c.namespace, c.pod_owner_kind, c.pod_owner_name, c.container_name from container c where ${sql.join(conditions, sql` and `)} limit ${MAX_LEAF_NODES + 1}`.execute(db);
  return buildLeafNodes(node, containerLeafNames(rows), "Container");
}

/** At most this many matching containers are considered by one tree search step. */
export const MAX_SEARCH_LEAVES = 5_000;

/**
 * Tree search over containers (leaves are not in the folder tree): the containers under this View and Filter
 * whose name contains the term (case-insensitive, LIKE wildcards escaped), each with its folder path.
 */
export async function searchContainerLeaves(db: Db, user: SessionUser, args: TreeArgs & { term: string }) {
  const { ctx, cached } = await loadTree(db, user, args, false);
  if (ctx !== "containers" || cached.levels.length === 0) return [];
  const pattern = `%${escapeLike(args.term.trim().toLowerCase())}%`;
  const exprs = cached.levels.map((l, i) => sql`${levelExpr(l)} as ${sql.ref(`l${i}`)}`);
  const { rows } = await sql<Record<string, string>>`select c.id as id, ${sql.join(exprs)} from container c where ${compileFilterCondition(cached.ast)} and lower(c.container_name) like ${pattern} escape '\\' limit ${MAX_SEARCH_LEAVES}`.execute(db);
  return rows.map((r) => ({ entityId: String(r.id), names: cached.levels.map((_, i) => String(r[`l${i}`])) }));
}

interface LeafRow {
  id: string;
  cluster: string;
  namespace: string;
  pod_owner_kind: string;
  pod_owner_name: string;
  container_name: string;
}

/**
 * A leaf is named by its container name; where two leaves of one folder share it, the pod owner is added, then
 * the namespace and cluster, then the owner kind, as far as needed to tell them apart.
 */
export function containerLeafNames(rows: readonly LeafRow[]): { name: string; entityId: string }[] {
  const namers: ((r: LeafRow) => string)[] = [
    (r) => r.container_name,
    (r) => `${r.container_name} (${r.pod_owner_name})`,
    (r) => `${r.container_name} (${r.namespace}.${r.pod_owner_name})`,
    (r) => `${r.container_name} (${r.cluster}.${r.namespace}.${r.pod_owner_name})`,
    (r) => `${r.container_name} (${r.cluster}.${r.namespace}.${r.pod_owner_kind}.${r.pod_owner_name})`,
    (r) => `${r.container_name} (${r.id})`,
  ];
  const out: { name: string; entityId: string }[] = [];
  const assign = (group: readonly LeafRow[], step: number) => {
    const byName = new Map<string, LeafRow[]>();
    for (const r of group) {
      const name = namers[step](r);
      (byName.get(name) ?? byName.set(name, []).get(name)!).push(r);
    }
    for (const [name, same] of byName) {
      if (same.length === 1 || step === namers.length - 1) same.forEach((r) => out.push({ name, entityId: r.id }));
      else assign(same, step + 1);
    }
  };
  assign(rows, 0);
  return out;
}

async function cloudLeaves(db: Db, cached: CachedTree, node: TreeNode, names: string[]) {
  let q = db.selectFrom("cloud_instance").select(["id", "name", "service"]);
  if (names[0] !== undefined) q = q.where((eb) => eb(eb.fn("upper", ["provider"]), "=", names[0]));
  if (names[1] !== undefined) q = q.where("region", "=", names[1]);
  if (names[2] !== undefined) q = q.where("account_id", "=", cached.accountIds.get(node.id) ?? "");
  const rows = await q.limit(MAX_LEAF_NODES + 1).execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  const leaves = rows.map((r) => ({ name: counts.get(r.name)! > 1 || !r.name ? `${r.name || r.id} (${r.id})` : r.name, entityId: r.id, type: cloudServiceType(r.service) }));
  // Leaves of one folder may be of several services: build them once, then set each one's own type.
  const typeById = new Map(leaves.map((l) => [l.entityId, l.type]));
  return buildLeafNodes(node, leaves, "cloudLeaf").map((n) => ({ ...n, type: typeById.get(n.entityId!) ?? "cloudLeaf" }));
}

/** Data checks of the shell and the tour (hasContainerTransformData, hasCloudTransformData, ...Asg...). */
export async function hasContainerData(db: Db): Promise<boolean> {
  return !!(await db.selectFrom("container").select("id").limit(1).executeTakeFirst());
}

export async function hasCloudData(db: Db): Promise<boolean> {
  return !!(await db.selectFrom("cloud_instance").select("id").limit(1).executeTakeFirst());
}

export async function hasCloudAsgData(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("cloud_instance")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["service"]), "=", "asg"))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
