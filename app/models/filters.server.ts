/**
 * Saved Filters (spec document 1, sections 3-6): a name and the lines a container must match. Visibility,
 * ownership, sharing and defaults are the saved-item rules (saved-items.server.ts). Lines are validated by the
 * filter logic (whitelisted properties, operators per data type, typed values, balanced parentheses) and stored in
 * one transaction with the Filter.
 * compareColumn, compareColumnSource and compareTableSource have no column in the store: a save echoes what was
 * sent, a read answers false / empty. representative is always false.
 */
import crypto from "node:crypto";
import { SERVER_MAX_FILTER_LINES } from "~/lib/constants";
import type { SessionUser } from "~/lib/auth-types";
import { findProperty } from "~/domain/views-filters/properties";
import { filterAstForQuery, operatorTakesValue, validateFilterSave, type FilterAst, type FilterLineInput } from "~/domain/views-filters/filter-logic";
import { sortLevels } from "~/domain/views-filters/view-levels";
import { validationError } from "~/lib/errors";
import { findItemUnchecked, getItem, listItems, resolveItem, type SavedItem, type SavedItemKind, type StoredItem } from "./saved-items.server";
import { deleteItem, refuseCloud, saveItem, seedItem } from "./saved-items-write.server";
import { parseCtx, SEED_IDS, SYSTEM_DEFAULT_FILTER, type Db, type TreeCtx } from "./treeview-common.server";

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
  /** The stored version (not in the API): a tree drawn with this Filter is cached by it. */
  updatedAt: string;
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

const FILTERS: SavedItemKind<Record<string, never>> = {
  kind: "filter",
  table: "view_filter",
  detailTable: "filter_detail",
  idColumn: "view_filter_id",
  publicColumn: "public_filter",
  ownColumns: [],
  systemDefault: SYSTEM_DEFAULT_FILTER,
  notFound: FILTER_NOT_FOUND,
};

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

async function toFilters(db: Db, items: SavedItem<unknown>[]): Promise<ViewFilter[]> {
  const lines = await linesOf(db, items.map((i) => i.id));
  return items.map((i) => ({
    viewFilterId: i.id,
    name: i.name,
    originalName: i.name,
    createdBy: i.createdBy,
    updatedBy: i.updatedBy,
    defaultFilter: i.defaultItem,
    publicFilter: i.publicItem,
    readOnly: i.readOnly,
    representative: false,
    systemDefined: i.systemDefined,
    platformType: i.platformType,
    updatedAt: i.updatedAt,
    filterDetails: lines.get(i.id) ?? [],
  }));
}

/** The Filters the user can see, split into public (system ones included) and their own private ones. */
export async function listFilters(db: Db, user: SessionUser, ctxInput?: string | null) {
  const filters = await toFilters(db, await listItems(db, user, FILTERS, parseCtx(ctxInput)));
  return { publicList: filters.filter((f) => f.publicFilter), privateList: filters.filter((f) => !f.publicFilter) };
}

export async function getFilter(db: Db, user: SessionUser, filterId: string, ctxInput?: string | null): Promise<ViewFilter> {
  return (await toFilters(db, [await getItem(db, user, FILTERS, filterId, parseCtx(ctxInput))]))[0];
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

type LineFields = "attrKey" | "datasourceId" | "operand" | "filterValue" | "dataType" | "preOperand1" | "preOperand2" | "postOperand1" | "postOperand2";

function lineInput(d: Pick<FilterDetailInput, LineFields>): FilterLineInput {
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

/** The tree's Filter from a Filter already read; a Filter whose lines no longer parse cannot be applied. */
export function treeFilterOf(filter: Pick<ViewFilter, "viewFilterId" | "name" | "updatedAt" | "filterDetails">): TreeFilter {
  const parsed = filterAstForQuery(filter.filterDetails.map(lineInput));
  if (!parsed.ok) throw validationError(`Filter '${filter.name}' can no longer be applied: ${parsed.errors.join(" ")}`);
  return { filterId: filter.viewFilterId, updatedAt: filter.updatedAt, ast: parsed.ast };
}

async function treeFilterOfItem(db: Db, item: StoredItem<unknown>): Promise<TreeFilter> {
  const filterDetails = (await linesOf(db, [item.id])).get(item.id) ?? [];
  return treeFilterOf({ viewFilterId: item.id, name: item.name, updatedAt: item.updatedAt, filterDetails });
}

/** The Filter a tree is drawn with; blank or the all-zero id means the user's default Filter. */
export async function resolveTreeFilter(db: Db, user: SessionUser, filterId: string, ctx: TreeCtx): Promise<TreeFilter> {
  return treeFilterOfItem(db, await resolveItem(db, user, FILTERS, filterId, ctx));
}

/** A Filter by id whoever may see it (see findItemUnchecked); undefined once deleted. */
export async function loadTreeFilterUnchecked(db: Db, filterId: string): Promise<TreeFilter | undefined> {
  const item = await findItemUnchecked(db, FILTERS, filterId);
  return item ? treeFilterOfItem(db, item) : undefined;
}

/** A line to store, checked; folderId and workspaceFilter are stored as sent. */
type StoredLine = { line: FilterLineInput; folderId?: number | null; workspaceFilter?: boolean | null };

function writeLines(lines: readonly StoredLine[]) {
  return async (trx: Db, filterId: string) => {
    // The Filters the product ships may have no lines ("All Containers"); a saved one has at least one.
    if (lines.length === 0) return;
    await trx
      .insertInto("filter_detail")
      .values(
        lines.map(({ line, folderId, workspaceFilter }, i) => {
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
            folder_id: folderId ?? -1,
            workspace_filter: workspaceFilter ? 1 : 0,
          };
        }),
      )
      .execute();
  };
}

/** Creates (blank or all-zero id) or updates a Filter; the Filter and its lines are replaced in one transaction. */
export async function saveFilter(db: Db, user: SessionUser, input: ViewFilterInput, ctxInput?: string | null): Promise<ViewFilter> {
  const ctx = parseCtx(ctxInput);
  refuseCloud(FILTERS, ctx);
  const ordered = sortLevels((input.filterDetails ?? []).map((d, i) => ({ d, orderIndex: d.orderIndex ?? i })));
  const lines = ordered.map(({ d }) => lineInput(d));
  const checked = validateFilterSave({ name: input.name, lines }, SERVER_MAX_FILTER_LINES);
  if (!checked.ok) throw validationError(checked.errors.join(" "));
  const item = await saveItem(db, user, FILTERS, ctx, {
    id: input.viewFilterId,
    name: input.name.trim(),
    publicItem: input.publicFilter,
    readOnly: input.readOnly,
    defaultItem: input.defaultFilter,
    platformType: input.platformType,
    own: {},
    writeDetails: writeLines(ordered.map(({ d }, i) => ({ line: lines[i], folderId: d.folderId, workspaceFilter: d.workspaceFilter }))),
  });
  const [saved] = await toFilters(db, [item]);
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
  return deleteItem(db, user, FILTERS, filterId, parseCtx(ctxInput));
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
    await seedItem(db, FILTERS, { id: f.id, ctx: f.ctx, name: f.name, own: {}, writeDetails: writeLines(lines.map((line) => ({ line }))) }, now);
  }
}
