import { describe, expect, it } from "vitest";
import type { ContainerTable, NodeTable } from "~/db/schema";
import { containerInputFromRow, manifestKeyOf, nodeInputFromRow } from "./rows";

const CONTAINER: ContainerTable = {
  id: "c1",
  cluster: "prod",
  namespace: "shop",
  pod_owner_kind: "Deployment",
  pod_owner_name: "cart",
  container_name: "app",
  node_group: "workers",
  policy: "default",
  replicas: 3,
  cpu_request: 250,
  cpu_limit: 500,
  mem_request: null,
  mem_limit: 1024,
  first_seen: "2025-01-01T00:00:00Z",
  last_seen: "2025-01-08T00:00:00Z",
};

describe("manifestKeyOf", () => {
  it("joins cluster, namespace, owner kind and name", () => {
    expect(manifestKeyOf(CONTAINER)).toBe("prod/shop/Deployment/cart");
    expect(manifestKeyOf({ ...CONTAINER, pod_owner_kind: "StatefulSet" })).not.toBe(manifestKeyOf(CONTAINER));
  });
});

describe("containerInputFromRow", () => {
  it("maps a container row and its analysis", () => {
    expect(
      containerInputFromRow(CONTAINER, { recommendedCpuRequest: 120, recommendedMemRequest: 400, restartsLast7Days: 2, memoryLimitEventLast7Days: 1 }),
    ).toEqual({
      manifestKey: "prod/shop/Deployment/cart",
      replicas: 3,
      cpuRequest: 250,
      memRequest: null,
      recommendedCpuRequest: 120,
      recommendedMemRequest: 400,
      restartsLast7Days: 2,
      memoryLimitEventLast7Days: 1,
    });
  });
});

describe("nodeInputFromRow", () => {
  it("maps a node row's capacity, allocatable and pod capacity", () => {
    const row: NodeTable = {
      id: "n1",
      cluster: "prod",
      node_group: "workers",
      name: "ip-10-0-0-1",
      instance_type: "m5.xlarge",
      cpu_capacity: 4000,
      mem_capacity: 15801,
      pod_capacity: 58,
      cpu_allocatable: 3920,
      mem_allocatable: 14148,
    };
    expect(nodeInputFromRow(row, { nodeHours: 168, lastSeenDateUtc: "2025-01-08T00:00:00Z", numPodsPeak: 12, utilisation: null })).toEqual({
      nodeId: "n1",
      nodeName: "ip-10-0-0-1",
      instanceType: "m5.xlarge",
      capacityCpu: 4000,
      capacityMem: 15801,
      allocatableCpu: 3920,
      allocatableMem: 14148,
      maxAllowedPods: 58,
      nodeHours: 168,
      lastSeenDateUtc: "2025-01-08T00:00:00Z",
      numPodsPeak: 12,
      utilisation: null,
    });
  });
});
