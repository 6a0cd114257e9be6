/**
 * What the container tabs of a tree page need: the applied View and Filter, the folder, and the analysis totals
 * under it (one call to the analysis model, scoped exactly as the tree is).
 */
import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { monthlyUnitPrices } from "~/engine/containers";
import { getRequestFlags } from "~/models/feature-flags.server";
import { containerOverview, folderCounts, histogramCounts } from "~/models/container-overview.server";
import { readUnitPrices } from "~/models/config-parameters.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { containerTabs, selectedContainerTab } from "./tabs";
import { loadDetailsGrid } from "./details.server";
import { policyPage, policyRows } from "./policies";
import { folderPolicyPanel } from "~/features/policies/folder-policy.server";
import { summaryCardFigures } from "~/domain/containers/summary-cards";

export async function loadContainerTabs(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  // The View, Filter and folder once; every read below takes the resolved folder.
  const [{ folder: scope }, flags, prices] = await Promise.all([resolvePageFolder(db, user, "containers", params, { request }), getRequestFlags(request, db), readUnitPrices(db)]);
  const tabs = containerTabs(flags);
  const tab = selectedContainerTab(params.get("tabGroup1"), tabs);
  // Each tab reads only what it shows: a cold overview at 150k containers costs about a second. The summary cards
  // (shown only when the container-summary feature is off) read the same cached overview.
  const wantsOverview = tab === "summary" || !flags.showContainerSummary;
  const [overview, histograms, children, grid] = await Promise.all([
    wantsOverview ? containerOverview(db, scope).catch(failed) : Promise.resolve(null),
    tab === "histograms" ? histogramCounts(db, scope).catch(failed) : Promise.resolve(null),
    tab === "breakdown" ? folderCounts(db, scope).catch(failed) : Promise.resolve([]),
    tab === "analysis-details" ? loadDetailsGrid(db, user, scope, params) : Promise.resolve(null),
  ]);
  const unit = monthlyUnitPrices(prices);
  const panel = tab === "policies" ? await folderPolicyPanel(db, user, scope, request) : null;
  const policies = panel ? policyPage(params, policyRows(panel.policies)) : null;
  const summaryCards = flags.showContainerSummary ? null : overview === "error" ? ("error" as const) : overview && summaryCardFigures(overview);
  return { tabs, tab, overview: tab === "summary" ? overview : null, histograms, children, grid, policies, folderPolicy: panel?.folder ?? null, summaryCards, unitPrices: { cpuCoreMonth: unit.cpuCoreMonth, memoryGbMonth: unit.memoryGbMonth } };
}

/** A failed read shows the generic error indicator in place of its content (spec document 2, section 8). */
function failed(error: unknown): "error" {
  console.warn("container tabs: a read failed", error);
  return "error";
}

export type ContainerTabsData = Awaited<ReturnType<typeof loadContainerTabs>>;
