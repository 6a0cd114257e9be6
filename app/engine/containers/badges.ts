/**
 * Per-value adjustment badges and the container's recommendation label (spec sections 3 and 2.3; ANALYSIS.md).
 *
 * Badge: Set Value when there is no current value (null or 0), Increase when the current value is lower than the
 * recommendation, Decrease when higher, No Change when equal.
 * Label: "Size from unspecified" when the CPU or memory request is unset; otherwise "Upsize" when the values that
 * change only go up, "Downsize" when they only go down, "Resize" when both, "Just Right" when nothing changes. A
 * newly set limit (Set Value on a limit) is a change without a direction: it joins the direction of the other
 * changes and alone makes "Resize".
 */
import type { Badge, RecommendationLabel, ResourceKey } from "./types";

export function badgeFor(existing: number | null, recommended: number): Badge {
  if (existing === null || !(existing > 0)) return "Set Value";
  return existing < recommended ? "Increase" : existing > recommended ? "Decrease" : "No Change";
}

export function labelFor(badges: Readonly<Record<ResourceKey, Badge>>): RecommendationLabel {
  if (badges.cpuRequest === "Set Value" || badges.memRequest === "Set Value") return "Size from unspecified";
  const all = [badges.cpuRequest, badges.cpuLimit, badges.memRequest, badges.memLimit];
  const up = all.includes("Increase");
  const down = all.includes("Decrease");
  if (up && down) return "Resize";
  if (up) return "Upsize";
  if (down) return "Downsize";
  return all.includes("Set Value") ? "Resize" : "Just Right";
}

/**
 * The current value as a percentage of the recommended one (the grid's cpuRequestVsPct and friends, and the
 * histograms' ratio); null when the current value is unset or there is no positive recommendation.
 */
export function percentOfRecommended(existing: number | null, recommended: number | null): number | null {
  if (existing === null || !(existing > 0) || recommended === null || !(recommended > 0)) return null;
  return (existing * 100) / recommended; // multiply first: 110 / 100 × 100 would be 110.00000000000001
}
