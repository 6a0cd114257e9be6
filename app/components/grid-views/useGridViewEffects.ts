import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { GridViewsBarData } from "~/features/grid-views/bar.server";
import { stateFromParams, viewSearch } from "~/domain/grid-views/state";
import { GRID_STATE_SAVE_DEBOUNCE_MS, GRID_VIEWS_ACTION, storageKey } from "~/domain/grid-views/texts";
import { useCsrf } from "./hidden";

/**
 * With JavaScript, edits to the grid (sort, search, page size...) on the user's own view are saved by themselves,
 * 150 ms after the last one (spec section 2.9); built-in and others' views are never saved over.
 */
export function useAutoSave(bar: GridViewsBarData) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const csrf = useCsrf();
  const { pathname, search } = useLocation();
  const view = bar.selected;
  const editable = Boolean(view && !view.readOnly && !bar.temporary);
  useEffect(() => {
    if (!editable || !bar.unsaved || !view) return;
    const t = setTimeout(() => {
      fetcher.submit(
        { csrf, gridId: bar.gridId, intent: "save", viewId: view.id, returnTo: pathname + search, js: "1" },
        { method: "post", action: GRID_VIEWS_ACTION },
      );
    }, GRID_STATE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // fetcher is stable enough for this purpose; a new address or view restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editable, bar.unsaved, view?.id, pathname, search, csrf, bar.gridId]);
  return fetcher.data?.error ?? null;
}

/**
 * The selected view is remembered per grid in the browser's local storage. Arriving at the grid (the tab opened,
 * or another folder, View or Filter) with no view and no grid state in the address selects the remembered one, if
 * the user still sees it. Clearing the view later on the same grid ("Show all rows") is remembered as the first.
 */
export function useRememberedView(bar: GridViewsBarData) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const context = useRef<string | null>(null);
  useEffect(() => {
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return;
    }
    const params = new URLSearchParams(search);
    const here = ["fullPath", "viewId", "filterId"].map((k) => params.get(k) ?? "").join("\u0000");
    const arrived = context.current !== here;
    context.current = here;
    const key = storageKey(bar.gridId);
    const named = params.get("gridViewId");
    if (named) {
      if (bar.selected && !bar.temporary && bar.selected.id === named) storage.setItem(key, named);
      return;
    }
    if (Object.keys(stateFromParams(params, bar.rules)).length) return;
    const remembered = storage.getItem(key);
    const view = remembered ? bar.views.find((v) => v.id === remembered) : undefined;
    if (!arrived || !view) {
      if (bar.views[0]) storage.setItem(key, bar.views[0].id);
      return;
    }
    if (view.id !== bar.views[0]?.id) navigate(pathname + viewSearch(params, view.id, view.gridState, bar.rules), { replace: true });
  }, [bar, pathname, search, navigate]);
}
