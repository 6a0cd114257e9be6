/** The signed-in user (spec document 1, section 3: User). */
export const userTypeDefs = /* GraphQL */ `
"""The signed-in user as the client shows it. The client adds ctx ('containers') itself."""
type LoginUserInfo {
  """The login name, also the creator name shown on Views and Filters."""
  userName: String!
  """The user's e-mail address."""
  email: String!
  """Whether the user administers users of the account."""
  isSaasUserAdmin: Boolean!
  """Whether the user administers audits (cloud connections, see spec document 3)."""
  isSaasAuditAdmin: Boolean!
  """Whether the user is an administrator of this installation."""
  isAdmin: Boolean!
}

extend type Query {
  """The caller's own identity and flags (service path user)."""
  getLoginUserInfo: LoginUserInfo!
}
`;
