/**
 * Saved Views (spec document 1, sections 3-6): a name, a description and the levels (properties) the tree groups
 * by, in order. Visibility, ownership, sharing and defaults are the saved-item rules (saved-items.server.ts).
 * name and originalName are both the stored name: the client keeps originalName to sort and compare while the
 * user edits name, so the server has nothing else to put there.
 */
import crypto from "node:crypto";
import { SERVER_MAX_VIEW_LEVELS } from "~/lib/constants";
import type { SessionUser } from "~/lib/auth-types";
import { availableProperties, findProperty, propertyIdentity, type AvailableProperty } from "~/domain/views-filters/properties";
import { validateView, type ViewLevel } from "~/domain/views-filters/view-levels";
import { seedSystemFilters } from "./filters.server";
import { validationError } from "~/lib/errors";
import { findItemUnchecked, getItem, listItems, resolveItem, type SavedItem, type SavedItemKind, type StoredItem } from "./saved-items.server";
import { deleteItem, refuseCloud, saveItem, seedItem } from "./saved-items-write.server";
import { parseCtx, SEED_IDS, SYSTEM_DEFAULT_VIEW, type Db, type TreeCtx } from "./treeview-common.server";

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
  /** The stored version (not in the API): a tree drawn with this View is cached by it. */
  updatedAt: string;
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

type ViewOwn = { entity_id: string | null; view_type_id: number; description: string; vm_view: number };

const VIEWS: SavedItemKind<ViewOwn> = {
  kind: "view",
  table: "view_def",
  detailTable: "view_detail",
  idColumn: "view_id",
  publicColumn: "public_view",
  ownColumns: ["entity_id", "view_type_id", "description", "vm_view"],
  systemDefault: SYSTEM_DEFAULT_VIEW,
  notFound: VIEW_NOT_FOUND,
};

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

async function toViews(db: Db, items: SavedItem<ViewOwn>[]): Promise<View[]> {
  const details = await detailsOf(db, items.map((i) => i.id));
  return items.map((i) => {
    const viewDetails = details.get(i.id) ?? [];
    return {
      viewId: i.id,
      entityId: i.own.entity_id,
      viewTypeId: i.own.view_type_id,
      name: i.name,
      originalName: i.name,
      description: i.own.description,
      createdBy: i.createdBy,
      updatedBy: i.updatedBy,
      defaultView: i.defaultItem,
      publicView: i.publicItem,
      readOnly: i.readOnly,
      systemDefined: i.systemDefined,
      vmView: i.own.vm_view === 1,
      platformType: i.platformType,
      updatedAt: i.updatedAt,
      viewDetailList: viewDetails.map((d) => d.displayColumn),
      viewDetails,
    };
  });
}

/** The Views the user can see, split into public (system ones included) and their own private ones. */
export async function listViews(db: Db, user: SessionUser, ctxInput?: string | null) {
  const views = await toViews(db, await listItems(db, user, VIEWS, parseCtx(ctxInput)));
  return { publicList: views.filter((v) => v.publicView), privateList: views.filter((v) => !v.publicView) };
}

export async function getView(db: Db, user: SessionUser, viewId: string, ctxInput?: string | null): Promise<View> {
  return (await toViews(db, [await getItem(db, user, VIEWS, viewId, parseCtx(ctxInput))]))[0];
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

/** The tree's View from a View already read (a level's key is its property's identity). */
export function treeViewOf(view: Pick<View, "viewId" | "updatedAt" | "viewDetails">): TreeView {
  const details = [...view.viewDetails].sort((a, b) => a.orderIndex - b.orderIndex);
  const levels = details.map((d, i) => ({ propertyKey: propertyIdentity(d), orderIndex: i, displayColumn: d.displayColumn }));
  return { viewId: view.viewId, updatedAt: view.updatedAt, levels };
}

async function treeViewOfItem(db: Db, item: StoredItem<ViewOwn>): Promise<TreeView> {
  const viewDetails = (await detailsOf(db, [item.id])).get(item.id) ?? [];
  return treeViewOf({ viewId: item.id, updatedAt: item.updatedAt, viewDetails });
}

/** The View a tree is drawn with; blank or the all-zero id means the user's default View. */
export async function resolveTreeView(db: Db, user: SessionUser, viewId: string, ctx: TreeCtx): Promise<TreeView> {
  return treeViewOfItem(db, await resolveItem(db, user, VIEWS, viewId, ctx));
}

/** A View by id whoever may see it (see findItemUnchecked); undefined once deleted. */
export async function loadTreeViewUnchecked(db: Db, viewId: string): Promise<TreeView | undefined> {
  const item = await findItemUnchecked(db, VIEWS, viewId);
  return item ? treeViewOfItem(db, item) : undefined;
}

function writeLevels(levels: readonly { propertyKey: string }[]) {
  return async (trx: Db, viewId: string) => {
    await trx
      .insertInto("view_detail")
      .values(levels.map((l, i) => ({ view_detail_id: crypto.randomUUID(), view_id: viewId, order_index: i, property_key: l.propertyKey })))
      .execute();
  };
}

/**
 * Creates (viewId blank or the all-zero id) or updates a View; the definition and its levels are replaced in one
 * transaction, so a failed save changes nothing.
 */
export async function saveView(db: Db, user: SessionUser, input: ViewDefInput, ctxInput?: string | null): Promise<View> {
  const ctx = parseCtx(ctxInput);
  refuseCloud(VIEWS, ctx);
  const levels: ViewLevel[] = (input.viewDetails ?? []).map((d, i) => ({
    propertyKey: ((d.staticSource ? d.datasourceId : d.attrKey) ?? "").trim(),
    orderIndex: d.orderIndex ?? i,
  }));
  const checked = validateView({ name: input.name, description: input.description, levels }, SERVER_MAX_VIEW_LEVELS);
  if (!checked.ok) throw validationError(checked.errors.join(" "));
  const { name, description } = checked.view;
  const saved = await saveItem(db, user, VIEWS, ctx, {
    id: input.viewId,
    name,
    publicItem: input.publicView,
    readOnly: input.readOnly,
    defaultItem: input.defaultView,
    platformType: input.platformType,
    own: { description, entity_id: input.entityId?.trim() || null, view_type_id: input.viewTypeId ?? TREE_VIEW_TYPE_ID, vm_view: input.vmView ? 1 : 0 },
    writeDetails: writeLevels(checked.view.levels),
  });
  return (await toViews(db, [saved]))[0];
}

/** Deletes a View the user may delete; answers the stored name. Everyone's default on it falls back. */
export async function deleteView(db: Db, user: SessionUser, viewId: string, ctxInput?: string | null): Promise<{ name: string }> {
  return deleteItem(db, user, VIEWS, viewId, parseCtx(ctxInput));
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
    const own = { entity_id: null, view_type_id: TREE_VIEW_TYPE_ID, description: v.description, vm_view: v.ctx === "cloud" ? 1 : 0 };
    await seedItem(db, VIEWS, { id: v.id, ctx: v.ctx, name: v.name, own, writeDetails: writeLevels(v.levels.map((propertyKey) => ({ propertyKey }))) }, now);
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
