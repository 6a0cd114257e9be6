/**
 * The grids that have saved views, by gridId ("grid_views_" + the grid's name): which address keys are their state,
 * their defaults, their built-in (system) views in the spec's order, and which built-in row conditions a saved
 * view may keep.
 */
import { GRID_VIEW_TITLES, gridViewTitle } from "~/domain/containers/grid-view-ids";
import { availableColumns } from "~/domain/containers/grid-columns";
import type { GridState, GridStateRules } from "./state";
import { CONTAINER_GRID_ID } from "./texts";

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

const GRIDS = new Map([CONTAINER_GRID].map((g) => [g.gridId, g]));

export function gridDefinition(gridId: string): GridDefinition | undefined {
  return GRIDS.get(gridId);
}

export function gridIds(): string[] {
  return [...GRIDS.keys()];
}
