import { describe, expect, it } from "vitest";
import { groupUtilisation } from "./group-utilisation";

describe("groupUtilisation", () => {
  it("weighs each node's % by its capacity at each moment, then averages and peaks the moments", () => {
    // t0: A 100 % of 2000 + B 0 % of 6000 = 2000 / 8000 = 25 %; memory 50 % of both = 8192 / 16384 = 50 %.
    // t1: A 50 % + B 50 % = 4000 / 8000 = 50 %; memory 2048 + 6144 = 8192 / 16384 = 50 %.
    // t2: B alone, 100 % = 6000 / 6000; memory 0 %.
    const a = { capacityCpu: 2000, capacityMem: 8192, samples: [{ t: 0, cpu: 100, mem: 50 }, { t: 1, cpu: 50, mem: 25 }] };
    const b = { capacityCpu: 6000, capacityMem: 8192, samples: [{ t: 0, cpu: 0, mem: 50 }, { t: 1, cpu: 50, mem: 75 }, { t: 2, cpu: 100, mem: 0 }] };
    const g = groupUtilisation([a, b])!;
    expect(g.avgCpuUtilization).toBeCloseTo((25 + 50 + 100) / 3, 10);
    expect(g.peakCpuUtilization).toBe(100);
    expect(g.avgMemUtilization).toBeCloseTo((50 + 50 + 0) / 3, 10);
    expect(g.peakMemUtilization).toBe(50);
    expect(g.avgCpuUsed).toBeCloseTo(4000, 10);
    expect(g.peakCpuUsed).toBe(6000);
    expect(g.avgMemUsed).toBeCloseTo((8192 * 2) / 3, 10);
    expect(g.peakMemUsed).toBe(8192);
  });

  it("is null without samples", () => {
    expect(groupUtilisation([])).toBeNull();
    expect(groupUtilisation([{ capacityCpu: 1000, capacityMem: 1024, samples: [] }])).toBeNull();
  });
});
