/**
 * The treeview documents the screens send (through the in-process client by default). Field lists are the
 * spec's; result types mirror app/graphql/schema.graphql.
 */
export const VIEW_FIELDS = `viewId entityId viewTypeId name originalName description createdBy updatedBy defaultView publicView readOnly systemDefined vmView platformType viewDetailList
  viewDetails { viewDetailId viewDefinitionId attrKey datasourceId staticSource orderIndex displayColumn columnSource dataType tableSource }`;

export const FILTER_FIELDS = `viewFilterId name originalName createdBy updatedBy defaultFilter publicFilter readOnly representative systemDefined platformType
  filterDetails { viewFilterId filterDefinitionId attrKey datasourceId columnSource tableSource compareColumn dataType filterValue folderId operand orderIndex preOperand1 preOperand2 postOperand1 postOperand2 workspaceFilter }`;

export interface ViewDetailResult {
  viewDetailId: string;
  viewDefinitionId: string;
  attrKey: string;
  datasourceId: string;
  staticSource: boolean;
  orderIndex: number;
  displayColumn: string;
  columnSource: string;
  dataType: string;
  tableSource: string;
}

export interface ViewResult {
  viewId: string;
  entityId: string | null;
  viewTypeId: number;
  name: string;
  originalName: string;
  description: string;
  createdBy: string;
  updatedBy: string;
  defaultView: boolean;
  publicView: boolean;
  readOnly: boolean;
  systemDefined: boolean;
  vmView: boolean;
  platformType: string;
  viewDetailList: string[];
  viewDetails: ViewDetailResult[];
}

export interface FilterDetailResult {
  viewFilterId: string;
  filterDefinitionId: string;
  attrKey: string;
  datasourceId: string;
  columnSource: string;
  tableSource: string;
  compareColumn: boolean;
  dataType: string;
  filterValue: string;
  folderId: number;
  operand: string;
  orderIndex: number;
  preOperand1: string;
  preOperand2: string;
  postOperand1: string;
  postOperand2: string;
  workspaceFilter: boolean;
}

export interface FilterResult {
  viewFilterId: string;
  name: string;
  originalName: string;
  createdBy: string;
  updatedBy: string;
  defaultFilter: boolean;
  publicFilter: boolean;
  readOnly: boolean;
  representative: boolean;
  systemDefined: boolean;
  platformType: string;
  filterDetails: FilterDetailResult[];
}

export const GET_VIEW_DEFINITIONS = `query getViewDefinitions($ctx: String) {
  getViewDefinitions(ctx: $ctx) { publicList { ${VIEW_FIELDS} } privateList { ${VIEW_FIELDS} } }
}`;
export type GetViewDefinitions = { getViewDefinitions: { publicList: ViewResult[]; privateList: ViewResult[] } };

export const GET_FILTER_DEFINITIONS = `query getFilterDefinitions($ctx: String) {
  getFilterDefinitions(ctx: $ctx) { publicList { ${FILTER_FIELDS} } privateList { ${FILTER_FIELDS} } }
}`;
export type GetFilterDefinitions = { getFilterDefinitions: { publicList: FilterResult[]; privateList: FilterResult[] } };

export const GET_AVAILABLE_PROPERTIES = `query getAllAvailableProperties($ctx: String, $filters: Boolean) {
  getAllAvailableProperties(ctx: $ctx, filters: $filters) { propertyList { displayColumn staticSource columnSource datasourceId attrKey tableSource dataType } }
}`;
export type GetAvailableProperties = {
  getAllAvailableProperties: {
    propertyList: { displayColumn: string; staticSource: boolean; columnSource: string; datasourceId: string; attrKey: string; tableSource: string; dataType: "STR" | "INT" | "DAT" }[];
  };
};

export const GET_MAX_FILTER_LINES = `query getMaxFilterLines($filters: Boolean) { getMaxFilterLines(filters: $filters) }`;
export type GetMaxFilterLines = { getMaxFilterLines: number };

export const SAVE_VIEW = `mutation saveOrUpdateView($viewDef: ViewDefInput!, $ctx: String) {
  saveOrUpdateView(viewDef: $viewDef, ctx: $ctx) { ${VIEW_FIELDS} }
}`;
export type SaveView = { saveOrUpdateView: ViewResult };

export const DELETE_VIEW = `mutation deleteView($viewId: String!, $viewName: String!, $ctx: String) {
  deleteView(viewId: $viewId, viewName: $viewName, ctx: $ctx) { status }
}`;
export type DeleteView = { deleteView: { status: string } };

export const SAVE_FILTER = `mutation saveOrUpdateViewFilter($viewFilter: ViewFilterInput!, $ctx: String) {
  saveOrUpdateViewFilter(viewFilter: $viewFilter, ctx: $ctx) { ${FILTER_FIELDS} }
}`;
export type SaveFilter = { saveOrUpdateViewFilter: FilterResult };

export const DELETE_FILTER = `mutation deleteViewFilter($filterId: String!, $filterName: String!, $ctx: String) {
  deleteViewFilter(filterId: $filterId, filterName: $filterName, ctx: $ctx) { status message }
}`;
export type DeleteFilter = { deleteViewFilter: { status: string; message: string } };

export const GET_FOLDER_LIST = `query getFolderListJson($ctx: String, $viewId: String!, $filterId: String!, $analyzedOnly: Boolean, $reload: Boolean) {
  getFolderListJson(ctx: $ctx, viewId: $viewId, filterId: $filterId, analyzedOnly: $analyzedOnly, reload: $reload)
}`;
export type GetFolderList = { getFolderListJson: string };

export const GET_LEAF_LIST = `query getLeafListJson($ctx: String, $viewId: String!, $filterId: String!, $treeviewPath: String!, $analyzedOnly: Boolean) {
  getLeafListJson(ctx: $ctx, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, analyzedOnly: $analyzedOnly)
}`;
export type GetLeafList = { getLeafListJson: string };

export const SET_ENTITY_AUTOMATION = `mutation setEntityAutomationStatus($ctx: String, $viewId: String!, $filterId: String!, $treeviewPath: String!, $entityId: String!, $enableAutomation: Boolean!) {
  setEntityAutomationStatus(ctx: $ctx, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, entityId: $entityId, enableAutomation: $enableAutomation)
}`;
export const SET_PATH_AUTOMATION = `mutation setTreePathAutomationStatus($ctx: String, $viewId: String!, $filterId: String!, $treeviewPath: String!, $enableAutomation: Boolean!) {
  setTreePathAutomationStatus(ctx: $ctx, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, enableAutomation: $enableAutomation)
}`;
