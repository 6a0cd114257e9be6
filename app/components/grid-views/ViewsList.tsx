import { Link, useLocation } from "@remix-run/react";
import { RiStarFill, RiStarLine } from "@remixicon/react";
import type { BarView, GridViewsBarData } from "~/features/grid-views/bar.server";
import { viewSearch } from "~/domain/grid-views/state";
import { GRID_VIEW_TEXT } from "~/domain/grid-views/texts";
import { IntentForm } from "./hidden";

const GROUPS = [
  { category: "system", label: "System Views" },
  { category: "public", label: "Public Views" },
  { category: "private", label: "My Views" },
] as const;

/** A star button that adds or removes the view from the user's favourites. */
export function FavouriteToggle({ gridId, view, className = "" }: { gridId: string; view: BarView; className?: string }) {
  if (!view.canFavorite) return null;
  const on = view.isFavorite;
  return (
    <IntentForm
      gridId={gridId}
      intent={on ? "unfavourite" : "favourite"}
      viewId={view.id}
      label={`${on ? "Unfavourite" : "Favourite"} ${view.title}`}
      title={on ? "Remove from favourites" : "Add to favourites"}
      buttonClassName={`rounded px-1.5 text-lg leading-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 ${on ? "text-amber-700 dark:text-amber-400" : "text-slate-400 hover:text-amber-500 dark:text-slate-500"} ${className}`}
      testId={`favourite-${view.id}`}
    >
      {on ? <RiStarFill aria-hidden="true" className="h-5 w-5" /> : <RiStarLine aria-hidden="true" className="h-5 w-5" />}
    </IntentForm>
  );
}

/**
 * The views grouped System, Public and My Views, each a link that applies the view's state to the grid.
 */
export function ViewsList({ bar }: { bar: GridViewsBarData }) {
  const { pathname, search } = useLocation();
  return (
    <div className="max-h-[60vh] w-72 overflow-y-auto py-1 text-sm sm:w-80" data-testid="grid-views-list">
      {GROUPS.map((g) => {
        const views = bar.views.filter((v) => v.category === g.category);
        return (
          <section key={g.category} aria-label={g.label} className="py-1">
            <h3 className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{g.label}</h3>
            {views.length === 0 ? <p className="px-3 py-1 text-slate-500 dark:text-slate-400">{GRID_VIEW_TEXT.noViews}</p> : null}
            <ul>
              {views.map((v) => {
                const current = v.id === bar.selected?.id;
                const link = (
                  <Link
                    to={pathname + viewSearch(search, v.id, v.gridState, bar.rules)}
                    aria-current={current ? "true" : undefined}
                    className={`block min-w-0 flex-1 truncate rounded px-2 py-1.5 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:bg-slate-800 ${current ? "font-semibold text-sky-700 dark:text-sky-300" : ""}`}
                    data-testid={`select-view-${v.id}`}
                  >
                    {v.title}
                    {v.category === "public" && v.readOnly ? <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">by {v.owner}</span> : null}
                  </Link>
                );
                return (
                  <li key={v.id} className="flex items-center gap-1 px-1">
                    {link}
                    <FavouriteToggle gridId={bar.gridId} view={v} />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
