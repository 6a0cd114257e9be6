import { describe, expect, it } from "vitest";
import { nodeUtilisation, nodeUtilisationOfColumns } from "./utilisation";

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

describe("nodeUtilisationOfColumns", () => {
  it("reads the positions asked that have both values, as nodeUtilisation reads those samples", () => {
    // Positions 0-5; 0 is outside the range, 2 has no memory sample, 5 is past the end.
    const cpu = Float64Array.from([99, 10, 70, 30, 80, 99]);
    const mem = Float64Array.from([99, 50, NaN, 60, 40, 99]);
    const expected = {
      cpuUtilizationAvgPct: 40,
      cpuUtilizationPeakPct: 80,
      memUtilizationAvgPct: 50,
      memUtilizationPeakPct: 60,
      nodeHours: 0.25,
    };
    expect(nodeUtilisationOfColumns(cpu, mem, 1, 5, FIVE_MINUTES)).toEqual(expected);
    expect(nodeUtilisation([{ t: 1, cpu: 10, mem: 50 }, { t: 3, cpu: 30, mem: 60 }, { t: 4, cpu: 80, mem: 40 }], FIVE_MINUTES)).toEqual(expected);
  });

  it("is null when no position in the range has both values", () => {
    expect(nodeUtilisationOfColumns(Float64Array.from([NaN, 5]), Float64Array.from([5, NaN]), 0, 2, FIVE_MINUTES)).toBeNull();
    expect(nodeUtilisationOfColumns(Float64Array.from([5]), Float64Array.from([5]), 1, 1, FIVE_MINUTES)).toBeNull();
  });
});
