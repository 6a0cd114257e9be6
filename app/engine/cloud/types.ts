/**
 * What the cloud engine reads: a cloud instance's facts and its monitor samples, as every cloud source (the demo
 * estate, CloudWatch, Azure Monitor, Cloud Monitoring) yields them. Sources import these types; the engine never
 * imports a source.
 *
 * Units: utilisation in % (0–100), throughput per second, timestamps in ms since the epoch aligned to the 5-minute
 * sample step (SAMPLE_STEP_MS of the source contract).
 */
import type { CloudProvider, CloudService } from "~/engine/cloud-kinds";

export type CloudOs = "Linux" | "Windows";
/** Power state at collection. */
export type CloudPowerState = "running" | "stopped";
/** How an instance is bought: on demand, spot, or covered by a reservation (RI, savings plan: riCoverage %). */
export type CloudLifeCycle = "on-demand" | "spot" | "reserved";
/** How a scale group's size is set: a metric-driven policy, scheduled actions, or by hand. */
export type CloudScalingMode = "dynamic" | "scheduled" | "manual";
/** A VM Scale Set's orchestration mode. */
export type CloudOrchestrationMode = "Uniform" | "Flexible";

/** One 5-minute sample of one cloud instance (for a scale group: one member instance). */
export interface CloudSample {
  t: number;
  /** Average CPU utilisation of the instance's vCPUs in % (CloudWatch CPUUtilization Average, Azure Percentage CPU, GCE cpu/utilization × 100). */
  cpuPct: number;
  /**
   * Highest 1-minute CPU utilisation within the 5 minutes, in % (CPUUtilization Maximum, Percentage CPU Maximum).
   * At a coarser step: the highest within the step (the Maximum statistic), while every other field is the mean.
   */
  cpuPeakPct: number;
  /** Memory in use in % of the instance's memory (CloudWatch agent mem_used_percent, Azure Available Memory Bytes, Ops Agent); null without an agent. */
  memPct: number | null;
  /** Network bytes per second, received and sent. */
  netInBytes: number;
  netOutBytes: number;
  /** Network packets per second, in and out together. */
  netPackets: number;
  /** Disk bytes per second, read and written. */
  diskReadBytes: number;
  diskWriteBytes: number;
  /** Disk operations per second, read and written. */
  diskReadOps: number;
  diskWriteOps: number;
}

/**
 * One 5-minute sample of a scale group's size (ASG GroupInServiceInstances / Min / Max / Desired; VMSS capacity).
 * At a coarser step each field is the mean (so fractional). A scheduled group scaled to zero has min = max = 0.
 */
export interface GroupSizeSample {
  t: number;
  inService: number;
  desired: number;
  min: number;
  max: number;
}

/** A change of instance type seen by collection: analysis relearns from `atMs` on. */
export interface TypeChange {
  atMs: number;
  fromType: string;
  toType: string;
}

/** The facts of one analysed cloud service that the engine needs (a scale group is analysed as one service). */
export interface CloudServiceFacts {
  id: string;
  provider: CloudProvider;
  service: CloudService;
  region: string;
  instanceType: string;
  os: CloudOs;
  /** When the instance (or group) was created, ms. */
  createdMs: number;
  /** The latest type change, if any; samples before it describe another type. */
  typeChange: TypeChange | null;
}

/** What a monitored service is priced and scored against: EC2 and ASG members are EC2 types, VM and VMSS Azure sizes. */
export type CatalogService = "EC2" | "RDS" | "VM" | "GCE";

export type ProcessorSupplier = "Intel" | "AMD" | "ARM" | "Other";

/**
 * One catalog type as the cloud engine reads it: the fields of the catalog's InstanceType it uses, so an
 * InstanceType (with the cloud fields the catalog adds) is assignable to it. Prices in $ per hour in `region`.
 */
export interface CloudCandidate {
  name: string;
  provider: CloudProvider;
  region: string;
  service: CatalogService;
  family: string;
  series: string;
  generation: number | null;
  size: string;
  vcpus: number;
  memoryGiB: number;
  /** On-demand Linux $ per hour in `region`; null when not offered there. */
  hourlyPrice: number | null;
  windowsHourlyPrice: number | null;
  architecture: string;
  processor: string | null;
  processorSupplier: ProcessorSupplier;
  /** Relative per-vCPU performance estimate (1.0 = reference): not a SPEC result. */
  perfFactor: number;
  acu: number | null;
  gpus: number;
  gpuModel: string | null;
  gpuMemoryGiB: number;
  localStorageGb: number;
  networkGbps: number | null;
  burstable: boolean;
  accelerated: boolean;
  metal: boolean;
  specialised: boolean;
  exotic: boolean;
}

/** One service to analyse: its facts, its samples (time order) and, for ASG and VMSS, its group sizes. */
export interface CloudServiceInput {
  facts: CloudServiceFacts;
  samples: readonly CloudSample[];
  /** ASG / VMSS only; ignored for single instances. */
  groupSizes?: readonly GroupSizeSample[] | null;
  nowMs: number;
  /** Spacing of the samples; inferred from them (the smallest gap) when left out. */
  stepMs?: number;
}
