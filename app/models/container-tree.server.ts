/**
 * The containers tree (spec document 1, sections 3 and 4): one grouped query,
 * `select <level exprs>, count(*) from container c where <filter> group by ...`, where the level expressions and
 * the filter condition come from the whitelist compiler (bound parameters, never string-built SQL); the rows become
 * the folder tree. Containers are the leaves, listed per folder on demand. Also the condition "under this folder"
 * that every container read of a scope applies.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import type { TreeNode } from "~/domain/tree/types";
import { buildLeafNodes, folderTreeSteps, TREE_STEP, type FolderRow } from "~/domain/tree/build-tree";
import { compileFilterCondition, escapeLike, levelExpression, NONE_LABEL, NotGroupableError } from "~/domain/views-filters/filter-sql";
import { findProperty } from "~/domain/views-filters/properties";
import { nodeTypeForLevel, type ViewLevel } from "~/domain/views-filters/view-levels";
import { TEXT } from "~/lib/constants";
import { validationError } from "~/lib/errors";
import { runStepsYielding, type Steps } from "~/lib/yielding";
import { selectOffThread } from "~/db/off-thread.server";
import type { TreeFilter } from "./filters.server";
import type { BuiltTree, FolderScope, TreeScope } from "./tree-scope.server";
import { onPostgres, type Db } from "./treeview-common.server";
import type { TreeView } from "./views.server";

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
  if (!onPostgres(db) || db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return run(trx);
  });
}

export async function buildContainerTree(db: Db, view: TreeView, filter: TreeFilter): Promise<BuiltTree> {
  const sources = view.levels.map(levelSource);
  const keys = sources.map((_, i) => `l${i}`);
  const cols = keys.map((k) => sql.ref(`t.${k}`));
  const joins = sources.flatMap((s) => (s.join ? [s.join] : []));
  const inner = sql`select ${sql.join(sources.map((s, i) => sql`${s.expr} as ${sql.ref(keys[i])}`))} from container c ${joins.length ? sql.join(joins, sql` `) : sql``} where ${compileFilterCondition(filter.ast)}`;
  // No ORDER BY: SQLite's GROUP BY sorts already, and on PostgreSQL sorting 150,000 groups costs more (~200 ms)
  // than the builder saves on sorted input.
  const query = sql<Record<string, unknown>>`select ${sql.join(cols)}, count(*) as n from (${inner}) t group by ${sql.join(cols)}`;
  // Off the request thread on the embedded store (~0.7 s for 150,000 containers), and the tree made between turns
  // of the event loop (~0.7 s more): a cold tree no longer stops every other request (issue 12).
  const rows = await withoutJit(db, (q) => selectOffThread(q, query));
  const levelTypes = view.levels.map((_, i) => nodeTypeForLevel(view.levels, i + 1));
  const tree = await runStepsYielding(containerTreeSteps(rows, keys, levelTypes));
  tree.children ??= [];
  return { tree, levels: view.levels, accountIds: new Map<string, string>() };
}

/** The folder query's rows as folder paths with counts, then the tree (yielding as folderTreeSteps does). */
function* containerTreeSteps(rows: readonly Record<string, unknown>[], keys: readonly string[], levelTypes: readonly string[]): Steps<TreeNode> {
  const depth = keys.length;
  const folderRows: FolderRow[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const path: string[] = new Array(depth);
    for (let i = 0; i < depth; i++) path[i] = String(row[keys[i]]);
    folderRows[r] = { path, count: Number(row.n) };
    if ((r + 1) % TREE_STEP === 0) yield;
  }
  return yield* folderTreeSteps({ rootName: TEXT.rootName, rows: folderRows, levelTypes, rootType: "root" });
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
 * What every container read of a folder applies: the Filter's condition and "under this folder" over container c,
 * and the next level's grouping expression (null at the deepest level).
 */
export function containerConditions(scope: FolderScope): {
  conditions: Expression<unknown>[];
  where: Expression<unknown>;
  childLevel: RawBuilder<string> | null;
  /** The folder names one cluster: the database finds its containers by their index (container_path leads with it). */
  byClusterIndex: boolean;
} {
  if (scope.tree.ctx !== "containers") throw validationError("Container analysis is available in the containers tree only.");
  const { levels } = scope.tree.cached;
  const conditions = [compileFilterCondition(scope.tree.filter.ast), ...folderCondition(levels, scope.names)];
  return {
    conditions,
    where: sql.join(conditions, sql` and `),
    childLevel: scope.names.length < levels.length ? levelExpr(levels[scope.names.length]) : null,
    byClusterIndex: scope.names.some((name, i) => name !== NONE_LABEL && findProperty(levels[i].propertyKey)?.column === "cluster"),
  };
}

/** The containers under a folder as leaf nodes (at most `limit`). */
export async function containerLeaves(db: Db, scope: FolderScope, limit: number): Promise<TreeNode[]> {
  const { folder: node, names } = scope;
  const conditions = [compileFilterCondition(scope.tree.filter.ast), ...folderCondition(scope.tree.cached.levels, names)];
  const { rows } = await sql<LeafRow>`select c.id, c.cluster, c.namespace, c.pod_owner_kind, c.pod_owner_name, c.container_name from container c where ${sql.join(conditions, sql` and `)} limit ${limit}`.execute(db);
  return buildLeafNodes(node, containerLeafNames(rows), "Container");
}

/** At most this many matching containers are considered by one tree search step. */
export const MAX_SEARCH_LEAVES = 5_000;

/**
 * Tree search over containers (leaves are not in the folder tree): the containers under this View and Filter
 * whose name contains the term (case-insensitive, LIKE wildcards escaped), each with its folder path.
 */
export async function searchContainerLeaves(db: Db, scope: TreeScope, term: string) {
  const { ctx, cached } = scope;
  if (ctx !== "containers" || cached.levels.length === 0) return [];
  const pattern = `%${escapeLike(term.trim().toLowerCase())}%`;
  const exprs = cached.levels.map((l, i) => sql`${levelExpr(l)} as ${sql.ref(`l${i}`)}`);
  const { rows } = await sql<Record<string, string>>`select c.id as id, ${sql.join(exprs)} from container c where ${compileFilterCondition(scope.filter.ast)} and lower(c.container_name) like ${pattern} escape '\\' limit ${MAX_SEARCH_LEAVES}`.execute(db);
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
