/** The root types; each domain module adds its fields with `extend type`. */
export const baseTypeDefs = /* GraphQL */ `
"""
Reads: the signed-in user, feature flags, Views, Filters, trees, data checks, container analysis and unit prices.
Served the same at every /api/graphql/<service> path.
"""
type Query

"""
Changes: saving and deleting Views and Filters, and automation switches. Every change is checked against the
caller's rights on the server.
"""
type Mutation
`;
