/** Data availability checks the shell and the product tour use (spec document 1, section 7). */
export const dataChecksTypeDefs = /* GraphQL */ `
extend type Query {
  """Whether any container has been collected (HasContainerTransformData)."""
  hasContainerTransformData: Boolean!
  """Whether any cloud instance has been collected (HasCloudTransformData)."""
  hasCloudTransformData: Boolean!
  """Whether any AWS Auto Scaling group has been collected (HasCloudTransformData)."""
  hasCloudTransformAsgData: Boolean!
}
`;
