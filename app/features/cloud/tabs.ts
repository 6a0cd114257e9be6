/**
 * The cloud tree page's tabs (spec document 3, section 2.2) and where the address keeps them (decision 012):
 * - a folder (no entityId): Summary and AI Analysis Details, in cloudTabGroup (cloud-summary, cloud-analysis). The
 *   summary's links into the grid say cloud-analysis=cloud-analysis (2.3), which opens the analysis tab too when
 *   cloudTabGroup does not name a tab;
 * - a service (entityId): Overview, Catalog Map and Metric Viewer in cloudexPage (details, catalog, metric-viewer),
 *   each shown only for the service types (and flag) the spec lists; an unavailable one falls back to details.
 * Pure: the loaders, the tab strips and the page titles read the same rules.
 */

export const CLOUD_TAB_PARAM = "cloudTabGroup";
export const CLOUD_ANALYSIS_PARAM = "cloud-analysis";
export const CLOUD_PAGE_PARAM = "cloudexPage";

export const CLOUD_FOLDER_TABS = ["cloud-summary", "cloud-analysis"] as const;
export type CloudFolderTab = (typeof CLOUD_FOLDER_TABS)[number];
export const CLOUD_FOLDER_TAB_LABELS: Record<CloudFolderTab, string> = { "cloud-summary": "Summary", "cloud-analysis": "AI Analysis Details" };

export const CLOUD_ENTITY_TABS = ["details", "catalog", "metric-viewer"] as const;
export type CloudEntityTab = (typeof CLOUD_ENTITY_TABS)[number];
export const CLOUD_ENTITY_TAB_LABELS: Record<CloudEntityTab, string> = { details: "Overview", catalog: "Catalog Map", "metric-viewer": "Metric Viewer" };

/** Service types without a Catalog Map (2.2): scale groups and GCP instances. */
export const NO_CATALOG_MAP_TYPES: readonly string[] = ["VMSS", "VM Scale Set", "VMSS_SINGLE", "ASG", "ASG_SINGLE", "GCE", "GCE Instance"];
/** Service types with a Metric Viewer tab (2.2), when cloudexShowMetricViewer is on. */
export const METRIC_VIEWER_TYPES: readonly string[] = ["GCE", "GCE Instance", "Compute Engine", "Azure VM", "VM", "Virtual Machine", "ASG_SINGLE", "EC2", "RDS", "ASG"];
/** Service types whose chart viewer links to the metric viewer ("View all charts", 2.6). */
export const VIEW_ALL_CHARTS_TYPES: readonly string[] = ["EC2", "RDS", "ASG", "VM", "Azure VM", "Virtual Machine", "Compute Engine", "GCE"];
/** VM scale sets: no impact report, no action control, workload charts only (2.5, 4). */
export const VMSS_TYPES: readonly string[] = ["VMSS", "VM Scale Set"];

export const isVmss = (serviceType: string) => VMSS_TYPES.includes(serviceType);

export interface CloudTabFlags {
  cloudexShowMetricViewer: boolean;
}

/** The folder tab the address names: cloudTabGroup, else the analysis tab when cloud-analysis=cloud-analysis, else Summary. */
export function selectedCloudFolderTab(params: URLSearchParams): CloudFolderTab {
  const named = params.get(CLOUD_TAB_PARAM);
  if ((CLOUD_FOLDER_TABS as readonly string[]).includes(named ?? "")) return named as CloudFolderTab;
  return params.get(CLOUD_ANALYSIS_PARAM) === "cloud-analysis" ? "cloud-analysis" : "cloud-summary";
}

/** The tabs of one service, in the spec's order. */
export function cloudEntityTabs(serviceType: string, flags: CloudTabFlags): CloudEntityTab[] {
  const tabs: CloudEntityTab[] = ["details"];
  if (!NO_CATALOG_MAP_TYPES.includes(serviceType)) tabs.push("catalog");
  if (flags.cloudexShowMetricViewer && METRIC_VIEWER_TYPES.includes(serviceType)) tabs.push("metric-viewer");
  return tabs;
}

/**
 * The tab to show for the requested cloudexPage: the requested one when the service has it, details otherwise;
 * `fellBack` says an unavailable (or unknown) tab was asked for, so the loader can send the address there.
 */
export function resolveCloudEntityTab(requested: string | null, tabs: readonly CloudEntityTab[]): { tab: CloudEntityTab; fellBack: boolean } {
  if (requested === null || requested === "") return { tab: "details", fellBack: false };
  return (tabs as readonly string[]).includes(requested) ? { tab: requested as CloudEntityTab, fellBack: false } : { tab: "details", fellBack: true };
}

export const showViewAllCharts = (serviceType: string, flags: CloudTabFlags) => flags.cloudexShowMetricViewer && VIEW_ALL_CHARTS_TYPES.includes(serviceType);

const FOLDER_TITLES: Record<CloudFolderTab, string> = { "cloud-summary": "Cloud Summary", "cloud-analysis": "Cloud AI Analysis Details" };
const ENTITY_TITLES: Record<CloudEntityTab, string> = { details: "Cloud Overview", catalog: "Catalog Map", "metric-viewer": "Metrics Viewer" };

/**
 * The page title of a cloud tree page (spec 2.1: cloud summary, cloud AI analysis details, cloud overview, catalog
 * map, metrics viewer). The address alone decides: a tab the service does not have was already sent to details.
 */
export function cloudPageTitle(params: URLSearchParams): string {
  if (params.get("entityId")) {
    const page = params.get(CLOUD_PAGE_PARAM) ?? "details";
    return ENTITY_TITLES[(CLOUD_ENTITY_TABS as readonly string[]).includes(page) ? (page as CloudEntityTab) : "details"];
  }
  return FOLDER_TITLES[selectedCloudFolderTab(params)];
}

/** The address of a folder tab: cloudTabGroup set, the summary's own link parameter and per-tab state dropped. */
export function cloudFolderTabHref(pathname: string, search: string, tab: CloudFolderTab): string {
  const p = new URLSearchParams(search);
  p.set(CLOUD_TAB_PARAM, tab);
  for (const k of [CLOUD_ANALYSIS_PARAM, "bar", "drawer", "sel"]) p.delete(k);
  return `${pathname}?${p}`;
}

/** The address of a service tab: cloudexPage set (details is the default and needs none), the chart dialog closed. */
export function cloudEntityTabHref(pathname: string, search: string, tab: CloudEntityTab): string {
  const p = new URLSearchParams(search);
  if (tab === "details") p.delete(CLOUD_PAGE_PARAM);
  else p.set(CLOUD_PAGE_PARAM, tab);
  for (const k of ["chart", "chartMode", "fit"]) p.delete(k);
  return `${pathname}?${p}`;
}
