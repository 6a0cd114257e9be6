/**
 * The grids that have saved views, by gridId ("grid_views_" + the grid's name): which address keys are their state,
 * their defaults, their built-in (system) views in the spec's order, and which built-in row conditions a saved
 * view may keep.
 */
import { GRID_VIEW_TITLES, gridViewTitle } from "~/domain/containers/grid-view-ids";
import { availableColumns } from "~/domain/containers/grid-columns";
import type { GridState, GridStateRules } from "./state";
import { CLOUD_GRID_ID, CONTAINER_GRID_ID } from "./texts";
import { CLOUD_GRID_VIEW_ORDER, CLOUD_GROUPING_VIEWS, cloudGridViewTitle } from "~/domain/cloud/grid-view-ids";
import { CLOUD_GRID_COLUMNS, CLOUD_GRID_DEFAULT_SORT } from "~/domain/cloud/grid-columns";
import { isOwnKey } from "~/lib/own-key";

export interface SystemGridView {
  id: string;
  title: string;
  state: GridState;
  /** The built-in row condition it shows (null: every row). */
  basedOn: string | null;
}

export interface GridDefinition extends GridStateRules {
  gridId: string;
  systemViews: readonly SystemGridView[];
  /** A built-in row condition's title (a system view id or a histogram bucket), or null when there is none. */
  rowConditionTitle(id: string): string | null;
}

/** The container details grid: its address keys and defaults are those app/features/containers/details.server.ts reads. */
const CONTAINER_GRID: GridDefinition = {
    gridId: CONTAINER_GRID_ID,
  // Sort, search, page size, visible columns, floating filters (f.<column>) and row grouping; never the page,
  // the selected row, expanded groups, the chart panel or a drawer.
  stateKeys: ["sort", "dir", "q", "size", "cols", "f.*", "group"],
  defaults: { sort: "monthlyWaste", dir: "desc", size: "20" },
  systemViews: [
    { id: "default", title: "Default", state: {}, basedOn: null },
    // Every column the grid has (GPU columns appear with the GPU flag whatever a view says).
    { id: "all_data", title: "All Data", state: { cols: availableColumns(false).map((c) => c.key).join(",") }, basedOn: null },
    ...Object.entries(GRID_VIEW_TITLES).map(([id, title]) => ({ id, title, state: {}, basedOn: id })),
  ],
  rowConditionTitle: (id) => gridViewTitle(id),
};

/**
 * The cloud services grid (spec document 3, section 2.3's view ids, in order; the menu's divider and headings are
 * structure, not views). A grouping view keeps every row and groups them; the others keep one kind of row.
 */
const CLOUD_GRID: GridDefinition = {
  gridId: CLOUD_GRID_ID,
  stateKeys: ["sort", "dir", "q", "size", "cols", "f.*", "group"],
  defaults: { sort: CLOUD_GRID_DEFAULT_SORT.sort, dir: CLOUD_GRID_DEFAULT_SORT.dir, size: "20" },
  systemViews: CLOUD_GRID_VIEW_ORDER.flatMap((id): SystemGridView[] => {
    if (id === "default") return [{ id, title: "Default", state: {}, basedOn: null }];
    if (id === "all_data") return [{ id, title: "All Data", state: { cols: CLOUD_GRID_COLUMNS.map((c) => c.key).join(",") }, basedOn: null }];
    if (isOwnKey(CLOUD_GROUPING_VIEWS, id)) {
      return [{ id, title: cloudGridViewTitle(id)!, state: { group: CLOUD_GROUPING_VIEWS[id as keyof typeof CLOUD_GROUPING_VIEWS] }, basedOn: null }];
    }
    const title = cloudGridViewTitle(id);
    return title ? [{ id, title, state: {}, basedOn: id }] : [];
  }),
  rowConditionTitle: (id) => cloudGridViewTitle(id),
};

const GRIDS = new Map([CONTAINER_GRID, CLOUD_GRID].map((g) => [g.gridId, g]));

export function gridDefinition(gridId: string): GridDefinition | undefined {
  return GRIDS.get(gridId);
}

export function gridIds(): string[] {
  return [...GRIDS.keys()];
}
