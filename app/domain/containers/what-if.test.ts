import { describe, expect, it } from "vitest";
import { compareFigures, emptyTotals, figuresOf, type FigureTotals } from "./what-if";

function totals(change: (t: FigureTotals) => void): FigureTotals {
  const t = emptyTotals();
  change(t);
  return t;
}

describe("what-if comparison maths", () => {
  // Today: two containers. Current $100.00 + $50.25; immediate savings $30.10 (not at risk), a deficit of $12.34 and
  // $5.00 of spare at risk; optimal = 150.25 − 30.10 + 12.34 − 5.00 = 127.49.
  const today = figuresOf(
    totals((t) => {
      t.containers = 3;
      t.analysed = 2;
      t.cents = { current: 15025, recommended: 12749, unspecified: 0, spare: 3510, deficit: 1234, immediate: 3010, additional: 500 };
      t.costCents = { current: 15025, unspecified: 1000, recommended: 12749 };
      t.risks = { atRisk: 1, cpuThrottled: 1, cpuStranded: 0, memoryPodTermination: 0, memoryStranded: 0, memoryProcessTermination: 0 };
    }),
  );
  // What-if: smaller margins. Optimal $110.00, immediate $45.25, no deficit, nothing at risk.
  const whatIf = figuresOf(
    totals((t) => {
      t.containers = 3;
      t.analysed = 2;
      t.cents = { current: 15025, recommended: 11000, unspecified: 0, spare: 4525, deficit: 500, immediate: 4525, additional: 0 };
      t.costCents = { current: 15025, unspecified: 1000, recommended: 11000 };
      t.risks = { atRisk: 0, cpuThrottled: 0, cpuStranded: 0, memoryPodTermination: 0, memoryStranded: 0, memoryProcessTermination: 2 };
    }),
  );

  it("derives the figures from the cents: waterfall, monthly waste, savings", () => {
    expect(today.waterfall).toMatchObject({ currentSpend: 150.25, immediateSavings: -30.1, riskRemoval: 12.34, additionalWaste: -5, optimalSpend: 127.49 });
    // 150.25 + 10.00 − 127.49
    expect(today.monthlyWaste).toBe(32.76);
    expect(today.netSavings).toBe(22.76);
    expect(whatIf.monthlyWaste).toBe(50.25);
    expect(whatIf.netSavings).toBe(40.25);
  });

  it("gives each line today, what-if, the exact difference and its percent", () => {
    const lines = Object.fromEntries(compareFigures(today, whatIf).map((l) => [l.key, l]));
    expect(lines.currentSpend).toMatchObject({ today: 150.25, whatIf: 150.25, difference: 0, percent: 0 });
    // −45.25 − (−30.10) = −15.15; −15.15 ÷ 30.10 = −50.33 % → −50.3
    expect(lines.immediateSavings).toMatchObject({ today: -30.1, whatIf: -45.25, difference: -15.15, percent: -50.3 });
    // 5.00 − 12.34 = −7.34; ÷ 12.34 = −59.48 % → −59.5
    expect(lines.riskRemoval).toMatchObject({ difference: -7.34, percent: -59.5 });
    expect(lines.additionalWaste).toMatchObject({ today: -5, whatIf: 0, difference: 5, percent: 100 });
    // 110.00 − 127.49 = −17.49; ÷ 127.49 = −13.72 % → −13.7
    expect(lines.optimalSpend).toMatchObject({ difference: -17.49, percent: -13.7 });
    expect(lines.monthlyWaste).toMatchObject({ today: 32.76, whatIf: 50.25, difference: 17.49, percent: 53.4 });
    expect(lines.netSavings).toMatchObject({ today: 22.76, whatIf: 40.25, difference: 17.49 });
    expect(lines.atRisk).toMatchObject({ kind: "count", today: 1, whatIf: 0, difference: -1, percent: -100 });
    // No percent of nothing.
    expect(lines.memoryProcessTermination).toMatchObject({ today: 0, whatIf: 2, difference: 2, percent: null });
  });

  it("keeps differences exact where floating point would not (0.1 + 0.2)", () => {
    const a = figuresOf(totals((t) => (t.cents.current = 10)));
    const b = figuresOf(totals((t) => (t.cents.current = 30)));
    expect(compareFigures(a, b)[0].difference).toBe(0.2);
  });
});
