/**
 * The AI Analysis Details grid's columns (spec document 2, section 3: every container-row field), in display order,
 * with what each shows by default, how it is filtered and sorted. Pure (client and server). `sortKey` names the
 * model's SORTABLE_FIELDS entry; a column without one is neither sortable nor filterable (a computed value).
 */
export type ColumnType = "text" | "number" | "money" | "percent" | "bool" | "list" | "date" | "change";

export interface GridColumn {
  key: string;
  label: string;
  type: ColumnType;
  unit?: string;
  digits?: number;
  sortKey?: string;
  /** Shown when the address names no columns. */
  standard?: boolean;
  /** Waste or surplus: shaded by magnitude up to ±1000 (red negative, yellow positive). */
  shade?: boolean;
  /** Only with the GPU feature (kubexShowGpuData). */
  gpu?: boolean;
  /** For "change" columns: the existing value's field and the direction badge's resource. */
  from?: string;
  badge?: "cpuRequest" | "cpuLimit" | "memRequest" | "memLimit";
}

const c = (key: string, label: string, type: ColumnType, more: Partial<GridColumn> = {}): GridColumn => ({ key, label, type, sortKey: key, ...more });

export const GRID_COLUMNS: readonly GridColumn[] = [
  c("containerName", "Container", "text", { standard: true }),
  // Money first (issue 14): what a container saves and costs, beside its name; the grid opens sorted by Net Savings.
  c("netSavings", "Net Savings", "money", { standard: true }),
  c("currentCost", "Current Cost", "money", { standard: true }),
  c("namespace", "Namespace", "text", { standard: true }),
  c("podService", "Pod Owner", "text", { standard: true }),
  c("controllerType", "Pod Owner Kind", "text"),
  c("cluster", "Cluster", "text", { standard: true }),
  c("nodeGroupName", "Node Group", "text"),
  c("recommendation", "Recommendation", "text", { standard: true }),
  c("cpuRequest", "CPU Request", "change", { unit: "mCores", from: "existingCpuRequest", badge: "cpuRequest", standard: true }),
  c("cpuLimit", "CPU Limit", "change", { unit: "mCores", from: "existingCpuLimit", badge: "cpuLimit", standard: true }),
  c("memRequest", "Memory Request", "change", { unit: "MB", from: "existingMemRequest", badge: "memRequest", standard: true }),
  c("memLimit", "Memory Limit", "change", { unit: "MB", from: "existingMemLimit", badge: "memLimit", standard: true }),
  c("totalCpuSurplus", "CPU Request Surplus", "number", { unit: "mCores", shade: true, standard: true }),
  c("totalMemSurplus", "Memory Request Surplus", "number", { unit: "MB", shade: true, standard: true }),
  c("efficiencyRating", "Efficiency Rating", "number", { digits: 2 }),
  c("currentCount", "Avg Containers", "number", { digits: 1, standard: true }),
  c("restartsLast7Days", "Restarts (7 Days)", "number", { standard: true }),
  c("policyName", "Policy", "text", { standard: true }),
  // Everything else of the container row, hidden until chosen.
  c("existingCpuRequest", "Current CPU Request", "number", { unit: "mCores" }),
  c("existingCpuLimit", "Current CPU Limit", "number", { unit: "mCores" }),
  c("existingMemRequest", "Current Memory Request", "number", { unit: "MB" }),
  c("existingMemLimit", "Current Memory Limit", "number", { unit: "MB" }),
  { key: "cpuSurplus", label: "CPU Request Surplus per Container", type: "number", unit: "mCores", shade: true },
  { key: "cpuLimitSurplus", label: "CPU Limit Surplus per Container", type: "number", unit: "mCores", shade: true },
  { key: "memSurplus", label: "Memory Request Surplus per Container", type: "number", unit: "MB", shade: true },
  { key: "memLimitSurplus", label: "Memory Limit Surplus per Container", type: "number", unit: "MB", shade: true },
  c("totalExistingCpuRequest", "Total Current CPU Request", "number", { unit: "mCores" }),
  c("totalExistingMemRequest", "Total Current Memory Request", "number", { unit: "MB" }),
  c("totalCpuRequestShortfall", "CPU Request Shortfall", "number", { unit: "mCores" }),
  c("totalMemoryRequestShortfall", "Memory Request Shortfall", "number", { unit: "MB" }),
  c("cpuRequestVsPct", "CPU Request vs Required", "percent"),
  c("cpuLimitVsPct", "CPU Limit vs Required", "percent"),
  c("memRequestVsPct", "Memory Request vs Required", "percent"),
  c("memLimitVsPct", "Memory Limit vs Required", "percent"),
  c("cpuPeak", "CPU Peak", "number", { unit: "mCores" }),
  c("cpuSustained", "CPU Sustained", "number", { unit: "mCores" }),
  c("cpuMin", "CPU Min", "number", { unit: "mCores" }),
  c("memPeak", "Memory Peak", "number", { unit: "MB" }),
  c("memSustained", "Memory Sustained", "number", { unit: "MB" }),
  c("memMin", "Memory Min", "number", { unit: "MB" }),
  c("totalCurrentCost", "Total Current Cost", "money"),
  c("totalNetSavings", "Total Net Savings", "money"),
  c("totalCpuRealizableGain", "Realizable CPU Gain", "money"),
  c("totalMemoryRealizableGain", "Realizable Memory Gain", "money"),
  c("totalRealizableGain", "Realizable Gain", "money"),
  c("additionalCpuWaste", "Additional CPU Waste", "money", { shade: true }),
  c("additionalMemoryWaste", "Additional Memory Waste", "money", { shade: true }),
  c("hasCpuSaturation", "CPU Saturation", "bool"),
  c("hasMemSaturation", "Memory Saturation", "bool"),
  c("cpuSaturationNodePct", "CPU Saturated Nodes", "percent"),
  c("memSaturationNodePct", "Memory Saturated Nodes", "percent"),
  c("primaryConstraint", "Primary Constraint", "text"),
  c("lastDayCount", "Containers (Last Day)", "number"),
  { key: "predictedUptime", label: "Predicted Uptime", type: "percent" },
  c("runningHours", "Running Hours", "number"),
  c("totalHours", "Total Hours", "number"),
  c("auditCollectionAuditCount", "Audits Collected", "number"),
  c("restartsLastDay", "Restarts (Last Day)", "number"),
  c("memoryLimitEventLastDay", "Memory Limit Events (Last Day)", "number"),
  c("memoryLimitEventLast7Days", "Memory Limit Events (7 Days)", "number"),
  c("configLastChanged", "Config Last Changed", "date"),
  { key: "nodes", label: "Nodes", type: "list" },
  { key: "hostName", label: "Host Name", type: "text" },
  c("policyInstanceId", "Policy ID", "text"),
  { key: "workspaceId", label: "Workspace", type: "text" },
  c("entityId", "Entity ID", "text"),
  { key: "gpuRequest", label: "GPU Request", type: "number", gpu: true },
  { key: "totalExistingGpuRequest", label: "Total Current GPU Request", type: "number", gpu: true },
  { key: "gpuMemory", label: "GPU Memory", type: "number", unit: "MB", gpu: true },
  { key: "totalGpuMemory", label: "Total GPU Memory", type: "number", unit: "MB", gpu: true },
];

export const COLUMN_BY_KEY: ReadonlyMap<string, GridColumn> = new Map(GRID_COLUMNS.map((col) => [col.key, col]));

/** The columns the grid may show: GPU columns (chosen in the columns list) only with the GPU feature. */
export function availableColumns(gpu: boolean): GridColumn[] {
  return GRID_COLUMNS.filter((col) => gpu || !col.gpu);
}

/** The visible columns from the address (cols=a,b,c, unknown names dropped; the container name always first). */
export function visibleColumns(param: string | null, gpu: boolean): GridColumn[] {
  const available = availableColumns(gpu);
  const asked = new Set((param ?? "").split(",").map((s) => s.trim()).filter(Boolean));
  const chosen = asked.size ? available.filter((col) => asked.has(col.key)) : available.filter((col) => col.standard);
  return chosen.some((col) => col.key === "containerName") ? chosen : [COLUMN_BY_KEY.get("containerName")!, ...chosen];
}

/**
 * The fields of a row the grid's page sends for `columns`: each shown column's (and a change column's existing
 * value), the ids and names its links and charts selector use, and what some cells show beside their own value (a
 * change's direction badges, why a row was not analysed, the controller type after the pod service, the node
 * count after the first node names). A row has ~97 fields; sent whole, the 20 rows of a page were half the page's
 * loader data (issue 13).
 */
export function rowFields(columns: readonly GridColumn[]): string[] {
  const fields = new Set(["entityId", "containerName", "policyName", "policyInstanceId", "notAnalysedReason", "badges", "controllerType", "nodeCount"]);
  for (const col of columns) {
    fields.add(col.key);
    if (col.from) fields.add(col.from);
  }
  return [...fields];
}

/** Where the grid's floating filters live in the address: f.<column key>. */
export const FILTER_PREFIX = "f.";
