/**
 * Views, Filters, the navigation trees and automation switches (spec document 1, sections 3, 5, 6 and 7; service
 * path treeview). Field names are the spec's own.
 */
export const treeviewTypeDefs = /* GraphQL */ `
"""The answer of an automation switch (spec document 3, section 7)."""
type AutomationStatusResult {
  """SUCCESS when the switch was stored."""
  status: String!
  """The text for the user, e.g. "Automation enabled for 4 containers under 'All/prod-a'"."""
  message: String!
}

"""A saved View: an ordered hierarchy of properties the tree is grouped by."""
type View {
  """The View's id (a UUID; the all-zero id only ever on the client for a new View)."""
  viewId: String!
  """An entity the View is tied to; null for ordinary Views."""
  entityId: String
  """The kind of View; 1 for tree Views."""
  viewTypeId: Int!
  """The stored name."""
  name: String!
  """The stored name as well (lists are sorted by it); a client may edit name and keep this one to compare."""
  originalName: String!
  """Free text describing the View."""
  description: String!
  """The user name of the creator ('system' for system-defined Views)."""
  createdBy: String!
  """The user name of the last user who saved it."""
  updatedBy: String!
  """Whether this is the caller's own default View for the tree context (the seeded default when the caller has chosen none)."""
  defaultView: Boolean!
  """Whether the View is visible to every user (else only to its creator)."""
  publicView: Boolean!
  """Whether only its creator may change or delete it."""
  readOnly: Boolean!
  """Whether it ships with the product; nobody can change or delete it."""
  systemDefined: Boolean!
  """Whether the View groups virtual machines (cloud tree)."""
  vmView: Boolean!
  """The platform the View applies to, e.g. CONTAINERS or CLOUD."""
  platformType: String!
  """The display names of the levels in order, e.g. ["Cluster", "Namespace"]."""
  viewDetailList: [String!]!
  """The levels in order."""
  viewDetails: [ViewDetail!]!
}

"""One level of a View. A level's identity is datasourceId when staticSource is true, else attrKey."""
type ViewDetail {
  """The level's id."""
  viewDetailId: String!
  """The id of the View the level belongs to."""
  viewDefinitionId: String!
  """The attribute (label) key for attribute properties; empty for static ones."""
  attrKey: String!
  """The source of the property, e.g. K8S_CLUSTER, or CONTAINER_ATTRIBUTE for attributes."""
  datasourceId: String!
  """Whether the property is a fixed inventory column (true) or an attribute (false)."""
  staticSource: Boolean!
  """The level's position, 0 for the top level."""
  orderIndex: Int!
  """The property's display name, also the tree node type of the level."""
  displayColumn: String!
  """The column the property is read from."""
  columnSource: String!
  """The property's data type: STR, INT or DAT."""
  dataType: String!
  """The table the property is read from."""
  tableSource: String!
}

"""The Views the caller can see, split by sharing."""
type ViewList {
  """Public Views (including system-defined ones), sorted by originalName."""
  publicList: [View!]!
  """The caller's own private Views, sorted by originalName."""
  privateList: [View!]!
}

"""A property a View level or Filter line may use."""
type AvailableProperty {
  """The display name."""
  displayColumn: String!
  """Whether the property is a fixed inventory column (true) or an attribute (false)."""
  staticSource: Boolean!
  """The column the property is read from."""
  columnSource: String!
  """The source id, e.g. K8S_CLUSTER or CONTAINER_ATTRIBUTE."""
  datasourceId: String!
  """The attribute key for attributes; empty for static properties."""
  attrKey: String!
  """The table the property is read from."""
  tableSource: String!
  """STR, INT or DAT; decides the Filter conditions offered."""
  dataType: String!
}

"""The properties offered for Views or for Filters."""
type AvailablePropertyList {
  """The properties in display order."""
  propertyList: [AvailableProperty!]!
}

"""A saved Filter: rows of conditions that narrow the tree."""
type ViewFilter {
  """The Filter's id (a UUID)."""
  viewFilterId: String!
  """The stored name."""
  name: String!
  """The stored name as well (lists are sorted by it)."""
  originalName: String!
  """The user name of the creator ('system' for system-defined Filters)."""
  createdBy: String!
  """The user name of the last user who saved it."""
  updatedBy: String!
  """Whether this is the caller's own default Filter for the tree context (the seeded default when the caller has chosen none)."""
  defaultFilter: Boolean!
  """Whether the Filter is visible to every user (else only to its creator)."""
  publicFilter: Boolean!
  """Whether only its creator may change or delete it."""
  readOnly: Boolean!
  """Always false."""
  representative: Boolean!
  """Whether it ships with the product; nobody can change or delete it."""
  systemDefined: Boolean!
  """The platform the Filter applies to, e.g. CONTAINERS or CLOUD."""
  platformType: String!
  """The lines in order; none means the Filter matches everything."""
  filterDetails: [FilterDetail!]!
}

"""The Filters the caller can see, split by sharing."""
type FilterList {
  """Public Filters (including system-defined ones), sorted by originalName."""
  publicList: [ViewFilter!]!
  """The caller's own private Filters, sorted by originalName."""
  privateList: [ViewFilter!]!
}

"""One line of a Filter: [preOperand1 preOperand2] property operand value [postOperand1 postOperand2]."""
type FilterDetail {
  """The id of the Filter the line belongs to."""
  viewFilterId: String!
  """The line's id."""
  filterDefinitionId: String!
  """The attribute key for attributes; empty for static properties."""
  attrKey: String!
  """The source id, e.g. K8S_CLUSTER or CONTAINER_ATTRIBUTE."""
  datasourceId: String!
  """The column the property is read from."""
  columnSource: String!
  """The table the property is read from."""
  tableSource: String!
  """Whether the value names another column; echoed from the saved input, false when read back (not stored)."""
  compareColumn: Boolean!
  """The compared column, echoed from the saved input; empty when read back (not stored)."""
  compareColumnSource: String!
  """The compared column's table, echoed from the saved input; empty when read back (not stored)."""
  compareTableSource: String!
  """STR (default), INT or DAT: the property's data type."""
  dataType: String!
  """The value; for in and !in one value per line."""
  filterValue: String!
  """The folder the line is tied to; -1 for none."""
  folderId: Int!
  """The condition: =, !=, >, <, >=, <=, contains, !contains, isNull, isNotNull, e%, %s, in, !in."""
  operand: String!
  """The line's position, 0 for the first line."""
  orderIndex: Int!
  """First operand before the condition: blank, AND, OR or up to four '('."""
  preOperand1: String!
  """Second operand before the condition: blank, AND, OR or up to four '('."""
  preOperand2: String!
  """First operand after the condition: blank, AND, OR or up to four ')'."""
  postOperand1: String!
  """Second operand after the condition: blank, AND, OR or up to four ')'."""
  postOperand2: String!
  """Whether the line is a workspace filter."""
  workspaceFilter: Boolean!
}

"""The answer to a delete."""
type DeleteStatus {
  """'ok' when deleted, else the reason it was not."""
  status: String!
  """What happened, for the user."""
  message: String!
}

"""A View to create (viewId the all-zero id) or update. Server-owned fields sent back by a client are ignored."""
input ViewDefInput {
  """The View's id; the all-zero id creates a new View."""
  viewId: String!
  """An entity the View is tied to; usually null."""
  entityId: String
  """The kind of View; 1 (tree View) when omitted."""
  viewTypeId: Int
  """The name; trimmed, required, at most 100 characters, unique among the Views the caller can see."""
  name: String!
  """Ignored: the stored name is the server's."""
  originalName: String
  """Free text; at most 500 characters."""
  description: String
  """Ignored: the server records the creator."""
  createdBy: String
  """Ignored: the server records who saved it."""
  updatedBy: String
  """Make this the caller's own default View for the context (false clears it if it was)."""
  defaultView: Boolean
  """Share with every user (forced off in the sandbox)."""
  publicView: Boolean
  """Let only the creator change or delete it (forced off in the sandbox)."""
  readOnly: Boolean
  """Ignored: only the product defines system Views."""
  systemDefined: Boolean
  """Whether the View groups virtual machines; false when omitted."""
  vmView: Boolean
  """The platform; the context's own when omitted."""
  platformType: String
  """Ignored: derived from viewDetails."""
  viewDetailList: [String!]
  """The levels, top first (sorted by orderIndex when given)."""
  viewDetails: [ViewDetailInput!]!
}

"""One level of a View to save. Only the identity counts; the other fields come from the property list."""
input ViewDetailInput {
  """Ignored: levels get fresh ids on save."""
  viewDetailId: String
  """Ignored: the View's id."""
  viewDefinitionId: String
  """The attribute key (identity when staticSource is false)."""
  attrKey: String
  """The source id (identity when staticSource is true)."""
  datasourceId: String
  """Whether the identity is datasourceId (true) or attrKey (false)."""
  staticSource: Boolean!
  """The level's position; the list order when omitted."""
  orderIndex: Int
  """Ignored: from the property list."""
  displayColumn: String
  """Ignored: from the property list."""
  columnSource: String
  """Ignored: from the property list."""
  dataType: String
  """Ignored: from the property list."""
  tableSource: String
}

"""A Filter to create (viewFilterId the all-zero id) or update. Server-owned fields sent back by a client are ignored."""
input ViewFilterInput {
  """The Filter's id; the all-zero id creates a new Filter."""
  viewFilterId: String!
  """The name; trimmed, required, at most 100 characters, unique among the Filters the caller can see."""
  name: String!
  """Ignored: the stored name is the server's."""
  originalName: String
  """Ignored: the server records the creator."""
  createdBy: String
  """Ignored: the server records who saved it."""
  updatedBy: String
  """Make this the caller's own default Filter for the context (false clears it if it was)."""
  defaultFilter: Boolean
  """Share with every user (forced off in the sandbox)."""
  publicFilter: Boolean
  """Let only the creator change or delete it (forced off in the sandbox)."""
  readOnly: Boolean
  """Ignored: always saved as false."""
  representative: Boolean
  """Ignored: only the product defines system Filters."""
  systemDefined: Boolean
  """The platform; the context's own when omitted."""
  platformType: String
  """Ignored: a client-only flag."""
  suppressWarning: Boolean
  """The lines, first first (sorted by orderIndex when given); at least one."""
  filterDetails: [FilterDetailInput!]!
}

"""One Filter line to save. The property is named by attrKey (attributes) or datasourceId (static properties)."""
input FilterDetailInput {
  """Ignored: the Filter's id."""
  viewFilterId: String
  """Ignored: lines get fresh ids on save."""
  filterDefinitionId: String
  """The attribute key; names the property when not empty."""
  attrKey: String
  """The source id; names the property when attrKey is empty."""
  datasourceId: String
  """Ignored: from the property list."""
  columnSource: String
  """Ignored: from the property list."""
  tableSource: String
  """Echoed in the answer, not stored."""
  compareColumn: Boolean
  """Echoed in the answer, not stored."""
  compareColumnSource: String
  """Echoed in the answer, not stored."""
  compareTableSource: String
  """STR (default), INT or DAT; the property's own type is what counts."""
  dataType: String
  """The value; for in and !in one value per line; empty for isNull and isNotNull."""
  filterValue: String
  """The folder the line is tied to; -1 when omitted."""
  folderId: Int
  """The condition, allowed by the property's data type."""
  operand: String!
  """The line's position; the list order when omitted."""
  orderIndex: Int
  """Blank, AND, OR or up to four '('."""
  preOperand1: String
  """Blank, AND, OR or up to four '('."""
  preOperand2: String
  """Blank, AND, OR or up to four ')'."""
  postOperand1: String
  """Blank, AND, OR or up to four ')'."""
  postOperand2: String
  """Whether the line is a workspace filter; false when omitted."""
  workspaceFilter: Boolean
}

extend type Query {
  """The Views the caller can see for a tree context."""
  getViewDefinitions(
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): ViewList!
  """The Filters the caller can see for a tree context."""
  getFilterDefinitions(
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): FilterList!
  """The properties offered for View levels (filters false) or Filter lines (filters true)."""
  getAllAvailableProperties(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """True for Filter lines (every property), false for View levels (groupable properties)."""
    filters: Boolean
  ): AvailablePropertyList!
  """The most Filter lines a Filter may have (filters true) or levels a View may have (otherwise)."""
  getMaxFilterLines(
    """True for Filter lines, false or omitted for View levels."""
    filters: Boolean
  ): Int!
  """The levels of a View the caller can see."""
  getViewDetails(
    """The View's id."""
    viewId: String!
    """The tree context: containers (default) or cloud."""
    ctx: String
    """Set by the Manage Views dialog; the answer is the same."""
    manageViews: Boolean
  ): [ViewDetail!]!
  """The lines of a Filter the caller can see."""
  getFilterDetails(
    """The Filter's id."""
    filterId: String!
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): [FilterDetail!]!
  """
  The folder tree for a View and Filter as a JSON string: the root node ('System Breakdown') with its children,
  each with id, name, label, level, type, fullPath, parentPath and containerCount.
  """
  getFolderListJson(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    filterId: String!
    """Accepted for compatibility: every collected entity is analysed."""
    analyzedOnly: Boolean
    """True to recompute instead of using the cached tree."""
    reload: Boolean
  ): String!
  """The entities under a folder as a JSON array of child nodes (entityId set, type Container or the cloud service type)."""
  getLeafListJson(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View's id; the all-zero id means the caller's default View."""
    viewId: String!
    """The Filter's id; the all-zero id means the caller's default Filter."""
    filterId: String!
    """The folder's names from the root separated by '/', with or without the root name; case-insensitive."""
    treeviewPath: String!
    """Accepted for compatibility: every collected entity is analysed."""
    analyzedOnly: Boolean
  ): String!
}

extend type Mutation {
  """Creates or updates a View (levels replaced together with it) and answers the saved View."""
  saveOrUpdateView(
    """The View with its levels."""
    viewDef: ViewDefInput!
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): View!
  """Deletes a View the caller may delete."""
  deleteView(
    """The View's id."""
    viewId: String!
    """The View's name as the caller knows it (the answer uses the stored one)."""
    viewName: String!
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): DeleteStatus!
  """Creates or updates a Filter (lines replaced together with it) and answers the saved Filter."""
  saveOrUpdateViewFilter(
    """The Filter with its lines."""
    viewFilter: ViewFilterInput!
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): ViewFilter!
  """Deletes a Filter the caller may delete."""
  deleteViewFilter(
    """The Filter's id."""
    filterId: String!
    """The Filter's name as the caller knows it (the answer uses the stored one)."""
    filterName: String!
    """The tree context: containers (default) or cloud."""
    ctx: String
  ): DeleteStatus!
  """Turns automation on or off for one entity; answers a status text for the user."""
  setEntityAutomationStatus(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View the tree is shown with."""
    viewId: String!
    """The Filter the tree is shown with."""
    filterId: String!
    """The path of the entity's folder, for the record."""
    treeviewPath: String!
    """The entity (container or cloud instance id)."""
    entityId: String!
    """True to enable, false to disable."""
    enableAutomation: Boolean!
  ): String!
  """Turns automation on or off for every entity under a folder of this View and Filter; answers a status text."""
  setTreePathAutomationStatus(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View the tree is shown with."""
    viewId: String!
    """The Filter the tree is shown with."""
    filterId: String!
    """The folder's names from the root separated by '/', with or without the root name."""
    treeviewPath: String!
    """True to enable, false to disable."""
    enableAutomation: Boolean!
  ): String!
  """Turns automation on or off for every entity under a folder (the spec's name; setTreePathAutomationStatus is its alias)."""
  setAutomationStatusByTreePath(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View the tree is shown with."""
    viewId: String!
    """The Filter the tree is shown with."""
    filterId: String!
    """The folder's names from the root separated by '/', with or without the root name."""
    treeviewPath: String!
    """True to enable, false to disable."""
    enableAutomation: Boolean!
  ): AutomationStatusResult!
  """Turns automation on or off for one entity (the spec's name; setEntityAutomationStatus is its alias)."""
  setAutomationStatusForEntity(
    """The tree context: containers (default) or cloud."""
    ctx: String
    """The View the tree is shown with."""
    viewId: String!
    """The Filter the tree is shown with."""
    filterId: String!
    """The path of the entity's folder, for the record."""
    treeviewPath: String!
    """The entity (container or cloud instance id)."""
    entityId: String!
    """True to enable, false to disable."""
    enableAutomation: Boolean!
  ): AutomationStatusResult!
}
`;
