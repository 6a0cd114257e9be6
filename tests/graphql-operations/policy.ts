/** Service path policy: container policies (spec document 2, section 7). */
import type { ParameterDefinition, ParameterGroup } from "~/engine/policy/index";
import type { PolicyInstance } from "~/domain/containers/policy-instances";
import { typed } from "~/graphql/operations/typed-document";

export type { PolicyInstance };
export interface PolicyInstancesVariables {
  policyTypeProvider: string;
  viewId: string;
  filterId: string;
  treeviewPath: string;
  entityId?: string | null;
}
export type ParameterDefinitionResult = Pick<ParameterDefinition, "name" | "displayName" | "description" | "unit" | "defaultDisplayValue" | "advanced"> & {
  defaultValue: string;
  groupName: string;
};

const INSTANCE = `id name description instanceCount accountCount accounts { infrastructureGroup numInstances }
  parameterGroups { id name parameters { id value unit displayName advanced } }`;

export const POLICY_INSTANCES = typed<{ policyInstances: PolicyInstance[] }, PolicyInstancesVariables>(/* GraphQL */ `
  query policyInstances($policyTypeProvider: String!, $viewId: String!, $filterId: String!, $treeviewPath: String!, $entityId: String) {
    policyInstances(policyTypeProvider: $policyTypeProvider, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, entityId: $entityId) { ${INSTANCE} }
  }
`);

export const PARAMETER_GROUP_DEFINITIONS = typed<
  { parameterGroupDefinitions: { groups: ParameterGroup[]; parameters: ParameterDefinitionResult[] } },
  { policyTypeProvider: string }
>(/* GraphQL */ `
  query parameterGroupDefinitions($policyTypeProvider: String!) {
    parameterGroupDefinitions(policyTypeProvider: $policyTypeProvider) {
      groups { groupName policyId displayName description orderIndex }
      parameters { name displayName description unit defaultValue defaultDisplayValue advanced groupName }
    }
  }
`);

export const POLICY_INSTANCE_OVERVIEW = typed<{ policyInstanceOverview: PolicyInstance | null }, { policyTypeProvider: string; policyInstanceId: string }>(/* GraphQL */ `
  query policyInstanceOverview($policyTypeProvider: String!, $policyInstanceId: String!) {
    policyInstanceOverview(policyTypeProvider: $policyTypeProvider, policyInstanceId: $policyInstanceId) { ${INSTANCE} }
  }
`);
