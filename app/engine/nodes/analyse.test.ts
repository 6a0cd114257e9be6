import { describe, expect, it } from "vitest";
import { parseInstanceName } from "../catalog/names";
import type { InstanceType } from "../catalog/types";
import { analyseNode, analyseNodeGroup } from "./analyse";
import type { NodeGroupInput, NodeInput } from "./types";

const FIVE_MINUTES = 300_000;

describe("analyseNode", () => {
  it("gives utilisation, flags and pod capacity of one node", () => {
    const samples = [
      { t: 0, cpu: 60, mem: 90 },
      { t: FIVE_MINUTES, cpu: 80, mem: 90 },
    ];
    expect(analyseNode({ maxAllowedPods: 110, numPodsPeak: 110 }, samples, FIVE_MINUTES)).toEqual({
      utilisation: { cpuUtilizationAvgPct: 70, cpuUtilizationPeakPct: 80, memUtilizationAvgPct: 90, memUtilizationPeakPct: 90, nodeHours: 10 / 60 },
      flags: { cpuAvgHigh: true, cpuPeakHigh: true, memAvgHigh: true, memPeakHigh: false, cpuSaturated: true, memSaturated: true },
      maxAllowedPodsPct: 100,
      atMaxPodCapacity: true,
    });
  });

  it("has no utilisation or flags without samples", () => {
    expect(analyseNode({ maxAllowedPods: 58, numPodsPeak: null }, [], FIVE_MINUTES)).toEqual({
      utilisation: null,
      flags: null,
      maxAllowedPodsPct: null,
      atMaxPodCapacity: false,
    });
  });
});

const m5 = (name: string, vcpus: number, memoryGiB: number, hourlyPrice: number) =>
  ({ ...parseInstanceName(name, "AWS")!, name, region: "us-east-1", vcpus, memoryGiB, hourlyPrice, architecture: "x86_64" }) as InstanceType;
const CATALOG = [m5("m5.large", 2, 8, 0.096), m5("m5.xlarge", 4, 16, 0.192)];

const node = (nodeId: string, utilisation: NodeInput["utilisation"]): NodeInput => ({
  nodeId,
  nodeName: nodeId,
  instanceType: "m5.xlarge",
  capacityCpu: 4000,
  capacityMem: 16384,
  allocatableCpu: 3920,
  allocatableMem: 14000,
  maxAllowedPods: 58,
  nodeHours: 168,
  lastSeenDateUtc: "2025-01-08T00:00:00Z",
  numPodsPeak: 10,
  utilisation,
});

// Two m5.xlarge all week, one CPU-saturated (1 of 2 = 50 %); 2 × 1000 mCores / 2 × 2000 MB requested, recommended
// 2 × 500 mCores / 2 × 1500 MB.
const INPUT: NodeGroupInput = {
  nodeGroupId: "ng",
  clusterName: "prod",
  nodeGroupName: "workers",
  windowHours: 168,
  windowEndUtc: "2025-01-08T00:00:00Z",
  nodes: [
    node("a", { cpuUtilizationAvgPct: 20, cpuUtilizationPeakPct: 75, memUtilizationAvgPct: 30, memUtilizationPeakPct: 40 }),
    node("b", { cpuUtilizationAvgPct: 20, cpuUtilizationPeakPct: 40, memUtilizationAvgPct: 30, memUtilizationPeakPct: 40 }),
  ],
  containers: [
    {
      manifestKey: "shop/cart",
      replicas: 2,
      cpuRequest: 1000,
      memRequest: 2000,
      recommendedCpuRequest: 500,
      recommendedMemRequest: 1500,
      restartsLast7Days: 0,
      memoryLimitEventLast7Days: 0,
    },
  ],
  utilisation: null,
};

describe("analyseNodeGroup", () => {
  it("joins aggregates, health, primary constraint and optimisation", () => {
    const a = analyseNodeGroup(INPUT, CATALOG);
    // cpuRequestPct = 2000 / 7840 = 25.5 % (/ 70 = 0.36); memRequestPct = 4000 / 28000 = 14.3 % (/ 80 = 0.18).
    expect(a).toMatchObject({ cpuSaturationNodePct: 50, health: "Medium Risk", healthReasons: ["CPU-saturated nodes above 0 %"], primaryConstraint: "Cpu Request" });
    // Needs 1000 / 0.7 = 1429 mCores and 3000 / 0.8 = 3750 MB: one m5.large ($70.08) instead of 2 × m5.xlarge ($280.32).
    expect(a).toMatchObject({ optimizedNodeType: "m5.large", optimizedAvgNodeCount: 1, currentNodeFamily: "m5", optimizedNodeFamily: "m5" });
    expect(a.currentEstimatedCost).toBeCloseTo(280.32, 9);
    expect(a.estimatedWastePerMonth).toBeCloseTo(210.24, 9);
  });

  it("judges health against the server's thresholds, null fields taking the defaults", () => {
    const a = analyseNodeGroup(INPUT, CATALOG, { healththreshold: { cpuSaturationNodePctThreshold: 50, memSaturationNodePctThreshold: null } });
    expect(a.health).toBe("Low Risk");
  });

  it("sizes against the server's capacity thresholds and judges nodes by node thresholds passed in", () => {
    const a = analyseNodeGroup(INPUT, CATALOG, {
      capacitythreshold: { cpuRequestThreshold: 10 }, // 1000 / 0.1 = 10000 mCores: 6 × m5.large or 3 × m5.xlarge (both $420.48)
      node: { cpuUtilizationAvgPct: 99, cpuUtilizationPeakPct: 99, memUtilizationAvgPct: 99, memUtilizationPeakPct: 99 },
    });
    expect(a).toMatchObject({ optimizedNodeType: "m5.xlarge", optimizedAvgNodeCount: 3, cpuSaturationNodeCount: 0, health: "Low Risk" });
  });
});
