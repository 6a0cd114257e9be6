/**
 * What every server-side grid over the current snapshot does the same way (the container grid and the cloud
 * services grid): column filters over a whitelist, fuzzy or plain search, the ordered ids of a query kept per
 * snapshot (a page is then one read by id), and row groups with counts and sums. Each grid describes itself in a
 * GridSpec: its FROM, id column, sortable fields (field → column: nothing else reaches SQL), search columns and sums.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { escapeLike } from "~/domain/views-filters/filter-sql";
import { validationError } from "~/lib/errors";
import { allowedErrors, fuzzyFilter, fuzzyPieces } from "~/lib/fuzzy";
import { PackedIds } from "~/lib/packed-ids";
import { readsOffThread, selectOffThread } from "~/db/off-thread.server";
import { currentSnapshotId } from "./snapshot.server";
import { cachedRead, CURRENT_SNAPSHOT, num, onClearAnalysisCache } from "./snapshot-reads.server";
import { storeCache } from "./store-cache.server";
import { onPostgres, type Db } from "./treeview-common.server";
import { isOwnKey } from "~/lib/own-key";

export interface GridSpec<Sum extends string = string> {
  /** Names the grid in cache keys. */
  name: string;
  from: RawBuilder<unknown>;
  /** The row id column, e.g. c.id. */
  idColumn: string;
  sortable: Readonly<Record<string, string>>;
  /** The fuzzy search's keys: row field → column. */
  fuzzyKeys: Readonly<Record<string, string>>;
  /** What a plain (not fuzzy) search matches, case-insensitively. */
  plainSearchColumns: readonly string[];
  /** Sums per row group: key → column. */
  groupSums: Readonly<Record<Sum, string>>;
  maxPageSize: number;
  /**
   * The tables the search reads by themselves, each with its alias, its own condition and the column that is the
   * grid's row id: a search column written with a source's alias is matched in `id in (select … from source
   * where …)`, scanned once per table, instead of on every row of the joined FROM (at 500,000 containers a new search
   * term visited the whole join, 2.7-3.5 s, where the two tables scanned by themselves take ~0.3-0.7 s). Search
   * columns in no source are matched on the join as before. SQLite only (searchCondition says why).
   */
  searchSources?: readonly SearchSource[];
}

export interface SearchSource {
  /** The alias FROM and the search columns use for it, e.g. c. */
  alias: string;
  /** The table with that alias, e.g. container c. */
  from: RawBuilder<unknown>;
  /** What else its rows must meet (e.g. the current snapshot's), or none. */
  where?: RawBuilder<unknown>;
  /** The column that equals the grid's idColumn. */
  id: string;
}

/** A column filter: text contains / equals, a number compared, or blank / not blank. */
export type RowFilter =
  | { field: string; op: "contains"; value: string }
  | { field: string; op: "eq" | "ne" | "gt" | "ge" | "lt" | "le"; value: number | string }
  | { field: string; op: "blank" | "notBlank" };

const COMPARE = { eq: "=", ne: "<>", gt: ">", ge: ">=", lt: "<", le: "<=" } as const;

/** One filter as a parameterised condition over a whitelisted column; anything else is refused. */
export function filterCondition(spec: GridSpec, f: RowFilter): Expression<unknown> {
  if (!isOwnKey(spec.sortable, f.field)) throw validationError(`Rows cannot be filtered by '${f.field}'.`);
  const col = sql.ref(spec.sortable[f.field]);
  switch (f.op) {
    case "contains":
      return sql`lower(${col}) like ${`%${escapeLike(f.value.toLowerCase())}%`} escape '\\'`;
    case "blank":
      return sql`${col} is null`;
    case "notBlank":
      return sql`${col} is not null`;
    default: {
      if (!isOwnKey(COMPARE, f.op)) throw validationError(`Unknown filter operator '${String((f as { op: unknown }).op)}'.`);
      if (typeof f.value === "number" && !Number.isFinite(f.value)) throw validationError(`A filter on '${f.field}' needs a finite number.`);
      return sql`${col} ${sql.raw(COMPARE[f.op])} ${f.value}`;
    }
  }
}

/**
 * The search as a condition: fuzzy (fuse.js at 0.1) prefilters by pieces in SQL and leaves long terms to fuse
 * (`fuzzyTerm`); plain search is a substring of the plain search columns. No term: no condition.
 */
export function searchCondition(
  db: Db,
  spec: GridSpec,
  search: string | null | undefined,
  fuzzy: boolean,
  /** The query's other conditions pick its rows by an index (a cluster's folder). */
  byIndex = false,
): { condition: Expression<unknown> | null; fuzzyTerm: string | null } {
  const term = (search ?? "").trim();
  if (!term) return { condition: null, fuzzyTerm: null };
  // SQLite over the whole snapshot visits every pair of the join, so a condition on it costs a pass over every row of
  // both tables, one looked up by id for each of the other (at 500,000 containers 1.4-3.5 s for a new term): there
  // the search reads each table by itself (searchSources, 0.4-0.5 s). When an index picks the query's rows (a cluster's
  // folder) the join starts from them and matching those is cheaper than either scan (0.51 → 0.04 s). PostgreSQL
  // hash-joins two scans (1.0-1.3 s) and misjudges an id subquery's size (250 rows expected, 292,804 found: a nested
  // loop of 5 s), so there the condition stays on the join.
  const perTable = !onPostgres(db) && !byIndex;
  if (fuzzy) {
    // Under ten characters fuse.js at 0.1 is a substring match; longer terms: a prefilter by pieces, fuse decides.
    const pieces = allowedErrors(term) > 0 ? fuzzyPieces(term) : [term.toLowerCase()];
    return { condition: anyColumnLike(spec, Object.values(spec.fuzzyKeys), pieces, perTable), fuzzyTerm: allowedErrors(term) > 0 ? term : null };
  }
  return { condition: anyColumnLike(spec, spec.plainSearchColumns, [term.toLowerCase()], perTable), fuzzyTerm: null };
}

/** Rows where any of `columns`, lower-cased, contains any of `pieces` (already lower-cased). */
function anyColumnLike(spec: GridSpec, columns: readonly string[], pieces: readonly string[], perTable: boolean): Expression<unknown> {
  const likes = (cols: readonly string[]) => cols.flatMap((col) => pieces.map((p) => sql`lower(${sql.ref(col)}) like ${`%${escapeLike(p)}%`} escape '\\'`));
  const sources = (perTable ? (spec.searchSources ?? []) : []).map((src) => ({ src, cols: columns.filter((c) => c.startsWith(`${src.alias}.`)) })).filter((x) => x.cols.length > 0);
  const onJoin = columns.filter((c) => !sources.some((x) => x.cols.includes(c)));
  const parts = likes(onJoin);
  if (sources.length) {
    const selects = sources.map(({ src, cols }) => {
      const match = sql`(${sql.join(likes(cols), sql` or `)})`;
      return sql`select ${sql.ref(src.id)} from ${src.from} where ${src.where ? sql`${src.where} and ${match}` : match}`;
    });
    parts.unshift(sql`${sql.ref(spec.idColumn)} in (${sql.join(selects, sql` union `)})`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

export function checkPaging(spec: GridSpec, args: { page?: number | null; pageSize?: number | null }) {
  const page = args.page ?? 1;
  const pageSize = args.pageSize ?? 50;
  if (!Number.isInteger(page) || page < 1) throw validationError("page must be a whole number from 1.");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > spec.maxPageSize) throw validationError(`pageSize must be a whole number from 1 to ${spec.maxPageSize}.`);
  return { page, pageSize };
}

export function checkSort(spec: GridSpec, sort: { field: string; direction?: "asc" | "desc" | null } | null | undefined, defaultField: string) {
  const field = sort?.field ?? defaultField;
  if (!isOwnKey(spec.sortable, field)) throw validationError(`Rows cannot be sorted by '${field}'.`);
  const direction = sort?.direction ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw validationError(`Sort direction must be asc or desc (got '${String(direction)}').`);
  return { field, direction };
}

/** The ids (with the asked columns) of the rows fuse.js keeps among those `where` keeps. */
async function fuzzyMatches(q: Db, spec: GridSpec, where: Expression<unknown>, term: string, extra: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const cols = { ...spec.fuzzyKeys, ...extra };
  const { rows } = await sql<Record<string, unknown>>`select ${sql.ref(spec.idColumn)} as id, ${sql.join(Object.entries(cols).map(([k, col]) => sql`${sql.ref(col)} as ${sql.ref(k)}`))} from ${spec.from} where ${where}`.execute(q);
  return fuzzyFilter(rows, term, Object.keys(spec.fuzzyKeys));
}

/** The database's order: nulls last, then the value, ties by id, both in the direction asked. */
function compareRows(a: Record<string, unknown>, b: Record<string, unknown>, dir: "asc" | "desc"): number {
  const an = a.s === null || a.s === undefined;
  const bn = b.s === null || b.s === undefined;
  if (an !== bn) return an ? 1 : -1;
  const sign = dir === "asc" ? 1 : -1;
  const cmp = (x: unknown, y: unknown) => {
    const [p, r] = typeof x === "number" || typeof y === "number" ? [Number(x), Number(y)] : [String(x), String(y)];
    return p < r ? -1 : p > r ? 1 : 0;
  };
  return (an ? 0 : cmp(a.s, b.s)) * sign || cmp(String(a.id), String(b.id)) * sign;
}

/**
 * The ordered ids of every matching row, per snapshot and query (scope, conditions, search, sort): paging through a
 * large grid, or coming back to it, then reads one page of rows by id instead of filtering and sorting the fleet
 * again (ARCHITECTURE.md: heavy reads are computed once per snapshot and cached). A few entries only, packed (one
 * holds up to one id per row: ~10 MB at 500,000 containers), and at most ORDER_BYTES together.
 */
const ORDER_ENTRIES = 12;
const ORDER_BYTES = 128_000_000;
const orders = storeCache<PackedIds>({ maxEntries: ORDER_ENTRIES, maxBytes: ORDER_BYTES, sizeOf: (ids) => ids.bytes });
onClearAnalysisCache((db) => orders.clear(db));

export interface RowsQuery {
  where: Expression<unknown>;
  /** Set when fuse.js must decide on the rows `where` keeps. */
  fuzzyTerm: string | null;
  /** Everything the rows depend on besides the snapshot (scope key, conditions, search). */
  key: string;
}

/** An order by a column: every matching id, the rows without a value last, ties by id in the same direction. */
function columnOrder(spec: GridSpec, where: Expression<unknown>, field: string, direction: "asc" | "desc") {
  const column = sql.ref(spec.sortable[field]);
  const dir = sql.raw(direction);
  const id = sql.ref(spec.idColumn);
  return sql<{ id: string; z: number }>`select ${id} as id, case when ${column} is null then 1 else 0 end as z from ${spec.from}
    where ${where} order by z, ${column} ${dir}, ${id} ${dir}`;
}

function packOrder(rows: readonly { id: string; z: number }[]): PackedIds {
  const firstNull = rows.findIndex((r) => Number(r.z) === 1);
  return new PackedIds(
    rows.map((r) => String(r.id)),
    firstNull === -1 ? rows.length : firstNull,
  );
}

const orderKey = (spec: GridSpec, snapshotId: string, query: RowsQuery, field: string, direction: "asc" | "desc") =>
  JSON.stringify([spec.name, snapshotId, query.key, field, direction]);

/** The other direction of an order this process has, read the other way round (PackedIds.opposite). */
const oppositeOf = (db: Db, spec: GridSpec, snapshotId: string, query: RowsQuery, field: string, direction: "asc" | "desc") =>
  orders.made(db, orderKey(spec, snapshotId, query, field, direction === "asc" ? "desc" : "asc"))?.opposite();

/** A pinned read that found no row: another snapshot became current, or nothing matches; the request reads it. */
class NotPinned extends Error {}

/**
 * Before a page's consistent read: a grid's order not yet made, on an embedded store kept in a file, read on a worker
 * thread (selectOffThread) and kept. A new order sorts every row of the query (1.1-2.0 s at 500,000 containers);
 * inside the request's read transaction it held the process's one connection, and with it every other request of
 * the web process, as long (decision 022 §14). The thread's connection reads outside any transaction, so the
 * statement is pinned to the snapshot current when asked: no row once another is current, and then (or when
 * nothing matches) nothing is kept and the page's read makes the order as before. PostgreSQL never blocks the
 * thread, and a search ranks its matches in the page's read: nothing to do for them.
 */
export async function prepareOrder(db: Db, spec: GridSpec, query: RowsQuery, field: string, direction: "asc" | "desc"): Promise<void> {
  if (query.fuzzyTerm || !readsOffThread(db) || !isOwnKey(spec.sortable, field)) return;
  const snapshotId = await currentSnapshotId(db);
  if (snapshotId === undefined) return;
  const compute = async () => {
    const other = oppositeOf(db, spec, snapshotId, query, field, direction);
    if (other) return other;
    const rows = await selectOffThread(db, columnOrder(spec, sql`${query.where} and ${CURRENT_SNAPSHOT} = ${snapshotId}`, field, direction));
    if (rows.length === 0) throw new NotPinned();
    return packOrder(rows);
  };
  await orders.get(db, orderKey(spec, snapshotId, query, field, direction), compute, false, snapshotId).catch((e: unknown) => {
    if (!(e instanceof NotPinned)) throw e;
  });
}

/** Inside a consistent read (q): every matching id in the order asked. */
export async function orderedIds(db: Db, q: Db, spec: GridSpec, query: RowsQuery, field: string, direction: "asc" | "desc"): Promise<PackedIds> {
  const snapshotId = await currentSnapshotId(q);
  const compute = async () => {
    if (query.fuzzyTerm) {
      const matched = await fuzzyMatches(q, spec, query.where, query.fuzzyTerm, { s: spec.sortable[field] });
      return new PackedIds(matched.sort((a, b) => compareRows(a, b, direction)).map((r) => String(r.id)));
    }
    const other = snapshotId === undefined ? undefined : oppositeOf(db, spec, snapshotId, query, field, direction);
    if (other) return other;
    return packOrder((await columnOrder(spec, query.where, field, direction).execute(q)).rows);
  };
  if (snapshotId === undefined) return compute();
  try {
    return await orders.get(db, orderKey(spec, snapshotId, query, field, direction), compute, false, snapshotId);
  } catch (e) {
    if (e instanceof NotPinned) return compute(); // joined prepareOrder's read, which found nothing to keep
    throw e;
  }
}

export interface RowGroup<Sum extends string> {
  /** The group's value; null for rows without one. */
  value: string | null;
  count: number;
  sums: Record<Sum, number>;
}

/** Every group of a query by one field, with counts and sums, most rows first (then by value); cached per snapshot. */
export async function rowGroups<Sum extends string>(db: Db, spec: GridSpec<Sum>, query: RowsQuery, groupBy: string): Promise<RowGroup<Sum>[]> {
  const col = spec.sortable[groupBy];
  if (!col) throw validationError(`Rows cannot be grouped by '${groupBy}'.`);
  const sumKeys = Object.keys(spec.groupSums) as Sum[];
  const zero = () => Object.fromEntries(sumKeys.map((k) => [k, 0])) as Record<Sum, number>;
  return cachedRead(db, `${spec.name}:groups`, JSON.stringify([query.key, groupBy]), async (q) => {
    let all: RowGroup<Sum>[];
    if (query.fuzzyTerm) {
      const byValue = new Map<string | null, RowGroup<Sum>>();
      for (const r of await fuzzyMatches(q, spec, query.where, query.fuzzyTerm, { g: col, ...(spec.groupSums as Record<string, string>) })) {
        const value = r.g === null || r.g === undefined ? null : String(r.g);
        const g = byValue.get(value) ?? { value, count: 0, sums: zero() };
        g.count++;
        for (const k of sumKeys) g.sums[k] += num(r[k]);
        byValue.set(value, g);
      }
      all = [...byValue.values()];
    } else {
      const sums = sumKeys.map((k) => sql`sum(${sql.ref(spec.groupSums[k])}) as ${sql.ref(k)}`);
      const { rows } = await sql<Record<string, unknown>>`select ${sql.ref(col)} as g, count(*) as n${sumKeys.length ? sql`, ${sql.join(sums)}` : sql``} from ${spec.from} where ${query.where} group by ${sql.ref(col)}`.execute(q);
      all = rows.map((r) => ({
        value: r.g === null || r.g === undefined ? null : String(r.g),
        count: num(r.n),
        sums: Object.fromEntries(sumKeys.map((k) => [k, num(r[k])])) as Record<Sum, number>,
      }));
    }
    return all.sort((a, b) => b.count - a.count || ((a.value ?? "") < (b.value ?? "") ? -1 : (a.value ?? "") > (b.value ?? "") ? 1 : 0));
  });
}
