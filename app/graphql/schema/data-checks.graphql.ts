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

extend type Query {
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
