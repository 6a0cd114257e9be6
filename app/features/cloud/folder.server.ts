/**
 * What the cloud tree's folder tabs need (spec document 3, sections 2.2–2.4): the View, Filter and folder resolved
 * once, then only the tab in the address: the folder summary (one cached read per snapshot and folder) or the
 * services grid.
 */
import { getStore } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { monthlyUnitPrices } from "~/engine/containers";
import { readUnitPrices } from "~/models/config-parameters.server";
import { cloudSummary } from "~/models/cloud-analysis.server";
import { loadCloudGrid } from "./grid.server";
import { folderPriceSources } from "./prices";
import { cloudTreeviewPath } from "./summary";
import { CLOUD_FOLDER_TABS, selectedCloudFolderTab } from "./tabs";

export async function loadCloudFolder(request: Request) {
  const user = await requireUser(request);
  const store = await getStore();
  const params = new URL(request.url).searchParams;
  const [{ folder: scope }, prices] = await Promise.all([resolvePageFolder(store.db, user, "cloud", params, { request }), readUnitPrices(store.db)]);
  const tab = selectedCloudFolderTab(params);
  const [summary, grid] = await Promise.all([
    tab === "cloud-summary" ? cloudSummary(store.db, scope).catch(failed) : Promise.resolve(null),
    tab === "cloud-analysis" ? loadCloudGrid(store, user, scope, params) : Promise.resolve(null),
  ]);
  const unit = monthlyUnitPrices(prices);
  return {
    kind: "folder" as const,
    tabs: [...CLOUD_FOLDER_TABS],
    tab,
    // The summary's path rule (2.3) reads the spec's form of the folder's path.
    path: cloudTreeviewPath(scope.folder.fullPath),
    summary,
    priceSources: summary && summary !== "error" ? folderPriceSources(summary) : [],
    grid,
    unitPrices: { cpuCoreMonth: unit.cpuCoreMonth, memoryGbMonth: unit.memoryGbMonth },
  };
}

/** A failed summary shows the generic error indicator in its place; the page stays usable (decision 005). */
function failed(error: unknown): "error" {
  console.warn("cloud summary: the read failed", error);
  return "error";
}

export type CloudFolderData = Awaited<ReturnType<typeof loadCloudFolder>>;
