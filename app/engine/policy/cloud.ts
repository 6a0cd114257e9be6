/**
 * The cloud policy as data (spec document 3; ANALYSIS.md "Cloud instances"): what the cloud engine
 * (app/engine/cloud/) sizes instances and scale groups with. Same shapes as the container policy
 * (parameters.ts): groups, definitions with a display name, description, unit, type and default, validation of a
 * partial set against the defaults. Names follow the spec where it has them (policyMinDays, spendTolerance).
 * Container policies are untouched by this file.
 */
import { formatParameterValue, type ParameterType } from "./parameters";
import type { PolicyValidationError } from "./validate";

/** The policy type provider of every cloud policy. */
export const CLOUD_POLICY_TYPE = "CLOUD_INSTANCE";

/** What memory need is sized from: the highest 5-minute average in use (Peak) or the busiest hour's p75. */
export const CLOUD_MEMORY_METRICS = ["Peak", "Sustained"] as const;
export type CloudMemoryMetric = (typeof CLOUD_MEMORY_METRICS)[number];

/** Migration effort, in order; the policy's maxEffort keeps candidates at or below it. */
export const CLOUD_EFFORTS = ["Low", "Medium", "High"] as const;
export type CloudEffortLimit = (typeof CLOUD_EFFORTS)[number];

/** The network a candidate must offer: at least the current type's, or at least the observed peak × headroom. */
export const NETWORK_REQUIREMENTS = ["Current type", "Observed peak"] as const;
export type NetworkRequirement = (typeof NETWORK_REQUIREMENTS)[number];

/** Every parameter of a cloud policy. Units: days, %, x (a factor), MB per day, instances. */
export interface CloudPolicyValues {
  /** Days of monitor history analysed, ending now (the lookback period). */
  workloadRangeDays: number;
  /** Days of data needed before a service is analysed; after a type change, days since the change (spec). */
  policyMinDays: number;
  /** Recency weighting of the learned pattern: a sample this many days old counts half. */
  halfLifeDays: number;
  /** The busiest hour's sustained CPU (p75) lands at or under this % of the candidate's capacity. */
  cpuSustainedLimit: number;
  /** The highest 5-minute CPU average lands at or under this % of the candidate's capacity. */
  cpuPeakLimit: number;
  memoryMetric: CloudMemoryMetric;
  /** Memory need = active memory × this factor. */
  memoryHeadroom: number;
  /** Terminate when the highest 1-minute CPU of the whole window is under this %... */
  idleCpuPeakPct: number;
  /** ...and no UTC day moved more than this many MB over the network (in + out). */
  idleNetworkMbPerDay: number;
  /** A candidate is within tolerance when its cost × uptime ≤ this × the optimal cost; negative = unlimited. */
  spendTolerance: number;
  /** Candidates needing more migration effort than this are technically incompatible. */
  maxEffort: CloudEffortLimit;
  /** Whether exotic types (rare hardware, limited capacity) may be recommended for a workload on a common type. */
  allowExotic: boolean;
  networkRequirement: NetworkRequirement;
  /** With "Observed peak": the network a candidate needs = peak observed Gbps × this factor. */
  networkHeadroom: number;
  /** Type or group-size changes that save less than this % of the current cost are not recommended (Keep). */
  minimumSavingsPercent: number;
  /** A scale group is never recommended below this many instances. */
  groupMinimumSize: number;
}
export type CloudParameterName = keyof CloudPolicyValues;

export const CLOUD_GROUP_NAMES = ["windowing", "sizing", "idle", "selection"] as const;
export type CloudGroupName = (typeof CLOUD_GROUP_NAMES)[number];

export interface CloudParameterGroup {
  groupName: CloudGroupName;
  policyId: typeof CLOUD_POLICY_TYPE;
  displayName: string;
  description: string;
  orderIndex: number;
}

export interface CloudParameterDefinition {
  name: CloudParameterName;
  displayName: string;
  description: string;
  unit: string;
  type: ParameterType;
  defaultValue: CloudPolicyValues[CloudParameterName];
  defaultDisplayValue: string;
  advanced: boolean;
  group: CloudGroupName;
}

export const CLOUD_PARAMETER_GROUPS: readonly CloudParameterGroup[] = [
  { groupName: "windowing", policyId: CLOUD_POLICY_TYPE, displayName: "Operational Windowing", orderIndex: 0,
    description: "Which monitor samples are analysed, how much data is enough, and how strongly recent days count." },
  { groupName: "sizing", policyId: CLOUD_POLICY_TYPE, displayName: "Sizing Limits and Headroom", orderIndex: 1,
    description: "How much of a candidate's CPU the workload may use, and the margin added to memory." },
  { groupName: "idle", policyId: CLOUD_POLICY_TYPE, displayName: "Idle Detection", orderIndex: 2,
    description: "When an instance is idle for the whole window and can be terminated." },
  { groupName: "selection", policyId: CLOUD_POLICY_TYPE, displayName: "Instance Selection", orderIndex: 3,
    description: "Which catalog types may be recommended and when a change is worth making." },
];

type Def = Omit<CloudParameterDefinition, "defaultDisplayValue">;
const int = (min: number, max: number): ParameterType => ({ kind: "integer", min, max });
const num = (min: number, max: number): ParameterType => ({ kind: "number", min, max });

const DEFS: readonly Def[] = [
  { group: "windowing", name: "workloadRangeDays", displayName: "Workload Range", unit: "days", type: int(1, 93), defaultValue: 14, advanced: false,
    description: "Days of monitor history analysed, ending now (the lookback period; AWS Compute Optimizer's default is 14 days)." },
  { group: "windowing", name: "policyMinDays", displayName: "Minimum Days", unit: "days", type: int(1, 93), defaultValue: 2, advanced: false,
    description: "Days of data a service needs before it is analysed; after an instance type change, the days since the change (relearning)." },
  { group: "windowing", name: "halfLifeDays", displayName: "Pattern Half-life", unit: "days", type: num(1, 93), defaultValue: 7, advanced: true,
    description: "The learned 24-hour pattern weighs samples towards recent days: a sample this many days old counts half." },
  { group: "sizing", name: "cpuSustainedLimit", displayName: "CPU Sustained Limit", unit: "%", type: num(10, 100), defaultValue: 80, advanced: false,
    description: "The busiest hour's sustained CPU (75th percentile) must land at or under this share of the candidate's CPU." },
  { group: "sizing", name: "cpuPeakLimit", displayName: "CPU Peak Limit", unit: "%", type: num(10, 100), defaultValue: 100, advanced: false,
    description: "The highest 5-minute CPU average must land at or under this share of the candidate's CPU." },
  { group: "sizing", name: "memoryMetric", displayName: "Memory Analysis Metric", unit: "", type: { kind: "choice", options: CLOUD_MEMORY_METRICS }, defaultValue: "Peak", advanced: false,
    description: "Active memory is the highest 5-minute average in use (Peak) or the busiest hour's 75th percentile (Sustained)." },
  { group: "sizing", name: "memoryHeadroom", displayName: "Memory Headroom", unit: "x", type: num(1, 5), defaultValue: 1.2, advanced: false,
    description: "Memory need is active memory times this factor. Without a memory agent, memory need is the current memory." },
  { group: "idle", name: "idleCpuPeakPct", displayName: "Idle CPU Peak", unit: "%", type: num(0, 100), defaultValue: 5, advanced: false,
    description: "An instance is idle when its highest 1-minute CPU over the whole window stays under this value..." },
  { group: "idle", name: "idleNetworkMbPerDay", displayName: "Idle Network", unit: "MB/day", type: num(0, 1_000_000), defaultValue: 5, advanced: false,
    description: "...and no day of the window moved more than this over the network (in and out together)." },
  { group: "selection", name: "spendTolerance", displayName: "Spend Tolerance", unit: "x", type: num(-1, 100), defaultValue: 1.1, advanced: false,
    description: "A type is within spend tolerance when its cost at the predicted uptime is at most this times the optimal cost; -1 is unlimited." },
  { group: "selection", name: "maxEffort", displayName: "Maximum Effort", unit: "", type: { kind: "choice", options: CLOUD_EFFORTS }, defaultValue: "High", advanced: false,
    description: "Types needing more migration effort are technically incompatible: Low keeps the family, Medium the architecture, High allows another architecture." },
  { group: "selection", name: "allowExotic", displayName: "Allow Exotic Types", unit: "", type: { kind: "boolean" }, defaultValue: false, advanced: true,
    description: "Whether exotic types (rare hardware, limited capacity) may be recommended for a workload that runs on a common type." },
  { group: "selection", name: "networkRequirement", displayName: "Network Requirement", unit: "", type: { kind: "choice", options: NETWORK_REQUIREMENTS }, defaultValue: "Current type", advanced: true,
    description: "A candidate's network performance must be at least the current type's, or at least the observed peak times the network headroom." },
  { group: "selection", name: "networkHeadroom", displayName: "Network Headroom", unit: "x", type: num(1, 10), defaultValue: 1.2, advanced: true,
    description: "With the Observed peak requirement: the network a candidate needs is the peak observed throughput times this factor." },
  { group: "selection", name: "minimumSavingsPercent", displayName: "Minimum Savings", unit: "%", type: num(0, 100), defaultValue: 5, advanced: false,
    description: "A type or group-size change saving less than this share of the current cost is not recommended; changes that remove risk always are." },
  { group: "selection", name: "groupMinimumSize", displayName: "Minimum Group Size", unit: "instances", type: int(0, 10_000), defaultValue: 1, advanced: false,
    description: "A scale group is never recommended below this many instances." },
];

export const CLOUD_PARAMETER_DEFINITIONS: readonly CloudParameterDefinition[] = DEFS.map((d) => ({
  ...d,
  defaultDisplayValue: formatParameterValue(d, d.defaultValue),
}));

const BY_NAME: ReadonlyMap<string, CloudParameterDefinition> = new Map(CLOUD_PARAMETER_DEFINITIONS.map((d) => [d.name, d]));

export function defaultCloudPolicyValues(): CloudPolicyValues {
  const out: Record<string, unknown> = {};
  for (const d of CLOUD_PARAMETER_DEFINITIONS) out[d.name] = d.defaultValue;
  return out as unknown as CloudPolicyValues;
}

function checkValue(def: CloudParameterDefinition, value: unknown): string | null {
  const t = def.type;
  const label = def.displayName;
  switch (t.kind) {
    case "boolean":
      return typeof value === "boolean" ? null : `${label} must be Yes or No (true or false).`;
    case "choice":
      return typeof value === "string" && t.options.includes(value) ? null : `${label} must be one of ${t.options.join(", ")} (got ${JSON.stringify(value)}).`;
    case "integer":
    case "number": {
      const whole = t.kind === "integer";
      if (typeof value !== "number" || !Number.isFinite(value) || (whole && !Number.isInteger(value)) || value < t.min || value > t.max) {
        const unit = def.unit && def.unit !== "x" ? ` ${def.unit}` : "";
        return `${label} must be ${whole ? "a whole number" : "a number"} from ${t.min} to ${t.max}${unit} (got ${JSON.stringify(value)}).`;
      }
      return null;
    }
    case "hours":
      return `${label} has no hours type.`;
  }
}

function crossRules(v: CloudPolicyValues): PolicyValidationError[] {
  const errors: PolicyValidationError[] = [];
  if (v.policyMinDays > v.workloadRangeDays) {
    errors.push({ parameter: "policyMinDays", message: `Minimum Days (${v.policyMinDays}) cannot exceed the Workload Range (${v.workloadRangeDays} days).` });
  }
  // Below 1 even the optimal type would be outside tolerance; negative values all mean unlimited.
  if (v.spendTolerance >= 0 && v.spendTolerance < 1) {
    errors.push({ parameter: "spendTolerance", message: `Spend Tolerance must be at least 1 (no more than optimal), or -1 for unlimited (got ${v.spendTolerance}).` });
  }
  if (v.cpuPeakLimit < v.cpuSustainedLimit) {
    errors.push({ parameter: "cpuPeakLimit", message: `CPU Peak Limit (${v.cpuPeakLimit}%) cannot be below the CPU Sustained Limit (${v.cpuSustainedLimit}%).` });
  }
  return errors;
}

export type CloudPolicyValidation = { ok: true; values: CloudPolicyValues } | { ok: false; errors: PolicyValidationError[] };

/** Validates values (missing ones take their defaults) and returns the complete set or every error found. */
export function validateCloudPolicyValues(values: Readonly<Record<string, unknown>>): CloudPolicyValidation {
  const merged: Record<string, unknown> = { ...defaultCloudPolicyValues() };
  const errors: PolicyValidationError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const def = BY_NAME.get(name);
    if (!def) {
      errors.push({ parameter: name, message: `Unknown cloud policy parameter "${name}".` });
      continue;
    }
    if (value === undefined) continue;
    const problem = checkValue(def, value);
    if (problem) errors.push({ parameter: name, message: problem });
    else merged[name] = value;
  }
  if (errors.length) return { ok: false, errors };
  const complete = merged as unknown as CloudPolicyValues;
  const cross = crossRules(complete);
  return cross.length ? { ok: false, errors: cross } : { ok: true, values: complete };
}

export interface CloudPolicy {
  id: string;
  name: string;
  description: string;
  values: CloudPolicyValues;
}

/** A named cloud policy stating only what it changes; throws when the changes are invalid (a programming error). */
export function defineCloudPolicy(id: string, name: string, description: string, changes: Partial<CloudPolicyValues>): CloudPolicy {
  const checked = validateCloudPolicyValues(changes);
  if (!checked.ok) throw new Error(`Cloud policy "${name}" is invalid: ${checked.errors.map((e) => e.message).join(" ")}`);
  return Object.freeze({ id, name, description, values: Object.freeze(checked.values) as CloudPolicyValues });
}

export const CLOUD_DEFAULT_POLICY: CloudPolicy = defineCloudPolicy(
  "cloud-default",
  "Cloud Default Policy",
  "14 days of history, 2 days minimum; sustained CPU at most 80 % and peaks at most 100 % of the candidate; peak memory × 1.2; idle under 5 % CPU and 5 MB/day network; spend tolerance 1.1.",
  {},
);

