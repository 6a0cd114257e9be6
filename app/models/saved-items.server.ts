/**
 * Saved tree items, Views and Filters (spec document 1, sections 3-6): the rules they share, kept once. Ownership is
 * enforced here, on the server:
 * - public items are visible to all, private ones only to their creator;
 * - read-only items are changed or deleted only by their creator; system-defined ones by nobody (admins included);
 * - a user's default is their own row in user_default, set only by them;
 * - in the sandbox, public and read-only are forced off;
 * - names are unique (case-insensitively) among the items a user can see.
 * What an item holds below its definition (a View's levels, a Filter's lines) is its kind's own business.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { SessionUser } from "~/lib/auth-types";
import { forbiddenError, notFoundError, validationError } from "~/lib/errors";
import { isFlagOn } from "./feature-flags.server";
import {
  applyUserDefault,
  byOriginalName,
  cleanId,
  decideSharing,
  getUserDefault,
  isEmptyId,
  nextStamp,
  PLATFORM_TYPE,
  SYSTEM_USER,
  userNames,
  type Db,
  type TreeCtx,
} from "./treeview-common.server";

/** A stored column value. */
export type Stored = string | number | null;

/** Where a kind is stored and what it is called in messages. */
interface KindBase {
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
const store = (db: Db) => db as unknown as Store;

function items(db: Db, k: KindBase) {
  return store(db).selectFrom(k.table).select([k.idColumn, k.publicColumn, ...SHARED_COLUMNS, ...k.ownColumns]);
}

function visible(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx) {
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
async function findVisible<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, itemId: string, ctx: TreeCtx) {
  const id = cleanId(itemId);
  const row = id ? await visible(db, user, k, ctx).where(k.idColumn, "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFoundError(k.notFound);
  return storedItem(k, row);
}

async function visibleIds(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx, ids: string[]) {
  const rows = await visible(db, user, k, ctx).where(k.idColumn, "in", ids).execute();
  return new Set(rows.map((r) => String(r[k.idColumn])));
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

/** The items the user can see, sorted by name (system ones included). */
export async function listItems<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, ctx: TreeCtx) {
  const stored = (await visible(db, user, k, ctx).execute()).map((r) => storedItem(k, r));
  const listed = await shown(db, user, k, ctx, stored, new Set(stored.map((i) => i.id)));
  return listed.sort((a, b) => byOriginalName({ originalName: a.name }, { originalName: b.name }));
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

/** Custom items are for the containers tree; the cloud tree has only its system ones. */
export function refuseCloud(k: KindBase, ctx: TreeCtx) {
  if (ctx === "cloud") throw validationError(`The cloud tree has only its system ${k.kind}; custom ${k.kind}s are for the containers tree.`);
}

function ownerCheck(k: KindBase, item: StoredItem<unknown>, user: SessionUser, creatorName: string, action: "change" | "delete") {
  if (item.systemDefined) throw forbiddenError(`System-defined ${k.kind}s cannot be ${action === "change" ? "changed" : "deleted"}.`);
  if (item.readOnly && item.createdBy !== user.id) {
    const noun = k.kind === "view" ? "View" : "Filter";
    throw forbiddenError(`${noun} '${item.name}' is read-only: only its creator (${creatorName}) can ${action} it.`);
  }
}

async function assertUniqueName(db: Db, user: SessionUser, k: KindBase, ctx: TreeCtx, name: string, exceptId?: string) {
  let q = visible(db, user, k, ctx).where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId) q = q.where(k.idColumn, "<>", exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) throw validationError(`A ${k.kind} named '${clash.name}' already exists. Choose another name.`);
}

async function creatorOf(db: Db, item: StoredItem<unknown>) {
  return (await userNames(db, [item.createdBy]))(item.createdBy);
}

/** A save: the shared fields, the kind's own columns, and how to write its lines for an item id. */
export interface ItemSave {
  id: string;
  name: string;
  publicItem?: boolean | null;
  readOnly?: boolean | null;
  defaultItem?: boolean | null;
  platformType?: string | null;
  own: Record<string, Stored>;
  writeDetails: (trx: Db, itemId: string) => Promise<void>;
}

/**
 * Creates (id blank or the all-zero id) or updates an item; the definition and its lines are replaced in one
 * transaction, so a failed save changes nothing.
 */
export async function saveItem<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, ctx: TreeCtx, input: ItemSave) {
  return db.transaction().execute(async (trx) => {
    const sandbox = await isFlagOn(trx, "sandboxPlaygroundEnabled");
    let publicItem = !sandbox && input.publicItem === true;
    let readOnly = !sandbox && input.readOnly === true;
    const isNew = isEmptyId(input.id);
    const id = isNew ? crypto.randomUUID() : cleanId(input.id);
    const common = { ...input.own, name: input.name, platform_type: input.platformType?.trim() || PLATFORM_TYPE[ctx], updated_by: user.id };
    if (isNew) {
      await assertUniqueName(trx, user, k, ctx, input.name);
      await store(trx)
        .insertInto(k.table)
        .values({
          ...common,
          [k.idColumn]: id,
          created_by: user.id,
          [k.publicColumn]: publicItem ? 1 : 0,
          read_only: readOnly ? 1 : 0,
          system_defined: 0,
          ctx,
          created_at: new Date().toISOString(),
          updated_at: nextStamp(),
        })
        .execute();
    } else {
      const item = await findVisible(trx, user, k, id, ctx);
      const creator = await creatorOf(trx, item);
      ownerCheck(k, item, user, creator, "change");
      ({ publicItem, readOnly } = decideSharing({
        kind: k.kind,
        name: item.name,
        creator,
        byCreator: item.createdBy === user.id,
        sandbox,
        stored: { publicItem: item.publicItem, readOnly: item.readOnly },
        asked: { publicItem: input.publicItem, readOnly: input.readOnly },
      }));
      await assertUniqueName(trx, user, k, ctx, input.name, id);
      await store(trx)
        .updateTable(k.table)
        .set({ ...common, [k.publicColumn]: publicItem ? 1 : 0, read_only: readOnly ? 1 : 0, updated_at: nextStamp(item.updatedAt) })
        .where(k.idColumn, "=", id)
        .execute();
      await store(trx).deleteFrom(k.detailTable).where(k.idColumn, "=", id).execute();
    }
    await input.writeDetails(trx, id);
    await applyUserDefault(trx, user.id, k.kind, ctx, id, input.defaultItem);
    return getItem(trx, user, k, id, ctx);
  });
}

/** Deletes an item the user may delete; answers the stored name. Everyone's default on it falls back. */
export async function deleteItem(db: Db, user: SessionUser, k: KindBase, itemId: string, ctx: TreeCtx) {
  return db.transaction().execute(async (trx) => {
    const item = await findVisible(trx, user, k, itemId, ctx);
    ownerCheck(k, item, user, await creatorOf(trx, item), "delete");
    await store(trx).deleteFrom(k.detailTable).where(k.idColumn, "=", item.id).execute();
    await store(trx).deleteFrom(k.table).where(k.idColumn, "=", item.id).execute();
    await trx.deleteFrom("user_default").where("kind", "=", k.kind).where("item_id", "=", item.id).execute();
    return { name: item.name };
  });
}

/** A system item the product ships. */
export interface SeedItem {
  id: string;
  ctx: TreeCtx;
  name: string;
  own: Record<string, Stored>;
  writeDetails: (trx: Db, itemId: string) => Promise<void>;
}

/** Seeds a system item, public and read-only; idempotent: an existing one is left as it is. */
export async function seedItem(db: Db, k: KindBase, seed: SeedItem, now: string) {
  await db.transaction().execute(async (trx) => {
    const exists = await store(trx).selectFrom(k.table).select(k.idColumn).where(k.idColumn, "=", seed.id).executeTakeFirst();
    if (exists) return;
    await store(trx)
      .insertInto(k.table)
      .values({
        ...seed.own,
        [k.idColumn]: seed.id,
        name: seed.name,
        created_by: SYSTEM_USER,
        updated_by: SYSTEM_USER,
        [k.publicColumn]: 1,
        read_only: 1,
        system_defined: 1,
        platform_type: PLATFORM_TYPE[seed.ctx],
        ctx: seed.ctx,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await seed.writeDetails(trx, seed.id);
  });
}
