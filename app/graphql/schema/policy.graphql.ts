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

"""A stored container policy (administrators change it; everyone signed in reads it)."""
type StoredPolicy {
  """The policy's id."""
  id: String!
  """The policy's name (unique, case ignored)."""
  name: String!
  """What the policy is for."""
  description: String!
  """True for the System Default Policy: it cannot be deleted or renamed."""
  isSystem: Boolean!
  """Every parameter's value as one JSON object (parameter name to value), as the analysis uses it."""
  valuesJson: String!
  """The policy's settings by group, as shown."""
  parameterGroups: [PolicyParameterGroup!]!
  """When it was last changed (ISO 8601)."""
  updatedAt: String!
  """Who last changed it."""
  updatedBy: String!
}

"""A policy assigned to a folder of a View (the deepest assignment holding a container wins; decision 024)."""
type PolicyAssignment {
  """The assignment's id."""
  id: String!
  """The policy's id."""
  policyId: String!
  """The policy's name."""
  policyName: String!
  """The View whose folder it is."""
  viewId: String!
  """The folder's names below the View's root; empty for the whole View."""
  path: [String!]!
  """When it was made (ISO 8601)."""
  createdAt: String!
  """Who made it."""
  createdBy: String!
}

"""One change to the policies."""
type PolicyHistoryEntry {
  """The entry's id."""
  id: String!
  """When (ISO 8601)."""
  at: String!
  """Who."""
  userName: String!
  """create, copy, edit, delete, assign or unassign."""
  action: String!
  """The policy's id (null never; kept after a delete)."""
  policyId: String
  """The policy's name at the time."""
  policyName: String!
  """What changed: "CPU Percentile: 95th percentile → 99th percentile", "Assigned to folder prod / shop"."""
  changes: [String!]!
}

"""The latest re-analysis after a policy change."""
type PolicyReanalysisStatus {
  """running, done or failed."""
  state: String!
  """When it started (ISO 8601)."""
  startedAt: String!
  """When it ended (ISO 8601); null while running."""
  finishedAt: String
  """Containers analysed again."""
  reanalysed: Int
  """Containers in the new snapshot."""
  total: Int
  """How long it took (ms)."""
  ms: Int
  """True when only the changed containers were analysed (the rest copied)."""
  partial: Boolean
  """Why it failed."""
  error: String
}

"""A policy's name, description and values."""
input PolicyInput {
  """The name (unique, at most 100 characters)."""
  name: String!
  """What the policy is for (at most 500 characters)."""
  description: String
  """The parameter values as a JSON object (parameter name to value); missing ones take their defaults."""
  valuesJson: String!
}

"""The outcome of a change that returns no object."""
type PolicyChangeResult {
  """OK."""
  status: String!
  """What was done."""
  message: String!
}

extend type Mutation {
  """Creates a policy (administrators). Every value is checked against the spec's ranges; nothing is saved on error."""
  createPolicy(
    """The new policy."""
    input: PolicyInput!
  ): StoredPolicy!
  """Copies a policy under a new name (default "Copy of <name>") (administrators)."""
  copyPolicy(
    """The policy to copy."""
    id: String!
    """The copy's name."""
    name: String
  ): StoredPolicy!
  """Saves a policy's name, description and values (administrators); its containers are analysed again."""
  updatePolicy(
    """The policy's id."""
    id: String!
    """The new name, description and values."""
    input: PolicyInput!
  ): StoredPolicy!
  """Deletes a policy and its assignments (administrators; not the System Default Policy)."""
  deletePolicy(
    """The policy's id."""
    id: String!
  ): PolicyChangeResult!
  """Assigns a policy to a folder of a View, replacing the folder's assignment (administrators)."""
  assignPolicy(
    """The policy's id."""
    policyId: String!
    """The View's id."""
    viewId: String!
    """The folder's names below the View's root; empty for the whole View."""
    path: [String!]!
  ): PolicyAssignment!
  """Removes the policy assignment of a folder of a View (administrators)."""
  unassignPolicy(
    """The View's id."""
    viewId: String!
    """The folder's names below the View's root; empty for the whole View."""
    path: [String!]!
  ): PolicyChangeResult!
}

extend type Query {
  """Every stored policy with its values: the policies the analysis uses (System Default first)."""
  policies: [StoredPolicy!]!
  """Every policy assignment, oldest first."""
  policyAssignments: [PolicyAssignment!]!
  """The latest policy changes first."""
  policyHistory(
    """At most this many (default 100, at most 1000)."""
    limit: Int
  ): [PolicyHistoryEntry!]!
  """The latest re-analysis after a policy change; null when there was none."""
  policyReanalysisStatus: PolicyReanalysisStatus
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
