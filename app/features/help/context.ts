/**
 * Which Help page belongs to the screen at an address (decision 026): the Help menu and the link beside the page
 * title open the page for the screen the user is on. Pure, so the header, the tests and the server read one rule.
 */
import { BASE } from "~/lib/constants";
import { containerTabs, selectedContainerTab, type ContainerTab } from "~/features/containers/tabs";
import { selectedCloudFolderTab, CLOUD_PAGE_PARAM } from "~/features/cloud/tabs";

export const HELP_BASE = `${BASE}/help`;

const CONTAINER_TAB_PAGES: Record<ContainerTab, string> = {
  summary: "containers-summary",
  breakdown: "containers-breakdown",
  histograms: "containers-histograms",
  "analysis-details": "containers-analysis-details",
  policies: "policies",
};

export interface HelpFlags {
  showContainerSummary: boolean;
  showPolicyTab: boolean;
}

/** The Help page's slug for a screen's address; null where no one screen is meant (the Help pages themselves). */
export function helpSlugFor(pathname: string, search: URLSearchParams, flags: HelpFlags = { showContainerSummary: true, showPolicyTab: true }): string | null {
  const path = pathname.replace(/\/+$/, "");
  if (!path.startsWith(BASE) || path.startsWith(HELP_BASE)) return null;
  if (path.includes("/containers-tree/manage-views") || path.includes("/containers-tree/manage-filters")) return "views-filters";
  if (path.includes("/containers-tree")) {
    if (search.get("entityId")) return search.get("tabGroup2") === "policies" ? "policies" : "workload";
    if (path.endsWith("/grid-views")) return "containers-analysis-details";
    return CONTAINER_TAB_PAGES[selectedContainerTab(search.get("tabGroup1"), containerTabs(flags))];
  }
  if (path.includes("/nodes-tree")) return search.get("type") === "NODE" || search.get("tabGroupNode") === "node-detail" ? "nodes" : "node-groups";
  if (path.includes("/cloud-tree/catalog-map")) return "catalog-map";
  if (path.includes("/cloud-tree")) {
    if (search.get("entityId")) return search.get(CLOUD_PAGE_PARAM) === "catalog" ? "catalog-map" : "cloud-service";
    return selectedCloudFolderTab(search) === "cloud-analysis" ? "cloud-services" : "cloud-summary";
  }
  if (path.endsWith("/collectionstatus/automation")) return "automation";
  if (path.endsWith("/collectionstatus/connections") || path.endsWith("/cluster-connections")) return "cluster-connections";
  if (path.endsWith("/cloud/connections")) return "cloud-connections";
  if (path.endsWith("/settings")) return "settings";
  if (path.endsWith("/share")) return "share";
  return null;
}

/** The address of the Help page for a screen: its own page, or the Help index. */
export function helpHref(pathname: string, search: URLSearchParams, flags?: HelpFlags): string {
  const slug = helpSlugFor(pathname, search, flags);
  return slug ? `${HELP_BASE}/${slug}` : HELP_BASE;
}
