/**
 * AI Analysis Details (spec document 2, section 2.3) as a server-side grid: the address holds the grid view,
 * search, sort, page and page size, the visible columns, the floating filters, the row grouping, the open drawer
 * and the utilization panel, so it works with JavaScript off and at 150,000 rows.
 */
import type { SessionUser } from "~/lib/auth-types";
import type { FolderScope } from "~/models/tree-scope.server";
import type { Db } from "~/models/treeview-common.server";
import { containerGroups, containerRows, GROUPABLE_FIELDS, SORTABLE_FIELDS, type ContainerRowsArgs, type RowFilter } from "~/models/container-grid.server";
import { isFlagOn } from "~/models/feature-flags.server";
import { normaliseSearch } from "~/lib/fuzzy";
import { loadDrawer } from "~/features/drawers/drawer.server";
import { parseDrawer } from "~/features/drawers/drawer";
import { containerHourCharts } from "~/features/drawers/hour-charts.server";
import { availableColumns, COLUMN_BY_KEY, rowFields, visibleColumns } from "~/domain/containers/grid-columns";
import { parseGridFilters } from "./grid-filters";
import { PAGE_SIZES } from "./page-sizes";
import { pageParam, sizeParam } from "~/lib/params";
import { gridViewTitle, isContainerGridViewId, parseBucketGridViewId } from "~/domain/containers/grid-view-ids";
import { loadGridViewsBar, withRowView } from "~/features/grid-views/bar.server";
import { isOwnKey } from "~/lib/own-key";
import { loadGroupedPage, selectedRow } from "~/domain/grid/grouped-page";

/** The grid's opening sort (issue 14: money first). */
export const DEFAULT_GRID_SORT = "netSavings";

/** The GPU feature (kubexShowGpuData). */
export const isGpuOn = (db: Db) => isFlagOn(db, "kubexShowGpuData");

/**
 * The grid's query from the address, shared with the export so both keep the same rows: grid view or histogram
 * bucket, fuzzy search, floating filters and sort (unknown grid views and sorts are ignored, bad filters reported).
 */
export function gridQuery(params: URLSearchParams, gpu: boolean) {
  const gridViewId = params.get("gridViewId");
  const bucket = gridViewId ? parseBucketGridViewId(gridViewId) : null;
  const known = !!gridViewId && (!!bucket || isContainerGridViewId(gridViewId));
  // Opens on Net Savings, largest first: a visible money column beside the name, so the header shows the sort arrow.
  const sortField = params.get("sort") ?? DEFAULT_GRID_SORT;
  const sort = isOwnKey(SORTABLE_FIELDS, sortField) ? sortField : DEFAULT_GRID_SORT;
  const dir: "asc" | "desc" = params.get("dir") === "asc" ? "asc" : "desc";
  const search = normaliseSearch(params.get("q"));
  const gpuAllowed = new Set(availableColumns(gpu).map((c) => c.key));
  const filters = parseGridFilters(params, (c) => gpuAllowed.has(c.key));
  const query: Omit<ContainerRowsArgs, "page" | "pageSize"> = {
    gridViewId: known && !bucket ? gridViewId : null,
    bucket,
    search,
    fuzzy: true,
    filters: filters.filters as RowFilter[],
    sort: { field: sort, direction: dir },
  };
  return { query, sort, dir, search, filters, gridViewId: known ? gridViewId : null, unknownGridView: gridViewId && !known ? gridViewId : null };
}

function pageArgs(params: URLSearchParams) {
  return { size: sizeParam(params, PAGE_SIZES, 20), page: pageParam(params) };
}

async function loadDrawerOrError(db: Db, scope: FolderScope, drawer: string | null) {
  const ref = parseDrawer(drawer);
  try {
    return await loadDrawer(db, scope, ref);
  } catch (e) {
    console.warn("The drawer could not be loaded", e);
    return { kind: "error" as const, ref };
  }
}

export async function loadDetailsGrid(db: Db, user: SessionUser, scope: FolderScope, params: URLSearchParams) {
  const gpu = await isGpuOn(db);
  // Saved grid views: the bar, and the built-in rows (if any) of the selected view.
  const gridViews = await loadGridViewsBar(db, user, params);
  const q = gridQuery(withRowView(params, gridViews.rowViewId), gpu);
  const { size, page } = pageArgs(params);
  // cols=a,b,c from a link, or cols=a&cols=b from the columns form without JavaScript.
  const columns = visibleColumns(params.getAll("cols").join(","), gpu);
  const groupParam = params.get("group");
  const groupBy = groupParam && (GROUPABLE_FIELDS as readonly string[]).includes(groupParam) ? groupParam : null;

  const grid = await loadGroupedPage({
    groupBy,
    page,
    pageSize: size,
    open: new Set(params.getAll("open")),
    fetchRows: (p, pageSize, group) =>
      containerRows(db, scope, { ...q.query, filters: group ? [...(q.query.filters ?? []), group] : q.query.filters, page: p, pageSize }),
    fetchGroups: (field, p, pageSize) => containerGroups(db, scope, { ...q.query, groupBy: field, page: p, pageSize }),
  });
  const { rowsPage, groupsPage, groupRows, lastPage } = grid;

  // The utilization panel: the selected row, else the first.
  const selected = selectedRow(grid.shownRows, params.get("sel"));
  const [charts, drawer] = await Promise.all([
    selected ? containerHourCharts(db, selected.entityId).catch(() => null) : Promise.resolve(null),
    // A drawer that fails to load shows the generic error indicator in its place, not an error page for the grid.
    loadDrawerOrError(db, scope, params.get("drawer")),
  ]);

  // Only the fields the shown columns read (the charts panel and the drawers above had the whole row).
  const fields = rowFields(columns);
  const sent = <R extends object>(rows: readonly R[]) => rows.map((r) => pickFields(r, fields));
  return {
    rows: sent(rowsPage?.rows ?? []),
    total: grid.total,
    page: grid.page,
    pageSize: size,
    lastPage,
    sort: q.sort,
    dir: q.dir,
    search: q.search,
    gridViewId: q.gridViewId,
    gridViewTitle: gridViewTitle(q.gridViewId),
    unknownGridView: q.unknownGridView,
    gpu,
    columns: columns.map((c) => c.key),
    available: availableColumns(gpu).map((c) => c.key),
    groupable: GROUPABLE_FIELDS.map((key) => ({ key, label: COLUMN_BY_KEY.get(key)?.label ?? key })),
    filterTexts: q.filters.texts,
    filterErrors: q.filters.errors,
    groupBy,
    groupLabel: groupBy ? (COLUMN_BY_KEY.get(groupBy)?.label ?? groupBy) : null,
    groups: groupsPage?.groups ?? [],
    totalGroups: groupsPage?.totalGroups ?? 0,
    groupRows: groupRows.map((g) => ({ ...g, rows: sent(g.rows) })),
    utilization: {
      open: params.get("charts") !== "closed",
      selected: selected ? { entityId: selected.entityId, containerName: selected.containerName, request: { cpu: selected.existingCpuRequest, mem: selected.existingMemRequest }, limit: { cpu: selected.existingCpuLimit, mem: selected.existingMemLimit } } : null,
      charts,
    },
    drawer,
    gridViews,
  };
}

export type DetailsGridData = Awaited<ReturnType<typeof loadDetailsGrid>>;

/** A row with only `fields` (the ones it has), and its identity fields typed as before. */
type Identity = "entityId" | "containerName" | "policyName" | "policyInstanceId";
function pickFields<R extends object>(row: R, fields: readonly string[]): Partial<R> & Pick<R, Identity & keyof R> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in row) out[f] = (row as Record<string, unknown>)[f];
  return out as Partial<R> & Pick<R, Identity & keyof R>;
}
