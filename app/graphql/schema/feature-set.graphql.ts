/** Feature flags (spec document 1, section 3: Feature flag). */
export const featureSetTypeDefs = /* GraphQL */ `
"""One feature flag and whether it is on."""
type FeatureSet {
  """The flag's name, e.g. showManageViews or sandboxPlaygroundEnabled."""
  name: String!
  """Whether the flag is on."""
  enabled: Boolean!
}

extend type Query {
  """Every stored feature flag, sorted by name (service path feature-set)."""
  allFeatureSet: [FeatureSet!]!
}
`;
