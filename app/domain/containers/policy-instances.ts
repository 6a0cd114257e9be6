/**
 * Policies in the spec's policy-instance shape (spec document 2, section 3): id, name, description, how many
 * containers it drives (instanceCount) in how many clusters (accountCount, accounts), and its parameter groups.
 * Pure: the counts come from the model (policy-instances.server.ts), the policies are data (app/engine/policy).
 */
import { CONTAINER_POLICY_TYPE, POLICIES, policyParameterGroups, type Policy } from "~/engine/policy/index";
import { validationError } from "~/lib/errors";

/** How many containers one policy drives in one cluster (counted by the model). */
export interface PolicyClusterCount {
  policyName: string;
  cluster: string;
  count: number;
}

export interface PolicyInstance {
  id: string;
  name: string;
  description: string;
  instanceCount: number;
  accountCount: number;
  /** Per cluster (the infrastructure group), most containers first. */
  accounts: { infrastructureGroup: string; numInstances: number }[];
  parameterGroups: ReturnType<typeof policyParameterGroups>;
}

/** The one policy type of this area; anything else is refused with the value to use. */
export function checkPolicyType(provider: string) {
  if (provider !== CONTAINER_POLICY_TYPE) throw validationError(`Unknown policyTypeProvider '${provider}'; use ${CONTAINER_POLICY_TYPE}.`);
}

export function policyInstance(policy: Policy, counts: readonly PolicyClusterCount[]): PolicyInstance {
  const mine = counts.filter((c) => c.policyName === policy.name).sort((a, b) => b.count - a.count || (a.cluster < b.cluster ? -1 : 1));
  return {
    id: policy.id,
    name: policy.name,
    description: policy.description,
    instanceCount: mine.reduce((s, c) => s + c.count, 0),
    accountCount: mine.length,
    accounts: mine.map((c) => ({ infrastructureGroup: c.cluster, numInstances: c.count })),
    parameterGroups: policyParameterGroups(policy),
  };
}

/** The policies that drive at least one container in scope, most containers first (then by name). */
export function policyInstances(counts: readonly PolicyClusterCount[], policies: readonly Policy[] = POLICIES): PolicyInstance[] {
  return policies.map((p) => policyInstance(p, counts))
    .filter((p) => p.instanceCount > 0)
    .sort((a, b) => b.instanceCount - a.instanceCount || a.name.localeCompare(b.name));
}

export function policyById(id: string, policies: readonly Policy[] = POLICIES): Policy | undefined {
  // A grid row names a policy made by a user by its name (container-rows.server.ts).
  return policies.find((p) => p.id === id) ?? policies.find((p) => p.name === id);
}
