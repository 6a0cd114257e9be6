import { describe, expect, it } from "vitest";
import type { CloudProvider, CloudService } from "~/engine/source-contract";
import { DAY_MS, HOUR_MS } from "../containers/types";
import { analyseCloudService, type CloudRecommendation } from "./analyse";
import { prepareCloudCatalog } from "./catalog";
import type { Recommendation } from "./constants";
import { cloudFolderSummary } from "./summary";
import { NOW, facts, groupSizes, samples, smallCatalog } from "./testing";

function row(
  cloudProvider: CloudProvider,
  serviceType: CloudService,
  recommendation: Recommendation,
  current: number | null,
  optimal: number | null,
  vcpus = 2,
  memory = 8,
  instances: [number, number] = [1, recommendation === "Terminate" ? 0 : 1],
) {
  return {
    cloudProvider,
    serviceType,
    recommendation,
    currentEstimatedCost: current,
    optimalCost: optimal,
    currentVcpus: vcpus,
    currentMemory: memory,
    recommendedVcpus: recommendation === "Terminate" ? null : vcpus,
    recommendedMemory: recommendation === "Terminate" ? null : memory,
    currentInstances: instances[0],
    optimalInstances: instances[1],
  };
}

/** One service of each kind, costs as the analyse tests work them out. */
const ROWS = [
  row("AWS", "EC2", "Terminate", 73, 0),
  row("AWS", "EC2", "Modernize", 73, 65.7),
  row("AWS", "RDS", "Downsize", 292, 58.4),
  row("AWS", "ASG", "Downscale", 730, 219, 2, 8, [10, 3]),
  row("Azure", "VM", "Upsize", 73, 124.1),
  row("Azure", "VMSS", "Upscale", 146, 219, 2, 8, [2, 3]),
  row("GCP", "GCE", "Keep", 100.01, 100.01),
  row("AWS", "EC2", "Keep", null, null, 4, 16), // not analysed: counted, not costed
];

describe("cloudFolderSummary", () => {
  it("counts services per provider and type; optimal services drop the terminated", () => {
    const s = cloudFolderSummary(ROWS);
    expect(s).toMatchObject({
      ec2Service: 3,
      rdsService: 1,
      asgService: 1,
      azureVmService: 1,
      azureVmssService: 1,
      gceService: 1,
      awsTotalService: 5,
      azureTotalService: 2,
      gcpTotalService: 1,
      awsTotalOptimalService: 4,
      azureTotalOptimalService: 2,
      gcpTotalOptimalService: 1,
      services: 8,
      optimalServices: 7,
      terminate: 1,
      modernize: 1,
      downsize: 1,
      downscale: 1,
      upsize: 1,
      upscale: 1,
      keep: 2,
    });
  });

  it("costs by provider add up to the totals; savings negative for reductions, positive for risk removal", () => {
    const s = cloudFolderSummary(ROWS);
    expect(s).toMatchObject({
      awsTotalCurCost: 1168, // 73 + 73 + 292 + 730
      azureTotalCurCost: 219,
      gcpTotalCurCost: 100.01,
      awsTotalOptimalCost: 343.1,
      azureTotalOptimalCost: 343.1,
      gcpTotalOptimalCost: 100.01,
      currentCost: 1487.01,
      optimalCost: 786.21,
      terminateSavings: -73,
      modernizeSavings: -7.3,
      downsizeSavings: -233.6,
      downscaleSavings: -511,
      upsizeSavings: 51.1,
      upscaleSavings: 73,
      immediateSavings: -80.3,
      additionalWaste: -744.6,
      riskRemovalCost: 124.1,
      upsizeCost: 124.1,
      estimatedWaste: 700.8,
      efficiencyRating: 0.53, // 786.21 / 1487.01
      wastePct: 47.13,
    });
    expect(s.currentCost).toBe(s.awsTotalCurCost + s.azureTotalCurCost + s.gcpTotalCurCost);
    expect(s.optimalServices).toBe(s.services - s.terminate);
    // current + immediate + additional + risk = optimal, to the cent
    expect(Math.round((s.currentCost + s.immediateSavings + s.additionalWaste + s.riskRemovalCost) * 100)).toBe(Math.round(s.optimalCost * 100));
  });

  it("vCPUs and memory count every instance: × average group size now, × the optimal instances", () => {
    const s = cloudFolderSummary(ROWS);
    // now: 2 × (1 + 1 + 1 + 10 + 1 + 2 + 1) + 4 = 38; recommended: 2 × (0 + 1 + 1 + 3 + 1 + 3 + 1) + 4 = 24
    expect(s.currentVcpus).toBe(38);
    expect(s.recommendedVcpus).toBe(24);
    expect(s.currentMemory).toBe(152);
    expect(s.recommendedMemory).toBe(96);
  });

  it("an empty folder: zeros, efficiency 0", () => {
    const s = cloudFolderSummary([]);
    expect(s.currentCost).toBe(0);
    expect(s.efficiencyRating).toBe(0);
    expect(s.wastePct).toBe(0);
    expect(Object.is(s.immediateSavings, -0)).toBe(false);
  });

  it("the identity holds to the cent over analysed services of every kind", () => {
    const catalog = prepareCloudCatalog(smallCatalog());
    const results: CloudRecommendation[] = [];
    const types = ["m5.large", "m5.xlarge", "m5.2xlarge", "c5.large", "m6i.large", "t3.large", "r5.large"];
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);
    for (let i = 0; i < 40; i++) {
      const base = rnd() * 100;
      const mem = rnd() < 0.3 ? null : () => 10 + rnd() * 80;
      const offAtNight = rnd() < 0.3;
      const type = types[i % types.length];
      const group = i % 5 === 0;
      const shape = {
        days: 3 + Math.floor(rnd() * 11),
        cpu: () => Math.min(100, base * (0.8 + rnd() * 0.4)),
        mem,
        net: rnd() < 0.1 ? 1 : 1e5,
        off: offAtNight ? (t: number) => (t % DAY_MS) / HOUR_MS >= 20 : undefined,
        stepMs: i % 3 === 0 ? HOUR_MS : undefined,
      };
      const f = facts(type, { id: `s${i}`, service: group ? "ASG" : "EC2", os: rnd() < 0.2 ? "Windows" : "Linux" });
      const sizes = group ? groupSizes(() => 1 + Math.floor(rnd() * 6), 1, 8, shape.days) : null;
      results.push(analyseCloudService({ facts: f, samples: samples(shape), groupSizes: sizes, nowMs: NOW }, catalog).result);
    }
    const kinds = new Set(results.map((r) => r.recommendation));
    expect(kinds.size).toBeGreaterThanOrEqual(4);
    const s = cloudFolderSummary(results);
    const cents = (x: number) => Math.round(x * 100);
    expect(cents(s.currentCost) + cents(s.immediateSavings) + cents(s.additionalWaste) + cents(s.riskRemovalCost)).toBe(cents(s.optimalCost));
    expect(cents(s.awsTotalCurCost + s.azureTotalCurCost + s.gcpTotalCurCost)).toBe(cents(s.currentCost));
  });
});
