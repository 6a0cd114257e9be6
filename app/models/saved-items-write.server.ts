/**
 * Saving, deleting and seeding saved items (see saved-items.server.ts for the rules): who may change an item, what
 * its sharing becomes, unique names, and the user's own default.
 */
import crypto from "node:crypto";
import type { SessionUser } from "~/lib/auth-types";
import { forbiddenError, validationError } from "~/lib/errors";
import { writeTransaction } from "~/db/retry.server";
import { isFlagOn } from "./feature-flags.server";
import { findVisible, getItem, store, visible, type KindBase, type SavedItemKind, type Stored, type StoredItem } from "./saved-items.server";
import { cleanId, isEmptyId, nextStamp, PLATFORM_TYPE, SYSTEM_USER, userNames, type Db, type TreeCtx } from "./treeview-common.server";

/**
 * The sharing flags a save keeps. Sharing is the creator's decision: the creator (or a new item) gets what was
 * asked, except that the sandbox forces both off; anyone else keeps the stored flags, and asking to change them
 * is refused (outside the sandbox, where they cannot be asked for at all).
 */
function decideSharing(args: {
  kind: "view" | "filter";
  name: string;
  creator: string;
  byCreator: boolean;
  sandbox: boolean;
  stored?: { publicItem: boolean; readOnly: boolean };
  asked: { publicItem?: boolean | null; readOnly?: boolean | null };
}): { publicItem: boolean; readOnly: boolean } {
  const wanted = { publicItem: !args.sandbox && args.asked.publicItem === true, readOnly: !args.sandbox && args.asked.readOnly === true };
  if (!args.stored || args.byCreator) return wanted;
  if (!args.sandbox) {
    if (args.asked.publicItem != null && wanted.publicItem !== args.stored.publicItem) {
      throw forbiddenError(`Only the creator (${args.creator}) can change whether ${args.kind} '${args.name}' is public.`);
    }
    if (args.asked.readOnly != null && wanted.readOnly !== args.stored.readOnly) {
      throw forbiddenError(`Only the creator (${args.creator}) can make ${args.kind} '${args.name}' read-only.`);
    }
  }
  return args.stored;
}

/**
 * Saving with the default box ticked makes the item the user's default (replacing any previous one); unticked
 * clears it only when it was this item. Undefined leaves the default alone. Nobody else's default changes.
 */
async function applyUserDefault(
  db: Db,
  userId: string,
  kind: "view" | "filter",
  ctx: TreeCtx,
  itemId: string,
  isDefault: boolean | null | undefined,
) {
  if (isDefault === true) {
    await db
      .insertInto("user_default")
      .values({ user_id: userId, kind, ctx, item_id: itemId })
      .onConflict((oc) => oc.columns(["user_id", "kind", "ctx"]).doUpdateSet({ item_id: itemId }))
      .execute();
  } else if (isDefault === false) {
    await db
      .deleteFrom("user_default")
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .where("ctx", "=", ctx)
      .where("item_id", "=", itemId)
      .execute();
  }
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
export interface ItemSave<Own> {
  id: string;
  name: string;
  publicItem?: boolean | null;
  readOnly?: boolean | null;
  defaultItem?: boolean | null;
  platformType?: string | null;
  own: Own;
  writeDetails: (trx: Db, itemId: string) => Promise<void>;
}

/**
 * Creates (id blank or the all-zero id) or updates an item; the definition and its lines are replaced in one
 * transaction, so a failed save changes nothing.
 */
export async function saveItem<Own extends Record<string, Stored>>(db: Db, user: SessionUser, k: SavedItemKind<Own>, ctx: TreeCtx, input: ItemSave<Own>) {
  return writeTransaction(db, async (trx) => {
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
  return writeTransaction(db, async (trx) => {
    const item = await findVisible(trx, user, k, itemId, ctx);
    ownerCheck(k, item, user, await creatorOf(trx, item), "delete");
    await store(trx).deleteFrom(k.detailTable).where(k.idColumn, "=", item.id).execute();
    await store(trx).deleteFrom(k.table).where(k.idColumn, "=", item.id).execute();
    await trx.deleteFrom("user_default").where("kind", "=", k.kind).where("item_id", "=", item.id).execute();
    return { name: item.name };
  });
}

/** A system item the product ships. */
export interface SeedItem<Own> {
  id: string;
  ctx: TreeCtx;
  name: string;
  own: Own;
  writeDetails: (trx: Db, itemId: string) => Promise<void>;
}

/** Seeds a system item, public and read-only; idempotent: an existing one is left as it is. */
export async function seedItem<Own extends Record<string, Stored>>(db: Db, k: SavedItemKind<Own>, seed: SeedItem<Own>, now: string) {
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
