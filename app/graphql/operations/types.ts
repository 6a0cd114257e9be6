/** The API's result and input shapes as clients see them (they mirror app/graphql/schema.graphql). */
// The View and Filter shapes are the models' own (the resolvers return them as they are): one definition each.
export type { View, ViewDetail } from "~/models/views.server";
export type { ViewFilter, FilterDetail } from "~/models/filters.server";
export type { AvailableProperty } from "~/domain/views-filters/properties";
// Container analysis: rows, folder counts, risks, histograms and parameters are the models' own shapes.
export type { ContainerRow } from "~/models/container-rows.server";
export type { FolderCountRow, HistogramCounts as ContainerHistograms, RiskSummary as ContainerRiskSummary } from "~/models/container-overview.server";
export type { ConfigParameter } from "~/models/config-parameters.server";
export type { HistogramBar as HistogramBucket, Waterfall } from "~/engine/containers";
import type { HistogramBar, Waterfall } from "~/engine/containers";
import type { ContainerOverview as OverviewModel, HistogramCounts } from "~/models/container-overview.server";
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

type OverviewResource = "Current" | "CurrentCost" | "Unspecified" | "UnspecifiedCost" | "Recommended" | "RecommendedCost" | "Deficit" | "DeficitCost" | "Spare" | "SpareCost";

/** getContainerOverviewByViewAndFilter as the schema shows it: the spec's flat totalCpuRequest... names. */
export type ContainerOverview = Record<`total${"Cpu" | "Memory"}Request${OverviewResource}`, number> &
  Record<"totalCpuRealizable" | "totalCpuRealizableGain" | "totalMemoryRealizable" | "totalMemoryRealizableGain", number> & {
    totalCurrentCost: number;
    totalUnspecifiedCost: number;
    totalRecommendedCost: number;
    totalRealizableGain: number;
    totalDeficitCost: number;
    totalSpareCost: number;
    containerCount: number;
    atRiskCount: number;
    efficiencyRating: number;
    monthlyWaste: number;
    waterfall: Waterfall;
    histograms: HistogramCounts;
    counts: OverviewModel["counts"];
    snapshotId: string | null;
  };

export interface SummaryAddons {
  containers: number;
  containerManifests: number;
  totalCpuSurplus: number;
  totalMemSurplus: number;
  cpuRequestSurplusCores: number;
  memoryRequestSurplusGb: number;
  monthlySavings: number;
  efficiencyRating: number;
}

export interface AnalysisBuckets {
  bucketList: HistogramBar[];
  containerCount: number;
}
