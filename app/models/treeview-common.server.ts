/** What the View, Filter and tree models share: tree contexts, ids, timestamps and creator names. */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { EMPTY_ID } from "~/lib/constants";
import { forbiddenError, validationError } from "~/lib/errors";

export type Db = Kysely<Database>;

export const TREE_CTXS = ["containers", "cloud"] as const;
export type TreeCtx = (typeof TREE_CTXS)[number];

/** ctx is optional everywhere (spec section 5): absent or blank means the user's context, 'containers'. */
export function parseCtx(ctx?: string | null): TreeCtx {
  const value = (ctx ?? "").trim().toLowerCase();
  if (value === "") return "containers";
  if ((TREE_CTXS as readonly string[]).includes(value)) return value as TreeCtx;
  throw validationError(`Unknown tree context '${ctx}'. Use one of: ${TREE_CTXS.join(", ")}.`);
}

export const PLATFORM_TYPE: Record<TreeCtx, string> = { containers: "CONTAINERS", cloud: "CLOUD" };

/** created_by / updated_by of the items the product ships. */
export const SYSTEM_USER = "system";

/** Blank or the all-zero GUID: "a new item" on save, "the default" or "none" when reading a tree. */
export function isEmptyId(id?: string | null): boolean {
  const v = (id ?? "").trim();
  return v === "" || v === EMPTY_ID;
}

/**
 * A timestamp later than `previous`: the tree cache is keyed by updated_at, so two saves within one millisecond
 * must still give two different stamps.
 */
export function nextStamp(previous?: string | null): string {
  const now = Date.now();
  const prev = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(prev) && prev >= now ? prev + 1 : now).toISOString();
}

/** Maps stored user ids to user names; the stored value stands for itself when no user has that id ('system'). */
export async function userNames(db: Db, ids: Iterable<string>): Promise<(id: string) => string> {
  const unique = [...new Set(ids)].filter((id) => id !== SYSTEM_USER);
  const rows = unique.length
    ? await db.selectFrom("app_user").select(["id", "user_name"]).where("id", "in", unique).execute()
    : [];
  const map = new Map(rows.map((r) => [r.id, r.user_name]));
  return (id) => map.get(id) ?? id;
}

/** Lists are sorted by originalName, case-insensitively (ties by exact name, so the order is stable). */
export function byOriginalName(a: { originalName: string }, b: { originalName: string }): number {
  const x = a.originalName.toLowerCase();
  const y = b.originalName.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.originalName < b.originalName ? -1 : a.originalName > b.originalName ? 1 : 0;
}

/** Model code that receives free-form GraphQL input checks its ids are plausible before touching SQL. */
export function cleanId(id: string | null | undefined): string {
  return (id ?? "").trim().slice(0, 64);
}

/** The user's own default item of a kind per context, if any. */
export async function getUserDefault(db: Db, userId: string, kind: "view" | "filter", ctx: TreeCtx) {
  const row = await db
    .selectFrom("user_default")
    .select("item_id")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("ctx", "=", ctx)
    .executeTakeFirst();
  return row?.item_id;
}

/**
 * Saving with the default box ticked makes the item the user's default (replacing any previous one); unticked
 * clears it only when it was this item. Undefined leaves the default alone. Nobody else's default changes.
 */
export async function applyUserDefault(
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

/** The ids the product seeds, fixed so seeding is idempotent and the defaults are known. */
export const SEED_IDS = {
  clusterView: "00000000-0000-4000-8000-0000000000a1",
  businessUnitView: "00000000-0000-4000-8000-0000000000a2",
  nodeGroupView: "00000000-0000-4000-8000-0000000000a3",
  cloudView: "00000000-0000-4000-8000-0000000000a4",
  allContainers: "00000000-0000-4000-8000-0000000000b1",
  productionOnly: "00000000-0000-4000-8000-0000000000b2",
  largeRequests: "00000000-0000-4000-8000-0000000000b3",
  allInstances: "00000000-0000-4000-8000-0000000000b4",
} as const;

/** The default when a user has chosen none (or their choice is gone): these system items. */
export const SYSTEM_DEFAULT_VIEW: Record<TreeCtx, string> = { containers: SEED_IDS.clusterView, cloud: SEED_IDS.cloudView };
export const SYSTEM_DEFAULT_FILTER: Record<TreeCtx, string> = { containers: SEED_IDS.allContainers, cloud: SEED_IDS.allInstances };

/**
 * The sharing flags a save keeps. Sharing is the creator's decision: the creator (or a new item) gets what was
 * asked, except that the sandbox forces both off; anyone else keeps the stored flags, and asking to change them
 * is refused (outside the sandbox, where they cannot be asked for at all).
 */
export function decideSharing(args: {
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
