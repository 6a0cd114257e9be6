/**
 * The Catalog Map of one analysed service, on demand (spec 2.7 and the calls analysisScore and
 * analysisInstanceInfoInstanceType): every type's cell (score, colour band, cost at the predicted uptime), the
 * comparison row of one type at a chosen spend tolerance, and analysisScore's transferPriorities. Scores are
 * hidden (null) for Terminate, as the spec requires; the bands still colour the map.
 */
import type { CloudServiceAnalysis } from "./analyse";
import {
  describeCandidate,
  heatmapBand,
  monthlyCostOf,
  scoreOf,
  transferPriorities,
  withinToleranceOf,
  type HeatmapBand,
  type InstanceInfo,
  type TransferPriority,
} from "./score";

export interface CatalogMapCell {
  instanceType: string;
  family: string;
  size: string;
  /** null when not offered in the region, or hidden (Terminate). */
  score: number | null;
  band: HeatmapBand;
  /** $ per month at the predicted uptime; null when not offered. */
  cost: number | null;
  isCurrent: boolean;
  isRecommended: boolean;
}

const hidden = (a: CloudServiceAnalysis) => a.result.recommendation === "Terminate";

/** Every type of the service's region as a map cell at a spend tolerance (default the policy's); [] when not scored. */
export function catalogMapCells(a: CloudServiceAnalysis, spendTolerance?: number): CatalogMapCell[] {
  const ctx = a.scoring;
  if (!ctx) return [];
  const hide = hidden(a);
  const tolerance = spendTolerance ?? ctx.spendTolerance;
  return ctx.rc.types.map((c, i) => {
    const score = scoreOf(ctx, i);
    const cost = monthlyCostOf(ctx, i);
    return {
      instanceType: c.name,
      family: c.family,
      size: c.size,
      score: hide ? null : score,
      band: heatmapBand(score, withinToleranceOf(ctx, i, tolerance)),
      cost: cost === null ? null : Math.round(cost * 100) / 100,
      isCurrent: c.name === a.result.existingInstanceType,
      isRecommended: c.name === a.result.recommendedInstanceType,
    };
  });
}

/** analysisInstanceInfoInstanceType: the comparison row of one type (Current, Recommended or Selected). */
export function instanceInfo(a: CloudServiceAnalysis, instanceType: string, spendTolerance?: number): InstanceInfo | null {
  if (!a.scoring) return null;
  return describeCandidate(a.scoring, instanceType, {
    spendTolerance,
    currentCost: a.result.currentEstimatedCost,
    recommendedCost: a.result.recommendedEstimatedCost,
    hideScores: hidden(a),
  });
}

/** analysisScore.transferPriorities of the service; null when not scored. */
export function analysisScore(a: CloudServiceAnalysis): Record<string, TransferPriority> | null {
  return a.scoring ? transferPriorities(a.scoring, hidden(a)) : null;
}
