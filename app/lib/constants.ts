/** The spec's texts, limits and constants for the shell, tree, Views and Filters (spec document 1). One place. */
export const BASE = "/kubex";
export const EMPTY_ID = "00000000-0000-0000-0000-000000000000";
export const USER_CTX = "containers";
export const PRODUCT_NAME = "Kubex";
export const SUPPORT_EMAIL = "support@kubex.local";
/**
 * The sandbox's free-trial link (spec documents 1 and 3; its target is not shown there). A self-hosted install's
 * "trial" is this product on one's own clusters and accounts, so the link opens the product's own Help on
 * connecting them (Settings turns the sandbox off).
 */
export const FREE_TRIAL_URLS = { kubernetes: `${BASE}/help/cluster-connections`, cloud: `${BASE}/help/cloud-connections` } as const;

export const DEFAULT_MAX_LEVELS = 10;
export const DEFAULT_MAX_FILTER_LINES = 10;
/** What the server enforces and reports (getMaxFilterLines, max view levels). */
export const SERVER_MAX_VIEW_LEVELS = 8;
export const SERVER_MAX_FILTER_LINES = 12;
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_FILTER_VALUE_LENGTH = 2000;
export const MAX_IN_LIST_VALUES = 500;

export const SEARCH_MIN = 3;
export const SEARCH_MAX = 25;
export const PAREN_MAX = 4;
export const KEEP_ALIVE_MS = 300_000;
export const LARGE_SCREEN_PX = 1280;
export const TREE_WIDTH_DEFAULT_PCT = 20;
export const TREE_WIDTH_MAX_PCT = 25;

export const BANNER_MS = {
  default: 5000,
  saveDelete: 3000,
  searchWarning: 3500,
  searchNotFound: 2000,
  automation: 2500,
  copy: 3000,
} as const;

export const TEXT = {
  rootName: "System Breakdown",
  noDataName: "No Data",
  noDataLabel: "No Data Available",
  viewNameRequired: "View Name is required.",
  viewLevelRequired: "At least one view level is required.",
  filterNameRequired: "Filter Name is required.",
  filterLineRequired: "At least one filter line is required.",
  saveError: "Save Error",
  deleteError: "Delete Error",
  error: "Error",
  addPropertyError: "Add Property Error",
  addRowError: "Add Row Error",
  maxLevels: (max: number) => `Maximum of ${max} tree view levels reached.`,
  maxLines: (n: number) => `Maximum of ${n} filter lines reached.`,
  deleteViewConfirm: "Are you sure you want to delete this view?\nThis action cannot be undone.",
  deleteFilterConfirm: "Are you sure you want to delete this filter?\nThis action cannot be undone.",
  viewLocked: "*Note: View is either read-only or system defined by the author and cannot be modified.",
  filterLocked: "*Note: Filter is either read-only or system defined by the author and cannot be modified.",
  sandboxPublicView: "Public view are not available in this environment.",
  sandboxReadOnlyView: "Read-only for other users are not available in this environment.",
  sandboxPublicFilter: "Public filters are not available in this environment.",
  sandboxReadOnlyFilter: "Read-only filters for other users are not available in this environment.",
  filterSharedBy: (creator: string) => `Filter shared by ${creator}`,
  copyPrefix: "Copy of ",
  genericError: "An error occurred.",
  unauthorized: "Unauthorized or expired token. Please login again.",
  sorry: "We're sorry, something went wrong!",
  haveQuestions: "Have questions? Email us at",
  searchNotFound: (term: string) => `Text '${term}' was not found.`,
  searchPlaceholder: "Enter search term...",
  copied: "Copied to clipboard",
  copyFailed: "Error! Could not copy to clipboard",
  mutationFailed: "Mutation failed.",
  percentRange: "percent must be between 0 and 100.",
  loading: "Loading...",
  sandboxNoConnect: "Connecting your own environment is not available in this sandbox.",
  freeTrial: "Start a free trial",
} as const;

export const FEATURE_FLAGS = [
  "sandboxPlaygroundEnabled",
  "showTreeContextMenu",
  "showTreeCount",
  "lazyLoadFolder",
  "showManageViews",
  "showManageFilters",
  "showSideNavNode",
  "showAutomationNav",
  "cloudexShowConnections",
  "cloudexShowMetricViewer",
  "kubexShowProductTour",
  "showCloudNavGroup",
  "showContainersNavGroup",
  "kubexNavBar",
  "showContainerSummary",
  "showPolicyTab",
  "showNodeGroupChart",
  "kubexShowGpuData",
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];

/** Where a flag sits on the Settings screen, in this order. */
export const FEATURE_FLAG_AREAS = ["Navigation", "Containers", "Nodes", "Cloud", "Environment"] as const;

/**
 * What each flag means to the people who switch it (Settings, issue 14): a name, one sentence on what it shows or
 * changes, and its area. The stored name stays the spec's (the GraphQL featureSet answers it).
 */
export const FEATURE_FLAG_INFO: Readonly<Record<FeatureFlagName, { label: string; description: string; area: (typeof FEATURE_FLAG_AREAS)[number] }>> = {
  kubexNavBar: { area: "Navigation", label: "Grouped navigation", description: "Groups the side navigation into Containers and Cloud sections; off, it is one list." },
  showContainersNavGroup: { area: "Navigation", label: "Containers section", description: "The Containers section (Containers, Nodes) of the grouped navigation." },
  showCloudNavGroup: { area: "Navigation", label: "Cloud section", description: "The Cloud section (Cloud, Cloud Connections) of the grouped navigation." },
  showAutomationNav: { area: "Navigation", label: "Automation screen", description: "The Automation status screen and its link in the navigation." },
  kubexShowProductTour: { area: "Navigation", label: "Product tour", description: "Offers new users the guided tour, and keeps it in the Help menu." },
  showContainerSummary: { area: "Containers", label: "Summary and Breakdown tabs", description: "A folder opens on its Summary (spend, waste, Optimization Breakdown) with a Breakdown tab; off, it opens on Histograms with summary cards." },
  showPolicyTab: { area: "Containers", label: "Policies tab", description: "The Policies tab of folders and containers: which policy applies, and its parameters." },
  showManageViews: { area: "Containers", label: "Manage Views", description: "The edit button beside Tree View, to create, change and share Views." },
  showManageFilters: { area: "Containers", label: "Manage Filters", description: "The edit button beside Tree Filter, to create, change and share Filters." },
  showTreeContextMenu: { area: "Containers", label: "Tree menu", description: "Right-click (or Shift+F10) on a folder or container to enable or disable automation." },
  showTreeCount: { area: "Containers", label: "Counts in the tree", description: "Each folder's container count beside its name (not while folders load when opened)." },
  lazyLoadFolder: { area: "Containers", label: "Load folders when opened", description: "Big folders fetch their children when opened instead of with the page; the tree then shows no counts." },
  kubexShowGpuData: { area: "Containers", label: "GPU data", description: "GPU columns, charts and recommendations, for sources that measure GPUs." },
  showSideNavNode: { area: "Nodes", label: "Nodes screens", description: "The Nodes tree with Node Group Analysis and the Nodes grid, and their link in the navigation." },
  showNodeGroupChart: { area: "Nodes", label: "Node group charts", description: "The Utilization Charts panel under Node Group Analysis for the selected group." },
  cloudexShowConnections: { area: "Cloud", label: "Cloud Connections", description: "The Cloud Connections screen (AWS, Azure and GCP accounts) and its link." },
  cloudexShowMetricViewer: { area: "Cloud", label: "Cloud Metric Viewer", description: "The Metric Viewer tab and the View all charts link of cloud machines." },
  sandboxPlaygroundEnabled: { area: "Environment", label: "Demo sandbox", description: "Runs as a shared demo: nothing can be made public, connecting clusters or cloud accounts is blocked, and a free-trial link shows." },
};

/** Flags stored under an earlier name: seeding moves the stored value to the spec's name. */
export const RENAMED_FLAGS: Readonly<Record<string, FeatureFlagName>> = { gpuEnabled: "kubexShowGpuData" };

/**
 * Every flag starts on except the sandbox (issue 14): with sandboxPlaygroundEnabled on nobody can make a View, a
 * Filter or a grid view public, which a self-hosted install should allow from the start. Each is switchable on the
 * settings screen, and KUBEX_FLAGS_OFF switches more off on first start.
 */
export const FLAGS_OFF_BY_DEFAULT: readonly FeatureFlagName[] = ["sandboxPlaygroundEnabled"];
