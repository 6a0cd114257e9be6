/**
 * The spec's constants for cloud analysis (document 3, sections 2.7, 3, 4 and 9), in its words, in one place.
 */
import type { CloudService } from "~/engine/source-contract";
import type { CatalogService } from "./types";

export { HOURS_PER_MONTH } from "../catalog/price";

/** Spend tolerance choices of the Catalog Map's filter bar (section 9); -1 is unlimited. */
export const SPEND_TOLERANCE_OPTIONS: readonly { label: string; value: number }[] = [
  { label: "No more than optimal", value: 1 },
  { label: "5% more", value: 1.05 },
  { label: "10% more", value: 1.1 },
  { label: "20% more", value: 1.2 },
  { label: "50% more", value: 1.5 },
  { label: "2x", value: 2 },
  { label: "5x", value: 5 },
  { label: "10x", value: 10 },
  { label: "Unlimited", value: -1 },
];
/** Default of the Catalog Map filter bar, and of the comparison component (and the cloud policy). */
export const DEFAULT_MAP_SPEND_TOLERANCE = 5;
export const DEFAULT_COMPARISON_SPEND_TOLERANCE = 1.1;

/** Blended score bands (section 9): 0 insufficient, 1–49 technically incompatible, 50–100 compatible and sufficient. */
export const SCORE_COMPATIBLE = 50;
export const SCORE_BEST = 100;
export const SCORE_LEGEND_VALUES = [0, 33, 66, 100] as const;

/** The recommendations, in the order of the folder summary's breakdown; Keep when nothing changes. */
export const RECOMMENDATIONS = ["Terminate", "Modernize", "Downsize", "Downscale", "Upsize", "Upscale", "Keep"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** Migration effort of a recommendation; None for Keep. */
export const EFFORTS = ["None", "Low", "Medium", "High"] as const;
export type Effort = (typeof EFFORTS)[number];

/** The comparison grid's Overall Result, one per Catalog Map legend entry (section 2.7). */
export const OVERALL_RESULTS = [
  "Not available in region",
  "Insufficient Resources",
  "Technically Incompatible",
  "Outside Spend Tolerance",
  "Meets All Policies",
] as const;
export type OverallResult = (typeof OVERALL_RESULTS)[number];

/** Catalog Map legend (section 2.7), in order. */
export const CATALOG_MAP_LEGEND = [...OVERALL_RESULTS, "Highlighted Instance Features"] as const;

/** Workload chart titles (section 9's metric chart names; recommended and busiest versions say so in the title). */
export const CHART_TITLES = {
  cpu: "CPU Utilization (Current)",
  cpuRecommended: "CPU Utilization (Recommended)",
  memory: "Memory Utilization (Current)",
  memoryRecommended: "Memory Utilization (Recommended)",
  inService: "In-Service Instances",
  busiestDayCpu: "CPU Utilization - Busiest Day",
} as const;
export type WorkloadChartKey = keyof typeof CHART_TITLES;
/** Section 9: predicted-day CPU, its recommended version, memory, its recommended version, in-service (groups), busiest-day CPU. */
export const WORKLOAD_CHART_ORDER: readonly WorkloadChartKey[] = ["cpu", "cpuRecommended", "memory", "memoryRecommended", "inService", "busiestDayCpu"];
export const LEGEND_ORDER = ["Learned Pattern Models", "Average Limit", "Peak Limit", "Sustained Limit", "Min Group Size", "Max Group Size"] as const;
export const UNIT_PERCENT = "%";
export const UNIT_INSTANCES = "Instances";

/** Which catalog a monitored service is scored against: RDS against RDS classes, Azure against Azure sizes. */
export const CATALOG_SERVICE: Readonly<Record<CloudService, CatalogService>> = {
  EC2: "EC2",
  ASG: "EC2",
  RDS: "RDS",
  VM: "VM",
  VMSS: "VM",
  GCE: "GCE",
};

/** Scale groups: sized by group size (Downscale / Upscale), their instance type kept. */
export const GROUP_SERVICES: ReadonlySet<CloudService> = new Set<CloudService>(["ASG", "VMSS"]);
export const isGroupService = (s: CloudService) => GROUP_SERVICES.has(s);
