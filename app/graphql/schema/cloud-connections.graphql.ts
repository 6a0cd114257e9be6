/** Cloud connections (spec document 3, sections 2.11, 3 and 7). Secrets are input only: no field returns one. */
export const cloudConnectionsTypeDefs = /* GraphQL */ `
"""A cloud data-collection connection; its secrets are never returned."""
type CloudConnection {
  id: ID!
  """AWS, AZURE or GCP."""
  cloudPlatform: String!
  connectionName: String!
  lastSuccessfulVerificationDate: String
  createdBy: String!
  createdOn: String!
  updatedBy: String!
  updatedOn: String!
  """Services (standalone instances and scale groups) of the latest collection (the spec's spelling)."""
  lastestAuditServiceCount: Int
  """Accounts, subscriptions or projects the connection collects."""
  subConnectionCount: Int!
  lastestAuditDate: String
  earliestAuditDate: String
  """complete or failed: the latest collection attempt, and a failure's reason."""
  lastCollectionStatus: String
  lastCollectionError: String
  lastCollectionAttempt: String
}

type ConnectionList {
  """Recommendations are shown for services analysed within this many days; -1: no limit."""
  maxRefreshAge: Int!
  connections: [CloudConnection!]!
}

type AwsInstanceFound {
  regionName: String!
  availableZone: String!
  activeInstance: Int!
  inactiveInstance: Int!
  oldestWorkLoad: String
  newestWorkLoad: String
  totalAvailableWorkLoad: Int!
}

type AzureSubscriptionFound {
  id: String!
  displayName: String!
  usedByAccount: Boolean!
  status: String!
  mostRecentCollection: String
  auditAzureConnectionName: String
}

type ConnectionVerificationResult {
  platform: String!
  """COMPLETE or INVALID."""
  status: String!
  """A JSON array of messages."""
  statusDetails: String!
  """The AWS account, Azure tenant or GCP project verified."""
  accountId: String
  awsInstanceFound: [AwsInstanceFound!]!
  azureSubscriptionsFound: [AzureSubscriptionFound!]!
  gcpInstanceCount: Int!
}

input AwsSettingsInput {
  roleArn: String!
  externalId: String!
}

input AzureSettingsInput {
  tenantId: String!
  secretKey: String!
  """The application (client) id of the service principal."""
  servicePrincipal: String!
}

input GcpSettingsInput {
  """The service account's JSON key file, as text."""
  serviceAccountKey: String!
}

type CloudCollectionOutcome {
  ok: Boolean!
  services: Int!
  reason: String
  ms: Int!
}

extend type Query {
  """The cloud connections, optionally of one platform (AWS, AZURE, GCP)."""
  connectionList(platform: String): ConnectionList!
  """Verifies connection settings with the provider (audit administrators only); exactly one settings input."""
  verifyConnectionSettings(awsSettings: AwsSettingsInput, azureSettings: AzureSettingsInput, gcpSettings: GcpSettingsInput): ConnectionVerificationResult!
  """This installation's AWS account id, which a customer's role must trust; null when unknown."""
  getKubexAWSAccountId: String
}

extend type Mutation {
  """Deletes connections with their secrets and collected services (audit administrators only); returns how many."""
  deleteCloudConnections(ids: [ID!]!): Int!
  """Collects one connection now (audit administrators only)."""
  collectCloudConnection(id: ID!): CloudCollectionOutcome!
}
`;
