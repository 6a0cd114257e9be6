/** Page titles derive from the route and the query (spec document 1, section 2). */
const CONTAINER_TABS: Record<string, string> = {
  summary: "Container Summary",
  overview: "Container Summary",
  "analysis-details": "AI Analysis Details",
  breakdown: "Breakdown",
  histograms: "Histograms",
  policies: "Policies",
  metricViewer: "Metrics Viewer",
};
const NODE_TABS: Record<string, string> = {
  nodeDetails: "Node Details",
  nodeGroupAnalysis: "Node Group Analysis",
  overview: "Overview",
  metricViewer: "Metrics Viewer",
};
const CLOUD_TABS: Record<string, string> = {
  summary: "Cloud Summary",
  analysisDetails: "Cloud AI Analysis Details",
  overview: "Cloud Overview",
  catalogMap: "Catalog Map",
  metricViewer: "Metrics Viewer",
};

export function pageTitle(pathname: string, search: URLSearchParams): string {
  const leaf = search.get("fullPath")?.split("/").filter(Boolean).pop();
  const suffix = leaf ? ` · ${leaf}` : "";
  if (pathname.includes("/containers-tree")) {
    const tab = search.get("tabGroup2") === "metricViewer" ? "metricViewer" : search.get("tabGroup1") ?? "summary";
    return `${CONTAINER_TABS[tab] ?? "Containers"}${suffix}`;
  }
  if (pathname.includes("/nodes-tree")) {
    const tab = search.get("tabGroupNode") ?? (search.get("type") === "NODE" ? "nodeDetails" : "nodeGroupAnalysis");
    return `${NODE_TABS[tab] ?? "Nodes"}${suffix}`;
  }
  if (pathname.includes("/cloud-tree")) {
    const tab = search.get("cloudTabGroup") ?? "summary";
    return `${CLOUD_TABS[tab] ?? "Cloud"}${suffix}`;
  }
  if (pathname.includes("/collectionstatus/automation")) return "Automation";
  if (pathname.includes("/collectionstatus/connections")) return "Kubernetes Connections";
  if (pathname.includes("/cloud/connections")) return "Cloud Connections";
  if (pathname.includes("/settings")) return "Settings";
  return "Kubex";
}
