/** Data availability checks the shell and the product tour use (spec document 1, section 7). */
export const dataChecksTypeDefs = /* GraphQL */ `
"""One cluster of the Kubernetes Connections screen: its latest collection's counts and versions."""
type ContainerDataStatus {
  """The cluster's name."""
  clusterName: String!
  """The highest kubelet version of its nodes."""
  clusterVersion: String
  """Its first collection (ISO)."""
  firstAuditTime: String
  """Its latest collection (ISO)."""
  lastAuditTime: String
  """Nodes at the latest collection."""
  nodeCount: Int!
  """Node groups at the latest collection."""
  nodeGroupCount: Int!
  """Containers at the latest collection."""
  containerCount: Int!
  """The automation stack's version in the cluster (null: none deployed)."""
  forwarderVersion: String
  """The version of the Prometheus it is read from."""
  prometheusVersion: String
}

"""One cluster of the Automation screen: its mutating admission webhook (decision 019)."""
type MutationControllerSummary {
  """The cluster's name."""
  clusterName: String!
  """Whether the webhook has been called from this cluster in the last 7 days."""
  macDeployed: Boolean!
  """The version of the automation stack (webhook) that last answered it."""
  macVersion: String
  """Active (called in the last 24 hours), Idle (called before) or Not deployed."""
  macStatus: String!
  """What the status is based on."""
  macStatusDetail: String!
  """Webhook endpoints answering for it (0 or 1)."""
  numMacs: Int!
  """The outcome of its latest request: applied, dry-run, skipped or error."""
  macLatestStatus: String
  """When a pod of it was last changed (ISO)."""
  macLatestMutation: String
  """Pods changed in the last 24 hours (dry runs not counted)."""
  numMutations: Int!
  """Pods changed in all (dry runs not counted)."""
  totalMutations: Int!
}

"""The secure connection parameters of the Kubernetes Connections dialog (decision 019)."""
type ContainerConnectionCredentials {
  """The signed-in administrator the token acts as."""
  userName: String!
  """A new API token for that user, shown once (only its hash is stored)."""
  token: String!
  """This installation's address."""
  instanceName: String!
}

extend type Query {
  """Every cluster with its admission webhook's figures (the Automation screen)."""
  getMutationControllerSummary: [MutationControllerSummary!]!
  """The secure connection parameters for the signed-in administrator (the Kubernetes Connections dialog)."""
  getContainerConnectionCredentials: ContainerConnectionCredentials!
  """Every collected cluster with its counts and versions (the Connections screen; an empty list sends home to it)."""
  getContainerDataStatus: [ContainerDataStatus!]!
  """Whether any container has been collected (HasContainerTransformData)."""
  hasContainerTransformData: Boolean!
  """Whether any cloud instance has been collected (HasCloudTransformData)."""
  hasCloudTransformData: Boolean!
  """Whether any AWS Auto Scaling group has been collected (HasCloudTransformData)."""
  hasCloudTransformAsgData: Boolean!
}
`;
