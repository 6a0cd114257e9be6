/**
 * Saved Views (spec document 1, sections 3-6). Ownership is enforced here, on the server:
 * - public Views are visible to all, private ones only to their creator;
 * - read-only Views are changed or deleted only by their creator; system-defined ones by nobody (admins included);
 * - a user's default is their own row in user_default, set only by them;
 * - in the sandbox, public and read-only are forced off.
 * name and originalName are both the stored name: the client keeps originalName to sort and compare while the
 * user edits name, so the server has nothing else to put there.
 */
import crypto from "node:crypto";
import { SERVER_MAX_VIEW_LEVELS } from "~/lib/constants";
import type { SessionUser } from "~/lib/auth-types";
import { availableProperties, findProperty, type AvailableProperty } from "~/domain/views-filters/properties";
import { validateView, type ViewLevel } from "~/domain/views-filters/view-levels";
import { isFlagOn } from "./feature-flags.server";
import { seedSystemFilters } from "./filters.server";
import { forbiddenError, notFoundError, validationError } from "~/lib/errors";
import {
  applyUserDefault,
  byOriginalName,
  decideSharing,
  cleanId,
  getUserDefault,
  isEmptyId,
  nextStamp,
  parseCtx,
  PLATFORM_TYPE,
  SEED_IDS,
  SYSTEM_DEFAULT_VIEW,
  SYSTEM_USER,
  userNames,
  type Db,
  type TreeCtx,
} from "./treeview-common.server";

export interface ViewDetail {
  viewDetailId: string;
  viewDefinitionId: string;
  attrKey: string;
  datasourceId: string;
  staticSource: boolean;
  orderIndex: number;
  displayColumn: string;
  columnSource: string;
  dataType: string;
  tableSource: string;
}

export interface View {
  viewId: string;
  entityId: string | null;
  viewTypeId: number;
  name: string;
  originalName: string;
  description: string;
  createdBy: string;
  updatedBy: string;
  defaultView: boolean;
  publicView: boolean;
  readOnly: boolean;
  systemDefined: boolean;
  vmView: boolean;
  platformType: string;
  viewDetailList: string[];
  viewDetails: ViewDetail[];
}

export interface ViewDetailInput {
  attrKey?: string | null;
  datasourceId?: string | null;
  staticSource: boolean;
  orderIndex?: number | null;
}

export interface ViewDefInput {
  viewId: string;
  entityId?: string | null;
  viewTypeId?: number | null;
  name: string;
  description?: string | null;
  defaultView?: boolean | null;
  publicView?: boolean | null;
  readOnly?: boolean | null;
  vmView?: boolean | null;
  platformType?: string | null;
  viewDetails: readonly ViewDetailInput[];
}

export const VIEW_NOT_FOUND = "View not found. It may have been deleted, or it is private to another user.";
export const TREE_VIEW_TYPE_ID = 1;

/** The cloud tree groups instances by these fixed levels; the cloud context has only its system View. */
export const CLOUD_PROPERTIES: readonly (AvailableProperty & { key: string })[] = [
  cloudProp("CLOUD_PROVIDER", "Cloud Provider", "provider"),
  cloudProp("CLOUD_REGION", "Region", "region"),
  cloudProp("CLOUD_ACCOUNT", "Account", "account_name"),
];
function cloudProp(key: string, displayColumn: string, columnSource: string) {
  return { key, displayColumn, staticSource: true, columnSource, datasourceId: key, attrKey: "", tableSource: "cloud_instance", dataType: "STR" as const };
}

/** The properties offered for View levels (forFilters false) or Filter lines (true) in a context. */
export function listAvailableProperties(ctx: TreeCtx, forFilters: boolean): AvailableProperty[] {
  if (ctx === "cloud") return CLOUD_PROPERTIES.map(({ key: _key, ...p }) => p);
  return availableProperties(forFilters);
}

function propertyInfo(key: string): AvailableProperty {
  const cloud = CLOUD_PROPERTIES.find((p) => p.key === key);
  if (cloud) return cloud;
  const p = findProperty(key);
  if (p) return p;
  // A stored level whose property left the whitelist: show it, the tree query will refuse it clearly.
  return { displayColumn: key, staticSource: true, columnSource: "", datasourceId: key, attrKey: "", tableSource: "", dataType: "STR" };
}

type ViewRow = {
  view_id: string;
  view_type_id: number;
  entity_id: string | null;
  name: string;
  description: string;
  created_by: string;
  updated_by: string;
  public_view: number;
  read_only: number;
  system_defined: number;
  vm_view: number;
  platform_type: string;
  ctx: string;
  updated_at: string;
};

function visibleViews(db: Db, user: SessionUser, ctx: TreeCtx) {
  return db
    .selectFrom("view_def")
    .select([
      "view_id",
      "view_type_id",
      "entity_id",
      "name",
      "description",
      "created_by",
      "updated_by",
      "public_view",
      "read_only",
      "system_defined",
      "vm_view",
      "platform_type",
      "ctx",
      "updated_at",
    ])
    .where("ctx", "=", ctx)
    .where((eb) => eb.or([eb("public_view", "=", 1), eb("created_by", "=", user.id)]));
}

/** A View row the user may see, or the not-found error (unknown, deleted, other context or private to another). */
async function findVisibleRow(db: Db, user: SessionUser, viewId: string, ctx: TreeCtx): Promise<ViewRow> {
  const id = cleanId(viewId);
  const row = id ? await visibleViews(db, user, ctx).where("view_id", "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFoundError(VIEW_NOT_FOUND);
  return row;
}

async function detailsOf(db: Db, viewIds: string[]) {
  if (viewIds.length === 0) return new Map<string, ViewDetail[]>();
  const rows = await db
    .selectFrom("view_detail")
    .selectAll()
    .where("view_id", "in", viewIds)
    .orderBy("view_id")
    .orderBy("order_index")
    .execute();
  const map = new Map<string, ViewDetail[]>();
  for (const r of rows) {
    const p = propertyInfo(r.property_key);
    const list = map.get(r.view_id) ?? [];
    list.push({
      viewDetailId: r.view_detail_id,
      viewDefinitionId: r.view_id,
      attrKey: p.attrKey,
      datasourceId: p.datasourceId,
      staticSource: p.staticSource,
      orderIndex: r.order_index,
      displayColumn: p.displayColumn,
      columnSource: p.columnSource,
      dataType: p.dataType,
      tableSource: p.tableSource,
    });
    map.set(r.view_id, list);
  }
  return map;
}

async function toViews(db: Db, user: SessionUser, ctx: TreeCtx, rows: ViewRow[], allVisibleIds?: Set<string>): Promise<View[]> {
  const [details, name, chosen] = await Promise.all([
    detailsOf(db, rows.map((r) => r.view_id)),
    userNames(db, rows.flatMap((r) => [r.created_by, r.updated_by])),
    getUserDefault(db, user.id, "view", ctx),
  ]);
  const visible = allVisibleIds ?? (chosen ? await visibleIds(db, user, ctx, [chosen]) : new Set<string>());
  const defaultId = chosen && visible.has(chosen) ? chosen : SYSTEM_DEFAULT_VIEW[ctx];
  return rows.map((r) => {
    const viewDetails = details.get(r.view_id) ?? [];
    return {
      viewId: r.view_id,
      entityId: r.entity_id,
      viewTypeId: r.view_type_id,
      name: r.name,
      originalName: r.name,
      description: r.description,
      createdBy: name(r.created_by),
      updatedBy: name(r.updated_by),
      defaultView: r.view_id === defaultId,
      publicView: r.public_view === 1,
      readOnly: r.read_only === 1,
      systemDefined: r.system_defined === 1,
      vmView: r.vm_view === 1,
      platformType: r.platform_type,
      viewDetailList: viewDetails.map((d) => d.displayColumn),
      viewDetails,
    };
  });
}

async function visibleIds(db: Db, user: SessionUser, ctx: TreeCtx, ids: string[]) {
  const rows = await visibleViews(db, user, ctx).where("view_id", "in", ids).execute();
  return new Set(rows.map((r) => r.view_id));
}

/** The Views the user can see, split into public (system ones included) and their own private ones. */
export async function listViews(db: Db, user: SessionUser, ctxInput?: string | null) {
  const ctx = parseCtx(ctxInput);
  const rows = await visibleViews(db, user, ctx).execute();
  const views = (await toViews(db, user, ctx, rows, new Set(rows.map((r) => r.view_id)))).sort(byOriginalName);
  return { publicList: views.filter((v) => v.publicView), privateList: views.filter((v) => !v.publicView) };
}

export async function getView(db: Db, user: SessionUser, viewId: string, ctxInput?: string | null): Promise<View> {
  const ctx = parseCtx(ctxInput);
  const row = await findVisibleRow(db, user, viewId, ctx);
  return (await toViews(db, user, ctx, [row]))[0];
}

export async function getViewDetails(db: Db, user: SessionUser, viewId: string, ctxInput?: string | null) {
  return (await getView(db, user, viewId, ctxInput)).viewDetails;
}

/** What a tree needs of a View: its id, version (updated_at, for the cache) and level property keys in order. */
export interface TreeView {
  viewId: string;
  updatedAt: string;
  levels: ViewLevel[];
}

/** The View a tree is drawn with; blank or the all-zero id means the user's default View. */
export async function resolveTreeView(db: Db, user: SessionUser, viewId: string, ctx: TreeCtx): Promise<TreeView> {
  let id = cleanId(viewId);
  if (isEmptyId(id)) {
    const chosen = await getUserDefault(db, user.id, "view", ctx);
    id = chosen && (await visibleIds(db, user, ctx, [chosen])).has(chosen) ? chosen : SYSTEM_DEFAULT_VIEW[ctx];
  }
  const row = await findVisibleRow(db, user, id, ctx);
  return { viewId: row.view_id, updatedAt: row.updated_at, levels: await levelsOf(db, row.view_id) };
}

async function levelsOf(db: Db, viewId: string): Promise<ViewLevel[]> {
  const details = await db
    .selectFrom("view_detail")
    .select(["property_key", "order_index"])
    .where("view_id", "=", viewId)
    .orderBy("order_index")
    .execute();
  return details.map((d, i) => ({ propertyKey: d.property_key, orderIndex: i, displayColumn: propertyInfo(d.property_key).displayColumn }));
}

/**
 * A View by id whoever may see it, for settings made earlier by a user who could (automation by tree path);
 * undefined once deleted. Never hand its result to a caller without a visibility check.
 */
export async function loadTreeViewUnchecked(db: Db, viewId: string): Promise<TreeView | undefined> {
  const row = await db.selectFrom("view_def").select(["view_id", "updated_at"]).where("view_id", "=", viewId).executeTakeFirst();
  return row ? { viewId: row.view_id, updatedAt: row.updated_at, levels: await levelsOf(db, row.view_id) } : undefined;
}

function ownerCheck(row: ViewRow, user: SessionUser, creatorName: string, action: "change" | "delete") {
  if (row.system_defined === 1) throw forbiddenError(`System-defined views cannot be ${action === "change" ? "changed" : "deleted"}.`);
  if (row.read_only === 1 && row.created_by !== user.id) {
    throw forbiddenError(`View '${row.name}' is read-only: only its creator (${creatorName}) can ${action} it.`);
  }
}

async function assertUniqueName(db: Db, user: SessionUser, ctx: TreeCtx, name: string, exceptId?: string) {
  let q = visibleViews(db, user, ctx).where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId) q = q.where("view_id", "<>", exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) throw validationError(`A view named '${clash.name}' already exists. Choose another name.`);
}

/**
 * Creates (viewId blank or the all-zero id) or updates a View; the definition and its levels are replaced in one
 * transaction, so a failed save changes nothing.
 */
export async function saveView(db: Db, user: SessionUser, input: ViewDefInput, ctxInput?: string | null): Promise<View> {
  const ctx = parseCtx(ctxInput);
  if (ctx === "cloud") throw validationError("The cloud tree has only its system view; custom views are for the containers tree.");
  const levels: ViewLevel[] = (input.viewDetails ?? []).map((d, i) => ({
    propertyKey: ((d.staticSource ? d.datasourceId : d.attrKey) ?? "").trim(),
    orderIndex: d.orderIndex ?? i,
  }));
  const checked = validateView({ name: input.name, description: input.description, levels }, SERVER_MAX_VIEW_LEVELS);
  if (!checked.ok) throw validationError(checked.errors.join(" "));
  const { name, description } = checked.view;

  return db.transaction().execute(async (trx) => {
    const sandbox = await isFlagOn(trx, "sandboxPlaygroundEnabled");
    let publicView = !sandbox && input.publicView === true;
    let readOnly = !sandbox && input.readOnly === true;
    const isNew = isEmptyId(input.viewId);
    const viewId = isNew ? crypto.randomUUID() : cleanId(input.viewId);
    const common = {
      name,
      description,
      entity_id: input.entityId?.trim() || null,
      view_type_id: input.viewTypeId ?? TREE_VIEW_TYPE_ID,
      vm_view: input.vmView ? 1 : 0,
      platform_type: input.platformType?.trim() || PLATFORM_TYPE[ctx],
      updated_by: user.id,
    } as const;
    if (isNew) {
      await assertUniqueName(trx, user, ctx, name);
      await trx
        .insertInto("view_def")
        .values({
          ...common,
          view_id: viewId,
          created_by: user.id,
          public_view: publicView ? 1 : 0,
          read_only: readOnly ? 1 : 0,
          system_defined: 0,
          ctx,
          created_at: new Date().toISOString(),
          updated_at: nextStamp(),
        })
        .execute();
    } else {
      const row = await findVisibleRow(trx, user, viewId, ctx);
      const creator = (await userNames(trx, [row.created_by]))(row.created_by);
      ownerCheck(row, user, creator, "change");
      ({ publicItem: publicView, readOnly } = decideSharing({
        kind: "view",
        name: row.name,
        creator,
        byCreator: row.created_by === user.id,
        sandbox,
        stored: { publicItem: row.public_view === 1, readOnly: row.read_only === 1 },
        asked: { publicItem: input.publicView, readOnly: input.readOnly },
      }));
      await assertUniqueName(trx, user, ctx, name, viewId);
      await trx
        .updateTable("view_def")
        .set({ ...common, public_view: publicView ? 1 : 0, read_only: readOnly ? 1 : 0, updated_at: nextStamp(row.updated_at) })
        .where("view_id", "=", viewId)
        .execute();
      await trx.deleteFrom("view_detail").where("view_id", "=", viewId).execute();
    }
    await trx
      .insertInto("view_detail")
      .values(checked.view.levels.map((l, i) => ({ view_detail_id: crypto.randomUUID(), view_id: viewId, order_index: i, property_key: l.propertyKey })))
      .execute();
    await applyUserDefault(trx, user.id, "view", ctx, viewId, input.defaultView);
    const saved = await findVisibleRow(trx, user, viewId, ctx);
    return (await toViews(trx, user, ctx, [saved]))[0];
  });
}

/** Deletes a View the user may delete; answers the stored name. Everyone's default on it falls back. */
export async function deleteView(db: Db, user: SessionUser, viewId: string, ctxInput?: string | null): Promise<{ name: string }> {
  const ctx = parseCtx(ctxInput);
  return db.transaction().execute(async (trx) => {
    const row = await findVisibleRow(trx, user, viewId, ctx);
    ownerCheck(row, user, (await userNames(trx, [row.created_by]))(row.created_by), "delete");
    await trx.deleteFrom("view_detail").where("view_id", "=", row.view_id).execute();
    await trx.deleteFrom("view_def").where("view_id", "=", row.view_id).execute();
    await trx.deleteFrom("user_default").where("kind", "=", "view").where("item_id", "=", row.view_id).execute();
    return { name: row.name };
  });
}

const SEED_VIEWS: { id: string; ctx: TreeCtx; name: string; description: string; levels: string[] }[] = [
  {
    id: SEED_IDS.clusterView,
    ctx: "containers",
    name: "Cluster View",
    description: "Containers by cluster, namespace and pod owner.",
    levels: ["K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_NAME"],
  },
  {
    id: SEED_IDS.businessUnitView,
    ctx: "containers",
    name: "Business Unit View",
    description: "Containers by the business unit that owns them, then cluster and namespace.",
    levels: ["business_unit", "K8S_CLUSTER", "K8S_NAMESPACE"],
  },
  {
    id: SEED_IDS.nodeGroupView,
    ctx: "containers",
    name: "Node Group View",
    description: "Containers by cluster and the node group they run on.",
    levels: ["K8S_CLUSTER", "K8S_NODE_GROUP", "K8S_POD_OWNER_NAME"],
  },
  {
    id: SEED_IDS.cloudView,
    ctx: "cloud",
    name: "Cloud Provider View",
    description: "Cloud instances by provider, region and account.",
    levels: CLOUD_PROPERTIES.map((p) => p.key),
  },
];

/** The system Views (idempotent: an existing seeded View is left as it is). */
export async function seedSystemViews(db: Db) {
  const now = new Date().toISOString();
  for (const v of SEED_VIEWS) {
    await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom("view_def").select("view_id").where("view_id", "=", v.id).executeTakeFirst();
      if (exists) return;
      await trx
        .insertInto("view_def")
        .values({
          view_id: v.id,
          view_type_id: TREE_VIEW_TYPE_ID,
          entity_id: null,
          name: v.name,
          description: v.description,
          created_by: SYSTEM_USER,
          updated_by: SYSTEM_USER,
          public_view: 1,
          read_only: 1,
          system_defined: 1,
          vm_view: v.ctx === "cloud" ? 1 : 0,
          platform_type: PLATFORM_TYPE[v.ctx],
          ctx: v.ctx,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto("view_detail")
        .values(v.levels.map((key, i) => ({ view_detail_id: crypto.randomUUID(), view_id: v.id, order_index: i, property_key: key })))
        .execute();
    });
  }
}

/**
 * The system Views and Filters every installation starts with: for containers 'Cluster View' (the default),
 * 'Business Unit View' and 'Node Group View', the filters 'All Containers' (no lines, the default), 'Production
 * Only' and 'Large CPU or Memory Requests'; for cloud 'Cloud Provider View' and 'All Instances'. Idempotent.
 */
export async function seedTreeviewDefaults(db: Db) {
  await seedSystemViews(db);
  await seedSystemFilters(db);
}
