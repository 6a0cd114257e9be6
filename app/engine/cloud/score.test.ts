import { describe, expect, it } from "vitest";
import { CLOUD_DEFAULT_POLICY, type CloudPolicyValues } from "../policy/cloud";
import { prepareCloudCatalog, regionCatalogFor } from "./catalog";
import type { CloudNeeds } from "./needs";
import {
  ACCELERATED,
  BURSTABLE,
  EFFORT,
  GPU,
  LOCAL_DISK,
  METAL,
  NETWORK,
  WINDOWS_ON_ARM,
  EXOTIC,
  bestFit,
  compatibleScore,
  describeCandidate,
  heatmapBand,
  incompatibility,
  incompatibleScore,
  overallResultOf,
  scoreCandidates,
  scoreOf,
  scoringContext,
  transferPriorities,
  withinSpendTolerance,
  withinToleranceOf,
} from "./score";
import { candidate, smallCatalog } from "./testing";
import type { CloudCandidate, CloudOs } from "./types";

const policy = CLOUD_DEFAULT_POLICY.values;
/** m5.2xlarge at 10 % CPU and 20 % memory: 1 reference vCPU and 7.68 GiB (needs.test.ts). */
const NEEDS: CloudNeeds = { cpuWork: 1, cpuBinding: "Sustained", vcpusOnCurrent: 1, memoryGiB: 7.68, memoryFromAgent: true, networkGbps: 10 };

function ctxFor(
  currentName = "m5.2xlarge",
  opts: { os?: CloudOs; needs?: Partial<CloudNeeds>; policy?: Partial<CloudPolicyValues>; types?: CloudCandidate[]; uptime?: number } = {},
) {
  const types = opts.types ?? smallCatalog();
  const { rc } = regionCatalogFor(prepareCloudCatalog(types), "EC2", "us-east-1")!;
  const current = rc.types[rc.byName.get(currentName)!];
  return scoringContext(rc, current, opts.os ?? "Linux", { ...NEEDS, ...opts.needs }, { ...policy, ...opts.policy }, opts.uptime ?? 1);
}
const idx = (ctx: ReturnType<typeof ctxFor>, name: string) => ctx.rc.byName.get(name)!;
const score = (ctx: ReturnType<typeof ctxFor>, name: string) => scoreOf(ctx, idx(ctx, name));

describe("blended score bands", () => {
  it("compatible and sufficient: 100 at the optimal price, floor(50 + 50 × optimal / price) above it", () => {
    expect(compatibleScore(0.08, 0.08)).toBe(100);
    expect(compatibleScore(0.08, 0.16)).toBe(75);
    expect(compatibleScore(0.08, 0.4)).toBe(60);
    expect(compatibleScore(0.08, 0.0801)).toBe(99); // never 100 unless at the optimal price
    expect(compatibleScore(0.08, 1e6)).toBe(50);
  });

  it("incompatible: round(1 + 48 × reference / price), 1 to 49", () => {
    expect(incompatibleScore(0.08, 0.16)).toBe(25);
    expect(incompatibleScore(0.08, 0.0832)).toBe(47);
    expect(incompatibleScore(0.08, 0.04)).toBe(49);
    expect(incompatibleScore(0.08, 1e6)).toBe(1);
    expect(incompatibleScore(NaN, 0.1)).toBe(49);
  });

  it("scores every type of the region against m5.2xlarge's needs (1 vCPU of work, 7.68 GiB)", () => {
    const ctx = ctxFor();
    expect(ctx.optimalPrice).toBe(0.08);
    expect(ctx.rc.types[ctx.optimalIndex].name).toBe("m6g.large");
    const expected: Record<string, number | null> = {
      "m6g.large": 100, // Arm, High effort, allowed by default
      "t3.large": 47, // burstable: incompatible, 1 + 48 × 0.08 / 0.0832
      "c5.large": 0, // 4 GiB < 7.68
      "m6i.large": 94, // floor(50 + 50 × 0.08 / 0.09)
      "m5.large": 90,
      "r5.large": 81,
      "m6g.xlarge": 75,
      "c5.xlarge": 73,
      "m6i.xlarge": 72,
      "m5.xlarge": 70,
      "m5.2xlarge": 60,
      "p3.2xlarge": 2, // accelerated: 1 + 48 × 0.08 / 3.06
      "u-6tb1.metal": 1, // bare metal and exotic
      "m5.24xlarge": null, // not offered in the region
    };
    for (const [name, s] of Object.entries(expected)) expect([name, score(ctx, name)]).toEqual([name, s]);
    const all = scoreCandidates(ctx);
    expect(all[idx(ctx, "m6i.large")]).toBe(94);
    expect(all[idx(ctx, "m5.24xlarge")]).toBe(-1);
    // the caller's buffer is filled in place
    const buf = new Int16Array(64);
    expect(scoreCandidates(ctx, buf)).toBe(buf);
  });

  it("a type that is insufficient and incompatible scores 0 (insufficient first)", () => {
    const ctx = ctxFor("m5.2xlarge", { needs: { cpuWork: 3 } });
    expect(score(ctx, "t3.large")).toBe(0);
    expect(overallResultOf(ctx, idx(ctx, "t3.large"))).toBe("Insufficient Resources");
  });
});

describe("technical compatibility", () => {
  it("Windows does not run on Arm: incompatible even when a price is listed; without one, not available", () => {
    const armWithWindows = candidate("m7g.large", 2, 8, 0.07, { architecture: "arm64", processorSupplier: "ARM", windowsHourlyPrice: 0.09 });
    const ctx = ctxFor("m5.2xlarge", { os: "Windows", types: [...smallCatalog(), armWithWindows] });
    const i = idx(ctx, "m7g.large");
    expect(incompatibility(ctx, i) & WINDOWS_ON_ARM).toBeTruthy();
    expect(overallResultOf(ctx, i)).toBe("Technically Incompatible");
    expect(describeCandidate(ctx, "m7g.large")!.technicalCompatibleViolationDescriptions).toEqual(["Windows does not run on Arm (arm64)."]);
    expect(overallResultOf(ctx, idx(ctx, "m6g.large"))).toBe("Not available in region");
    expect(score(ctx, "m6g.large")).toBeNull();
    // Windows optimal: t3.large burstable, c5.large too small, m6i.large at 0.09 + 2 × 0.046
    expect(ctx.rc.types[ctx.optimalIndex].name).toBe("m6i.large");
    expect(ctx.optimalPrice).toBeCloseTo(0.182, 9);
    // the same Arm type is fine for Linux (another architecture: High effort)
    expect(incompatibility(ctxFor("m5.2xlarge", { types: [...smallCatalog(), armWithWindows] }), i)).toBe(0);
  });

  it("maxEffort Medium makes another architecture incompatible, and the optimal moves to m6i.large", () => {
    const ctx = ctxFor("m5.2xlarge", { policy: { maxEffort: "Medium" } });
    expect(incompatibility(ctx, idx(ctx, "m6g.large"))).toBe(EFFORT);
    expect(ctx.optimalPrice).toBe(0.09);
    expect(describeCandidate(ctx, "m6g.large")!.technicalCompatibleViolationDescriptions).toEqual([
      "Migration effort High exceeds the policy's maximum Medium.",
    ]);
    expect(incompatibility(ctxFor("m5.2xlarge", { policy: { maxEffort: "Low" } }), idx(ctx, "m6i.large"))).toBe(EFFORT);
  });

  it("burstable, accelerated, metal and exotic types only when the current type is one", () => {
    const ctx = ctxFor();
    expect(incompatibility(ctx, idx(ctx, "t3.large"))).toBe(BURSTABLE);
    expect(incompatibility(ctx, idx(ctx, "p3.2xlarge"))).toBe(ACCELERATED);
    expect(incompatibility(ctx, idx(ctx, "u-6tb1.metal"))).toBe(METAL | EXOTIC);
    expect(incompatibility(ctxFor("m5.2xlarge", { policy: { allowExotic: true } }), idx(ctx, "u-6tb1.metal"))).toBe(METAL);
    const fromT3 = ctxFor("t3.large");
    expect(incompatibility(fromT3, idx(ctx, "t3.large"))).toBe(0);
    expect(incompatibility(fromT3, idx(ctx, "m5.large"))).toBe(0);
  });

  it("a GPU workload needs at least its GPUs and GPU memory", () => {
    const ctx = ctxFor("p3.2xlarge", { needs: { cpuWork: 4, memoryGiB: 40 } });
    expect(incompatibility(ctx, idx(ctx, "m5.2xlarge"))).toBe(GPU);
    expect(incompatibility(ctx, idx(ctx, "p3.2xlarge"))).toBe(0);
    expect(describeCandidate(ctx, "m5.2xlarge")!.technicalCompatibleViolationDescriptions).toEqual([
      "Needs 1 GPU with 16 GiB GPU memory (now NVIDIA V100); has 0.",
    ]);
  });

  it("local disk and network at least the current's", () => {
    const types = smallCatalog().map((t) => (t.name === "m5.2xlarge" ? { ...t, localStorageGb: 300 } : t));
    const ctx = ctxFor("m5.2xlarge", { types, needs: { networkGbps: 12 } });
    expect(incompatibility(ctx, idx(ctx, "m5.large"))).toBe(LOCAL_DISK | NETWORK);
    expect(describeCandidate(ctx, "m5.large")!.technicalCompatibleViolationDescriptions).toEqual([
      "Needs 300 GB local disk (the current type's instance store); has 0 GB.",
      "Network 10 Gbps is below the 12 Gbps needed.",
    ]);
    const unknown = ctxFor("m5.2xlarge", { types: smallCatalog().map((t) => (t.name === "m5.large" ? { ...t, networkGbps: null } : t)) });
    expect(incompatibility(unknown, idx(unknown, "m5.large"))).toBe(NETWORK);
  });
});

describe("spend tolerance", () => {
  it("exactly at the tolerance is within: $0.11 against an optimal $0.10 at 1.1x", () => {
    expect(withinSpendTolerance(0.11 * 730, 1, 0.1 * 730, 1.1)).toBe(true);
    expect(withinSpendTolerance(0.1101 * 730, 1, 0.1 * 730, 1.1)).toBe(false);
    // cost × uptime fraction against the optimal cost at that uptime: 80.3 × 0.5 ≤ 1.1 × 36.5
    expect(withinSpendTolerance(80.3, 0.5, 36.5, 1.1)).toBe(true);
    expect(withinSpendTolerance(80.4, 0.5, 36.5, 1.1)).toBe(false);
  });

  it("-1 (any negative) is unlimited; without an optimal cost nothing is within a finite tolerance", () => {
    expect(withinSpendTolerance(1e9, 1, 1, -1)).toBe(true);
    expect(withinSpendTolerance(1, 1, null, -1)).toBe(true);
    expect(withinSpendTolerance(1, 1, null, 5)).toBe(false);
  });

  it("per type: m5.large costs 1.25x the optimal m6g.large, outside 1.1, exactly at 1.25", () => {
    const ctx = ctxFor("m5.2xlarge", { uptime: 0.5 });
    const i = idx(ctx, "m5.large");
    expect(withinToleranceOf(ctx, i)).toBe(false);
    expect(withinToleranceOf(ctx, i, 1.25)).toBe(true);
    expect(withinToleranceOf(ctx, i, -1)).toBe(true);
    expect(withinToleranceOf(ctx, idx(ctx, "m6i.large"))).toBe(false); // 1.125x
    expect(withinToleranceOf(ctx, idx(ctx, "m6i.large"), 1.2)).toBe(true);
    expect(overallResultOf(ctx, i)).toBe("Outside Spend Tolerance");
    expect(overallResultOf(ctx, idx(ctx, "m6g.large"))).toBe("Meets All Policies");
    expect(describeCandidate(ctx, "m5.large")!.spendToleranceDescriptions).toEqual([
      "Costs $36.50 per month at 50 % predicted uptime, 1.25x the optimal $29.20: outside the tolerance 1.1x.",
    ]);
    expect(describeCandidate(ctx, "m5.large", { spendTolerance: -1 })!.spendToleranceDescriptions[0]).toMatch(/within the unlimited tolerance\.$/);
  });
});

describe("heatmap bands (section 4)", () => {
  it("0 insufficient; (0, 50) incompatible; ≥ 50 outside tolerance expensive; 50–100 a gradient", () => {
    expect(heatmapBand(null, false)).toEqual({ band: "unavailable" });
    expect(heatmapBand(0, true)).toEqual({ band: "insufficient" });
    expect(heatmapBand(1, true)).toEqual({ band: "incompatible" });
    expect(heatmapBand(49, true)).toEqual({ band: "incompatible" });
    expect(heatmapBand(50, false)).toEqual({ band: "expensive" });
    expect(heatmapBand(50, true)).toEqual({ band: "meets", t: 0 });
    expect(heatmapBand(75, true)).toEqual({ band: "meets", t: 0.5 });
    expect(heatmapBand(100, true)).toEqual({ band: "meets", t: 1 });
  });
});

describe("comparison rows and the best fit", () => {
  it("describes a type: result, flags, and every violation in words", () => {
    const ctx = ctxFor();
    const info = describeCandidate(ctx, "c5.large", { currentCost: 292, recommendedCost: 58.4 })!;
    expect(info).toMatchObject({
      instanceType: "c5.large",
      numCpus: 2,
      totalMemory: 4,
      generationName: "c5",
      instanceSize: "large",
      cost: 0.085 * 730,
      savings: 229.95,
      blendedScore: 0,
      overallResult: "Insufficient Resources",
      sufficientResources: false,
      technicallyCompatible: true,
      recommendedInstanceCost: 58.4,
    });
    expect(info.sufficientResourceViolationDescriptions).toEqual(["Needs 7.68 GiB memory (active memory with headroom); has 4 GiB."]);
    const noAgent = ctxFor("m5.2xlarge", { needs: { memoryGiB: 32, memoryFromAgent: false } });
    expect(describeCandidate(noAgent, "m5.large")!.sufficientResourceViolationDescriptions).toEqual([
      "Needs 32 GiB memory (the current memory: no memory agent, memory is not downsized); has 8 GiB.",
    ]);
    expect(describeCandidate(ctx, "m5.large", { hideScores: true })!.blendedScore).toBeNull();
    expect(describeCandidate(ctx, "nope")).toBeNull();
  });

  it("transferPriorities lists every type with its score and cost", () => {
    const tp = transferPriorities(ctxFor());
    expect(tp["m6i.large"]).toEqual({
      generation_name: "m6i",
      instance_size: "large",
      strict_type: "m6i.large",
      blended_score: 94,
      cost: 65.7,
      compatibility: "Outside Spend Tolerance",
      cpu: 2,
      total_memory: 8,
    });
    expect(tp["m5.24xlarge"].blended_score).toBeNull();
    expect(transferPriorities(ctxFor(), true)["m6g.large"].blended_score).toBeNull();
  });

  it("ties at the optimal price go to the current type, then the least effort", () => {
    const types = [candidate("m5.large", 2, 8, 0.1), candidate("m5a.large", 2, 8, 0.1, { processorSupplier: "AMD" }), candidate("m5a.xlarge", 4, 16, 0.2)];
    const ctx = ctxFor("m5a.xlarge", { types, needs: { networkGbps: null } });
    expect(ctx.rc.types[ctx.optimalIndex].name).toBe("m5.large");
    expect(ctx.rc.types[bestFit(ctx)].name).toBe("m5a.large");
    const same = ctxFor("m5.large", { types, needs: { networkGbps: null } });
    expect(same.rc.types[bestFit(same)].name).toBe("m5.large");
    expect(bestFit(ctxFor("m5.2xlarge", { needs: { cpuWork: 1000 } }))).toBe(-1);
  });
});
