/**
 * The source contract: what every metrics source (the demo fleet, Prometheus, cloud monitors) yields, so that
 * collection and the analysis engine are written and tested once (ARCHITECTURE.md, "The source contract").
 *
 * Inventory rows are the store's own row types (app/db/schema.ts), field for field, so a schema change flows
 * through here and the collection run writes rows without mapping. Units follow the spec: CPU in mCores,
 * memory in MB, prices in $ per hour, timestamps as ISO-8601 text.
 */
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type {
  CloudInstanceTable,
  CloudScaleGroupTable,
  ContainerTable,
  K8sClusterTable,
  NodeGroupTable,
  NodeTable,
} from "~/db/schema";

export type InventoryCluster = K8sClusterTable;
export type InventoryNodeGroup = NodeGroupTable;
/** `node_group` is the group's name (as on containers); capacities in mCores and MB. */
export type InventoryNode = NodeTable;
export type InventoryCloudInstance = CloudInstanceTable;
/** An ASG or VMSS; its members are the cloud instances whose group_id is its id. */
export type InventoryCloudGroup = CloudScaleGroupTable;

/** Attribute keys every source fills (the properties of app/features/views-filters/properties.ts). */
export const CONTAINER_ATTRIBUTE_KEYS = ["business_unit", "team", "environment", "technology"] as const;
export type ContainerAttributeKey = (typeof CONTAINER_ATTRIBUTE_KEYS)[number];

/** One container of a workload (all replicas together) with its labels, written to container_attribute. */
export interface InventoryContainer extends ContainerTable {
  attributes: Record<string, string>;
}

export interface Inventory {
  clusters: InventoryCluster[];
  nodeGroups: InventoryNodeGroup[];
  nodes: InventoryNode[];
  containers: InventoryContainer[];
  cloudInstances: InventoryCloudInstance[];
  cloudGroups: InventoryCloudGroup[];
}

export { CLOUD_SERVICES, CLOUD_SERVICE_LABELS, type CloudProvider, type CloudService } from "./cloud-kinds";

export const POD_OWNER_KINDS = ["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob"] as const;
export type PodOwnerKind = (typeof POD_OWNER_KINDS)[number];

/** The spacing of raw samples, and the alignment of every sample's timestamp. */
export { SAMPLE_STEP_MS } from "~/lib/time";

/**
 * One container sample: `cpu` is usage in mCores (rate of container_cpu_usage_seconds_total × 1000), `mem` the
 * working set in MB. A point exists only while the container runs (none before it was first seen, none between
 * a Job's runs), as with Prometheus.
 */
export interface ContainerSample {
  t: number;
  cpu: number;
  mem: number;
}

/** One node (or cloud instance) sample: CPU and memory utilisation in % of capacity (0–100). */
export interface UtilisationSample {
  t: number;
  cpu: number;
  mem: number;
}

/** Event counts of one container over a window. */
export interface ContainerEvents {
  /** Container restarts (kube_pod_container_status_restarts_total increase), OOM kills included. */
  restarts: number;
  /** Restarts whose reason was OOMKilled. */
  oomKills: number;
  /** 5-minute intervals in which the container's CPU was throttled by its limit (CFS throttled periods > 0). */
  throttleEvents: number;
}

/**
 * One GPU sample of a container: `gpu` the GPUs busy (DCGM GPU utilisation / 100, summed over the container's
 * devices), `gpuMem` the GPU memory used in MB (DCGM framebuffer used). Points only while the container runs.
 */
export interface GpuSample {
  t: number;
  gpu: number;
  gpuMem: number;
}

/** A container's GPUs over a window: its GPU request (nvidia.com/gpu) and raw 5-minute samples. */
export interface ContainerGpu {
  request: number;
  samples: GpuSample[];
}

/** A node's GPUs: the device model, how many, their memory, and average utilisation over a window (0–100). */
export interface NodeGpu {
  model: string;
  gpus: number;
  allocatable: number;
  /** GPU memory of the node, all devices (MB). */
  memoryMb: number;
  utilizationAvg: number | null;
  memUtilizationAvg: number | null;
}

export type MaybePromise<T> = T | Promise<T>;

/**
 * A metrics source. Sample windows are half-open, [fromMs, toMs): the first point is the first multiple of
 * stepMs at or after fromMs. stepMs is a positive multiple of SAMPLE_STEP_MS (default SAMPLE_STEP_MS); a point
 * at a coarser step is the mean of the raw 5-minute samples in [t, t + stepMs) (avg_over_time). Callers always
 * `await` the results: the demo source answers synchronously, remote sources asynchronously.
 */
export interface MetricsSource {
  inventory(): MaybePromise<Inventory>;
  containerSamples(containerId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<ContainerSample[]>;
  nodeSamples(nodeId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<UtilisationSample[]>;
  containerEvents(containerId: string, fromMs: number, toMs: number): MaybePromise<ContainerEvents>;
  /** A container's GPU request and samples over [fromMs, toMs) (5-minute step); null when it has no GPU. */
  containerGpu?(containerId: string, fromMs: number, toMs: number): MaybePromise<ContainerGpu | null>;
  /** A node's GPUs over [fromMs, toMs); null when it has none. Sources that do not measure GPUs leave both out. */
  nodeGpu?(nodeId: string, fromMs: number, toMs: number): MaybePromise<NodeGpu | null>;
  /**
   * Cloud instance utilisation (CPU and memory only), when the source monitors cloud instances.
   * @deprecated Use cloudSamples: it has the 1-minute peak, network and disk, and says when memory is not measured
   * (here `mem` is 0 then).
   */
  instanceSamples?(instanceId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<UtilisationSample[]>;
  /**
   * A cloud instance's monitor samples over [fromMs, toMs), when the source monitors cloud instances. `instanceId`
   * is a cloud instance's id, or a scale group's id (cloud_scale_group.id) for the mean of its in-service members
   * (the group-level metrics CloudWatch and Azure Monitor keep). No point while the instance is stopped, not yet
   * created or out of service. At a coarser step each field is the mean of the 5-minute samples, except
   * cpuPeakPct, the highest (see CloudSample).
   */
  cloudSamples?(instanceId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<CloudSample[]>;
  /** A scale group's size over [fromMs, toMs), by its id (cloud_scale_group.id); points from its creation on. */
  groupSizeSamples?(groupId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<GroupSizeSample[]>;
}
