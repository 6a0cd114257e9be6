import { describe, expect, it } from "vitest";
import { nodeGroupAggregates } from "./aggregates";
import type { NodeGroupContainerInput, NodeGroupInput, NodeInput } from "./types";

const node = (over: Partial<NodeInput>): NodeInput => ({
  nodeId: "n",
  nodeName: "n",
  instanceType: "m5.xlarge",
  capacityCpu: 4000,
  capacityMem: 16384,
  allocatableCpu: 3920,
  allocatableMem: 14000,
  maxAllowedPods: 58,
  nodeHours: 168,
  lastSeenDateUtc: "2025-01-08T00:00:00Z",
  numPodsPeak: 20,
  utilisation: null,
  ...over,
});

const container = (over: Partial<NodeGroupContainerInput>): NodeGroupContainerInput => ({
  manifestKey: "A",
  replicas: 1,
  cpuRequest: null,
  memRequest: null,
  recommendedCpuRequest: null,
  recommendedMemRequest: null,
  restartsLast7Days: 0,
  memoryLimitEventLast7Days: 0,
  ...over,
});

// Two m5.xlarge for the whole week (one CPU-saturated and at max pods, one memory-saturated at exactly 90 %), and
// an m5.large for half of it, without samples, last seen 24 h and 1 s before the window's end.
const INPUT: NodeGroupInput = {
  nodeGroupId: "ng-1",
  clusterName: "prod",
  nodeGroupName: "workers",
  windowHours: 168,
  windowEndUtc: "2025-01-08T00:00:00Z",
  nodes: [
    node({ nodeId: "n1", numPodsPeak: 58, utilisation: { cpuUtilizationAvgPct: 75, cpuUtilizationPeakPct: 90, memUtilizationAvgPct: 50, memUtilizationPeakPct: 60 } }),
    node({ nodeId: "n2", utilisation: { cpuUtilizationAvgPct: 30, cpuUtilizationPeakPct: 69.9, memUtilizationAvgPct: 90, memUtilizationPeakPct: 91 } }),
    node({
      nodeId: "n3",
      instanceType: "m5.large",
      capacityCpu: 2000,
      capacityMem: 8192,
      allocatableCpu: 1930,
      allocatableMem: 6000,
      nodeHours: 84,
      lastSeenDateUtc: "2025-01-06T23:59:59Z",
      numPodsPeak: null,
    }),
  ],
  containers: [
    // Manifest A: an app container resized, and its sidecar unchanged but with memory events.
    container({ manifestKey: "A", replicas: 2, cpuRequest: 500, memRequest: 1000, recommendedCpuRequest: 300, recommendedMemRequest: 1000, restartsLast7Days: 3 }),
    container({ manifestKey: "A", replicas: 2, cpuRequest: 100, memRequest: 200, recommendedCpuRequest: 100, recommendedMemRequest: 200, restartsLast7Days: 1, memoryLimitEventLast7Days: 2 }),
    // Manifest B: requests unset, recommended 1000 mCores / 4000 MB, 1.5 replicas on average.
    container({ manifestKey: "B", replicas: 1.5, recommendedCpuRequest: 1000, recommendedMemRequest: 4000 }),
    // Manifest C: not analysed, so its existing requests stand.
    container({ manifestKey: "C", cpuRequest: 2000, memRequest: 3000 }),
  ],
  utilisation: {
    avgCpuUtilization: 40,
    peakCpuUtilization: 80,
    avgMemUtilization: 55,
    peakMemUtilization: 70,
    avgCpuUsed: 3600,
    peakCpuUsed: 7200,
    avgMemUsed: 20275,
    peakMemUsed: 25805,
  },
};

describe("nodeGroupAggregates", () => {
  const g = nodeGroupAggregates(INPUT);

  it("counts nodes, node hours and the primary type by hours", () => {
    expect(g).toMatchObject({
      nodeGroupId: "ng-1",
      clusterName: "prod",
      nodeGroupName: "workers",
      uniqueNodeCount: 3,
      uniqueNodeCountLastDay: 2,
      totalNodeHours: 420,
      avgNodeCount: 2.5,
      primaryNodeType: "m5.xlarge",
      currentNodeFamily: "m5",
      nodeCpu: 4000,
      nodeMem: 16384,
      nodeHoursByInstanceType: { "m5.xlarge": 336, "m5.large": 84 },
      allocatableByInstanceType: { "m5.xlarge": { cpu: 3920, mem: 14000 }, "m5.large": { cpu: 1930, mem: 6000 } },
    });
  });

  it("counts saturated nodes among the nodes with samples (1 of 2 each = 50 %) and nodes at max pods", () => {
    expect(g).toMatchObject({ cpuSaturationNodeCount: 1, cpuSaturationNodePct: 50, memSaturationNodeCount: 1, memSaturationNodePct: 50, maxPodCapNodeCount: 1 });
  });

  it("averages allocatable and capacity over the window (the half-week node counts half)", () => {
    expect(g).toMatchObject({ aggregatedAllocatableCpu: 8805, aggregatedAllocatableMem: 31000, aggregatedCapacityCpu: 9000, aggregatedCapacityMem: 36864 });
  });

  it("sums requests × replicas, unset as 0 and unanalysed recommendations as the existing value", () => {
    expect(g).toMatchObject({
      totalExistingCpuRequest: 3200,
      totalExistingMemRequest: 5400,
      totalRecommendedCpuRequest: 4300,
      totalRecommendedMemRequest: 11400,
      largestRecommendedCpuRequest: 2000,
      largestRecommendedMemRequest: 4000,
    });
  });

  it("gives request percents of the average allocatable and their balance ratios", () => {
    expect(g.cpuRequestPct).toBeCloseTo((3200 / 8805) * 100, 10); // 36.34
    expect(g.memRequestPct).toBeCloseTo((5400 / 31000) * 100, 10); // 17.42
    expect(g.cpuNodeBalanceRatio).toBeCloseTo((3200 * 31000) / (8805 * 5400), 10); // 2.086
    expect(g.memNodeBalanceRatio).toBeCloseTo((8805 * 5400) / (3200 * 31000), 10); // 0.479
  });

  it("counts manifests, their restarts and memory events, and the manifests whose requests change", () => {
    expect(g).toMatchObject({ manifestCount: 3, manifestRestartCount: 4, manifestMemEventCount: 2, manifestToOptCount: 2 });
  });

  it("passes the group's utilisation through", () => {
    expect(g).toMatchObject({ avgCpuUtilization: 40, peakCpuUtilization: 80, avgMemUtilization: 55, peakMemUtilization: 70, avgCpuUsed: 3600, peakMemUsed: 25805, windowHours: 168 });
  });

  it("counts a node last seen exactly 24 h before the end in the last day", () => {
    const edge = nodeGroupAggregates({ ...INPUT, nodes: [node({ nodeId: "x", lastSeenDateUtc: "2025-01-07T00:00:00Z" }), node({ nodeId: "y", lastSeenDateUtc: null })] });
    expect(edge.uniqueNodeCountLastDay).toBe(1);
  });

  it("judges saturation against node thresholds passed in", () => {
    const strict = nodeGroupAggregates(INPUT, { cpuUtilizationAvgPct: 25, cpuUtilizationPeakPct: 100, memUtilizationAvgPct: 100, memUtilizationPeakPct: 100 });
    expect(strict).toMatchObject({ cpuSaturationNodeCount: 2, cpuSaturationNodePct: 100, memSaturationNodeCount: 0, memSaturationNodePct: 0 });
  });

  it("is all zeros and nulls for an empty group", () => {
    const empty = nodeGroupAggregates({ ...INPUT, nodes: [], containers: [], utilisation: null });
    expect(empty).toMatchObject({
      primaryNodeType: null,
      currentNodeFamily: null,
      uniqueNodeCount: 0,
      avgNodeCount: 0,
      cpuSaturationNodePct: 0,
      cpuRequestPct: 0,
      cpuNodeBalanceRatio: null,
      memNodeBalanceRatio: null,
      nodeCpu: null,
      avgCpuUtilization: null,
      manifestCount: 0,
    });
  });

  it("breaks a tie of node hours between types by name", () => {
    const tie = nodeGroupAggregates({ ...INPUT, nodes: [node({ nodeId: "a", instanceType: "r5.xlarge" }), node({ nodeId: "b", instanceType: "c5.xlarge" })] });
    expect(tie.primaryNodeType).toBe("c5.xlarge");
  });
});
