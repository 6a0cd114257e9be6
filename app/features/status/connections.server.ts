import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { containerDataStatusRows, latestCollectionRun } from "~/models/collection-status.server";
import { isFlagOn } from "~/models/feature-flags.server";

import { CONNECTION_PAGE_SIZES } from "./connections";

/**
 * Kubernetes connections (spec document 3, 2.9): the clusters data arrives from, with their latest counts and
 * versions; search, page and page size come from the address (?q=&page=&size=), so it all works without script.
 */
export async function loadConnections(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const sizeParam = Number(url.searchParams.get("size"));
  const size = (CONNECTION_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : CONNECTION_PAGE_SIZES[0];
  const [all, run, sandbox] = await Promise.all([containerDataStatusRows(db), latestCollectionRun(db), isFlagOn(db, "sandboxPlaygroundEnabled")]);
  const needle = q.toLowerCase();
  const matching = needle ? all.filter((r) => r.clusterName.toLowerCase().includes(needle)) : all;
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const page = Math.min(pages, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  return {
    clusters: matching.slice((page - 1) * size, page * size),
    total: matching.length,
    q,
    size,
    page,
    pages,
    run: run ?? null,
    sandbox,
    isAdmin: user.isAdmin,
  };
}
