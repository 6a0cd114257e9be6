/** Grid view texts and limits (spec document 2, sections 2.9, 5, 8 and 9), one place for the model and the screens. */
export const GRID_VIEW_TEXT = {
  unique: "View name must be unique",
  sandboxPublic: "Make public is not available in this environment.",
  noViews: "No Views Available",
  unsaved: "Table View (Unsaved)",
  newView: "New View",
  untitledView: "Untitled View",
  copy: "Copy",
  notFound: "Grid view not found. It may have been deleted, or it is private to another user.",
  builtInReadOnly: "Built-in views are read-only.",
  noFavourite: "This view cannot be a favourite.",
  generic: "The view could not be changed. Try again.",
} as const;

/** Grid state saves are debounced (spec section 9). */
export const GRID_STATE_SAVE_DEBOUNCE_MS = 150;
export const MAX_VIEW_TITLE = 100;

/** The built-in views that are never favourites (spec section 2.9). */
export const NOT_FAVOURABLE = ["default", "all_data"] as const;

/** The grid of the AI Analysis Details tab. */
export const CONTAINER_GRID_ID = "grid_views_container_details";
/** The cloud services grid (spec document 3, section 2.4). */
export const CLOUD_GRID_ID = "grid_views_cloudex_services";

/** The POST target of the views bar's forms (app/routes/kubex.containers-tree.grid-views.tsx). */
export const GRID_VIEWS_ACTION = "/kubex/containers-tree/grid-views";

/** Where the selected view of each grid is remembered in the browser. */
export const storageKey = (gridId: string) => `kubex.gridView.${gridId}`;
