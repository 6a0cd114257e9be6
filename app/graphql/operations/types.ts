/** The API's result and input shapes as clients see them (they mirror app/graphql/schema.graphql). */
export interface LoginUserInfo {
  userName: string;
  email: string;
  isSaasUserAdmin: boolean;
  isSaasAuditAdmin: boolean;
  isAdmin: boolean;
}

export interface FeatureSet {
  name: string;
  enabled: boolean;
}

export interface ViewDetail {
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

export interface View {
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
  viewDetails: ViewDetail[];
}

export interface FilterDetail {
  viewFilterId: string;
  filterDefinitionId: string;
  attrKey: string;
  datasourceId: string;
  columnSource: string;
  tableSource: string;
  compareColumn: boolean;
  compareColumnSource: string;
  compareTableSource: string;
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

export interface ViewFilter {
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
  filterDetails: FilterDetail[];
}

export interface AvailableProperty {
  displayColumn: string;
  staticSource: boolean;
  columnSource: string;
  datasourceId: string;
  attrKey: string;
  tableSource: string;
  dataType: "STR" | "INT" | "DAT";
}

export interface DeleteStatus {
  status: string;
  message: string;
}

export interface ViewDetailInput {
  viewDetailId?: string | null;
  viewDefinitionId?: string | null;
  attrKey?: string | null;
  datasourceId?: string | null;
  staticSource: boolean;
  orderIndex?: number | null;
  displayColumn?: string | null;
  columnSource?: string | null;
  dataType?: string | null;
  tableSource?: string | null;
}

export interface ViewDefInput {
  viewId: string;
  entityId?: string | null;
  viewTypeId?: number | null;
  name: string;
  originalName?: string | null;
  description?: string | null;
  createdBy?: string | null;
  updatedBy?: string | null;
  defaultView?: boolean | null;
  publicView?: boolean | null;
  readOnly?: boolean | null;
  systemDefined?: boolean | null;
  vmView?: boolean | null;
  platformType?: string | null;
  viewDetailList?: string[] | null;
  viewDetails: ViewDetailInput[];
}

export interface FilterDetailInput {
  viewFilterId?: string | null;
  filterDefinitionId?: string | null;
  attrKey?: string | null;
  datasourceId?: string | null;
  columnSource?: string | null;
  tableSource?: string | null;
  compareColumn?: boolean | null;
  compareColumnSource?: string | null;
  compareTableSource?: string | null;
  dataType?: string | null;
  filterValue?: string | null;
  folderId?: number | null;
  operand: string;
  orderIndex?: number | null;
  preOperand1?: string | null;
  preOperand2?: string | null;
  postOperand1?: string | null;
  postOperand2?: string | null;
  workspaceFilter?: boolean | null;
}

export interface ViewFilterInput {
  viewFilterId: string;
  name: string;
  originalName?: string | null;
  createdBy?: string | null;
  updatedBy?: string | null;
  defaultFilter?: boolean | null;
  publicFilter?: boolean | null;
  readOnly?: boolean | null;
  representative?: boolean | null;
  systemDefined?: boolean | null;
  platformType?: string | null;
  suppressWarning?: boolean | null;
  filterDetails: FilterDetailInput[];
}
