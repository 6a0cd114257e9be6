/**
 * Container policies (spec document 2, sections 2.4, 3 and 7; service path policy): the policies that drive the
 * containers of a View, Filter and folder (or one container), the parameter groups and definitions, and one
 * policy's overview. Field names are the spec's own.
 */
import { CONTAINER_POLICY_TYPE } from "~/engine/policy";

const PROVIDER = `
    """The policy type: ${CONTAINER_POLICY_TYPE} (the only one in this area)."""
    policyTypeProvider: String!`;

export const policyTypeDefs = /* GraphQL */ `
"""One setting of a policy."""
type PolicyParameter {
  """The parameter's name (a ParameterDefinition name)."""
  id: String!
  """The value as shown: with its unit where it has one, "Yes"/"No", "None" when missing."""
  value: String!
  """The unit: days, hours, mCores, MB, %, percentile, x or empty."""
  unit: String!
  """The parameter's display name."""
  displayName: String!
  """True when shown only under advanced settings."""
  advanced: Boolean!
}

"""A group of a policy's settings, in group order."""
type PolicyParameterGroup {
  """The group's name (a ParameterGroupDefinition groupName)."""
  id: String!
  """The group's display name."""
  name: String!
  """The group's settings in definition order."""
  parameters: [PolicyParameter!]!
}

"""How many containers of one cluster a policy drives."""
type PolicyAccount {
  """The cluster."""
  infrastructureGroup: String!
  """Containers of that cluster under the policy."""
  numInstances: Int!
}

"""A policy and the containers it drives in scope."""
type PolicyInstance {
  """The policy's id (policyInstanceId)."""
  id: String!
  """The policy's name, as the container grid shows it."""
  name: String!
  """What the policy is for."""
  description: String!
  """Containers in scope analysed under this policy."""
  instanceCount: Int!
  """Clusters those containers are in."""
  accountCount: Int!
  """Per cluster, most containers first."""
  accounts: [PolicyAccount!]!
  """The policy's settings by group."""
  parameterGroups: [PolicyParameterGroup!]!
}

"""A group of parameter definitions."""
type ParameterGroup {
  """The group's name."""
  groupName: String!
  """The policy type the group belongs to."""
  policyId: String!
  """The group's title."""
  displayName: String!
  """What the group's settings decide."""
  description: String!
  """Where the group is shown, from 0."""
  orderIndex: Int!
}

"""A policy parameter: what it means, its unit and default."""
type ParameterDefinition {
  """The parameter's name."""
  name: String!
  """The parameter's title."""
  displayName: String!
  """What the parameter does."""
  description: String!
  """The unit: days, hours, mCores, MB, %, percentile, x or empty."""
  unit: String!
  """The default as JSON (a number, true/false, a string or a list of hours)."""
  defaultValue: String!
  """The default as shown."""
  defaultDisplayValue: String!
  """True when shown only under advanced settings."""
  advanced: Boolean!
  """The groupName of its group."""
  groupName: String!
}

"""Every group and parameter definition of a policy type."""
type ParameterGroupDefinitions {
  """The groups in order."""
  groups: [ParameterGroup!]!
  """Every parameter, in group order."""
  parameters: [ParameterDefinition!]!
}

extend type Query {
  """
  The policies driving the containers of a View, Filter and folder (or one container), most containers first.
  A policy that drives none of them is left out; instanceCount adds up to the container grid's row count.
  """
  policyInstances(${PROVIDER}
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    filterId: String!
    """A folder's names from the root separated by '/', with or without the root name; empty for the whole tree."""
    treeviewPath: String!
    """One container's id: only its policy."""
    entityId: String
  ): [PolicyInstance!]!
  """The parameter groups and definitions of a policy type."""
  parameterGroupDefinitions(${PROVIDER}
  ): ParameterGroupDefinitions!
  """One policy with the containers it drives under the caller's default View and Filter (never cached); null for an unknown id."""
  policyInstanceOverview(${PROVIDER}
    """The policy's id."""
    policyInstanceId: String!
  ): PolicyInstance
}
`;
