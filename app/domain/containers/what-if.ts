/**
 * What-if (issue 15, must-show 3): a folder's figures under another policy beside today's, and their differences.
 * Pure: both sides come in as whole cents and counts (today's from the snapshot's read model, the what-if's from
 * the engine's rows), so every difference is exact and the figures add up the way the Summary's do.
 */
import { waterfall, type Waterfall } from "~/engine/containers/waterfall";

/** The name an edited, unsaved copy of a policy is shown and analysed under. */
export const editedName = (base: string) => `${base} (edited, unsaved)`;

/** A folder's totals the comparison is made of: money in whole cents, the rest counts. */
export interface FigureTotals {
  /** Containers in the folder (with a row in the snapshot), analysed or not. */
  containers: number;
  /** Analysed containers (the ones with costs). */
  analysed: number;
  /** The waterfall's sums of the rows' cents (costs.ts CostCents). */
  cents: { current: number; recommended: number; unspecified: number; spare: number; deficit: number; immediate: number; additional: number };
  /** Σ round(cpu_x_cost × 100) + Σ round(mem_x_cost × 100): what the Summary's Monthly Waste card is made of. */
  costCents: { current: number; unspecified: number; recommended: number };
  risks: RiskCounts;
}

export interface RiskCounts {
  /** Analysed containers at risk (a request deficit, or a throttling / termination flag). */
  atRisk: number;
  cpuThrottled: number;
  cpuStranded: number;
  memoryPodTermination: number;
  memoryStranded: number;
  memoryProcessTermination: number;
}

export const RISK_KEYS = ["atRisk", "cpuThrottled", "cpuStranded", "memoryPodTermination", "memoryStranded", "memoryProcessTermination"] as const satisfies readonly (keyof RiskCounts)[];

export interface WhatIfFigures {
  containers: number;
  analysed: number;
  waterfall: Waterfall;
  /** Current + unspecified − recommended cost ($ per month), as the Summary's Monthly Waste card. */
  monthlyWaste: number;
  /** Current − optimal spend ($ per month): what applying every recommendation saves (negative: costs more). */
  netSavings: number;
  risks: RiskCounts;
}

export function emptyTotals(): FigureTotals {
  return {
    containers: 0,
    analysed: 0,
    cents: { current: 0, recommended: 0, unspecified: 0, spare: 0, deficit: 0, immediate: 0, additional: 0 },
    costCents: { current: 0, unspecified: 0, recommended: 0 },
    risks: { atRisk: 0, cpuThrottled: 0, cpuStranded: 0, memoryPodTermination: 0, memoryStranded: 0, memoryProcessTermination: 0 },
  };
}

export function figuresOf(t: FigureTotals): WhatIfFigures {
  const w = waterfall([{ cents: t.cents }]);
  return {
    containers: t.containers,
    analysed: t.analysed,
    waterfall: w,
    monthlyWaste: (t.costCents.current + t.costCents.unspecified - t.costCents.recommended) / 100,
    netSavings: (w.cents.currentSpend - w.cents.optimalSpend) / 100,
    risks: { ...t.risks },
  };
}

/** The lines of the side-by-side table, in the order shown. */
export const COMPARISON_LINES = [
  { key: "currentSpend", label: "Current Spend", kind: "money" },
  { key: "immediateSavings", label: "Immediate Savings", kind: "money" },
  { key: "riskRemoval", label: "Risk Removal", kind: "money" },
  { key: "additionalWaste", label: "Additional Waste", kind: "money" },
  { key: "optimalSpend", label: "Optimal Spend", kind: "money" },
  { key: "monthlyWaste", label: "Monthly Waste", kind: "money" },
  { key: "netSavings", label: "Savings (Current − Optimal)", kind: "money" },
  { key: "analysed", label: "Containers analysed", kind: "count" },
  { key: "atRisk", label: "Containers at risk", kind: "count" },
  { key: "cpuThrottled", label: "CPU throttling risk", kind: "count" },
  { key: "cpuStranded", label: "CPU stranded", kind: "count" },
  { key: "memoryPodTermination", label: "Memory pod termination risk", kind: "count" },
  { key: "memoryStranded", label: "Memory stranded", kind: "count" },
  { key: "memoryProcessTermination", label: "Memory process termination risk", kind: "count" },
] as const;

export type ComparisonKey = (typeof COMPARISON_LINES)[number]["key"];

export interface ComparisonLine {
  key: ComparisonKey;
  label: string;
  kind: "money" | "count";
  today: number;
  whatIf: number;
  /** whatIf − today (dollars for money, computed in cents so it is exact). */
  difference: number;
  /** difference ÷ |today| × 100, one decimal; null when today is 0. */
  percent: number | null;
}

/** The figure of a line, in whole cents for money. */
function valueOf(f: WhatIfFigures, key: ComparisonKey): number {
  switch (key) {
    case "currentSpend":
    case "immediateSavings":
    case "riskRemoval":
    case "additionalWaste":
    case "optimalSpend":
      return f.waterfall.cents[key];
    case "monthlyWaste":
      return Math.round(f.monthlyWaste * 100);
    case "netSavings":
      return Math.round(f.netSavings * 100);
    case "analysed":
      return f.analysed;
    default:
      return f.risks[key];
  }
}

/** Today's figures beside the what-if's, line by line, with the differences. */
export function compareFigures(today: WhatIfFigures, whatIf: WhatIfFigures): ComparisonLine[] {
  return COMPARISON_LINES.map(({ key, label, kind }) => {
    const a = valueOf(today, key);
    const b = valueOf(whatIf, key);
    const d = b - a;
    const scale = kind === "money" ? 100 : 1;
    return {
      key,
      label,
      kind,
      today: a / scale,
      whatIf: b / scale,
      difference: d / scale,
      percent: a === 0 ? null : Math.round((d / Math.abs(a)) * 1000) / 10,
    };
  });
}
