import { describe, expect, it } from "vitest";
import type { ContainerTable, NodeTable } from "~/db/schema";
import { nodeInputFromRow } from "~/engine/nodes";
import { groupKey } from "./node-groups";
import { nodeRow, peakPods, podsPerNode } from "./node-results";

const container = (id: string, owner: string, kind: string, group: string, replicas: number): ContainerTable => ({
  id,
  cluster: "c1",
  namespace: "ns",
  pod_owner_kind: kind,
  pod_owner_name: owner,
  container_name: id,
  node_group: group,
  policy: "p",
  replicas,
  cpu_request: 100,
  cpu_limit: null,
  mem_request: 100,
  mem_limit: null,
  first_seen: "2025-01-01T00:00:00.000Z",
  last_seen: "2025-01-08T00:00:00.000Z",
});

describe("pods per node", () => {
  it("spreads a group's pods (one per manifest replica, sidecars not counted twice) and adds the cluster's DaemonSets", () => {
    const pods = podsPerNode(
      [
        container("a", "web", "Deployment", "g1", 6),
        container("a-sidecar", "web", "Deployment", "g1", 6), // same pods as "a"
        container("b", "api", "Deployment", "g1", 2),
        container("ds", "agent", "DaemonSet", "system", 4),
        container("ds2", "logs", "DaemonSet", "system", 4),
      ],
      new Map([[groupKey("c1", "g1"), 4]]),
      groupKey,
    );
    expect(pods("c1", "g1")).toEqual({ share: 2, daemonSets: 2 });
    expect(pods("c1", "empty")).toEqual({ share: 0, daemonSets: 2 });
  });

  it("scales the peak by the node's CPU peak over average and stops at the pod limit", () => {
    expect(peakPods(10, 2, 20, 30, 110)).toBe(17); // ceil(10 × 1.5) + 2
    expect(peakPods(10, 2, 20, 300, 110)).toBe(110);
    expect(peakPods(10, 2, null, null, 110)).toBe(12);
    expect(peakPods(10, 2, 0, 0, 110)).toBe(12);
  });
});

describe("nodeRow", () => {
  const row: NodeTable = {
    id: "n1",
    cluster: "c1",
    node_group: "g1",
    name: "node-1",
    instance_type: "m5.large",
    cpu_capacity: 2000,
    mem_capacity: 8192,
    pod_capacity: 29,
    cpu_allocatable: 1930,
    mem_allocatable: 7000,
  };
  const end = Date.UTC(2025, 0, 8);
  it("writes the spec's node fields: flags at or above the thresholds, pod capacity, age from the first sample", () => {
    const input = nodeInputFromRow(row, {
      nodeHours: 48,
      lastSeenDateUtc: null,
      numPodsPeak: 29,
      utilisation: { cpuUtilizationAvgPct: 70, cpuUtilizationPeakPct: 80, memUtilizationAvgPct: 89.9, memUtilizationPeakPct: 94.9 },
    });
    const r = nodeRow("s", { row, input, firstMs: end - 2 * 86_400_000, lastMs: end - 300_000, numPodsAvg: 12.5 }, "ng1", end, new Map());
    expect(r).toMatchObject({
      node_group_id: "ng1",
      age_days: 2,
      first_seen_date_utc: "2025-01-06T00:00:00.000Z",
      last_seen_date_utc: "2025-01-07T23:55:00.000Z",
      num_pods_avg: 12.5,
      num_pods_peak: 29,
      max_allowed_pods_pct: 100,
      at_max_pod_capacity: 1,
      cpu_saturated: 1, // average exactly 70
      mem_saturated: 0, // 89.9 and 94.9 stay under 90 and 95
      node_cpu: 2000, // not in this catalog: the capacity
      gpu_model: null,
    });
  });
  it("has no utilisation, dates or pods without samples, and is not judged", () => {
    const input = nodeInputFromRow(row, { nodeHours: 168, lastSeenDateUtc: null, numPodsPeak: null, utilisation: null });
    const r = nodeRow("s", { row, input, firstMs: null, lastMs: null, numPodsAvg: null }, "ng1", end, new Map());
    expect(r).toMatchObject({ cpu_utilization_avg_pct: null, age_days: null, num_pods_peak: null, max_allowed_pods_pct: null, cpu_saturated: 0, at_max_pod_capacity: 0 });
  });
});

describe("containersByGroup", () => {
  it("puts a DaemonSet on every group of its cluster, one replica per node, its events only with its own group", async () => {
    const { containersByGroup } = await import("./node-results");
    const byGroup = containersByGroup(
      [container("web", "web", "Deployment", "g1", 3), container("agent", "agent", "DaemonSet", "system", 5)],
      new Map([
        [groupKey("c1", "g1"), 4],
        [groupKey("c1", "system"), 1],
      ]),
      new Map([["c1", ["g1", "system"]]]),
      groupKey,
    );
    expect(byGroup.get(groupKey("c1", "g1"))!.map((c) => [c.row.id, c.replicas, c.ownGroup])).toEqual([
      ["web", 3, true],
      ["agent", 4, false],
    ]);
    expect(byGroup.get(groupKey("c1", "system"))!.map((c) => [c.row.id, c.replicas, c.ownGroup])).toEqual([["agent", 1, true]]);
  });
});
