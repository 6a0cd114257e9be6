/**
 * The cloud services grid (spec document 3, section 2.4) as a server-side grid: the address holds the grid view,
 * search, sort, page and page size, the visible columns, the floating filters, the grouping, the selected row, the
 * Utilization Charts panel and the instance drawer, so it works with JavaScript off (decision 010).
 */
import type { Store } from "~/db/connect.server";
import type { SessionUser } from "~/lib/auth-types";
import { normaliseSearch } from "~/lib/fuzzy";
import { relearningText } from "~/engine/cloud/relearning";
import { cloudGroups, cloudRows, CLOUD_GROUPABLE_FIELDS, CLOUD_SORTABLE_FIELDS, type CloudRowsArgs } from "~/models/cloud-analysis.server";
import type { FolderScope } from "~/models/tree-scope.server";
import type { RowFilter } from "~/models/server-grid.server";
import type { Db } from "~/models/treeview-common.server";
import { CLOUD_COLUMN_BY_KEY, CLOUD_GRID_COLUMNS, CLOUD_GRID_DEFAULT_SORT, CLOUD_PAGE_SIZES, visibleCloudColumns } from "~/domain/cloud/grid-columns";
import { cloudGridViewTitle, isCloudRowViewId } from "~/domain/cloud/grid-view-ids";
import { CLOUD_GRID_ID } from "~/domain/grid-views/texts";
import { loadGridViewsBar, withRowView } from "~/features/grid-views/bar.server";
import { parseGridFilters } from "~/features/containers/grid-filters";
import { loadCloudDetail, serviceCharts } from "./detail.server";
import { parseCloudDrawer } from "./links";
import { isOwnKey } from "~/lib/own-key";
import { loadGroupedPage, selectedRow } from "~/domain/grid/grouped-page";

const sortable = (key: string) => isOwnKey(CLOUD_SORTABLE_FIELDS, key);

/**
 * The grid's query from the address, shared with the export so both keep the same rows: the built-in row view
 * (unknown ones ignored and reported), fuzzy search, floating filters (bad ones reported) and sort.
 */
export function cloudGridQuery(params: URLSearchParams) {
  const requested = params.get("gridViewId");
  const gridViewId = requested && isCloudRowViewId(requested) ? requested : null;
  const sortField = params.get("sort") ?? CLOUD_GRID_DEFAULT_SORT.sort;
  const sort = sortable(sortField) ? sortField : CLOUD_GRID_DEFAULT_SORT.sort;
  const dir: "asc" | "desc" = params.get("dir") === "asc" ? "asc" : "desc";
  const search = normaliseSearch(params.get("q"));
  const filters = parseGridFilters(params, (c) => !!c.sortKey && sortable(c.sortKey), CLOUD_COLUMN_BY_KEY);
  const query: Omit<CloudRowsArgs, "page" | "pageSize"> = {
    gridViewId,
    search,
    fuzzy: true,
    filters: filters.filters as RowFilter[],
    sort: { field: sort, direction: dir },
  };
  return { query, sort, dir, search, filters, gridViewId };
}

function pageArgs(params: URLSearchParams) {
  const size = CLOUD_PAGE_SIZES.find((s) => String(s) === params.get("size")) ?? CLOUD_PAGE_SIZES[0];
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  return { size, page: Number.isFinite(requested) && requested > 0 ? requested : 1 };
}

async function drawerOrError(store: Store, scope: FolderScope, value: string | null) {
  const id = parseCloudDrawer(value);
  if (!id) return null;
  try {
    const detail = await loadCloudDetail(store, id, scope, { charts: true });
    return detail ? { kind: "service" as const, ...detail } : { kind: "missing" as const, id };
  } catch (e) {
    // A drawer that fails shows the generic error indicator in its place; the grid stays usable.
    console.warn(`The cloud drawer of ${id} could not be loaded`, e);
    return { kind: "error" as const, id };
  }
}

export async function loadCloudGrid(store: Store, user: SessionUser, scope: FolderScope, params: URLSearchParams) {
  const db: Db = store.db;
  // Saved grid views: the bar, and the built-in rows (if any) of the selected view.
  const gridViews = await loadGridViewsBar(db, user, params, CLOUD_GRID_ID);
  const q = cloudGridQuery(withRowView(params, gridViews.rowViewId));
  const { size, page } = pageArgs(params);
  // The service's name says which row it is: always the first column.
  const chosen = visibleCloudColumns(params.getAll("cols").join(","));
  const columns = chosen.some((c) => c.key === "system") ? chosen : [CLOUD_COLUMN_BY_KEY.get("system")!, ...chosen];
  const groupParam = params.get("group");
  const groupBy = groupParam && (CLOUD_GROUPABLE_FIELDS as readonly string[]).includes(groupParam) ? groupParam : null;

  const grid = await loadGroupedPage({
    groupBy,
    page,
    pageSize: size,
    open: new Set(params.getAll("open")),
    fetchRows: (p, pageSize, group) =>
      cloudRows(db, scope, { ...q.query, filters: group ? [...(q.query.filters ?? []), group] : q.query.filters, page: p, pageSize }),
    fetchGroups: (field, p, pageSize) => cloudGroups(db, scope, { ...q.query, groupBy: field, page: p, pageSize }),
  });
  const { rowsPage, groupsPage, groupRows, lastPage } = grid;
  // The Total row sums every matching row; a grouped grid reads it apart (one cached read).
  const totals = rowsPage ? rowsPage.totals : (await cloudRows(db, scope, { ...q.query, page: 1, pageSize: 1 })).totals;

  // The Utilization Charts panel: the selected row, else the first.
  const selected = selectedRow(grid.shownRows, params.get("sel"));
  const chartsOpen = params.get("charts") !== "closed";
  const [charts, drawer] = await Promise.all([
    // A learning service has no learned pattern: the panel says when it will instead of drawing charts.
    selected && chartsOpen && !selected.relearning ? serviceCharts(store, selected.entityId).catch(() => null) : Promise.resolve(null),
    drawerOrError(store, scope, params.get("drawer")),
  ]);

  return {
    rows: rowsPage?.rows ?? [],
    total: grid.total,
    totals,
    page: grid.page,
    pageSize: size,
    lastPage,
    sort: q.sort,
    dir: q.dir,
    search: q.search,
    gridViewId: q.gridViewId,
    gridViewTitle: cloudGridViewTitle(q.gridViewId),
    columns: columns.map((c) => c.key),
    available: CLOUD_GRID_COLUMNS.map((c) => c.key),
    sortable: CLOUD_GRID_COLUMNS.filter((c) => c.sortKey && sortable(c.sortKey)).map((c) => c.key),
    groupable: CLOUD_GROUPABLE_FIELDS.map((key) => ({ key, label: CLOUD_COLUMN_BY_KEY.get(key)?.label ?? key })),
    filterTexts: q.filters.texts,
    filterErrors: q.filters.errors,
    groupBy,
    groupLabel: groupBy ? (CLOUD_COLUMN_BY_KEY.get(groupBy)?.label ?? groupBy) : null,
    groups: groupsPage?.groups ?? [],
    totalGroups: groupsPage?.totalGroups ?? 0,
    groupRows,
    utilization: {
      open: chartsOpen,
      selected: selected ? { entityId: selected.entityId, system: selected.system, fullPath: selected.fullPath, relearning: selected.relearning, relearningText: selected.relearning ? relearningText(selected.numberOfDaysUntilData ?? 0) : null } : null,
      charts,
    },
    drawer,
    gridViews,
  };
}

export type CloudGridData = Awaited<ReturnType<typeof loadCloudGrid>>;
