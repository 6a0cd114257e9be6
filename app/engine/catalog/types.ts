import type { CloudProvider } from "~/engine/source-contract";

/** CPU architecture, normalised across providers (AWS x86_64/i386/arm64, Azure x64/Arm64). Mac hosts keep their own. */
export type Architecture = "x86_64" | "i386" | "arm64" | "x86_64_mac" | "arm64_mac";

/** Who makes the processor: the Catalog Map's "Processor Supplier" filter. Apple, mixed (GCP E2) and TPU hosts are Other. */
export type ProcessorSupplier = "Intel" | "AMD" | "ARM" | "Other";

/** The cloud service a catalog prices: EC2 and RDS (AWS), VM (Azure), GCE (GCP). */
export type CatalogService = "EC2" | "RDS" | "VM" | "GCE";

/** On-demand $ per hour in one region; null when the source has no price (not offered there, or not listed). */
export interface RegionPrice {
  linux: number | null;
  windows: number | null;
}

/** Where a catalog's facts come from, shown wherever a price is shown (catalog/README.md). */
export interface CatalogSource {
  provider: CloudProvider;
  service: CatalogService;
  /** The reference region: the one `hourlyPrice` is filled for when no region is asked (the first of `regions`). */
  region: string;
  /** Every region the file prices. */
  regions: string[];
  /** The upstream dataset, e.g. "ec2instances.info via LeanerCloud/ec2-instances-info". */
  dataset: string;
  /** The date of the prices, yyyy-mm-dd (the newest of the file's price sources; catalog/README.md has each). */
  asOf: string;
  /** False for a file kept only for what still reads it (the demo fleet's price checks), superseded by another. */
  current: boolean;
}

/**
 * What the ec2instances.info text formats (the legacy files) tell of a type. Memory in GiB as the providers publish
 * it; prices in $ per hour.
 */
export interface InstanceTypeBasics {
  /** The provider's API name: m5.2xlarge, Standard_D8s_v5, n2-standard-8, db.m5.large. */
  name: string;
  provider: CloudProvider;
  /** The pricing region `hourlyPrice` and `windowsHourlyPrice` are for (us-east-1, eastus, us-central1). */
  region: string;
  /** m5, Dsv5, n2-standard, db.m5: types of one family share a processor and (mostly) a CPU:memory shape. */
  family: string;
  /** The letters that name the family's purpose: m, c, r, t, D, E, n. */
  series: string;
  /** The family's generation number (m5 → 5, Dsv5 → 5); null when the name carries none. */
  generation: number | null;
  /** The size within the family: 2xlarge, metal, 8. */
  size: string;
  vcpus: number;
  memoryGiB: number;
  /** On-demand Linux $ per hour in `region`; null when the type is not offered on demand there. */
  hourlyPrice: number | null;
  /** On-demand Windows $ per hour in `region`; null when not offered or not known. */
  windowsHourlyPrice: number | null;
  /** Linux spot $ per hour (AWS) or spot minimum (Azure); null when unknown. */
  spotHourlyPrice: number | null;
  architecture: Architecture;
  /** Processor as published (Intel Xeon 8375C (Ice Lake)); null when the source does not say. */
  processor: string | null;
  /** Azure Compute Unit, a relative per-vCPU performance figure; null outside Azure or when unpublished. */
  acu: number | null;
  /** Burstable CPU credits (AWS t*, Azure B*, GCP shared-core e2/f1/g1): not sustained capacity. */
  burstable: boolean;
  /** GPU, FPGA or ML-accelerator families (AWS p, g, inf, dl, f, trn, vt; Azure N*; GCP a2, a3, g2, TPU hosts). */
  accelerated: boolean;
  /** Bare-metal sizes. */
  metal: boolean;
  /** Placement-restricted families: HPC (AWS hpc*, Azure H*, GCP h3/h4d) and Mac (AWS mac*) hosts. */
  specialised: boolean;
}

/** One real cloud instance type (or RDS DB instance class) with what the catalog map and the engines score on. */
export interface InstanceType extends InstanceTypeBasics {
  service: CatalogService;
  processorSupplier: ProcessorSupplier;
  /**
   * Relative per-vCPU performance, an ESTIMATE: 1.0 is a Skylake/Cascade Lake Xeon vCPU. From the processor
   * generation, or Azure's ACU / 200 (README.md "perfFactor"). Never a SPEC result.
   */
  perfFactor: number;
  gpus: number;
  /** GPU model as the source names it (A10G, NVIDIA L4); null without GPUs. */
  gpuModel: string | null;
  /** GPU memory of the whole type (all its GPUs together), GiB; 0 without GPUs. */
  gpuMemoryGiB: number;
  /** Local instance storage in GB (NVMe, temporary disk or local SSD); 0 when network storage only. */
  localStorageGb: number;
  /** Baseline (sustained) network bandwidth in Gbit/s; null when the source does not say. */
  networkGbps: number | null;
  /**
   * A family a typical estate does not use (hidden by the Catalog Map's "Commonly used" filter): accelerated,
   * metal, HPC, Mac, very-high-memory and previous-previous generations (README.md "exotic").
   */
  exotic: boolean;
  /** On-demand prices by region, for every region the catalog file prices (`catalogInRegion` picks one). */
  prices: Record<string, RegionPrice>;
}
