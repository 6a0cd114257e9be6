import { describe, expect, it } from "vitest";
import { nodeUtilisation } from "./utilisation";

const FIVE_MINUTES = 300_000;

describe("nodeUtilisation", () => {
  it("averages and peaks CPU and memory %, and counts node hours from the samples", () => {
    const samples = [
      { t: 0, cpu: 10, mem: 50 },
      { t: FIVE_MINUTES, cpu: 30, mem: 60 },
      { t: 2 * FIVE_MINUTES, cpu: 80, mem: 40 },
    ];
    expect(nodeUtilisation(samples, FIVE_MINUTES)).toEqual({
      cpuUtilizationAvgPct: 40,
      cpuUtilizationPeakPct: 80,
      memUtilizationAvgPct: 50,
      memUtilizationPeakPct: 60,
      nodeHours: 0.25,
    });
  });

  it("uses the step given for node hours (12 hourly samples = 12 h)", () => {
    const samples = Array.from({ length: 12 }, (_, i) => ({ t: i * 3_600_000, cpu: 5, mem: 5 }));
    expect(nodeUtilisation(samples, 3_600_000)?.nodeHours).toBe(12);
  });

  it("is null without samples", () => {
    expect(nodeUtilisation([], FIVE_MINUTES)).toBeNull();
  });
});
