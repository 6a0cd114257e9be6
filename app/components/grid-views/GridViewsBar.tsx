import { RiArrowDownSLine, RiCircleFill } from "@remixicon/react";
import { Link, useLocation } from "@remix-run/react";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import type { GridViewsBarData } from "~/features/grid-views/bar.server";
import { GRID_VIEW_TEXT } from "~/domain/grid-views/texts";
import { IntentForm } from "./hidden";
import { TitleForm } from "./TitleForm";
import { ViewActions, type ViewAction } from "./ViewActions";
import { FavouriteToggle, ViewsList } from "./ViewsList";
import { useAutoSave, useRememberedView } from "./useGridViewEffects";

const PANEL = "absolute left-0 z-30 mt-1 rounded-md border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900";

/**
 * Saved views of a grid (spec document 2, section 2.9): the views menu with the current view's title (or "Table
 * View (Unsaved)" when a read-only view's grid was changed), its favourite star, Save (own views with changes),
 * Save as new, and the view actions. Every control is a link or a form, so it all works without JavaScript; with
 * it, the menus close on a choice, Escape or a click outside, edits to own views save themselves and the selection
 * is remembered.
 */
export function GridViewsBar({ bar }: { bar: GridViewsBarData }) {
  const { pathname, search } = useLocation();
  const autoSaveError = useAutoSave(bar);
  useRememberedView(bar);
  const view = bar.selected;
  const editable = Boolean(view && !view.readOnly && !bar.temporary);
  const href = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const k of ["gvAction", "gvError", "gvTitle"]) p.delete(k);
    for (const [k, v] of Object.entries(changes)) if (v !== null) p.set(k, v);
    return `${pathname}?${p}`;
  };
  const cancelHref = href({});
  const label = view ? (bar.unsaved && !editable ? GRID_VIEW_TEXT.unsaved : view.title) : GRID_VIEW_TEXT.noViews;
  const menuLabel = `View: ${label}${bar.unsaved && editable ? " (unsaved changes)" : ""}`;

  const actions: ViewAction[] = [{ kind: "post", key: "create", label: "Create", intent: "create" }];
  if (view && !bar.temporary) actions.push({ kind: "post", key: "duplicate", label: "Duplicate", intent: "duplicate", viewId: view.id });
  if (view && editable) {
    actions.push({ kind: "link", key: "rename", label: "Rename", href: href({ gvAction: "rename" }) });
    actions.push({ kind: "link", key: "delete", label: "Delete", href: href({ gvAction: "delete" }) });
    if (view.category === "private") {
      actions.push({
        kind: "post",
        key: "publish",
        label: "Make public",
        intent: "publish",
        viewId: view.id,
        disabled: bar.sandbox,
        note: bar.sandbox ? GRID_VIEW_TEXT.sandboxPublic : undefined,
      });
    }
  }

  const trigger = (
    <>
      <span className="muted">View:</span>
      <span className={`max-w-[14rem] truncate ${bar.unsaved && !editable ? "italic" : ""}`} data-testid="grid-view-title">
        {label}
      </span>
      {bar.unsaved && editable ? (
        <span className="text-amber-700 dark:text-amber-400" title="Unsaved changes">
          <RiCircleFill aria-hidden="true" className="h-2 w-2" />
          <span className="sr-only">(unsaved changes)</span>
        </span>
      ) : null}
      <RiArrowDownSLine aria-hidden="true" className="h-4 w-4 shrink-0" />
    </>
  );

  return (
    <div className="mb-3" data-testid="grid-views">
      <div className="flex flex-wrap items-center gap-2">
        <DisclosureMenu summary={trigger} summaryClassName="btn cursor-pointer list-none [&::-webkit-details-marker]:hidden" summaryLabel={menuLabel} summaryTestId="grid-views-menu" panelClassName={PANEL}>
          <ViewsList bar={bar} />
        </DisclosureMenu>
        {view && !bar.temporary ? <FavouriteToggle gridId={bar.gridId} view={view} /> : null}
        {bar.unsaved && editable && view ? (
          <IntentForm gridId={bar.gridId} intent="save" viewId={view.id} buttonClassName="btn-primary" testId="grid-view-save">
            Save
          </IntentForm>
        ) : null}
        <Link to={href({ gvAction: "saveas" })} className="btn" data-testid="grid-view-saveas">
          Save as new
        </Link>
        <ViewActions gridId={bar.gridId} actions={actions} />
        {bar.unsaved && !editable && view ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            Changes to {view.title} are not saved: {view.category === "system" ? "built-in views are read-only" : `${view.owner}'s view is read-only`}.
          </span>
        ) : null}
      </div>
      {bar.missing ? <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{GRID_VIEW_TEXT.notFound}</p> : null}
      {autoSaveError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {autoSaveError}
        </p>
      ) : null}
      {bar.ui.error && !bar.ui.action ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300" data-testid="grid-view-error">
          {bar.ui.error}
        </p>
      ) : null}
      <div className="mt-2 empty:hidden">
        {bar.ui.action === "rename" && view && editable ? <TitleForm bar={bar} intent="rename" viewId={view.id} initial={bar.ui.error ? bar.ui.title : view.title} cancelHref={cancelHref} /> : null}
        {bar.ui.action === "saveas" ? <TitleForm bar={bar} intent="saveas" viewId={view?.id ?? ""} initial={bar.ui.title} cancelHref={cancelHref} /> : null}
        {bar.ui.action === "delete" && view && editable ? (
          <div role="alertdialog" aria-label="Delete view" className="flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm dark:border-red-900 dark:bg-red-950/40" data-testid="grid-view-delete-confirm">
            <span>
              Delete the view <strong>{view.title}</strong>? This cannot be undone.
            </span>
            <IntentForm gridId={bar.gridId} intent="delete" viewId={view.id} buttonClassName="btn-danger" testId="grid-view-delete-confirm-button">
              Delete
            </IntentForm>
            <Link to={cancelHref} className="btn">
              Cancel
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}
