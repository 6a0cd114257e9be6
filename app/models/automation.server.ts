/**
 * Automation switches from the tree's context menu (spec document 1, section 4): on an entity node for that
 * entity, on a folder for every entity under its path. Settings are upserted into automation_setting:
 * - scope 'entity', target = the entity id;
 * - scope 'path', target = "<viewId>|<filterId>|<folder names below the root, joined by '/'>", because a path
 *   only means something in the View it was chosen in, and only for the entities the Filter let through.
 * An entity's status is its own setting if it has one, else the nearest (deepest) path setting above it.
 */
import { sql } from "kysely";
import type { SessionUser } from "~/lib/auth-types";
import { compileFilterCondition } from "~/domain/views-filters/filter-sql";
import { notFoundError } from "~/lib/errors";
import { cleanId, parseCtx, type Db, type TreeCtx } from "./treeview-common.server";
import { folderCondition } from "./container-tree.server";
import { resolveFolderScope } from "./trees.server";
import { loadTreeViewUnchecked, resolveTreeView } from "./views.server";
import { loadTreeFilterUnchecked, resolveTreeFilter } from "./filters.server";

export interface AutomationPathArgs {
  ctx?: string | null;
  viewId: string;
  filterId: string;
  treeviewPath: string;
  enableAutomation: boolean;
}

export interface AutomationEntityArgs extends AutomationPathArgs {
  entityId: string;
}

export interface AutomationStatus {
  entityId: string;
  /** null when nothing was ever set for the entity or a folder above it. */
  enabled: boolean | null;
  source: "entity" | "path" | "none";
  /** The setting's target (entity id or path target). */
  target?: string;
}

const onOff = (enabled: boolean) => (enabled ? "enabled" : "disabled");

async function upsert(db: Db, user: SessionUser, ctx: TreeCtx, scope: "entity" | "path", target: string, enabled: boolean) {
  const values = { enabled: enabled ? 1 : 0, updated_by: user.id, updated_at: new Date().toISOString() } as const;
  await db
    .insertInto("automation_setting")
    .values({ ctx, scope, target, ...values })
    .onConflict((oc) => oc.columns(["ctx", "scope", "target"]).doUpdateSet(values))
    .execute();
}

async function entityName(db: Db, ctx: TreeCtx, entityId: string): Promise<string | undefined> {
  if (ctx === "cloud") {
    return (await db.selectFrom("cloud_service").select("name").where("id", "=", entityId).executeTakeFirst())?.name;
  }
  return (await db.selectFrom("container").select("container_name").where("id", "=", entityId).executeTakeFirst())?.container_name;
}

/** Turns automation on or off for one entity; answers the status text shown to the user. */
export async function setEntityAutomationStatus(db: Db, user: SessionUser, args: AutomationEntityArgs): Promise<string> {
  const ctx = parseCtx(args.ctx);
  // The View and Filter must be the user's to use, as for the tree the menu was opened on.
  await resolveTreeView(db, user, args.viewId, ctx);
  await resolveTreeFilter(db, user, args.filterId, ctx);
  const entityId = cleanId(args.entityId);
  const name = entityId ? await entityName(db, ctx, entityId) : undefined;
  const kind = ctx === "cloud" ? "instance" : "container";
  if (name === undefined) throw notFoundError(`The ${kind} '${args.entityId}' was not found.`);
  await upsert(db, user, ctx, "entity", entityId, args.enableAutomation);
  return `Automation ${onOff(args.enableAutomation)} for ${kind} '${name}'.`;
}

/** Turns automation on or off for every entity under a folder of a View and Filter; answers the status text. */
export async function setTreePathAutomationStatus(db: Db, user: SessionUser, args: AutomationPathArgs): Promise<string> {
  const ctx = parseCtx(args.ctx);
  const scope = await resolveFolderScope(db, user, { ctx, viewId: args.viewId, filterId: args.filterId, treeviewPath: args.treeviewPath });
  const { view, filter } = scope.tree;
  await upsert(db, user, ctx, "path", `${view.viewId}|${filter.filterId}|${scope.names.join("/")}`, args.enableAutomation);
  const count = scope.folder.containerCount ?? 0;
  const what = ctx === "cloud" ? (count === 1 ? "instance" : "instances") : count === 1 ? "container" : "containers";
  return `Automation ${onOff(args.enableAutomation)} for ${count} ${what} under '${scope.folder.fullPath}'.`;
}

function parsePathTarget(target: string) {
  const a = target.indexOf("|");
  const b = target.indexOf("|", a + 1);
  if (a < 0 || b < 0) return undefined;
  const path = target.slice(b + 1);
  return { viewId: target.slice(0, a), filterId: target.slice(a + 1, b), names: path === "" ? [] : path.split("/") };
}

/** Whether an entity lies under the folder a path setting names, in that setting's View and Filter. */
async function underPath(db: Db, ctx: TreeCtx, entityId: string, target: ReturnType<typeof parsePathTarget>) {
  if (!target) return false;
  if (ctx === "cloud") {
    const [provider, region, account] = target.names;
    const row = await db
      .selectFrom("cloud_service")
      .select(["provider", "region", "account_id", "account_name"])
      .where("id", "=", entityId)
      .executeTakeFirst();
    if (!row) return false;
    if (provider !== undefined && row.provider.toUpperCase() !== provider) return false;
    if (region !== undefined && row.region !== region) return false;
    return account === undefined || [row.account_name, row.account_id, `${row.account_name} (${row.account_id})`].includes(account);
  }
  try {
    const view = await loadTreeViewUnchecked(db, target.viewId);
    const filter = await loadTreeFilterUnchecked(db, target.filterId);
    if (!view || !filter || target.names.length > view.levels.length) return false;
    const conditions = [sql`c.id = ${entityId}`, compileFilterCondition(filter.ast), ...folderCondition(view.levels, target.names)];
    const { rows } = await sql`select 1 as hit from container c where ${sql.join(conditions, sql` and `)}`.execute(db);
    return rows.length > 0;
  } catch {
    // A View or Filter that can no longer be applied (property left the whitelist) no longer decides anything.
    return false;
  }
}

/** An entity's automation status: its own setting, else the nearest path setting above it, else none. */
export async function getEntityAutomationStatus(db: Db, ctxInput: string | null | undefined, entityIdInput: string): Promise<AutomationStatus> {
  const ctx = parseCtx(ctxInput);
  const entityId = cleanId(entityIdInput);
  const settings = await db
    .selectFrom("automation_setting")
    .select(["scope", "target", "enabled", "updated_at", "id"])
    .where("ctx", "=", ctx)
    .where((eb) => eb.or([eb.and([eb("scope", "=", "entity"), eb("target", "=", entityId)]), eb("scope", "=", "path")]))
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const own = settings.find((s) => s.scope === "entity");
  if (own) return { entityId, enabled: own.enabled === 1, source: "entity", target: own.target };
  let best: { depth: number; setting: (typeof settings)[number] } | undefined;
  for (const s of settings) {
    if (s.scope !== "path") continue;
    const target = parsePathTarget(s.target);
    if (!target || (best && target.names.length <= best.depth)) continue;
    if (await underPath(db, ctx, entityId, target)) best = { depth: target.names.length, setting: s };
  }
  return best
    ? { entityId, enabled: best.setting.enabled === 1, source: "path", target: best.setting.target }
    : { entityId, enabled: null, source: "none" };
}
