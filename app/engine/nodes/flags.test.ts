import { describe, expect, it } from "vitest";
import { nodeUtilisationFlags } from "./flags";

const idle = { cpuUtilizationAvgPct: 10, cpuUtilizationPeakPct: 20, memUtilizationAvgPct: 30, memUtilizationPeakPct: 40 };

describe("nodeUtilisationFlags", () => {
  it("flags nothing on an idle node", () => {
    expect(nodeUtilisationFlags(idle)).toEqual({
      cpuAvgHigh: false,
      cpuPeakHigh: false,
      memAvgHigh: false,
      memPeakHigh: false,
      cpuSaturated: false,
      memSaturated: false,
    });
  });

  it("flags CPU at a peak of exactly 70, not 69.9", () => {
    expect(nodeUtilisationFlags({ ...idle, cpuUtilizationPeakPct: 70 })).toMatchObject({ cpuPeakHigh: true, cpuSaturated: true, cpuAvgHigh: false });
    expect(nodeUtilisationFlags({ ...idle, cpuUtilizationPeakPct: 69.9 }).cpuSaturated).toBe(false);
  });

  it("flags CPU at an average of exactly 70", () => {
    expect(nodeUtilisationFlags({ ...idle, cpuUtilizationAvgPct: 70, cpuUtilizationPeakPct: 70 })).toMatchObject({ cpuAvgHigh: true, cpuSaturated: true });
    expect(nodeUtilisationFlags({ ...idle, cpuUtilizationAvgPct: 69.9 }).cpuAvgHigh).toBe(false);
  });

  it("flags memory at an average of 90 or a peak of 95, not 89.9 / 94.9", () => {
    expect(nodeUtilisationFlags({ ...idle, memUtilizationAvgPct: 90, memUtilizationPeakPct: 90 })).toMatchObject({ memAvgHigh: true, memPeakHigh: false, memSaturated: true });
    expect(nodeUtilisationFlags({ ...idle, memUtilizationPeakPct: 95 })).toMatchObject({ memAvgHigh: false, memPeakHigh: true, memSaturated: true });
    expect(nodeUtilisationFlags({ ...idle, memUtilizationAvgPct: 89.9, memUtilizationPeakPct: 94.9 }).memSaturated).toBe(false);
  });

  it("judges against thresholds passed in", () => {
    const t = { cpuUtilizationAvgPct: 50, cpuUtilizationPeakPct: 80, memUtilizationAvgPct: 90, memUtilizationPeakPct: 95 };
    expect(nodeUtilisationFlags({ ...idle, cpuUtilizationAvgPct: 50, cpuUtilizationPeakPct: 75 }, t)).toMatchObject({ cpuAvgHigh: true, cpuPeakHigh: false });
  });
});
