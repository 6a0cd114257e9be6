/** Service path treeview: Views, Filters, trees and automation switches (spec document 1, section 7). */
import { typed } from "./typed-document";
import type { AvailableProperty, DeleteStatus, FilterDetail, View, ViewDefInput, ViewDetail, ViewFilter, ViewFilterInput } from "./types";

const VIEW_DETAIL_FIELDS = `viewDetailId viewDefinitionId attrKey datasourceId staticSource orderIndex displayColumn columnSource dataType tableSource`;
const VIEW_FIELDS = `viewId entityId viewTypeId name originalName description createdBy updatedBy defaultView publicView readOnly
  systemDefined vmView platformType viewDetailList viewDetails { ${VIEW_DETAIL_FIELDS} }`;
const FILTER_DETAIL_FIELDS = `viewFilterId filterDefinitionId attrKey datasourceId columnSource tableSource compareColumn compareColumnSource
  compareTableSource dataType filterValue folderId operand orderIndex preOperand1 preOperand2 postOperand1 postOperand2 workspaceFilter`;
const FILTER_FIELDS = `viewFilterId name originalName createdBy updatedBy defaultFilter publicFilter readOnly representative
  systemDefined platformType filterDetails { ${FILTER_DETAIL_FIELDS} }`;

type Ctx = { ctx?: string | null };
type TreeArgs = Ctx & { viewId: string; filterId: string; analyzedOnly?: boolean | null };

export const GET_VIEW_DEFINITIONS = typed<{ getViewDefinitions: { publicList: View[]; privateList: View[] } }, Ctx>(/* GraphQL */ `
  query getViewDefinitions($ctx: String) {
    getViewDefinitions(ctx: $ctx) { publicList { ${VIEW_FIELDS} } privateList { ${VIEW_FIELDS} } }
  }
`);

export const GET_FILTER_DEFINITIONS = typed<{ getFilterDefinitions: { publicList: ViewFilter[]; privateList: ViewFilter[] } }, Ctx>(
  /* GraphQL */ `
  query getFilterDefinitions($ctx: String) {
    getFilterDefinitions(ctx: $ctx) { publicList { ${FILTER_FIELDS} } privateList { ${FILTER_FIELDS} } }
  }
`,
);

export const GET_ALL_AVAILABLE_PROPERTIES = typed<
  { getAllAvailableProperties: { propertyList: AvailableProperty[] } },
  Ctx & { filters?: boolean | null }
>(/* GraphQL */ `
  query getAllAvailableProperties($ctx: String, $filters: Boolean) {
    getAllAvailableProperties(ctx: $ctx, filters: $filters) {
      propertyList { displayColumn staticSource columnSource datasourceId attrKey tableSource dataType }
    }
  }
`);

export const GET_MAX_FILTER_LINES = typed<{ getMaxFilterLines: number }, { filters?: boolean | null }>(/* GraphQL */ `
  query getMaxFilterLines($filters: Boolean) {
    getMaxFilterLines(filters: $filters)
  }
`);

export const GET_VIEW_DETAILS = typed<{ getViewDetails: ViewDetail[] }, Ctx & { viewId: string; manageViews?: boolean | null }>(
  /* GraphQL */ `
  query getViewDetails($viewId: String!, $ctx: String, $manageViews: Boolean) {
    getViewDetails(viewId: $viewId, ctx: $ctx, manageViews: $manageViews) { ${VIEW_DETAIL_FIELDS} }
  }
`,
);

export const SAVE_OR_UPDATE_VIEW = typed<{ saveOrUpdateView: View }, Ctx & { viewDef: ViewDefInput }>(/* GraphQL */ `
  mutation saveOrUpdateView($viewDef: ViewDefInput!, $ctx: String) {
    saveOrUpdateView(viewDef: $viewDef, ctx: $ctx) { ${VIEW_FIELDS} }
  }
`);

export const DELETE_VIEW = typed<{ deleteView: DeleteStatus }, Ctx & { viewId: string; viewName: string }>(/* GraphQL */ `
  mutation deleteView($viewId: String!, $viewName: String!, $ctx: String) {
    deleteView(viewId: $viewId, viewName: $viewName, ctx: $ctx) { status message }
  }
`);

export const GET_FILTER_DETAILS = typed<{ getFilterDetails: FilterDetail[] }, Ctx & { filterId: string }>(/* GraphQL */ `
  query getFilterDetails($filterId: String!, $ctx: String) {
    getFilterDetails(filterId: $filterId, ctx: $ctx) { ${FILTER_DETAIL_FIELDS} }
  }
`);

export const SAVE_OR_UPDATE_VIEW_FILTER = typed<{ saveOrUpdateViewFilter: ViewFilter }, Ctx & { viewFilter: ViewFilterInput }>(
  /* GraphQL */ `
  mutation saveOrUpdateViewFilter($viewFilter: ViewFilterInput!, $ctx: String) {
    saveOrUpdateViewFilter(viewFilter: $viewFilter, ctx: $ctx) { ${FILTER_FIELDS} }
  }
`,
);

export const DELETE_VIEW_FILTER = typed<{ deleteViewFilter: DeleteStatus }, Ctx & { filterId: string; filterName: string }>(
  /* GraphQL */ `
  mutation deleteViewFilter($filterId: String!, $filterName: String!, $ctx: String) {
    deleteViewFilter(filterId: $filterId, filterName: $filterName, ctx: $ctx) { status message }
  }
`,
);

/** getFolderListJson is JSON of the root TreeNode with its children (app/features/tree/types.ts). */
export const GET_FOLDER_LIST_JSON = typed<{ getFolderListJson: string }, TreeArgs & { reload?: boolean | null }>(/* GraphQL */ `
  query getFolderListJson($ctx: String, $viewId: String!, $filterId: String!, $analyzedOnly: Boolean, $reload: Boolean) {
    getFolderListJson(ctx: $ctx, viewId: $viewId, filterId: $filterId, analyzedOnly: $analyzedOnly, reload: $reload)
  }
`);

/** getLeafListJson is JSON of a TreeNode array: the entities under the folder. */
export const GET_LEAF_LIST_JSON = typed<{ getLeafListJson: string }, TreeArgs & { treeviewPath: string }>(/* GraphQL */ `
  query getLeafListJson($ctx: String, $viewId: String!, $filterId: String!, $treeviewPath: String!, $analyzedOnly: Boolean) {
    getLeafListJson(ctx: $ctx, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, analyzedOnly: $analyzedOnly)
  }
`);

export const SET_ENTITY_AUTOMATION_STATUS = typed<
  { setEntityAutomationStatus: string },
  Ctx & { viewId: string; filterId: string; treeviewPath: string; entityId: string; enableAutomation: boolean }
>(/* GraphQL */ `
  mutation setEntityAutomationStatus(
    $ctx: String
    $viewId: String!
    $filterId: String!
    $treeviewPath: String!
    $entityId: String!
    $enableAutomation: Boolean!
  ) {
    setEntityAutomationStatus(
      ctx: $ctx
      viewId: $viewId
      filterId: $filterId
      treeviewPath: $treeviewPath
      entityId: $entityId
      enableAutomation: $enableAutomation
    )
  }
`);

export const SET_TREE_PATH_AUTOMATION_STATUS = typed<
  { setTreePathAutomationStatus: string },
  Ctx & { viewId: string; filterId: string; treeviewPath: string; enableAutomation: boolean }
>(/* GraphQL */ `
  mutation setTreePathAutomationStatus($ctx: String, $viewId: String!, $filterId: String!, $treeviewPath: String!, $enableAutomation: Boolean!) {
    setTreePathAutomationStatus(ctx: $ctx, viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, enableAutomation: $enableAutomation)
  }
`);
