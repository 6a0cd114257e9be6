/**
 * Saved tree items, Views and Filters (spec document 1, sections 3-6): the rules they share, kept once, on the
 * server (reads here, saves and deletes in saved-items-write.server.ts):
 * - public items are visible to all, private ones only to their creator;
 * - read-only items are changed or deleted only by their creator; system-defined ones by nobody (admins included);
 * - a user's default is their own row in user_default, set only by them;
 * - in the sandbox, public and read-only are forced off;
 * - names are unique (case-insensitively) among the items a user can see.
 * What an item holds below its definition (a View's levels, a Filter's lines) is its kind's own business.
 */
import type { Kysely } from "kysely";
import type { SessionUser } from "~/lib/auth-types";
import { notFoundError } from "~/lib/errors";
import { cleanId, isEmptyId, userNames, type Db, type TreeCtx } from "./treeview-common.server";

/** A stored column value. */
export type Stored = string | number | null;

/** Where a kind is stored and what it is called in messages. */
export interface KindBase {
  /** The word in messages, and the kind of its user_default rows. */
  kind: "view" | "filter";
  table: "view_def" | "view_filter";
  /** Its lines; they carry the item's id under the same column name. */
  detailTable: "view_detail" | "filter_detail";
  idColumn: "view_id" | "view_filter_id";
  publicColumn: "public_view" | "public_filter";
  ownColumns: readonly string[];
  /** The default of a user who has chosen none, or whose choice is gone. */
  systemDefault: Record<TreeCtx, string>;
  notFound: string;
}

export interface SavedItemKind<Own extends Record<string, Stored>> extends KindBase {
  /** The kind's own columns, read with every item. */
  ownColumns: readonly (keyof Own & string)[];
}

/** An item as stored: creators as user ids. */
export interface StoredItem<Own> {
  id: string;
  name: string;
  createdBy: string;
  updatedBy: string;
  publicItem: boolean;
  readOnly: boolean;
  systemDefined: boolean;
  platformType: string;
  updatedAt: string;
  own: Own;
}

/** An item as a user is shown it: creators by name, and whether it is that user's default. */
export interface SavedItem<Own> extends StoredItem<Own> {
  defaultItem: boolean;
}

const SHARED_COLUMNS = ["name", "created_by", "updated_by", "read_only", "system_defined", "platform_type", "ctx", "updated_at"] as const;

// Both tables have the shared columns under the same names; the kind names the rest, so this repository addresses
// them by name rather than through the typed schema.
type Store = Kysely<Record<string, Record<string, Stored>>>;
export const store = (db: Db) => db as unknown as Store;

function items(db: Db, k: KindBase) {
  return store(db).selectFrom(k.table).select([k.idColumn, k.publicColumn, ...SHARED_COLUMNS, ...k.ownColumns]);
}

export function visible(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx) {
  return items(db, k)
    .where("ctx", "=", ctx)
    .where((eb) => eb.or([eb(k.publicColumn, "=", 1), eb("created_by", "=", user.id)]));
}

function storedItem<Own extends Record<string, Stored>>(k: SavedItemKind<Own>, r: Record<string, Stored>): StoredItem<Own> {
  return {
    id: String(r[k.idColumn]),
    name: String(r.name),
    createdBy: String(r.created_by),
    updatedBy: String(r.updated_by),
    publicItem: r[k.publicColumn] === 1,
    readOnly: r.read_only === 1,
    systemDefined: r.system_defined === 1,
    platformType: String(r.platform_type),
    updatedAt: String(r.updated_at),
    own: Object.fromEntries(k.ownColumns.map((c) => [c, r[c]])) as Own,
  };
}

/** An item the user may see, or the not-found error (unknown, deleted, other context or private to another). */
export async function findVisible<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, itemId: string, ctx: TreeCtx) {
  const id = cleanId(itemId);
  const row = id ? await visible(db, user, k, ctx).where(k.idColumn, "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFoundError(k.notFound);
  return storedItem(k, row);
}

async function visibleIds(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx, ids: string[]) {
  const rows = await visible(db, user, k, ctx).where(k.idColumn, "in", ids).execute();
  return new Set(rows.map((r) => String(r[k.idColumn])));
}

/** The user's own default item of a kind per context, if any. */
async function getUserDefault(db: Db, userId: string, kind: "view" | "filter", ctx: TreeCtx) {
  const row = await db
    .selectFrom("user_default")
    .select("item_id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("ctx", "=", ctx)
    .executeTakeFirst();
  return row?.item_id;
}

/** The user's default of the kind: their own choice while they may still see it, else the system's. */
async function defaultId(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx, visibleNow?: Set<string>) {
  const chosen = await getUserDefault(db, user.id, k.kind, ctx);
  const seen = visibleNow ?? (chosen ? await visibleIds(db, user, k, ctx, [chosen]) : new Set<string>());
  return chosen && seen.has(chosen) ? chosen : k.systemDefault[ctx];
}

async function shown<Own extends Record<string, Stored>>(
  db: Db,
  user: SessionUser,
  k: SavedItemKind<Own>,
  ctx: TreeCtx,
  items: StoredItem<Own>[],
  visibleNow?: Set<string>,
): Promise<SavedItem<Own>[]> {
  const [name, chosen] = await Promise.all([userNames(db, items.flatMap((i) => [i.createdBy, i.updatedBy])), defaultId(db, user, k, ctx, visibleNow)]);
  return items.map((i) => ({ ...i, createdBy: name(i.createdBy), updatedBy: name(i.updatedBy), defaultItem: i.id === chosen }));
}

/** Lists are sorted by name, case-insensitively (ties by exact name, so the order is stable). */
function byName(a: { name: string }, b: { name: string }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The items the user can see, sorted by name (system ones included). */
export async function listItems<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, ctx: TreeCtx) {
  const stored = (await visible(db, user, k, ctx).execute()).map((r) => storedItem(k, r));
  const listed = await shown(db, user, k, ctx, stored, new Set(stored.map((i) => i.id)));
  return listed.sort(byName);
}

export async function getItem<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, itemId: string, ctx: TreeCtx) {
  return (await shown(db, user, k, ctx, [await findVisible(db, user, k, itemId, ctx)]))[0];
}

/** The item a tree is drawn with; blank or the all-zero id means the user's default. */
export async function resolveItem<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, itemId: string, ctx: TreeCtx) {
  const id = cleanId(itemId);
  return findVisible(db, user, k, isEmptyId(id) ? await defaultId(db, user, k, ctx) : id, ctx);
}

/**
 * An item by id whoever may see it, for settings made earlier by a user who could (automation by tree path);
 * undefined once deleted. Never hand its result to a caller without a visibility check.
 */
export async function findItemUnchecked<Own extends Record<string, Stored>>(db: Db, k: SavedItemKind<Own>, itemId: string) {
  const row = await items(db, k).where(k.idColumn, "=", itemId).executeTakeFirst();
  return row ? storedItem(k, row) : undefined;
}
