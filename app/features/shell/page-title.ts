/** Page titles derive from the route and the query (spec document 1, section 2) and, for default tabs, the flags. */
import { containerTabs, selectedContainerTab } from "~/features/containers/tabs";
import { cloudPageTitle } from "~/features/cloud/tabs";
import { ownValue } from "~/lib/own-key";
import { helpTitle } from "~/features/help/titles";

const CONTAINER_TABS: Record<string, string> = {
  summary: "Container Summary",
  "analysis-details": "AI Analysis Details",
  breakdown: "Breakdown",
  histograms: "Histograms",
  policies: "Policies",
};
const WORKLOAD_TABS: Record<string, string> = {
  overview: "Overview",
  metricViewer: "Metrics Viewer",
  policies: "Policies",
};

/** The node screens' tabs (tabGroupNode) by type: NODE has only its details, NODEGROUP Overview and Nodes. */
function nodeTitle(search: URLSearchParams): string {
  const type = search.get("type");
  const tab = search.get("tabGroupNode");
  if (type === "NODE") return "Node Details";
  // The Nodes tab's address value is node-detail (features/nodes/constants.ts).
  if (tab === "node-detail") return "Nodes";
  return type === "NODEGROUP" ? "Overview" : "Node Group Analysis";
}

export interface TitleFlags {
  showContainerSummary: boolean;
  showPolicyTab: boolean;
}

export function pageTitle(pathname: string, search: URLSearchParams, flags: TitleFlags = { showContainerSummary: true, showPolicyTab: true }): string {
  const leaf = search.get("fullPath")?.split("/").filter(Boolean).pop();
  const suffix = leaf ? ` · ${leaf}` : "";
  // First: a Help page's slug may name another screen (/kubex/help/settings).
  const help = /^\/kubex\/help(?:\/([^/]+))?\/?$/.exec(pathname);
  if (help) {
    const title = help[1] ? helpTitle(help[1]) : undefined;
    return title ? `Help · ${title}` : "Help";
  }
  if (pathname.includes("/containers-tree")) {
    if (pathname.endsWith("/what-if")) return `What-if${suffix}`;
    if (search.get("entityId")) return `${ownValue(WORKLOAD_TABS, search.get("tabGroup2") ?? "overview") ?? "Overview"}${suffix}`;
    const tab = selectedContainerTab(search.get("tabGroup1"), containerTabs(flags));
    return `${ownValue(CONTAINER_TABS, tab) ?? "Containers"}${suffix}`;
  }
  if (pathname.includes("/nodes-tree")) {
    return `${nodeTitle(search)}${suffix}`;
  }
  if (pathname.includes("/cloud-tree/catalog-map")) return `Catalog Map${suffix}`;
  if (pathname.includes("/cloud-tree")) return `${cloudPageTitle(search)}${suffix}`;
  if (pathname.includes("/collectionstatus/automation")) return "Automation";
  if (pathname.includes("/collectionstatus/connections")) return "Kubernetes Connections";
  if (pathname.includes("/cloud/connections")) return "Cloud Connections";
  if (pathname.includes("/settings")) return "Settings";
  if (pathname.endsWith("/cluster-connections")) return "Cluster Connections";
  if (pathname.endsWith("/kubex/policies")) return "Policies";
  if (pathname.endsWith("/share")) return "Share";
  return "Kubex";
}
