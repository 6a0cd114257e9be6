/**
 * The Optimization Breakdown waterfall (spec 2.2 and section 4; ANALYSIS.md): Current Spend = Σ current cost;
 * Immediate Savings = −Σ spare of containers not at risk; Risk Removal = Σ deficit (unset requests included);
 * Additional Waste = −Σ spare of containers at risk; Optimal Spend = Σ recommended cost. Summed in whole cents, so
 * Current + Immediate + Risk Removal + Additional = Optimal holds to the cent for any fleet.
 */
import type { CostCents } from "./costs";

export interface Waterfall {
  currentSpend: number;
  immediateSavings: number;
  riskRemoval: number;
  additionalWaste: number;
  optimalSpend: number;
  /** The same five bars in whole cents. */
  cents: { currentSpend: number; immediateSavings: number; riskRemoval: number; additionalWaste: number; optimalSpend: number };
}

export function waterfall(containers: Iterable<{ cents: CostCents }>): Waterfall {
  let current = 0;
  let immediate = 0;
  let deficit = 0;
  let additional = 0;
  let optimal = 0;
  for (const { cents } of containers) {
    current += cents.current;
    immediate += cents.immediate;
    deficit += cents.deficit;
    additional += cents.additional;
    optimal += cents.recommended;
  }
  // -0 would print as "-$0.00"
  const cents = { currentSpend: current, immediateSavings: -immediate || 0, riskRemoval: deficit, additionalWaste: -additional || 0, optimalSpend: optimal };
  return {
    currentSpend: cents.currentSpend / 100,
    immediateSavings: cents.immediateSavings / 100,
    riskRemoval: cents.riskRemoval / 100,
    additionalWaste: cents.additionalWaste / 100,
    optimalSpend: cents.optimalSpend / 100,
    cents,
  };
}
