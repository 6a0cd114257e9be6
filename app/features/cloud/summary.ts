/**
 * The cloud folder summary's rules (spec document 3, sections 2.3, 3, 5 and 9), pure so that the cards and their
 * tests read the same ones: the spend card's title and "View details" target, the Waste / Shortfall label, the
 * percentage and the efficiency colour, the Total Services blocks, the Optimization Breakdown's rows and bars, and
 * where every count links.
 */
import type { CloudFolderSummary } from "~/engine/cloud";
import { BREAKDOWN_ROW_VIEWS, SUMMARY_COUNT_VIEWS } from "~/domain/cloud/grid-view-ids";
import { gridDefinition } from "~/domain/grid-views/grids";
import { viewSearch } from "~/domain/grid-views/state";
import { CLOUD_GRID_ID, CONTAINER_GRID_ID } from "~/domain/grid-views/texts";
import { formatCurrency, round } from "~/lib/format";
import { TEXT } from "~/lib/constants";
import { CLOUD_ANALYSIS_PARAM, CLOUD_TAB_PARAM } from "./tabs";

/** What the summary needs of the engine's folder summary (section 3). */
export type CloudSummaryFigures = Pick<
  CloudFolderSummary,
  | "ec2Service"
  | "rdsService"
  | "asgService"
  | "azureVmService"
  | "azureVmssService"
  | "gceService"
  | "awsTotalService"
  | "azureTotalService"
  | "gcpTotalService"
  | "awsTotalCurCost"
  | "azureTotalCurCost"
  | "gcpTotalCurCost"
  | "awsTotalOptimalCost"
  | "azureTotalOptimalCost"
  | "gcpTotalOptimalCost"
  | "terminate"
  | "modernize"
  | "downsize"
  | "downscale"
  | "upsize"
  | "upscale"
  | "terminateSavings"
  | "modernizeSavings"
  | "downsizeSavings"
  | "downscaleSavings"
  | "upsizeSavings"
  | "upscaleSavings"
  | "immediateSavings"
  | "additionalWaste"
  | "riskRemovalCost"
>;

/** The parameters of the page that say where it is (the tree selection, View and Filter): kept by every link. */
const CONTEXT_PARAMS = ["viewId", "filterId", "nodeId", "level", "fullPath", "tnodeId", "type"];

/**
 * The spec's tree path of a cloud folder. The spend card tells the cloud tree from the container tree by it
 * ("unless the path starts with Cloud"); the spec's cloud tree is rooted at "Cloud", ours shares the containers'
 * root name, so the cloud screens name the root "Cloud" here (decision 012).
 */
export function cloudTreeviewPath(fullPath: string | null | undefined): string {
  const names = (fullPath ?? "").split("/").filter(Boolean);
  if (names[0] === TEXT.rootName || names[0] === "Cloud") names.shift();
  return ["Cloud", ...names].join("/");
}

const isCloudPath = (path: string) => path.startsWith("Cloud");

/**
 * The overall monthly spend card's title: with the unit costs the container estimates are priced at, unless the
 * path is a cloud path, whose costs are catalog prices per instance type (their sources are shown instead).
 */
export function spendCardTitle(path: string, unit: { cpuCoreMonth: number; memoryGbMonth: number }): string {
  const title = "Overall Monthly Spend";
  return isCloudPath(path) ? title : `${title} (based on ${formatCurrency(unit.cpuCoreMonth)}/CPU Core, ${formatCurrency(unit.memoryGbMonth)}/Memory GB)`;
}

/**
 * The address of the analysis grid on one of its views, from the summary: the page's context kept, the grid's own
 * state dropped, and the analysis tab named as the spec says (cloud-analysis=cloud-analysis on a cloud path,
 * tabGroup1=analysis-details on a container one).
 */
export function analysisHref(pathname: string, search: string, path: string, gridViewId: string): string {
  const from = new URLSearchParams(search);
  const p = new URLSearchParams();
  for (const k of CONTEXT_PARAMS) {
    const v = from.get(k);
    if (v !== null) p.set(k, v);
  }
  if (isCloudPath(path)) p.set(CLOUD_ANALYSIS_PARAM, "cloud-analysis");
  else p.set("tabGroup1", "analysis-details");
  p.delete(CLOUD_TAB_PARAM);
  // The view's own state comes along (All Data's columns), so the grid shows the view rather than an unsaved change of it.
  const grid = gridDefinition(isCloudPath(path) ? CLOUD_GRID_ID : CONTAINER_GRID_ID);
  const state = grid?.systemViews.find((v) => v.id === gridViewId)?.state ?? {};
  return `${pathname}${grid ? viewSearch(p, gridViewId, state, grid) : `?${p}&gridViewId=${encodeURIComponent(gridViewId)}`}`;
}

/** Current and optimal spend of the folder: each the sum of the three providers' (section 3, derived). */
export function spendTotals(s: CloudSummaryFigures) {
  const cents = (...v: number[]) => round(v.reduce((a, b) => a + b, 0), 2);
  return {
    current: cents(s.awsTotalCurCost, s.azureTotalCurCost, s.gcpTotalCurCost),
    optimal: cents(s.awsTotalOptimalCost, s.azureTotalOptimalCost, s.gcpTotalOptimalCost),
  };
}

/** Efficiency ratio = optimal / current, 2 decimals, 0 when current is 0 (section 5). */
export function efficiencyRatio(current: number, optimal: number): number {
  return current === 0 ? 0 : round(optimal / current, 2);
}

/** "Waste" when the ratio is at most 1, else "Shortfall" (2.3). */
export const wasteLabel = (ratio: number): "Waste" | "Shortfall" => (ratio <= 1 ? "Waste" : "Shortfall");

/** Waste or shortfall percentage = |current − optimal| / current, a whole number; 0 when current is 0 (sections 5, 9). */
export function wastePercent(current: number, optimal: number): number {
  return current === 0 ? 0 : Math.round((Math.abs(current - optimal) / current) * 100);
}

/** The efficiency rating's colour (section 5): green at exactly 1, yellow (waste) below, red (risk) above. */
export function efficiencyTone(ratio: number): "right" | "waste" | "risk" {
  if (ratio === 1) return "right";
  return ratio < 1 ? "waste" : "risk";
}

export const EFFICIENCY_TOOLTIP = "Efficiency Rating is optimal spend divided by current spend. Below 1 suggests cost-saving potential; above 1 signals under-allocated resource risk.";

/** Everything the spend card shows. */
export function spendCard(s: CloudSummaryFigures) {
  const { current, optimal } = spendTotals(s);
  const ratio = efficiencyRatio(current, optimal);
  const label = wasteLabel(ratio);
  return {
    current,
    optimal,
    ratio,
    tone: efficiencyTone(ratio),
    label,
    percent: wastePercent(current, optimal),
    monthlyLabel: `Monthly ${label}` as const,
    monthlyAmount: round(Math.abs(current - optimal), 2),
  };
}

export interface ServiceCount {
  key: keyof typeof SUMMARY_COUNT_VIEWS;
  label: string;
  count: number;
  gridViewId: string;
}

export interface ProviderBlock extends ServiceCount {
  services: ServiceCount[];
}

/** The Total Services card's provider blocks: a provider only when it has services, a sub-service only when above 0. */
export function providerBlocks(s: CloudSummaryFigures): ProviderBlock[] {
  const count = (key: keyof typeof SUMMARY_COUNT_VIEWS, label: string, n: number): ServiceCount => ({ key, label, count: n, gridViewId: SUMMARY_COUNT_VIEWS[key] });
  const blocks: ProviderBlock[] = [
    { ...count("aws", "AWS", s.awsTotalService), services: [count("ec2Service", "EC2", s.ec2Service), count("asgService", "ASG", s.asgService), count("rdsService", "RDS", s.rdsService)] },
    { ...count("azure", "Azure", s.azureTotalService), services: [count("azureVmService", "VM", s.azureVmService), count("azureVmssService", "VM Scale Sets", s.azureVmssService)] },
    { ...count("gcp", "GCP", s.gcpTotalService), services: [count("gceService", "Compute Engine", s.gceService)] },
  ];
  return blocks.filter((b) => b.count > 0).map((b) => ({ ...b, services: b.services.filter((x) => x.count > 0) }));
}

/** Current services: the sum of the three provider totals (section 3, derived). */
export const totalServices = (s: CloudSummaryFigures) => s.awsTotalService + s.azureTotalService + s.gcpTotalService;

/** The waterfall's bars, by index (2.3): Current 0, Immediate Savings 1, Additional Waste 2, Risk Removal 3, Optimal 4. */
export const CLOUD_WATERFALL_KEYS = ["currentSpend", "immediateSavings", "additionalWaste", "riskRemoval", "optimalSpend"] as const;
export type CloudWaterfallKey = (typeof CLOUD_WATERFALL_KEYS)[number];

export const CLOUD_WATERFALL_LABELS: Record<CloudWaterfallKey, string> = {
  currentSpend: "Current Spend",
  immediateSavings: "Immediate Savings",
  additionalWaste: "Additional Waste",
  riskRemoval: "Risk Removal",
  optimalSpend: "Optimal Spend",
};

/** The waterfall tooltips (section 9); Current Spend has none in the spec, so it says what the bar is. */
export const CLOUD_WATERFALL_TOOLTIPS: Record<CloudWaterfallKey, string> = {
  currentSpend: "The monthly spend of the services at their current instance types and group sizes.",
  immediateSavings: "Terminating unused instances with very low usage, or modernizing to the latest generation at the same size.",
  additionalWaste: "Savings that need more effort, such as downsizing instances or downscaling scale groups.",
  riskRemoval: "The cost of reducing the risk of under-allocated resources.",
  optimalSpend: "The projected monthly spend after all optimisations.",
};

export interface CloudWaterfallBarData {
  key: CloudWaterfallKey;
  index: number;
  label: string;
  type: "total" | "step";
  value: number;
  tooltip: string;
}

/** The five bars from the folder's figures (steps signed: savings and waste negative, risk removal positive). */
export function cloudWaterfallBars(s: CloudSummaryFigures): CloudWaterfallBarData[] {
  const { current, optimal } = spendTotals(s);
  const values: Record<CloudWaterfallKey, number> = {
    currentSpend: current,
    immediateSavings: s.immediateSavings,
    additionalWaste: s.additionalWaste,
    riskRemoval: s.riskRemovalCost,
    optimalSpend: optimal,
  };
  return CLOUD_WATERFALL_KEYS.map((key, index) => ({
    key,
    index,
    label: CLOUD_WATERFALL_LABELS[key],
    type: key === "currentSpend" || key === "optimalSpend" ? "total" : "step",
    value: values[key],
    tooltip: CLOUD_WATERFALL_TOOLTIPS[key],
  }));
}

type BreakdownKey = keyof typeof BREAKDOWN_ROW_VIEWS;

export interface BreakdownRow {
  key: BreakdownKey;
  label: string;
  /** The group the row belongs to, by its waterfall bar. */
  group: "Immediate Savings" | "Additional Waste" | "Risk Removal";
  /** The waterfall bar the row highlights (1, 2 or 3). */
  bar: number;
  count: number;
  /** $ per month: savings negative (Terminate, Modernize, Downsize, Downscale), costs positive (Upsize, Upscale). */
  amount: number;
  /** The grid view of the same name; null when the count is 0 (a row links only then, section 5). */
  gridViewId: string | null;
}

const ROWS: readonly { key: BreakdownKey; label: string; bar: 1 | 2 | 3; count: keyof CloudSummaryFigures; amount: keyof CloudSummaryFigures }[] = [
  { key: "terminate", label: "Terminate", bar: 1, count: "terminate", amount: "terminateSavings" },
  { key: "modernize", label: "Modernize", bar: 1, count: "modernize", amount: "modernizeSavings" },
  { key: "downsize", label: "Downsize", bar: 2, count: "downsize", amount: "downsizeSavings" },
  { key: "downscale", label: "Downscale", bar: 2, count: "downscale", amount: "downscaleSavings" },
  { key: "upsize", label: "Upsize", bar: 3, count: "upsize", amount: "upsizeSavings" },
  { key: "upscale", label: "Upscale", bar: 3, count: "upscale", amount: "upscaleSavings" },
];

/**
 * The six breakdown rows. The engine already signs each recommendation's amount as optimal − current (negative
 * for the savings, positive for the costs); the absolute value is re-signed here so the rule of section 3 holds
 * whatever sign a source gives.
 */
export function breakdownRows(s: CloudSummaryFigures): BreakdownRow[] {
  return ROWS.map((r) => {
    const count = s[r.count];
    const magnitude = Math.abs(s[r.amount]);
    return {
      key: r.key,
      label: r.label,
      group: r.bar === 1 ? "Immediate Savings" : r.bar === 2 ? "Additional Waste" : "Risk Removal",
      bar: r.bar,
      count,
      amount: r.bar === 3 ? magnitude : magnitude === 0 ? 0 : -magnitude,
      gridViewId: count > 0 ? BREAKDOWN_ROW_VIEWS[r.key] : null,
    };
  });
}

/** The bar the address highlights (?bar=0…4), or null. */
export function barFromParam(value: string | null): number | null {
  if (value === null || !/^[0-4]$/.test(value)) return null;
  return Number(value);
}

/** The address with a bar highlighted (null: none), the rest kept. */
export function barHref(pathname: string, search: string, bar: number | null): string {
  const p = new URLSearchParams(search);
  if (bar === null) p.delete("bar");
  else p.set("bar", String(bar));
  return `${pathname}?${p}`;
}
