import { describe, expect, it } from "vitest";
import { completeInstanceType } from "../catalog/complete";
import { parseInstanceName } from "../catalog/names";
import type { Architecture, InstanceType } from "../catalog/types";
import type { NodeGroupAggregates } from "./aggregates";
import { optimiseNodeGroup } from "./optimise";

const aws = (name: string, vcpus: number, memoryGiB: number, hourlyPrice: number, architecture: Architecture = "x86_64"): InstanceType =>
  completeInstanceType({
    ...parseInstanceName(name, "AWS")!,
    name,
    region: "us-east-1",
    vcpus,
    memoryGiB,
    hourlyPrice,
    windowsHourlyPrice: null,
    spotHourlyPrice: null,
    architecture,
    processor: null,
    acu: null,
  });

// us-east-1 prices from the shipped catalog file.
const CATALOG = [
  aws("m5.large", 2, 8, 0.096),
  aws("m5.xlarge", 4, 16, 0.192),
  aws("m5.2xlarge", 8, 32, 0.384),
  aws("m5.8xlarge", 32, 128, 1.536),
  aws("m5a.xlarge", 4, 16, 0.172),
  aws("c5.xlarge", 4, 8, 0.17),
  aws("c5.2xlarge", 8, 16, 0.34),
  aws("r5.xlarge", 4, 32, 0.252),
  aws("r5.2xlarge", 8, 64, 0.504),
  aws("m6g.xlarge", 4, 16, 0.154, "arm64"),
  aws("t3.xlarge", 4, 16, 0.1664),
  aws("p3.2xlarge", 8, 61, 3.06),
];

const group = (over: Partial<NodeGroupAggregates>): NodeGroupAggregates =>
  ({
    primaryNodeType: "m5.2xlarge",
    currentNodeFamily: "m5",
    totalNodeHours: 672,
    windowHours: 168,
    nodeHoursByInstanceType: { "m5.2xlarge": 672 },
    allocatableByInstanceType: {},
    aggregatedAllocatableCpu: 4 * 7910,
    aggregatedAllocatableMem: 4 * 29022,
    totalRecommendedCpuRequest: 0,
    totalRecommendedMemRequest: 0,
    largestRecommendedCpuRequest: 0,
    largestRecommendedMemRequest: 0,
    avgCpuUsed: null,
    peakCpuUsed: null,
    avgMemUsed: null,
    peakMemUsed: null,
    ...over,
  }) as NodeGroupAggregates;

describe("optimiseNodeGroup", () => {
  // 4 × m5.2xlarge all week; requests need 4000 mCores / 0.7 = 5714 mCores and 80 GiB / 0.8 = 100 GiB:
  // 17.5 GiB per vCPU, nearest the memory-optimised class (r5, 1:8).
  const memoryHeavy = group({ totalRecommendedCpuRequest: 4000, totalRecommendedMemRequest: 81920, largestRecommendedCpuRequest: 1000, largestRecommendedMemRequest: 8192 });

  it("moves a memory-heavy group to the memory-optimised family and counts nodes at the thresholds", () => {
    const o = optimiseNodeGroup(memoryHeavy, CATALOG);
    // r5.xlarge: ceil(max(5714 / 3920, 102400 / 29022)) = 4 → $735.84; r5.2xlarge: ceil(max(0.72, 102400 / 59824 = 1.71)) = 2 → $735.84.
    // Equal cost: fewer, larger nodes win.
    expect(o).toMatchObject({
      currentNodeFamily: "m5",
      optimizedNodeFamily: "r5",
      optimizedNodeType: "r5.2xlarge",
      optimizedAvgNodeCount: 2,
      optimizedNodeAllocatable: { cpu: 7910, mem: 59824 },
      unpricedInstanceTypes: [],
    });
    expect(o.currentEstimatedCost).toBeCloseTo(1121.28, 9); // 4 × 0.384 × 730
    expect(o.optimizedEstimatedCost).toBeCloseTo(735.84, 9); // 2 × 0.504 × 730
    expect(o.estimatedWastePerMonth).toBeCloseTo(385.44, 9);
    expect(o.estimatedWastePercent).toBeCloseTo(34.375, 9);
  });

  it("reports the surplus allocatable over the request needs", () => {
    const o = optimiseNodeGroup(memoryHeavy, CATALOG);
    expect(o.surplusCpu).toBeCloseTo(31640 - 4000 / 0.7, 9);
    expect(o.surplusMem).toBeCloseTo(116088 - 102400, 9);
    expect(o.needs).toMatchObject({ memRequestNeed: 102400, cpuUsageNeed: 0, memUsageNeed: 0 });
  });

  // Requests need 10000 mCores and 35000 MB: 3.4 GiB per vCPU, the general-purpose class (m5, m5a).
  const general = group({ totalRecommendedCpuRequest: 7000, totalRecommendedMemRequest: 28000 });

  it("takes the cheapest type of the best-fit class: m5a.xlarge × 3", () => {
    // m5.large × 6 = $420.48, m5.xlarge × 3 = $420.48, m5.2xlarge × 2 = $560.64, m5a.xlarge × 3 = $376.68.
    const o = optimiseNodeGroup(general, CATALOG);
    expect(o).toMatchObject({ optimizedNodeType: "m5a.xlarge", optimizedNodeFamily: "m5a", optimizedAvgNodeCount: 3 });
    expect(o.optimizedEstimatedCost).toBeCloseTo(376.68, 9);
  });

  it("sizes for observed use at the peak and average thresholds too", () => {
    // peak 11900 mCores / 0.85 = 14000 of capacity: m5a.xlarge × 4 = $502.24, m5.large × 7 = $490.56.
    const o = optimiseNodeGroup({ ...general, peakCpuUsed: 11900, avgCpuUsed: 5000 }, CATALOG);
    expect(o).toMatchObject({ optimizedNodeType: "m5.large", optimizedAvgNodeCount: 7 });
    expect(o.optimizedEstimatedCost).toBeCloseTo(490.56, 9);
  });

  it("keeps to the group's architecture and skips burstable types unless asked", () => {
    expect(optimiseNodeGroup(general, CATALOG, { anyArchitecture: true })).toMatchObject({ optimizedNodeType: "m6g.xlarge", optimizedAvgNodeCount: 3 }); // $337.26
    expect(optimiseNodeGroup(general, CATALOG, { includeBurstable: true })).toMatchObject({ optimizedNodeType: "t3.xlarge", optimizedAvgNodeCount: 3 }); // $364.42
  });

  it("trusts the allocatable observed on the group's own type over the formula", () => {
    // Observed m5.xlarge 3920 / 15000: memory 30000 / 15000 = exactly 2 nodes (the formula's 13621 MB would need 3).
    const g = group({
      primaryNodeType: "m5.xlarge",
      nodeHoursByInstanceType: { "m5.xlarge": 336 },
      allocatableByInstanceType: { "m5.xlarge": { cpu: 3920, mem: 15000 } },
      totalRecommendedCpuRequest: 5000,
      totalRecommendedMemRequest: 24000,
    });
    const o = optimiseNodeGroup(g, CATALOG.filter((t) => t.family === "m5"));
    expect(o).toMatchObject({ optimizedNodeType: "m5.xlarge", optimizedAvgNodeCount: 2, optimizedNodeAllocatable: { cpu: 3920, mem: 15000 } });
    expect(o.estimatedWastePerMonth).toBeCloseTo(0, 9);
  });

  it("only takes types that hold the largest container", () => {
    // 20000 MB rules out every type with less allocatable memory: r5.xlarge × 3 = $551.88 < m5.2xlarge × 2 = $560.64.
    const o = optimiseNodeGroup({ ...general, largestRecommendedMemRequest: 20000 }, CATALOG);
    expect(o).toMatchObject({ optimizedNodeType: "r5.xlarge", optimizedAvgNodeCount: 3 });
    // 70000 MB: only m5.8xlarge (121428 MB allocatable) holds it.
    expect(optimiseNodeGroup({ ...memoryHeavy, largestRecommendedMemRequest: 70000 }, CATALOG)).toMatchObject({ optimizedNodeType: "m5.8xlarge", optimizedAvgNodeCount: 1 });
    // Nothing holds 200000 MB: no optimisation.
    expect(optimiseNodeGroup({ ...memoryHeavy, largestRecommendedMemRequest: 200000 }, CATALOG)).toMatchObject({ optimizedNodeType: null, estimatedWastePerMonth: null });
  });

  it("offers no type to a GPU group (its pods need the GPUs no candidate has), but keeps its current cost", () => {
    const gpu = optimiseNodeGroup(group({ primaryNodeType: "p3.2xlarge", currentNodeFamily: "p3", nodeHoursByInstanceType: { "p3.2xlarge": 672 } }), CATALOG);
    expect(gpu).toMatchObject({ optimizedNodeType: null, optimizedEstimatedCost: null, estimatedWastePerMonth: null });
    expect(gpu.currentEstimatedCost).toBeCloseTo(672 * 3.06 * (730 / 168), 0);
    // Not in the catalog: the name alone tells it is a GPU type.
    expect(optimiseNodeGroup(group({ primaryNodeType: "g5.xlarge", currentNodeFamily: "g5", nodeHoursByInstanceType: { "g5.xlarge": 672 } }), CATALOG).optimizedNodeType).toBeNull();
  });

  it("needs one node of the cheapest type when nothing is requested", () => {
    expect(optimiseNodeGroup(group({}), CATALOG)).toMatchObject({ optimizedNodeType: "m5.large", optimizedAvgNodeCount: 1, neededGibPerVcpu: 4 });
  });

  it("does not pick an old family of a closer shape over a cheaper one: 1 vCPU : 0.85 GiB goes to c-types, not c1", () => {
    // Need 12000 / 0.7 = 17143 mCores and 12000 / 0.8 = 15000 MB (0.85 GiB per vCPU, c1's shape).
    const catalog = [aws("c1.xlarge", 8, 7, 0.52), aws("c6a.large", 2, 4, 0.0765)];
    const o = optimiseNodeGroup(group({ totalRecommendedCpuRequest: 12000, totalRecommendedMemRequest: 12000 }), catalog);
    // c1.xlarge: ceil(17143 / 7910, 15000 / 5429) = 3 → $1138.80; c6a.large: ceil(17143 / 1930, 15000 / 2972) = 9 → $502.61.
    expect(o).toMatchObject({ optimizedNodeType: "c6a.large", optimizedAvgNodeCount: 9 });
    expect(o.optimizedEstimatedCost).toBeCloseTo(502.605, 9);
  });

  it("breaks a cost tie by the closer shape, then the group's family, then newer generation, then fewer nodes", () => {
    const g = group({ totalRecommendedCpuRequest: 1000, totalRecommendedMemRequest: 2000 }); // 1429 mCores, 2500 MB: 1.71 GiB per vCPU
    const pick = (...types: InstanceType[]) => optimiseNodeGroup(g, types).optimizedNodeType;
    expect(pick(aws("m5.large", 2, 8, 0.1), aws("c5.large", 2, 4, 0.1))).toBe("c5.large"); // one node each; |log2(2 / 1.71)| = 0.23 < |log2(4 / 1.71)| = 1.23
    expect(pick(aws("m6i.large", 2, 8, 0.1), aws("m5.large", 2, 8, 0.1))).toBe("m5.large"); // the group runs m5
    expect(pick(aws("m6a.large", 2, 8, 0.1), aws("m7a.large", 2, 8, 0.1))).toBe("m7a.large");
    // 2000 / 0.7 = 2857 mCores: 2 × m5.large at $0.10 = 1 × m5.xlarge at $0.20 = $146.00.
    const two = group({ totalRecommendedCpuRequest: 2000, totalRecommendedMemRequest: 3000 });
    expect(optimiseNodeGroup(two, [aws("m5.large", 2, 8, 0.1), aws("m5.xlarge", 4, 16, 0.2)])).toMatchObject({ optimizedNodeType: "m5.xlarge", optimizedAvgNodeCount: 1 });
  });

  it("has no waste when the current type has no price, but still an optimised family", () => {
    const o = optimiseNodeGroup(group({ ...general, primaryNodeType: "m9.huge", nodeHoursByInstanceType: { "m9.huge": 168 } }), CATALOG);
    expect(o).toMatchObject({ currentEstimatedCost: null, unpricedInstanceTypes: ["m9.huge"], estimatedWastePerMonth: null, estimatedWastePercent: null });
    expect(o.optimizedNodeType).toBe("m5a.xlarge");
  });

  it("does not optimise a group that ran nothing or whose provider is unknown", () => {
    expect(optimiseNodeGroup(group({ totalNodeHours: 0, nodeHoursByInstanceType: {} }), CATALOG)).toMatchObject({ optimizedNodeType: null, optimizedEstimatedCost: null });
    expect(optimiseNodeGroup(group({ primaryNodeType: "big box", nodeHoursByInstanceType: { "big box": 168 } }), CATALOG).optimizedNodeFamily).toBeNull();
    expect(optimiseNodeGroup(group({ primaryNodeType: null }), CATALOG).optimizedNodeFamily).toBeNull();
  });

  it("uses the capacity thresholds passed in", () => {
    // At a 100 % request threshold the general group needs 7000 mCores / 28000 MB: m5a.xlarge ceil(1.79, 2.06) = 3
    // → $376.68, m5.large ceil(3.63, 4.48) = 5 → $350.40, m5.2xlarge ceil(7000 / 7910, 28000 / 29022) = 1 → $280.32.
    const t = { cpuRequestThreshold: 100, memoryRequestThreshold: 100, peakCpuUtilizationThreshold: 85, avgCpuUtilizationThreshold: 70, peakMemoryUtilizationThreshold: 95, avgMemoryUtilizationThreshold: 80, nodesAtMaxPodCapacityThreshold: 0 };
    expect(optimiseNodeGroup(general, CATALOG, { capacity: t })).toMatchObject({ optimizedNodeType: "m5.2xlarge", optimizedAvgNodeCount: 1 });
  });
});
