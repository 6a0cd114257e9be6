import { describe, expect, it } from "vitest";
import { containerCosts } from "./costs";
import { waterfall } from "./waterfall";

describe("waterfall", () => {
  it("adds the bars of a small fleet by hand", () => {
    const rows = [
      // not at risk: CPU 2 → 0.5 cores ($46.15 → $11.54, spare $34.61), memory 2 → 1 GB ($6.19 → $3.09, spare $3.10)
      containerCosts({ existing: { cpuRequest: 2000, memRequest: 2048 }, recommended: { cpuRequest: 500, memRequest: 1024 }, count: 1 }),
      // at risk (memory deficit): CPU 1 → 0.5 cores ($23.08 → $11.54, spare $11.54), memory 1 → 2 GB ($3.09 → $6.19, deficit $3.10)
      containerCosts({ existing: { cpuRequest: 1000, memRequest: 1024 }, recommended: { cpuRequest: 500, memRequest: 2048 }, count: 1 }),
      // unset CPU request: recommended 0.25 core = $5.77 of deficit; memory 1 GB unchanged $3.09
      containerCosts({ existing: { cpuRequest: null, memRequest: 1024 }, recommended: { cpuRequest: 250, memRequest: 1024 }, count: 1 }),
    ];
    const w = waterfall(rows);
    expect(w.currentSpend).toBe(81.6); // 46.15 + 6.19 + 23.08 + 3.09 + 0 + 3.09
    expect(w.immediateSavings).toBe(-37.71); // 34.61 + 3.10
    expect(w.riskRemoval).toBe(8.87); // 3.10 + 5.77
    expect(w.additionalWaste).toBe(-11.54);
    expect(w.optimalSpend).toBe(41.22); // 11.54 + 3.09 + 11.54 + 6.19 + 5.77 + 3.09 = 81.60 − 37.71 + 8.87 − 11.54
    expect(w.cents).toEqual({ currentSpend: 8160, immediateSavings: -3771, riskRemoval: 887, additionalWaste: -1154, optimalSpend: 4122 });
  });

  it("of no containers is all zeros (no negative zero)", () => {
    const w = waterfall([]);
    expect(Object.is(w.immediateSavings, 0) && Object.is(w.additionalWaste, 0)).toBe(true);
    expect(w.optimalSpend).toBe(0);
  });

  it("Current + Immediate + Risk Removal + Additional = Optimal to the cent, on 200 random fleets", () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const maybe = (v: number) => (rnd() < 0.1 ? null : v);
    for (let f = 0; f < 200; f++) {
      const rows = Array.from({ length: 1 + Math.floor(rnd() * 300) }, () =>
        containerCosts(
          {
            existing: { cpuRequest: maybe(Math.round(rnd() * 8000)), memRequest: maybe(Math.round(rnd() * 32768)) },
            recommended: { cpuRequest: 10 + 10 * Math.floor(rnd() * 800), memRequest: 64 + 16 * Math.floor(rnd() * 2000) },
            count: Math.round(rnd() * 3000) / 100,
            risks: { hasCpuThrottledRisk: rnd() < 0.1 },
          },
          { cpuCoreHour: rnd() * 0.1, memoryGbHour: rnd() * 0.01 },
        ),
      );
      const w = waterfall(rows);
      const c = w.cents;
      expect(c.currentSpend + c.immediateSavings + c.riskRemoval + c.additionalWaste).toBe(c.optimalSpend);
      expect(Math.round((w.currentSpend + w.immediateSavings + w.riskRemoval + w.additionalWaste) * 100)).toBe(Math.round(w.optimalSpend * 100));
      expect(Number.isInteger(c.currentSpend) && Number.isInteger(c.optimalSpend)).toBe(true);
    }
  });
});
