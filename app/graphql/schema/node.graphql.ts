/** The nodes tree (spec document 1, section 3: Node tree types ROOT, CLUSTER, NODEGROUP, NODE). */
export const nodeTypeDefs = /* GraphQL */ `
extend type Query {
  """
  The nodes tree ROOT > CLUSTER > NODEGROUP > NODE as a JSON array holding the root node (service path
  k8s/node). Node groups carry their node group id and nodes their node id as entityId.
  """
  nodeTreeJson: String!
}
`;
