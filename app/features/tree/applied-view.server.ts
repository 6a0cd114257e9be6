import type { SessionUser } from "~/lib/auth-types";
import type { Db } from "~/models/treeview-common.server";
import { listViews } from "~/models/views.server";
import { listFilters } from "~/models/filters.server";
import { pickItem } from "./pick-default";

/**
 * The View and Filter a tree page shows: the ones in the address when the user may see them, else the defaults
 * (spec document 1, section 4). Every loader of a tree page asks this, so the tree and its tabs always agree.
 */
export async function appliedViewAndFilter(db: Db, user: SessionUser, kind: "containers" | "cloud", params: URLSearchParams) {
  const [views, filters] = await Promise.all([listViews(db, user, kind), listFilters(db, user, kind)]);
  const view = pickItem(views, params.get("viewId"), (v) => v.viewId, (v) => v.defaultView);
  const filter = pickItem(filters, params.get("filterId"), (f) => f.viewFilterId, (f) => f.defaultFilter);
  if (!view.item || !filter.item) throw new Response("No View or Filter is available", { status: 500 });
  return { views, filters, view: view.item, filter: filter.item, viewRejected: view.urlIdRejected, filterRejected: filter.urlIdRejected };
}
