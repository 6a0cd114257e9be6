import type { CloudProvider } from "~/engine/source-contract";

/** CPU architecture, normalised across providers (AWS x86_64/i386/arm64, Azure x64/Arm64). Mac hosts keep their own. */
export type Architecture = "x86_64" | "i386" | "arm64" | "x86_64_mac" | "arm64_mac";

/** Where a catalog's facts come from, shown wherever a price is shown (catalog/README.md). */
export interface CatalogSource {
  provider: CloudProvider;
  region: string;
  /** The upstream dataset, e.g. "ec2instances.info via LeanerCloud/ec2-instances-info". */
  dataset: string;
  /** The date of the prices, yyyy-mm-dd. */
  asOf: string;
}

/** One real cloud instance type. Memory in GiB as the providers publish it; prices in $ per hour. */
export interface InstanceType {
  /** The provider's API name: m5.2xlarge, Standard_D8s_v5, n2-standard-8. */
  name: string;
  provider: CloudProvider;
  /** The pricing region as the source file names it (us-east-1, us-east). */
  region: string;
  /** m5, Dsv5, n2-standard: types of one family share a processor and (mostly) a CPU:memory shape. */
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
  /** On-demand Windows $ per hour; null when not offered. */
  windowsHourlyPrice: number | null;
  /** Linux spot $ per hour (AWS) or spot minimum (Azure); null when unknown. */
  spotHourlyPrice: number | null;
  architecture: Architecture;
  /** Processor as published (Intel Xeon 8375C (Ice Lake)); null when the source does not say. */
  processor: string | null;
  /** Azure Compute Unit, a relative per-vCPU performance figure; null outside Azure. */
  acu: number | null;
  /** Burstable CPU credits (AWS t*, Azure B*, GCP shared-core e2/f1/g1): not sustained capacity. */
  burstable: boolean;
  /** GPU, FPGA or ML-accelerator families (AWS p, g, inf, dl, f, trn, vt; Azure N*). */
  accelerated: boolean;
  /** Bare-metal sizes. */
  metal: boolean;
  /** Placement-restricted families: AWS HPC (hpc*) and Mac (mac*) hosts. */
  specialised: boolean;
}
