/**
 * The cloud services grid's built-in grid views (spec document 3, section 2.3), in the spec's order. Some ids are
 * menu structure (divider and the three section headings), three group the rows by a column, the rest keep only
 * the rows of one provider, service type or recommendation. Pure: the model holds each view's row condition.
 */
import { isOwnKey } from "~/lib/own-key";
export const CLOUD_GRID_VIEW_ORDER = [
  "default",
  "all_data",
  "divider",
  "system_views",
  "public_views",
  "private_views",
  "cloud_provider",
  "optimization_type",
  "service_type",
  "ASG",
  "EC2",
  "RDS",
  "vm",
  "VMSS",
  "compute_engine",
  "aws",
  "azure",
  "gcp",
  "downscale",
  "downsize",
  "modernize",
  "terminate",
  "upscale",
  "upsize",
] as const;
export type CloudGridViewOrderId = (typeof CLOUD_GRID_VIEW_ORDER)[number];

/** Ids of the menu's structure, not views. */
export const CLOUD_GRID_MENU_IDS = ["divider", "system_views", "public_views", "private_views"] as const;

/** The views that group the rows by a column (grid field). */
export const CLOUD_GROUPING_VIEWS = { cloud_provider: "cloudProvider", optimization_type: "recommendation", service_type: "serviceType" } as const;

/** The views that keep only some rows: by provider, service type or recommendation. */
export const CLOUD_ROW_VIEWS = {
  ASG: { field: "serviceType", value: "ASG", title: "ASG" },
  EC2: { field: "serviceType", value: "EC2", title: "EC2" },
  RDS: { field: "serviceType", value: "RDS", title: "RDS" },
  vm: { field: "serviceType", value: "VM", title: "Virtual Machines" },
  VMSS: { field: "serviceType", value: "VMSS", title: "VM Scale Sets" },
  compute_engine: { field: "serviceType", value: "GCE", title: "Compute Engine" },
  aws: { field: "cloudProvider", value: "AWS", title: "AWS" },
  azure: { field: "cloudProvider", value: "Azure", title: "Azure" },
  gcp: { field: "cloudProvider", value: "GCP", title: "GCP" },
  downscale: { field: "recommendation", value: "Downscale", title: "Downscale" },
  downsize: { field: "recommendation", value: "Downsize", title: "Downsize" },
  modernize: { field: "recommendation", value: "Modernize", title: "Modernize" },
  terminate: { field: "recommendation", value: "Terminate", title: "Terminate" },
  upscale: { field: "recommendation", value: "Upscale", title: "Upscale" },
  upsize: { field: "recommendation", value: "Upsize", title: "Upsize" },
} as const;
export type CloudRowViewId = keyof typeof CLOUD_ROW_VIEWS;

export const CLOUD_GROUPING_TITLES: Record<keyof typeof CLOUD_GROUPING_VIEWS, string> = {
  cloud_provider: "By Cloud Provider",
  optimization_type: "By Optimization Type",
  service_type: "By Service Type",
};

export function isCloudRowViewId(id: string): id is CloudRowViewId {
  return isOwnKey(CLOUD_ROW_VIEWS, id);
}

/** A built-in view's title, or null for an unknown id or a menu heading. */
export function cloudGridViewTitle(id: string | null): string | null {
  if (!id) return null;
  if (isCloudRowViewId(id)) return CLOUD_ROW_VIEWS[id].title;
  if (isOwnKey(CLOUD_GROUPING_VIEWS, id)) return CLOUD_GROUPING_TITLES[id as keyof typeof CLOUD_GROUPING_VIEWS];
  return null;
}

/** The Total Services card's counts link to these views (2.3). */
export const SUMMARY_COUNT_VIEWS = {
  aws: "aws",
  azure: "azure",
  gcp: "gcp",
  ec2Service: "EC2",
  asgService: "ASG",
  rdsService: "RDS",
  azureVmService: "vm",
  azureVmssService: "VMSS",
  gceService: "compute_engine",
} as const;

/** The Optimization Breakdown rows link to the view of the same name (2.3). */
export const BREAKDOWN_ROW_VIEWS = {
  terminate: "terminate",
  modernize: "modernize",
  downsize: "downsize",
  downscale: "downscale",
  upsize: "upsize",
  upscale: "upscale",
} as const;
