/**
 * What a grid's views bar shows, from the address: the views the user sees, the selected one (gridViewId; the
 * first view without it), whether the grid's state differs from the view's, and the built-in row condition the
 * grid must apply (a saved view keeps the one it was made from). Also the inline form or message the address asks
 * for (gvAction, gvError, gvTitle), so every step works without JavaScript.
 */
import type { SessionUser } from "~/lib/auth-types";
import { isFlagOn } from "~/models/feature-flags.server";
import { listGridViews, type GridViewItem } from "~/models/grid-views.server";
import type { Db } from "~/models/treeview-common.server";
import { gridDefinition } from "~/domain/grid-views/grids";
import { sameState, stateFromParams, type GridState } from "~/domain/grid-views/state";
import { CONTAINER_GRID_ID, GRID_VIEW_TEXT } from "~/domain/grid-views/texts";
import { isOwnKey } from "~/lib/own-key";

export type BarView = Pick<GridViewItem, "id" | "title" | "category" | "isFavorite" | "canFavorite" | "readOnly" | "owner" | "gridState" | "basedOn">;

/** Messages the action can send back (by code, so an address cannot make the page say anything else). */
export const BAR_ERRORS = {
  unique: GRID_VIEW_TEXT.unique,
  sandbox: GRID_VIEW_TEXT.sandboxPublic,
  readonly: "This view is read-only.",
  notFound: GRID_VIEW_TEXT.notFound,
  generic: GRID_VIEW_TEXT.generic,
  expired: "This form has expired. Reload the page and try again.",
} as const;
export type BarError = keyof typeof BAR_ERRORS;

export const BAR_ACTIONS = ["rename", "delete", "saveas"] as const;
export type BarAction = (typeof BAR_ACTIONS)[number];

function slim(v: GridViewItem): BarView {
  const { id, title, category, isFavorite, canFavorite, readOnly, owner, gridState, basedOn } = v;
  return { id, title, category, isFavorite, canFavorite, readOnly, owner, gridState, basedOn };
}

export async function loadGridViewsBar(db: Db, user: SessionUser, params: URLSearchParams, gridId: string = CONTAINER_GRID_ID) {
  const def = gridDefinition(gridId);
  if (!def) throw new Error(`No grid definition for ${gridId}`);
  const [{ views }, sandbox] = await Promise.all([listGridViews(db, user, gridId), isFlagOn(db, "sandboxPlaygroundEnabled")]);
  const requested = params.get("gridViewId");
  const listed = requested ? views.find((v) => v.id === requested) : views[0];
  // A histogram bar's rows (or another built-in condition not in the list): shown as a read-only, unsaved view.
  const conditionTitle = !listed && requested ? def.rowConditionTitle(requested) : null;
  const selected: BarView | null = listed
    ? slim(listed)
    : conditionTitle
      ? { id: requested!, title: conditionTitle, category: "system", isFavorite: false, canFavorite: false, readOnly: true, owner: "system", gridState: {}, basedOn: requested }
      : null;
  const currentState: GridState = stateFromParams(params, def);
  const action = params.get("gvAction");
  const error = params.get("gvError");
  return {
    gridId,
    rules: { stateKeys: [...def.stateKeys], defaults: { ...def.defaults } },
    views: views.map(slim),
    selected,
    /** The view is not one of the list (a histogram bar's rows). */
    temporary: Boolean(selected && !listed),
    /** The address names a view the user cannot see (deleted, or private to another user). */
    missing: Boolean(requested && !selected),
    unsaved: selected ? !sameState(currentState, selected.gridState, def) : false,
    currentState,
    sandbox,
    /** The built-in row condition for the grid: the selected view's, or the address's own when it names no view. */
    rowViewId: selected ? selected.basedOn : requested,
    ui: {
      action: (BAR_ACTIONS as readonly string[]).includes(action ?? "") ? (action as BarAction) : null,
      error: error && isOwnKey(BAR_ERRORS, error) ? BAR_ERRORS[error as BarError] : null,
      title: (params.get("gvTitle") ?? "").slice(0, 200),
    },
  };
}

export type GridViewsBarData = Awaited<ReturnType<typeof loadGridViewsBar>>;

/** The address the grid reads its rows from: gridViewId replaced by the built-in row condition of the selected view. */
export function withRowView(params: URLSearchParams, rowViewId: string | null): URLSearchParams {
  const p = new URLSearchParams(params);
  if (rowViewId) p.set("gridViewId", rowViewId);
  else p.delete("gridViewId");
  return p;
}

/** The same for a reader without the bar (the export): the rows the grid shows for this address. */
export async function rowViewParams(db: Db, user: SessionUser, params: URLSearchParams, gridId: string = CONTAINER_GRID_ID): Promise<URLSearchParams> {
  return withRowView(params, (await loadGridViewsBar(db, user, params, gridId)).rowViewId);
}
