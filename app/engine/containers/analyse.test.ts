import { describe, expect, it } from "vitest";
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { analyseContainer } from "./analyse";
import { toColumns } from "./columns";
import { DAY_MS, STEP_MS } from "./types";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

/** A flat week: CPU 400 mCores, memory 900 MB. */
const flatWeek = () =>
  toColumns(Array.from({ length: 2016 }, (_, i) => ({ t: NOW - 7 * DAY_MS + i * STEP_MS, cpu: 400, mem: 900 })));

describe("analyseContainer", () => {
  it("recommends, prices and buckets an oversized container by hand", () => {
    // CPU request 400 → 400; limit 400 × 1.2 = 480; memory 900 × 1.15 = 1035 → 1040; limit 1040 × 1.2 = 1248
    // against 1000 / 2000 / 2048 / 4096: each more than 50 % below → capped at 500 / 1000 / 1024 / 2048
    const a = analyseContainer(
      { existing: { cpuRequest: 1000, cpuLimit: 2000, memRequest: 2048, memLimit: 4096 }, samples: flatWeek(), nowMs: NOW, count: 2 },
      SYSTEM_DEFAULT_POLICY.values,
    );
    expect(a.result.analysed && a.result.recommended).toEqual({ cpuRequest: 500, cpuLimit: 1000, memRequest: 1040, memLimit: 2048 });
    expect(a.result.analysed && a.result.label).toBe("Downsize");
    // CPU 1 core × 2 = $46.15 → 0.5 × 2 = $23.08: spare $23.07; memory 2 GB × 2 = $12.37 (12.37204) → 1040 MB × 2 = $6.28
    expect(a.costs).toMatchObject({ currentCost: 58.52, recommendedCost: 29.36, atRisk: false });
    expect(a.buckets).toEqual({ cpuRequest: 200, cpuLimit: 200, memRequest: 200, memLimit: 200 });
    expect(a.risks.hasCpuThrottledRisk).toBe(false);
    expect(a.pattern).toBeNull();
  });

  it("flags throttling from the window's p95 against the current limit, putting the container at risk", () => {
    const a = analyseContainer(
      { existing: { cpuRequest: 400, cpuLimit: 420, memRequest: 1040, memLimit: 1248 }, samples: flatWeek(), nowMs: NOW },
      SYSTEM_DEFAULT_POLICY.values,
    );
    expect(a.risks.hasCpuThrottledRisk).toBe(true); // 400 ≥ 90 % of 420
    expect(a.costs?.atRisk).toBe(true);
  });

  it("gives a not-analysed container risks but no costs or buckets, and the pattern when asked", () => {
    const a = analyseContainer(
      { existing: { cpuRequest: 100, cpuLimit: null, memRequest: 100, memLimit: null }, samples: toColumns([]), nowMs: NOW, events: { restarts: 1, oomKills: 1, throttleEvents: 0 } },
      SYSTEM_DEFAULT_POLICY.values,
      { pattern: true },
    );
    expect(a.result.analysed).toBe(false);
    expect([a.costs, a.buckets]).toEqual([null, null]);
    expect(a.risks.hasMemoryProcessTerminationRisk).toBe(true);
    expect(a.pattern?.cpu).toHaveLength(24);
  });
});
