/** Saved grid views (service path grid-view; spec document 2, sections 2.9, 3, 6 and 7). */
export const gridViewTypeDefs = /* GraphQL */ `
"""The views of one grid the caller sees."""
type GridViewList {
  """The grid: its name prefixed grid_views_, e.g. grid_views_container_details."""
  gridId: String!
  """
  JSON array of views in display order (system: default, all_data, the risk and waste views; then public; then
  private, each by title). Each view: id, title, gridState (object of the grid's address keys), isKubexView
  (built in), isFavorite, path (system_views/<id>, public_views/<id> or private_views/<user id>/<id>), category
  (system, public or private), owner (user name; system for built-in views), children, basedOn (the built-in row
  condition it shows, or null), readOnly (for the caller) and canFavorite (false for default and all_data).
  """
  views: String!
}

"""The answer to a grid view change. Failures are errors ("<Category>: <text>")."""
type GridViewStatus {
  """ok."""
  status: String!
  """The view to select next: the created or changed view, or after a delete the first remaining one."""
  viewId: String
}

extend type Query {
  """The views of a grid (gridId is the grid's name prefixed grid_views_)."""
  getGridView(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
  ): GridViewList!
}

extend type Mutation {
  """
  Creates a private view (view JSON without id; title left out gives "New View N", blank "Untitled View N";
  copyOf duplicates a visible view as "<title> Copy N") or changes the caller's own private view (with id; fields
  left out are kept). Names are unique case-insensitively: "View name must be unique".
  """
  createOrUpdateUserView(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view as a JSON string: id, title, gridState, basedOn, copyOf."""
    view: String!
  ): GridViewStatus!
  """Changes the caller's own public view (view JSON with id, title, gridState, basedOn)."""
  updatePublicView(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view as a JSON string: id, title, gridState, basedOn."""
    view: String!
  ): GridViewStatus!
  """Deletes the caller's own private view."""
  deleteUserView(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view's id."""
    viewId: String!
  ): GridViewStatus!
  """Makes the caller's own private view public (one way; not in the sandbox)."""
  publishUserViewAsPublic(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view's id."""
    viewId: String!
  ): GridViewStatus!
  """Deletes the caller's own public view."""
  deletePublicView(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view's id."""
    viewId: String!
  ): GridViewStatus!
  """Marks a visible view as the caller's favourite (not default or all_data)."""
  addViewAsFavorite(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view's id."""
    viewId: String!
  ): GridViewStatus!
  """Removes a view from the caller's favourites."""
  removeViewFromFavorite(
    """The grid: its name prefixed grid_views_."""
    gridId: String!
    """The view's id."""
    viewId: String!
  ): GridViewStatus!
}
`;
