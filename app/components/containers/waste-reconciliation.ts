/**
 * One scope, three waste figures (issue 14): the Summary's Monthly Waste, the Breakdown's Savings and the
 * waterfall's Current − Optimal answer three questions. This puts them side by side with the terms that link them
 * (design/ANALYSIS.md, "Costs, waste and the waterfall"), all in $ per month:
 *
 * - Current − Optimal = Immediate Savings + Additional Waste − Risk Removal (the waterfall's identity);
 * - Monthly Waste = Current + Unspecified − Optimal (spec document 2, section 4) = all spare requests (Immediate +
 *   Additional) − the shortfalls of requests that are set (Risk Removal − Unspecified), because Risk Removal
 *   includes the recommended cost of the unset requests (Unspecified);
 * - the Breakdown's Savings = Immediate Savings only: the spare of containers not at risk, what can be taken now.
 */
export interface WasteFigures {
  current: number;
  optimal: number;
  /** Positive amounts (the waterfall draws the three decreases as negative bars). */
  immediate: number;
  additional: number;
  riskRemoval: number;
  unspecified: number;
  monthlyWaste: number;
}

export interface WasteReconciliation {
  currentMinusOptimal: number;
  spare: number;
  setShortfall: number;
  monthlyWaste: number;
  breakdownSavings: number;
}

export function reconcileWaste(f: WasteFigures): WasteReconciliation {
  const cents = (v: number) => Math.round(v * 100);
  const spare = (cents(f.immediate) + cents(f.additional)) / 100;
  return {
    currentMinusOptimal: (cents(f.current) - cents(f.optimal)) / 100,
    spare,
    setShortfall: (cents(f.riskRemoval) - cents(f.unspecified)) / 100,
    monthlyWaste: f.monthlyWaste,
    breakdownSavings: f.immediate,
  };
}
