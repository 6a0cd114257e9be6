/** Clusters' Prometheus connections (issue 10, decision 014): administrators only; secrets go in, never out. */
export const connectionsTypeDefs = /* GraphQL */ `
"""A cluster's Prometheus connection. The token or password is never answered: hasSecret says whether one is stored."""
type PrometheusConnection {
  """The connection's id."""
  id: ID!
  """The cluster's name in the product."""
  name: String!
  """The Prometheus-compatible API's address."""
  url: String!
  """none, bearer or basic."""
  authKind: String!
  """The basic-auth user name."""
  username: String
  """Whether a token or password is stored (encrypted; never answered)."""
  hasSecret: Boolean!
  """PEM of the CA that signed the store's certificate."""
  caCert: String
  """Whether certificate checks are skipped."""
  insecureSkipVerify: Boolean!
  """A multi-tenant store's tenant (Mimir, Cortex), sent as X-Scope-OrgID."""
  tenant: String
  """In a store holding many clusters: the label naming them."""
  clusterLabel: String
  """This cluster's value of clusterLabel."""
  clusterValue: String
  """When Verify last ran (ISO)."""
  verifiedAt: String
  """Whether the last Verify succeeded."""
  verifyOk: Boolean
  """What the last Verify found."""
  verifyMessage: String
  """The store's version (build info)."""
  prometheusVersion: String
  """The highest kubelet version of the cluster's nodes."""
  clusterVersion: String
  """The first successful collection (ISO)."""
  firstCollectionAt: String
  """The latest successful collection (ISO)."""
  lastCollectionAt: String
  """Whether the latest collection attempt succeeded."""
  lastCollectionOk: Boolean
  """Why the latest collection attempt failed."""
  lastCollectionMessage: String
  """Nodes at the latest collection."""
  nodeCount: Int
  """Node groups at the latest collection."""
  nodeGroupCount: Int
  """Containers at the latest collection."""
  containerCount: Int
}

"""A connection as an administrator enters it."""
input PrometheusConnectionInput {
  """The cluster's name in the product (letters, digits, '.', '_', '-')."""
  name: String!
  """The Prometheus-compatible API's address (http:// or https://)."""
  url: String!
  """none, bearer or basic."""
  authKind: String!
  """The basic-auth user name."""
  username: String
  """The bearer token or password; empty when editing keeps the stored one."""
  secret: String
  """PEM of the CA that signed the store's certificate."""
  caCert: String
  """Skip certificate checks (trusted networks only)."""
  insecureSkipVerify: Boolean
  """A multi-tenant store's tenant (Mimir, Cortex), sent as X-Scope-OrgID."""
  tenant: String
  """In a store holding many clusters: the label naming them."""
  clusterLabel: String
  """This cluster's value of clusterLabel (default: the name)."""
  clusterValue: String
}

"""The outcome of an action on connections."""
type ConnectionActionResult {
  """OK or FAILED."""
  status: String!
  """A sentence saying what happened."""
  message: String!
}

extend type Query {
  """Every cluster connection (administrators)."""
  prometheusConnections: [PrometheusConnection!]!
}

extend type Mutation {
  """Adds a cluster's Prometheus connection (administrators)."""
  addPrometheusConnection(
    """The connection."""
    input: PrometheusConnectionInput!
  ): PrometheusConnection!
  """Edits a connection (administrators); an empty secret keeps the stored one."""
  updatePrometheusConnection(
    """The connection's id."""
    id: ID!
    """The connection."""
    input: PrometheusConnectionInput!
  ): PrometheusConnection!
  """Checks the store answers and holds kube-state-metrics and cAdvisor series; the outcome is kept on the connection."""
  verifyPrometheusConnection(
    """The connection's id."""
    id: ID!
  ): ConnectionActionResult!
  """Deletes a connection; its cluster leaves the inventory at the next collection."""
  deletePrometheusConnection(
    """The connection's id."""
    id: ID!
  ): ConnectionActionResult!
  """Starts a collection of every connected cluster, then the analysis (in the background)."""
  collectNow: ConnectionActionResult!
}
`;
