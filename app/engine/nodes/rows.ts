import type { ContainerTable, NodeTable } from "~/db/schema";
import type { NodeGroupContainerInput, NodeInput } from "./types";

/** The manifest (pod owner) a container belongs to; containers of one Deployment share it. */
export function manifestKeyOf(row: Pick<ContainerTable, "cluster" | "namespace" | "pod_owner_kind" | "pod_owner_name">): string {
  return `${row.cluster}/${row.namespace}/${row.pod_owner_kind}/${row.pod_owner_name}`;
}

/** A stored node row plus what the window says about it, as the engine's NodeInput. */
export function nodeInputFromRow(
  row: NodeTable,
  window: Pick<NodeInput, "nodeHours" | "lastSeenDateUtc" | "numPodsPeak" | "utilisation">,
): NodeInput {
  return {
    nodeId: row.id,
    nodeName: row.name,
    instanceType: row.instance_type,
    capacityCpu: row.cpu_capacity,
    capacityMem: row.mem_capacity,
    allocatableCpu: row.cpu_allocatable,
    allocatableMem: row.mem_allocatable,
    maxAllowedPods: row.pod_capacity,
    ...window,
  };
}

/** A stored container row plus its recommendation and events, as the engine's NodeGroupContainerInput. */
export function containerInputFromRow(
  row: ContainerTable,
  analysis: Pick<NodeGroupContainerInput, "recommendedCpuRequest" | "recommendedMemRequest" | "restartsLast7Days" | "memoryLimitEventLast7Days">,
): NodeGroupContainerInput {
  return {
    manifestKey: manifestKeyOf(row),
    replicas: row.replicas,
    cpuRequest: row.cpu_request,
    memRequest: row.mem_request,
    ...analysis,
  };
}
