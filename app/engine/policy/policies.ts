/**
 * Policies are data: a system default (every parameter at its default) and the named policies the demo fleet's
 * containers carry in their `policy` field. Each named policy states only what it changes; the rest is default.
 */
import { defaultPolicyValues, type PolicyValues } from "./parameters";
import { validatePolicyValues } from "./validate";

export interface Policy {
  id: string;
  name: string;
  description: string;
  values: PolicyValues;
}

function define(id: string, name: string, description: string, changes: Partial<PolicyValues>): Policy {
  const checked = validatePolicyValues(changes);
  if (!checked.ok) throw new Error(`Policy "${name}" is invalid: ${checked.errors.map((e) => e.message).join(" ")}`);
  return Object.freeze({ id, name, description, values: Object.freeze(checked.values) as PolicyValues });
}

export const SYSTEM_DEFAULT_POLICY: Policy = define(
  "system-default",
  "System Default Policy",
  "Every parameter at its default: CPU request at the 95th percentile, memory request at peak + 15 %, 7 days of data.",
  {},
);

export const PRODUCTION_BALANCED_POLICY: Policy = define(
  "production-balanced",
  "Production Balanced",
  "Production services: a 10 % CPU margin, a 20 % memory margin, two days of data and gentler downsizing.",
  { minimumDays: 2, cpuRequestHeadroom: 10, memoryRequestHeadroom: 20, maxPercentDecrease: 30 },
);

export const COST_SAVER_POLICY: Policy = define(
  "cost-saver",
  "Cost Saver",
  "Non-production: CPU sized from Sustained activity, small margins, and downsizing after three days.",
  {
    cpuAnalysisMetric: "Sustained",
    cpuLimitHeadroom: 10,
    memoryRequestHeadroom: 10,
    memoryLimitFactor: 1.1,
    downsizeThreshold: 10,
    maxPercentDecrease: 75,
    minHoursForDownsize: 72,
  },
);

export const PERFORMANCE_FIRST_POLICY: Policy = define(
  "performance-first",
  "Performance First",
  "Latency-critical services: CPU at the 99th percentile plus 20 %, generous limits, fast upsizing, cautious downsizing.",
  {
    cpuPercentile: 99,
    cpuRequestHeadroom: 20,
    cpuLimitHeadroom: 50,
    memoryRequestHeadroom: 30,
    memoryLimitFactor: 1.5,
    upsizeThreshold: 5,
    downsizeThreshold: 30,
    maxPercentDecrease: 25,
  },
);

export const POLICIES: readonly Policy[] = [SYSTEM_DEFAULT_POLICY, PRODUCTION_BALANCED_POLICY, COST_SAVER_POLICY, PERFORMANCE_FIRST_POLICY];

const BY_NAME = new Map(POLICIES.map((p) => [p.name.toLowerCase(), p]));

/** The policy with this name (case and surrounding spaces ignored), or undefined. */
export function policyByName(name: string | null | undefined): Policy | undefined {
  return name == null ? undefined : BY_NAME.get(name.trim().toLowerCase());
}

/** The policy a container names, the System Default Policy when it names none or an unknown one. */
export function policyForContainer(name: string | null | undefined): Policy {
  return policyByName(name) ?? SYSTEM_DEFAULT_POLICY;
}

/** The parameter values of a policy, or the values themselves (so engine functions accept either). */
export function policyValues(policy: Policy | PolicyValues): PolicyValues {
  return "values" in policy ? policy.values : policy;
}

/** Sanity: the defaults module and the system policy agree (used by tests and by callers that build policies). */
export function isDefaultValues(values: PolicyValues): boolean {
  const d = defaultPolicyValues();
  return (Object.keys(d) as (keyof PolicyValues)[]).every((k) => JSON.stringify(d[k]) === JSON.stringify(values[k]));
}
