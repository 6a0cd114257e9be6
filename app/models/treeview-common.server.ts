/** What the View, Filter and tree models share: tree contexts, ids, timestamps, creator names and seeded ids. */
import { PostgresAdapter, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { EMPTY_ID } from "~/lib/constants";
import { validationError } from "~/lib/errors";

export type Db = Kysely<Database>;

/** Whether `db` (a store or a transaction on it) is PostgreSQL; SQLite otherwise. */
export const onPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

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

/** Model code that receives free-form GraphQL input checks its ids are plausible before touching SQL. */
export function cleanId(id: string | null | undefined): string {
  return (id ?? "").trim().slice(0, 64);
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
