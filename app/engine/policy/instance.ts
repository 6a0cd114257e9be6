/**
 * A policy in the spec's policy-instance shape (section 3: parameterGroups with id, name and parameters with id,
 * value and unit), in group order, values as the Policies tab shows them ("None" when missing).
 */
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS, formatParameterValue, type ParameterName, type PolicyValues } from "./parameters";
import type { Policy } from "./policies";

export interface PolicyParameterValue {
  id: ParameterName;
  displayName: string;
  value: string;
  unit: string;
  advanced: boolean;
}

export interface PolicyParameterGroupValues {
  id: string;
  name: string;
  parameters: PolicyParameterValue[];
}

export function policyParameterGroups(policy: Pick<Policy, "values">): PolicyParameterGroupValues[] {
  return [...PARAMETER_GROUPS]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((g) => ({
      id: g.groupName,
      name: g.displayName,
      parameters: PARAMETER_DEFINITIONS.filter((d) => d.group === g.groupName).map((d) => ({
        id: d.name,
        displayName: d.displayName,
        value: formatParameterValue(d, (policy.values as Partial<PolicyValues>)[d.name]),
        unit: d.unit,
        advanced: d.advanced,
      })),
    }));
}
