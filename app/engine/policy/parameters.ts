/**
 * The container policy's parameters as data (spec document 2, section 2.4; ANALYSIS.md "Container
 * recommendation"): the groups the Policies tab and the policy drawer show, and each parameter's name, display
 * name, description, unit, type, default and allowed range. The shapes follow the spec's entities: a parameter
 * definition has name, displayName, description, unit, defaultValue, defaultDisplayValue and advanced; a group
 * has groupName, policyId, displayName, description and orderIndex.
 */

/** The policy type provider of every container policy (spec section 7, policyInstances). */
export const CONTAINER_POLICY_TYPE = "CONTAINER_KUBERNETES";

/** What a request or limit is sized from: a percentile of the window, its Sustained value (p75), or its Peak. */
export const ANALYSIS_METRICS = ["Percentile", "Sustained", "Peak"] as const;
export type AnalysisMetric = (typeof ANALYSIS_METRICS)[number];

/** Every parameter of a container policy, by name. Units: days, hours, %, mCores, MB. */
export interface PolicyValues {
  workloadRangeDays: number;
  includeWeekdays: boolean;
  includeWeekends: boolean;
  /** Hours of day (UTC, 0–23) whose samples are left out. */
  excludedHours: number[];
  minimumDays: number;
  minimumHours: number;
  cpuAllocationMin: number;
  cpuAllocationMax: number;
  cpuAllocationIncrement: number;
  memoryAllocationMin: number;
  memoryAllocationMax: number;
  memoryAllocationIncrement: number;
  cpuAnalysisMetric: AnalysisMetric;
  cpuPercentile: number;
  memoryAnalysisMetric: AnalysisMetric;
  memoryPercentile: number;
  cpuRequestHeadroom: number;
  cpuLimitHeadroom: number;
  memoryRequestHeadroom: number;
  memoryLimitFactor: number;
  memoryLimitHeadroom: number;
  oomMemoryFactor: number;
  upsizeThreshold: number;
  downsizeThreshold: number;
  maxPercentIncrease: number;
  maxPercentDecrease: number;
  minHoursForDownsize: number;
}
export type ParameterName = keyof PolicyValues;

export type ParameterType =
  | { kind: "integer"; min: number; max: number }
  | { kind: "number"; min: number; max: number }
  | { kind: "boolean" }
  | { kind: "hours" }
  | { kind: "choice"; options: readonly string[] };

export interface ParameterDefinition {
  name: ParameterName;
  displayName: string;
  description: string;
  /** Unit shown beside the value ("" when none). */
  unit: string;
  type: ParameterType;
  defaultValue: PolicyValues[ParameterName];
  defaultDisplayValue: string;
  /** Shown only under "advanced" in the policy drawer. */
  advanced: boolean;
  /** groupName of the group it belongs to. */
  group: GroupName;
}

export const GROUP_NAMES = ["windowing", "allocation", "sizing", "thresholds"] as const;
export type GroupName = (typeof GROUP_NAMES)[number];

export interface ParameterGroup {
  groupName: GroupName;
  policyId: typeof CONTAINER_POLICY_TYPE;
  displayName: string;
  description: string;
  orderIndex: number;
}

export const PARAMETER_GROUPS: readonly ParameterGroup[] = [
  {
    groupName: "windowing",
    policyId: CONTAINER_POLICY_TYPE,
    displayName: "Operational Windowing",
    description: "Which samples are analysed: how many days back, which days and hours, and how much data is enough.",
    orderIndex: 0,
  },
  {
    groupName: "allocation",
    policyId: CONTAINER_POLICY_TYPE,
    displayName: "Allocation Ranges and Increments",
    description: "The smallest and largest value a recommendation may take, and the step it is rounded up to.",
    orderIndex: 1,
  },
  {
    groupName: "sizing",
    policyId: CONTAINER_POLICY_TYPE,
    displayName: "Analysis Metric and Headroom",
    description: "Which statistic of the samples a request or limit is sized from, and the margin added to it.",
    orderIndex: 2,
  },
  {
    groupName: "thresholds",
    policyId: CONTAINER_POLICY_TYPE,
    displayName: "Resource Adjustment Thresholds",
    description: "When a change is worth recommending, and how far one step may go.",
    orderIndex: 3,
  },
];

type Def = Omit<ParameterDefinition, "defaultDisplayValue">;
const int = (min: number, max: number): ParameterType => ({ kind: "integer", min, max });
const num = (min: number, max: number): ParameterType => ({ kind: "number", min, max });
const BOOL: ParameterType = { kind: "boolean" };
const METRIC: ParameterType = { kind: "choice", options: ANALYSIS_METRICS };

const DEFS: readonly Def[] = [
  // Operational windowing
  { group: "windowing", name: "workloadRangeDays", displayName: "Workload Range", unit: "days", type: int(1, 90), defaultValue: 7, advanced: false,
    description: "Days of history analysed, ending now (the grids' \"Data is derived from past 7 days\")." },
  { group: "windowing", name: "includeWeekdays", displayName: "Include Weekdays", unit: "", type: BOOL, defaultValue: true, advanced: false,
    description: "Analyse samples taken Monday to Friday (UTC)." },
  { group: "windowing", name: "includeWeekends", displayName: "Include Weekends", unit: "", type: BOOL, defaultValue: true, advanced: false,
    description: "Analyse samples taken on Saturday and Sunday (UTC)." },
  { group: "windowing", name: "excludedHours", displayName: "Excluded Hours", unit: "hours", type: { kind: "hours" }, defaultValue: [], advanced: false,
    description: "Hours of day (UTC, 0-23) left out of the analysis, e.g. a nightly maintenance window." },
  { group: "windowing", name: "minimumDays", displayName: "Minimum Days", unit: "days", type: int(1, 90), defaultValue: 1, advanced: false,
    description: "Days of data a container needs before it is analysed; a day counts when it has at least the minimum hours of samples." },
  { group: "windowing", name: "minimumHours", displayName: "Minimum Hours", unit: "hours", type: int(1, 24), defaultValue: 2, advanced: false,
    description: "Hours of samples a day needs to count towards the minimum days (Jobs and CronJobs: a day with a run counts)." },
  // Allocation ranges and increments
  { group: "allocation", name: "cpuAllocationMin", displayName: "CPU Allocation Minimum", unit: "mCores", type: int(1, 1_000_000), defaultValue: 10, advanced: false,
    description: "No CPU request or limit is recommended below this value." },
  { group: "allocation", name: "cpuAllocationMax", displayName: "CPU Allocation Maximum", unit: "mCores", type: int(1, 1_000_000), defaultValue: 64_000, advanced: false,
    description: "No CPU request or limit is recommended above this value." },
  { group: "allocation", name: "cpuAllocationIncrement", displayName: "CPU Allocation Increment", unit: "mCores", type: int(1, 1000), defaultValue: 10, advanced: false,
    description: "CPU recommendations are rounded up to a multiple of this value." },
  { group: "allocation", name: "memoryAllocationMin", displayName: "Memory Allocation Minimum", unit: "MB", type: int(1, 4_194_304), defaultValue: 64, advanced: false,
    description: "No memory request or limit is recommended below this value." },
  { group: "allocation", name: "memoryAllocationMax", displayName: "Memory Allocation Maximum", unit: "MB", type: int(1, 4_194_304), defaultValue: 262_144, advanced: false,
    description: "No memory request or limit is recommended above this value." },
  { group: "allocation", name: "memoryAllocationIncrement", displayName: "Memory Allocation Increment", unit: "MB", type: int(1, 1024), defaultValue: 16, advanced: false,
    description: "Memory recommendations are rounded up to a multiple of this value." },
  // Analysis metric and headroom
  { group: "sizing", name: "cpuAnalysisMetric", displayName: "CPU Analysis Metric", unit: "", type: METRIC, defaultValue: "Percentile", advanced: false,
    description: "What the CPU request is sized from: the CPU percentile below, Sustained (the 75th percentile) or Peak." },
  { group: "sizing", name: "cpuPercentile", displayName: "CPU Percentile", unit: "percentile", type: num(50, 100), defaultValue: 95, advanced: false,
    description: "The percentile of CPU samples the request is sized from when the CPU analysis metric is Percentile." },
  { group: "sizing", name: "memoryAnalysisMetric", displayName: "Memory Analysis Metric", unit: "", type: METRIC, defaultValue: "Peak", advanced: false,
    description: "What the memory request is sized from: Peak working set (memory cannot be throttled), Sustained or the memory percentile." },
  { group: "sizing", name: "memoryPercentile", displayName: "Memory Percentile", unit: "percentile", type: num(50, 100), defaultValue: 99, advanced: true,
    description: "The percentile of working-set samples the request is sized from when the memory analysis metric is Percentile." },
  { group: "sizing", name: "cpuRequestHeadroom", displayName: "CPU Request Headroom", unit: "%", type: num(0, 200), defaultValue: 0, advanced: false,
    description: "Margin added to the CPU analysis metric to make the request." },
  { group: "sizing", name: "cpuLimitHeadroom", displayName: "CPU Limit Headroom", unit: "%", type: num(0, 500), defaultValue: 20, advanced: false,
    description: "Margin added to peak CPU (of the busiest replica) to make the limit; never below the request." },
  { group: "sizing", name: "memoryRequestHeadroom", displayName: "Memory Request Headroom", unit: "%", type: num(0, 200), defaultValue: 15, advanced: false,
    description: "Margin added to the memory analysis metric to make the request (the margin the Kubernetes VPA and KRR use)." },
  { group: "sizing", name: "memoryLimitFactor", displayName: "Memory Limit Factor", unit: "x", type: num(1, 10), defaultValue: 1.2, advanced: false,
    description: "The memory limit is the recommended memory request times this factor." },
  { group: "sizing", name: "memoryLimitHeadroom", displayName: "Memory Limit Headroom", unit: "%", type: num(0, 500), defaultValue: 15, advanced: true,
    description: "The memory limit is never below peak working set (of the busiest replica) plus this margin." },
  { group: "sizing", name: "oomMemoryFactor", displayName: "OOM Memory Factor", unit: "x", type: num(1, 10), defaultValue: 1.25, advanced: true,
    description: "After an OOM kill at the memory limit, the memory request is at least that limit times this factor." },
  // Resource adjustment thresholds
  { group: "thresholds", name: "upsizeThreshold", displayName: "Upsize Threshold", unit: "%", type: num(0, 1000), defaultValue: 10, advanced: false,
    description: "A value is raised only when the recommendation is more than this much above the current value." },
  { group: "thresholds", name: "downsizeThreshold", displayName: "Downsize Threshold", unit: "%", type: num(0, 99), defaultValue: 20, advanced: false,
    description: "A value is lowered only when the recommendation is more than this much below the current value." },
  { group: "thresholds", name: "maxPercentIncrease", displayName: "Max Percent Increase", unit: "%", type: num(1, 10_000), defaultValue: 300, advanced: false,
    description: "One recommendation raises a value by at most this much." },
  { group: "thresholds", name: "maxPercentDecrease", displayName: "Max Percent Decrease", unit: "%", type: num(1, 99), defaultValue: 50, advanced: false,
    description: "One recommendation lowers a value by at most this much." },
  { group: "thresholds", name: "minHoursForDownsize", displayName: "Min Hours for Downsize", unit: "hours", type: int(0, 2160), defaultValue: 168, advanced: false,
    description: "No value is lowered before the container has this many hours of data in the workload range." },
];

/** Display text of a parameter value: "Yes"/"No", "None" for no excluded hours, a number with its unit. */
export function formatParameterValue(def: Pick<ParameterDefinition, "type" | "unit">, value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (def.type.kind === "boolean") return value ? "Yes" : "No";
  if (def.type.kind === "hours") return Array.isArray(value) && value.length > 0 ? value.join(", ") : "None";
  if (def.type.kind === "choice") return String(value);
  if (def.unit === "percentile") return `${value}${ordinalSuffix(Number(value))} percentile`;
  if (def.unit === "x") return `x${value}`;
  if (def.unit === "%") return `${value}%`;
  const shown = typeof value === "number" ? GROUPED.format(value) : String(value);
  if (!def.unit) return shown;
  // "1 day", "1 hour": a plural unit reads singular for exactly one.
  const unit = value === 1 && SINGULAR[def.unit] ? SINGULAR[def.unit] : def.unit;
  return `${shown} ${unit}`;
}

/** Thousands separated (64,000 mCores), decimals as given. */
const GROUPED = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
const SINGULAR: Record<string, string> = { days: "day", hours: "hour" };

function ordinalSuffix(n: number): string {
  if (!Number.isInteger(n) || (n % 100 >= 11 && n % 100 <= 13)) return "th";
  return ["th", "st", "nd", "rd"][n % 10] ?? "th";
}

export const PARAMETER_DEFINITIONS: readonly ParameterDefinition[] = DEFS.map((d) => ({
  ...d,
  defaultDisplayValue: formatParameterValue(d, d.defaultValue),
}));

export const PARAMETER_BY_NAME: ReadonlyMap<string, ParameterDefinition> = new Map(PARAMETER_DEFINITIONS.map((d) => [d.name, d]));

/** The default of every parameter: the System Default Policy's values. */
export function defaultPolicyValues(): PolicyValues {
  const out: Record<string, unknown> = {};
  for (const d of PARAMETER_DEFINITIONS) out[d.name] = Array.isArray(d.defaultValue) ? [...d.defaultValue] : d.defaultValue;
  return out as unknown as PolicyValues;
}
