/**
 * Saved Filters (spec document 1, sections 3-6), with the same ownership rules as Views (see views.server.ts):
 * visibility by publicFilter/creator, read-only for others, system-defined for nobody, per-user defaults, the
 * sandbox forcing public and read-only off. Lines are validated by the filter logic (whitelisted properties,
 * operators per data type, typed values, balanced parentheses) and stored in one transaction with the Filter.
 * compareColumn, compareColumnSource and compareTableSource have no column in the store: a save echoes what was
 * sent, a read answers false / empty. representative is always false.
 */
import crypto from "node:crypto";
import { SERVER_MAX_FILTER_LINES } from "~/lib/constants";
import type { SessionUser } from "~/lib/auth-types";
import { findProperty } from "~/domain/views-filters/properties";
import {
  filterAstForQuery,
  operatorTakesValue,
  validateFilterSave,
  type FilterAst,
  type FilterLineInput,
} from "~/domain/views-filters/filter-logic";
import { sortLevels } from "~/domain/views-filters/view-levels";
import { isFlagOn } from "./feature-flags.server";
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
  SYSTEM_DEFAULT_FILTER,
  SYSTEM_USER,
  userNames,
  type Db,
  type TreeCtx,
} from "./treeview-common.server";

export interface FilterDetail {
  viewFilterId: string;
  filterDefinitionId: string;
  attrKey: string;
  datasourceId: string;
  columnSource: string;
  tableSource: string;
  compareColumn: boolean;
  compareColumnSource: string;
  compareTableSource: string;
  dataType: string;
  filterValue: string;
  folderId: number;
  operand: string;
  orderIndex: number;
  preOperand1: string;
  preOperand2: string;
  postOperand1: string;
  postOperand2: string;
  workspaceFilter: boolean;
}

export interface ViewFilter {
  viewFilterId: string;
  name: string;
  originalName: string;
  createdBy: string;
  updatedBy: string;
  defaultFilter: boolean;
  publicFilter: boolean;
  readOnly: boolean;
  representative: boolean;
  systemDefined: boolean;
  platformType: string;
  filterDetails: FilterDetail[];
}

export interface FilterDetailInput {
  attrKey?: string | null;
  datasourceId?: string | null;
  compareColumn?: boolean | null;
  compareColumnSource?: string | null;
  compareTableSource?: string | null;
  dataType?: string | null;
  filterValue?: string | null;
  folderId?: number | null;
  operand: string;
  orderIndex?: number | null;
  preOperand1?: string | null;
  preOperand2?: string | null;
  postOperand1?: string | null;
  postOperand2?: string | null;
  workspaceFilter?: boolean | null;
}

export interface ViewFilterInput {
  viewFilterId: string;
  name: string;
  defaultFilter?: boolean | null;
  publicFilter?: boolean | null;
  readOnly?: boolean | null;
  platformType?: string | null;
  filterDetails: readonly FilterDetailInput[];
}

export const FILTER_NOT_FOUND = "Filter not found. It may have been deleted, or it is private to another user.";

type FilterRow = {
  view_filter_id: string;
  name: string;
  created_by: string;
  updated_by: string;
  public_filter: number;
  read_only: number;
  system_defined: number;
  platform_type: string;
  ctx: string;
  updated_at: string;
};

function visibleFilters(db: Db, user: SessionUser, ctx: TreeCtx) {
  return db
    .selectFrom("view_filter")
    .select([
      "view_filter_id",
      "name",
      "created_by",
      "updated_by",
      "public_filter",
      "read_only",
      "system_defined",
      "platform_type",
      "ctx",
      "updated_at",
    ])
    .where("ctx", "=", ctx)
    .where((eb) => eb.or([eb("public_filter", "=", 1), eb("created_by", "=", user.id)]));
}

async function findVisibleRow(db: Db, user: SessionUser, filterId: string, ctx: TreeCtx): Promise<FilterRow> {
  const id = cleanId(filterId);
  const row = id ? await visibleFilters(db, user, ctx).where("view_filter_id", "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFoundError(FILTER_NOT_FOUND);
  return row;
}

async function visibleIds(db: Db, user: SessionUser, ctx: TreeCtx, ids: string[]) {
  const rows = await visibleFilters(db, user, ctx).where("view_filter_id", "in", ids).execute();
  return new Set(rows.map((r) => r.view_filter_id));
}

async function linesOf(db: Db, filterIds: string[]) {
  const map = new Map<string, FilterDetail[]>();
  if (filterIds.length === 0) return map;
  const rows = await db
    .selectFrom("filter_detail")
    .selectAll()
    .where("view_filter_id", "in", filterIds)
    .orderBy("view_filter_id")
    .orderBy("order_index")
    .execute();
  for (const r of rows) {
    const p = findProperty(r.property_key);
    const list = map.get(r.view_filter_id) ?? [];
    list.push({
      viewFilterId: r.view_filter_id,
      filterDefinitionId: r.filter_definition_id,
      attrKey: p?.attrKey ?? "",
      datasourceId: p?.datasourceId ?? r.property_key,
      columnSource: p?.columnSource ?? "",
      tableSource: p?.tableSource ?? "",
      compareColumn: false,
      compareColumnSource: "",
      compareTableSource: "",
      dataType: r.data_type,
      filterValue: r.filter_value,
      folderId: r.folder_id,
      operand: r.operand,
      orderIndex: r.order_index,
      preOperand1: r.pre_operand1,
      preOperand2: r.pre_operand2,
      postOperand1: r.post_operand1,
      postOperand2: r.post_operand2,
      workspaceFilter: r.workspace_filter === 1,
    });
    map.set(r.view_filter_id, list);
  }
  return map;
}

async function toFilters(db: Db, user: SessionUser, ctx: TreeCtx, rows: FilterRow[], allVisibleIds?: Set<string>): Promise<ViewFilter[]> {
  const [lines, name, chosen] = await Promise.all([
    linesOf(db, rows.map((r) => r.view_filter_id)),
    userNames(db, rows.flatMap((r) => [r.created_by, r.updated_by])),
    getUserDefault(db, user.id, "filter", ctx),
  ]);
  const visible = allVisibleIds ?? (chosen ? await visibleIds(db, user, ctx, [chosen]) : new Set<string>());
  const defaultId = chosen && visible.has(chosen) ? chosen : SYSTEM_DEFAULT_FILTER[ctx];
  return rows.map((r) => ({
    viewFilterId: r.view_filter_id,
    name: r.name,
    originalName: r.name,
    createdBy: name(r.created_by),
    updatedBy: name(r.updated_by),
    defaultFilter: r.view_filter_id === defaultId,
    publicFilter: r.public_filter === 1,
    readOnly: r.read_only === 1,
    representative: false,
    systemDefined: r.system_defined === 1,
    platformType: r.platform_type,
    filterDetails: lines.get(r.view_filter_id) ?? [],
  }));
}

/** The Filters the user can see, split into public (system ones included) and their own private ones. */
export async function listFilters(db: Db, user: SessionUser, ctxInput?: string | null) {
  const ctx = parseCtx(ctxInput);
  const rows = await visibleFilters(db, user, ctx).execute();
  const filters = (await toFilters(db, user, ctx, rows, new Set(rows.map((r) => r.view_filter_id)))).sort(byOriginalName);
  return { publicList: filters.filter((f) => f.publicFilter), privateList: filters.filter((f) => !f.publicFilter) };
}

export async function getFilter(db: Db, user: SessionUser, filterId: string, ctxInput?: string | null): Promise<ViewFilter> {
  const ctx = parseCtx(ctxInput);
  const row = await findVisibleRow(db, user, filterId, ctx);
  return (await toFilters(db, user, ctx, [row]))[0];
}

export async function getFilterDetails(db: Db, user: SessionUser, filterId: string, ctxInput?: string | null) {
  return (await getFilter(db, user, filterId, ctxInput)).filterDetails;
}

/** What a tree needs of a Filter: id, version (for the cache) and the parsed condition (null matches all). */
export interface TreeFilter {
  filterId: string;
  updatedAt: string;
  ast: FilterAst | null;
}

function lineInput(d: {
  attrKey?: string | null;
  datasourceId?: string | null;
  operand: string;
  filterValue?: string | null;
  dataType?: string | null;
  preOperand1?: string | null;
  preOperand2?: string | null;
  postOperand1?: string | null;
  postOperand2?: string | null;
}): FilterLineInput {
  return {
    propertyKey: (d.attrKey ?? "").trim() || (d.datasourceId ?? "").trim(),
    operand: (d.operand ?? "").trim(),
    filterValue: d.filterValue ?? "",
    dataType: d.dataType ?? undefined,
    preOperand1: (d.preOperand1 ?? "").trim().toUpperCase(),
    preOperand2: (d.preOperand2 ?? "").trim().toUpperCase(),
    postOperand1: (d.postOperand1 ?? "").trim().toUpperCase(),
    postOperand2: (d.postOperand2 ?? "").trim().toUpperCase(),
  };
}

/** The Filter a tree is drawn with; blank or the all-zero id means the user's default Filter. */
export async function resolveTreeFilter(db: Db, user: SessionUser, filterId: string, ctx: TreeCtx): Promise<TreeFilter> {
  let id = cleanId(filterId);
  if (isEmptyId(id)) {
    const chosen = await getUserDefault(db, user.id, "filter", ctx);
    id = chosen && (await visibleIds(db, user, ctx, [chosen])).has(chosen) ? chosen : SYSTEM_DEFAULT_FILTER[ctx];
  }
  return treeFilterOf(db, await findVisibleRow(db, user, id, ctx));
}

async function treeFilterOf(db: Db, row: { view_filter_id: string; name: string; updated_at: string }): Promise<TreeFilter> {
  const lines = (await linesOf(db, [row.view_filter_id])).get(row.view_filter_id) ?? [];
  const parsed = filterAstForQuery(lines.map(lineInput));
  if (!parsed.ok) throw validationError(`Filter '${row.name}' can no longer be applied: ${parsed.errors.join(" ")}`);
  return { filterId: row.view_filter_id, updatedAt: row.updated_at, ast: parsed.ast };
}

/** A Filter by id whoever may see it (see loadTreeViewUnchecked); undefined once deleted. */
export async function loadTreeFilterUnchecked(db: Db, filterId: string): Promise<TreeFilter | undefined> {
  const row = await db
    .selectFrom("view_filter")
    .select(["view_filter_id", "name", "updated_at"])
    .where("view_filter_id", "=", filterId)
    .executeTakeFirst();
  return row ? treeFilterOf(db, row) : undefined;
}

function ownerCheck(row: FilterRow, user: SessionUser, creatorName: string, action: "change" | "delete") {
  if (row.system_defined === 1) throw forbiddenError(`System-defined filters cannot be ${action === "change" ? "changed" : "deleted"}.`);
  if (row.read_only === 1 && row.created_by !== user.id) {
    throw forbiddenError(`Filter '${row.name}' is read-only: only its creator (${creatorName}) can ${action} it.`);
  }
}

async function assertUniqueName(db: Db, user: SessionUser, ctx: TreeCtx, name: string, exceptId?: string) {
  let q = visibleFilters(db, user, ctx).where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId) q = q.where("view_filter_id", "<>", exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) throw validationError(`A filter named '${clash.name}' already exists. Choose another name.`);
}

/** Creates (blank or all-zero id) or updates a Filter; the Filter and its lines are replaced in one transaction. */
export async function saveFilter(db: Db, user: SessionUser, input: ViewFilterInput, ctxInput?: string | null): Promise<ViewFilter> {
  const ctx = parseCtx(ctxInput);
  if (ctx === "cloud") throw validationError("The cloud tree has only its system filter; custom filters are for the containers tree.");
  const ordered = sortLevels((input.filterDetails ?? []).map((d, i) => ({ d, orderIndex: d.orderIndex ?? i })));
  const lines = ordered.map(({ d }) => lineInput(d));
  const checked = validateFilterSave({ name: input.name, lines }, SERVER_MAX_FILTER_LINES);
  if (!checked.ok) throw validationError(checked.errors.join(" "));
  const name = input.name.trim();

  const saved = await db.transaction().execute(async (trx) => {
    const sandbox = await isFlagOn(trx, "sandboxPlaygroundEnabled");
    let publicFilter = !sandbox && input.publicFilter === true;
    let readOnly = !sandbox && input.readOnly === true;
    const isNew = isEmptyId(input.viewFilterId);
    const filterId = isNew ? crypto.randomUUID() : cleanId(input.viewFilterId);
    const common = { name, platform_type: input.platformType?.trim() || PLATFORM_TYPE[ctx], updated_by: user.id } as const;
    if (isNew) {
      await assertUniqueName(trx, user, ctx, name);
      await trx
        .insertInto("view_filter")
        .values({
          ...common,
          view_filter_id: filterId,
          created_by: user.id,
          public_filter: publicFilter ? 1 : 0,
          read_only: readOnly ? 1 : 0,
          system_defined: 0,
          ctx,
          created_at: new Date().toISOString(),
          updated_at: nextStamp(),
        })
        .execute();
    } else {
      const row = await findVisibleRow(trx, user, filterId, ctx);
      const creator = (await userNames(trx, [row.created_by]))(row.created_by);
      ownerCheck(row, user, creator, "change");
      ({ publicItem: publicFilter, readOnly } = decideSharing({
        kind: "filter",
        name: row.name,
        creator,
        byCreator: row.created_by === user.id,
        sandbox,
        stored: { publicItem: row.public_filter === 1, readOnly: row.read_only === 1 },
        asked: { publicItem: input.publicFilter, readOnly: input.readOnly },
      }));
      await assertUniqueName(trx, user, ctx, name, filterId);
      await trx
        .updateTable("view_filter")
        .set({ ...common, public_filter: publicFilter ? 1 : 0, read_only: readOnly ? 1 : 0, updated_at: nextStamp(row.updated_at) })
        .where("view_filter_id", "=", filterId)
        .execute();
      await trx.deleteFrom("filter_detail").where("view_filter_id", "=", filterId).execute();
    }
    await trx
      .insertInto("filter_detail")
      .values(
        ordered.map(({ d }, i) => {
          const line = lines[i];
          const p = findProperty(line.propertyKey)!;
          return {
            filter_definition_id: crypto.randomUUID(),
            view_filter_id: filterId,
            order_index: i,
            property_key: p.key,
            operand: line.operand,
            filter_value: operatorTakesValue(line.operand) ? line.filterValue : "",
            data_type: p.dataType,
            pre_operand1: line.preOperand1,
            pre_operand2: line.preOperand2,
            post_operand1: line.postOperand1,
            post_operand2: line.postOperand2,
            folder_id: d.folderId ?? -1,
            workspace_filter: d.workspaceFilter ? 1 : 0,
          };
        }),
      )
      .execute();
    await applyUserDefault(trx, user.id, "filter", ctx, filterId, input.defaultFilter);
    return (await toFilters(trx, user, ctx, [await findVisibleRow(trx, user, filterId, ctx)]))[0];
  });
  // Not stored: echoed so the client sees what it sent.
  saved.filterDetails = saved.filterDetails.map((line, i) => {
    const sent = ordered[i]?.d;
    return {
      ...line,
      compareColumn: sent?.compareColumn === true,
      compareColumnSource: sent?.compareColumnSource ?? "",
      compareTableSource: sent?.compareTableSource ?? "",
    };
  });
  return saved;
}

/** Deletes a Filter the user may delete; answers the stored name. Everyone's default on it falls back. */
export async function deleteFilter(db: Db, user: SessionUser, filterId: string, ctxInput?: string | null): Promise<{ name: string }> {
  const ctx = parseCtx(ctxInput);
  return db.transaction().execute(async (trx) => {
    const row = await findVisibleRow(trx, user, filterId, ctx);
    ownerCheck(row, user, (await userNames(trx, [row.created_by]))(row.created_by), "delete");
    await trx.deleteFrom("filter_detail").where("view_filter_id", "=", row.view_filter_id).execute();
    await trx.deleteFrom("view_filter").where("view_filter_id", "=", row.view_filter_id).execute();
    await trx.deleteFrom("user_default").where("kind", "=", "filter").where("item_id", "=", row.view_filter_id).execute();
    return { name: row.name };
  });
}

type SeedLine = Pick<FilterLineInput, "propertyKey" | "operand" | "filterValue"> & Partial<FilterLineInput>;
const SEED_FILTERS: { id: string; ctx: TreeCtx; name: string; lines: SeedLine[] }[] = [
  { id: SEED_IDS.allContainers, ctx: "containers", name: "All Containers", lines: [] },
  {
    id: SEED_IDS.productionOnly,
    ctx: "containers",
    name: "Production Only",
    lines: [{ propertyKey: "environment", operand: "=", filterValue: "prod" }],
  },
  {
    id: SEED_IDS.largeRequests,
    ctx: "containers",
    name: "Large CPU or Memory Requests",
    lines: [
      { propertyKey: "K8S_CPU_REQUEST", operand: ">=", filterValue: "1000", postOperand1: "OR" },
      { propertyKey: "K8S_MEM_REQUEST", operand: ">=", filterValue: "4096" },
    ],
  },
  { id: SEED_IDS.allInstances, ctx: "cloud", name: "All Instances", lines: [] },
];

/** The system Filters (idempotent: an existing seeded Filter is left as it is). */
export async function seedSystemFilters(db: Db) {
  const now = new Date().toISOString();
  for (const f of SEED_FILTERS) {
    const lines = f.lines.map((l) => ({ preOperand1: "", preOperand2: "", postOperand1: "", postOperand2: "", ...l }));
    const checked = filterAstForQuery(lines);
    if (!checked.ok) throw new Error(`Seeded filter '${f.name}' is invalid: ${checked.errors.join(" ")}`);
    await db.transaction().execute(async (trx) => {
      const exists = await trx.selectFrom("view_filter").select("view_filter_id").where("view_filter_id", "=", f.id).executeTakeFirst();
      if (exists) return;
      await trx
        .insertInto("view_filter")
        .values({
          view_filter_id: f.id,
          name: f.name,
          created_by: SYSTEM_USER,
          updated_by: SYSTEM_USER,
          public_filter: 1,
          read_only: 1,
          system_defined: 1,
          platform_type: PLATFORM_TYPE[f.ctx],
          ctx: f.ctx,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (f.lines.length === 0) return;
      await trx
        .insertInto("filter_detail")
        .values(
          f.lines.map((l, i) => ({
            filter_definition_id: crypto.randomUUID(),
            view_filter_id: f.id,
            order_index: i,
            property_key: l.propertyKey,
            operand: l.operand,
            filter_value: l.filterValue,
            data_type: findProperty(l.propertyKey)?.dataType ?? "STR",
            pre_operand1: l.preOperand1 ?? "",
            pre_operand2: l.preOperand2 ?? "",
            post_operand1: l.postOperand1 ?? "",
            post_operand2: l.postOperand2 ?? "",
            folder_id: -1,
            workspace_filter: 0,
          })),
        )
        .execute();
    });
  }
}
