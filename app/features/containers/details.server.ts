/**
 * AI Analysis Details (spec document 2, section 2.3) as a server-side grid: the address holds the grid view,
 * search, sort, page and page size, so it works with JavaScript off and at 150,000 rows.
 */
import type { SessionUser } from "~/lib/auth-types";
import type { Db } from "~/models/treeview-common.server";
import { containerRows, GRID_VIEW_CONDITIONS, SORTABLE_FIELDS } from "~/models/container-analysis.server";

import { PAGE_SIZES } from "./page-sizes";
const BUCKET_VIEW = /^(cpuRequest|cpuLimit|memRequest|memLimit)_bucket_(-?\d{1,3})$/;

export const GRID_VIEW_TITLES: Record<string, string> = {
  realizable_cpu_saving: "Realizable CPU savings",
  realizable_memory_savings: "Realizable memory savings",
  cpu_request_risk: "CPU request risk",
  memory_request_risks: "Memory request risk",
  additional_cpu_waste: "Additional CPU waste",
  additional_memory_waste: "Additional memory waste",
  unspecified_cpu_request_risk: "Unspecified CPU requests",
  unspecified_memory_request_risks: "Unspecified memory requests",
};

export function gridViewTitle(id: string | null): string | null {
  if (!id) return null;
  const m = BUCKET_VIEW.exec(id);
  if (m) {
    const chart = { cpuRequest: "CPU request", cpuLimit: "CPU limit", memRequest: "Memory request", memLimit: "Memory limit" }[m[1]];
    return `${chart}: ${m[2] === "-1" ? "Unspecified" : `${m[2]}% of recommended`}`;
  }
  return GRID_VIEW_TITLES[id] ?? null;
}

export async function loadDetailsGrid(db: Db, user: SessionUser, scope: { viewId: string; filterId: string; treeviewPath: string }, params: URLSearchParams) {
  const gridViewId = params.get("gridViewId");
  const bucket = gridViewId ? BUCKET_VIEW.exec(gridViewId) : null;
  const known = gridViewId && (bucket || Object.hasOwn(GRID_VIEW_CONDITIONS, gridViewId));
  const sortField = params.get("sort") ?? "monthlyWaste";
  const sort = Object.hasOwn(SORTABLE_FIELDS, sortField) ? sortField : "monthlyWaste";
  const dir = params.get("dir") === "asc" ? "asc" : "desc";
  const size = PAGE_SIZES.find((s) => String(s) === params.get("size")) ?? 20;
  const requested = Number.parseInt(params.get("page") ?? "1", 10);
  const search = (params.get("q") ?? "").slice(0, 100);
  const fetch = (page: number) =>
    containerRows(db, user, {
      ...scope,
      gridViewId: known && !bucket ? gridViewId : null,
      bucket: bucket ? { metric: bucket[1], value: Number(bucket[2]) } : null,
      search,
      sort: { field: sort, direction: dir },
      page,
      pageSize: size,
    });
  let result = await fetch(Number.isFinite(requested) && requested > 0 ? requested : 1);
  const lastPage = Math.max(1, Math.ceil(result.total / size));
  if (result.page > lastPage) result = await fetch(lastPage);
  return {
    ...result,
    lastPage,
    sort,
    dir,
    search,
    gridViewId: known ? gridViewId : null,
    gridViewTitle: known ? gridViewTitle(gridViewId) : null,
    unknownGridView: gridViewId && !known ? gridViewId : null,
  };
}

export type DetailsGridData = Awaited<ReturnType<typeof loadDetailsGrid>>;
