/**
 * The cloud services grid's columns (spec document 3, section 2.4), in display order: every column the spec lists,
 * the money first after the service's name (issue 14: money first). Pure (client and server); `sortKey` names the
 * model's sortable field (here always the key itself); a column without one is neither sortable nor filterable.
 */
import type { GridColumn } from "~/domain/containers/grid-columns";
import type { CloudexDetail } from "./detail";

type Key = keyof CloudexDetail & string;
const c = (key: Key, label: string, type: GridColumn["type"], more: Partial<GridColumn> = {}): GridColumn => ({ key, label, type, sortKey: key, ...more });

export const CLOUD_GRID_COLUMNS: readonly GridColumn[] = [
  c("system", "System Name", "text", { standard: true }),
  c("currentEstimatedCost", "Current Est. Cost ($/month)", "money", { standard: true }),
  c("recommendedEstimatedCost", "Recommended Est. Cost ($/month)", "money", { standard: true }),
  c("estimatedSavings", "Total Waste ($/month)", "money", { standard: true, shade: true }),
  c("estimatedSavingsPercent", "Waste %", "percent", { standard: true }),
  c("recommendation", "Optimization Type", "text", { standard: true }),
  c("existingInstanceType", "Current Instance Type", "text", { standard: true }),
  c("recommendedInstanceType", "Recommended Instance Type", "text", { standard: true }),
  c("cloudProvider", "Cloud Provider", "text", { standard: true }),
  c("serviceType", "Service Type", "text", { standard: true }),
  c("accountName", "Account Name", "text", { standard: true }),
  c("region", "Region", "text", { standard: true }),
  c("overallStatus", "Overall Status", "text", { standard: true }),
  c("estimatedEffort", "Effort", "text", { standard: true }),
  c("mlState", "ML State", "text", { standard: true }),
  c("vmmObjectId", "System ID", "text"),
  c("accountId", "Account ID", "text"),
  c("availabilityZone", "Availability Zone", "text"),
  c("os", "OS", "text"),
  c("createDate", "Creation Date", "date"),
  c("startDate", "Discovery Date", "date"),
  c("state", "Power State", "text"),
  c("k8sClusterPlatform", "K8s Cluster Platform", "text"),
  c("k8sClusterForwarder", "K8s Cluster", "text"),
  c("k8sNodeGroup", "K8s Node Group", "text"),
  c("ecsReference", "ECS Cluster", "text"),
  c("policyName", "Policy", "text"),
  { key: "reasonHtml", label: "Reason", type: "text" },
  c("configLastChanged", "Instance Type Updated On", "date"),
  c("riCoverage", "RI Coverage %", "percent"),
  c("riExpiryDate", "RI Expiry", "text"),
  c("riConstrained", "RI Deferral", "bool"),
  c("scalingMode", "Scaling Mode", "text"),
  c("profileCount", "Profile Count", "number"),
  c("orchestrationMode", "Orchestration Mode", "text"),
  c("uptimePct", "Uptime %", "percent"),
  c("totalHours", "Total Hours", "number", { digits: 0 }),
  c("uptimeHours", "Running Hours", "number", { digits: 0 }),
  c("avgGroupSize", "Current Group Size", "number", { digits: 1 }),
  { key: "minMaxGroupSize", label: "Current Min/Max Group Size", type: "text" },
  c("predictedAvgGroupSize", "Recommended Group Size", "number", { digits: 1 }),
  { key: "recommMinMaxGroupSize", label: "Recommended Min/Max Group Size", type: "text" },
  c("scalingPolicy", "Scaling Policies", "text"),
  c("lifeCycle", "Life Cycle", "text"),
  c("currentVcpus", "CPU (vCPUs)", "number"),
  c("recommendedVcpus", "Recommended CPU (vCPUs)", "number"),
  c("currentCint2006Rate", "CPU Benchmark (relative estimate)", "number", { digits: 2 }),
  c("recommendedCint2006Rate", "Recommended CPU Benchmark (relative estimate)", "number", { digits: 2 }),
  c("currentMemory", "Memory (GB)", "number", { digits: 1 }),
  c("recommendedMemory", "Recommended Memory (GB)", "number", { digits: 1 }),
  c("networkIoMb", "Network IO (MB/day, busiest)", "number", { digits: 1 }),
  c("cpuHighPct", "CPU Utilization (Peak %)", "percent"),
  c("cpuLowPct", "CPU Utilization (Low %)", "percent"),
  c("recommendedCpuPct", "Recommended CPU Utilization %", "percent"),
  c("memoryUtilPct", "Memory Utilization %", "percent"),
  c("recommendedMemPct", "Recommended Memory Utilization %", "percent"),
  c("efficiencyRating", "Efficiency Rating", "number", { digits: 2 }),
  c("ipAddress", "IP Address", "text"),
];

export const CLOUD_COLUMN_BY_KEY = new Map(CLOUD_GRID_COLUMNS.map((col) => [col.key, col]));

/** The columns a grid shows: the address's (cols=a,b,c, known ones in grid order) or the standard ones. */
export function visibleCloudColumns(cols: string | null | undefined): GridColumn[] {
  const wanted = new Set((cols ?? "").split(",").map((k) => k.trim()).filter(Boolean));
  const chosen = CLOUD_GRID_COLUMNS.filter((col) => wanted.has(col.key));
  return chosen.length ? chosen : CLOUD_GRID_COLUMNS.filter((col) => col.standard);
}

/** The grid's default order: the most waste first (issue 14: money first). */
export const CLOUD_GRID_DEFAULT_SORT = { sort: "estimatedSavings", dir: "desc" } as const;
export const CLOUD_PAGE_SIZES = [20, 50, 100] as const;
