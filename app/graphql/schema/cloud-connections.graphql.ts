/** Cloud connections (spec document 3, sections 2.11, 3 and 7). Secrets are input only: no field returns one. */
export const cloudConnectionsTypeDefs = /* GraphQL */ `
"""A cloud data-collection connection; its secrets are never returned."""
type CloudConnection {
  """The connection's id."""
  id: ID!
  """AWS, AZURE or GCP."""
  cloudPlatform: String!
  """Its name, as the grid shows it."""
  connectionName: String!
  """When its settings were last verified with the provider (ISO)."""
  lastSuccessfulVerificationDate: String
  """Who added it."""
  createdBy: String!
  """When it was added (ISO)."""
  createdOn: String!
  """Who changed it last."""
  updatedBy: String!
  """When it was changed last (ISO)."""
  updatedOn: String!
  """Services (standalone instances and scale groups) of the latest collection (the spec's spelling)."""
  lastestAuditServiceCount: Int
  """Accounts, subscriptions or projects the connection collects."""
  subConnectionCount: Int!
  """When its latest successful collection ran (ISO; the spec's spelling)."""
  lastestAuditDate: String
  """When its first successful collection ran (ISO)."""
  earliestAuditDate: String
  """complete or failed: the latest collection attempt."""
  lastCollectionStatus: String
  """Why the latest collection attempt failed (null when it did not)."""
  lastCollectionError: String
  """When the latest collection attempt ran (ISO)."""
  lastCollectionAttempt: String
}

"""The cloud connections with the maximum refresh age of the analysis."""
type ConnectionList {
  """Recommendations are shown for services analysed within this many days; -1: no limit."""
  maxRefreshAge: Int!
  """The connections, by name."""
  connections: [CloudConnection!]!
}

"""The EC2 instances a verified AWS role sees in one availability zone."""
type AwsInstanceFound {
  """The region."""
  regionName: String!
  """The availability zone."""
  availableZone: String!
  """Running instances."""
  activeInstance: Int!
  """Instances not running (stopped, stopping, pending)."""
  inactiveInstance: Int!
  """The earliest launch time (ISO)."""
  oldestWorkLoad: String
  """The latest launch time (ISO)."""
  newestWorkLoad: String
  """All instances of the zone."""
  totalAvailableWorkLoad: Int!
}

"""An Azure subscription a verified service principal sees."""
type AzureSubscriptionFound {
  """The subscription id."""
  id: String!
  """Its name."""
  displayName: String!
  """Whether another connection already collects it (then it cannot be chosen)."""
  usedByAccount: Boolean!
  """Loaded once a connection has collected it, else Not Loaded."""
  status: String!
  """When a connection last collected it (ISO)."""
  mostRecentCollection: String
  """The connection that collects it."""
  auditAzureConnectionName: String
}

"""What the provider answered to a verification."""
type ConnectionVerificationResult {
  """AWS, AZURE or GCP."""
  platform: String!
  """COMPLETE or INVALID."""
  status: String!
  """A JSON array of messages."""
  statusDetails: String!
  """The AWS account, Azure tenant or GCP project verified."""
  accountId: String
  """AWS: the instances per availability zone."""
  awsInstanceFound: [AwsInstanceFound!]!
  """Azure: the subscriptions the principal sees."""
  azureSubscriptionsFound: [AzureSubscriptionFound!]!
  """GCP: the project's instances."""
  gcpInstanceCount: Int!
}

"""An AWS role this installation may assume."""
input AwsSettingsInput {
  """The role's ARN."""
  roleArn: String!
  """The External ID the role's trust policy requires."""
  externalId: String!
}

"""An Azure service principal."""
input AzureSettingsInput {
  """The directory (tenant) id."""
  tenantId: String!
  """The client secret."""
  secretKey: String!
  """The application (client) id of the service principal."""
  servicePrincipal: String!
}

"""A Google Cloud service account."""
input GcpSettingsInput {
  """The service account's JSON key file, as text."""
  serviceAccountKey: String!
}

"""How a collection of one connection ended."""
type CloudCollectionOutcome {
  """Whether it succeeded (a failure leaves the previous data)."""
  ok: Boolean!
  """Services collected."""
  services: Int!
  """Why it failed."""
  reason: String
  """How long it took, in milliseconds."""
  ms: Int!
}

extend type Query {
  """The cloud connections, optionally of one platform (AWS, AZURE, GCP)."""
  connectionList(
    """AWS, AZURE or GCP; all when absent."""
    platform: String
  ): ConnectionList!
  """Verifies connection settings with the provider (audit administrators only); exactly one settings input."""
  verifyConnectionSettings(
    """An AWS role."""
    awsSettings: AwsSettingsInput
    """An Azure service principal."""
    azureSettings: AzureSettingsInput
    """A GCP service account key."""
    gcpSettings: GcpSettingsInput
  ): ConnectionVerificationResult!
  """This installation's AWS account id, which a customer's role must trust; null when unknown."""
  getKubexAWSAccountId: String
}

extend type Mutation {
  """Deletes connections with their secrets and collected services (audit administrators only); returns how many."""
  deleteCloudConnections(
    """The connections to delete."""
    ids: [ID!]!
  ): Int!
  """Collects one connection now (audit administrators only)."""
  collectCloudConnection(
    """The connection to collect."""
    id: ID!
  ): CloudCollectionOutcome!
}
`;
