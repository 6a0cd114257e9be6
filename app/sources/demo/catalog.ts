/**
 * The instance types the demo fleet uses, with vCPUs, memory and an on-demand Linux price per hour.
 * - AWS EC2: copied from ../data/catalog/aws-ec2-us-east-1-2023-08-30.txt (ec2instances.info, us-east-1,
 *   2023-08-30); a unit test checks every row against that file.
 * - Azure A-series v2: copied from ../data/catalog/azure-vm-sample-2025-04.txt (us-east, 2025-04-24); the other
 *   Azure sizes are Azure's published pay-as-you-go list prices for East US.
 * - GCP: Google's published on-demand list prices for us-central1.
 * - RDS: AWS's published single-AZ MySQL on-demand prices for us-east-1.
 * Windows prices: AWS and the Azure A-series v2 from the same catalog files; other Azure sizes and GCP machine
 * types add the providers' published Windows Server licence of $0.046 per vCPU-hour (WINDOWS_LICENCE_PER_VCPU).
 * Types without a Windows price (arm64, burstable and shared-core sizes, RDS classes) never run Windows here.
 * Other regions apply an approximate regional factor (REGION_PRICE_FACTOR). Demo data, not a price list.
 */
import type { CloudProvider } from "~/engine/source-contract";

export interface DemoInstanceType {
  provider: CloudProvider;
  vcpus: number;
  memoryGiB: number;
  /** $ per hour, on-demand Linux, in the provider's reference region. */
  hourly: number;
  /** Where the numbers come from: the catalog files in the repository's data, or a published list price. */
  source: "catalog" | "list";
  /** $ per hour on Windows in the reference region, when the catalog file gives it (AWS, Azure A-series v2). */
  windowsHourly?: number;
}

function t(provider: CloudProvider, vcpus: number, memoryGiB: number, hourly: number, source: "catalog" | "list", windowsHourly?: number) {
  return { provider, vcpus, memoryGiB, hourly, source, ...(windowsHourly ? { windowsHourly } : {}) } satisfies DemoInstanceType;
}

export const DEMO_INSTANCE_TYPES: Record<string, DemoInstanceType> = {
  // AWS EC2 (catalog file, Linux and Windows; g5.xlarge has one NVIDIA A10G, gpu.ts)
  "t2.medium": t("AWS", 2, 4, 0.0464, "catalog", 0.0644),
  "t2.large": t("AWS", 2, 8, 0.0928, "catalog", 0.1208),
  "t2.xlarge": t("AWS", 4, 16, 0.1856, "catalog", 0.2266),
  "t3.medium": t("AWS", 2, 4, 0.0416, "catalog", 0.06),
  "t3.large": t("AWS", 2, 8, 0.0832, "catalog", 0.1108),
  "t3.xlarge": t("AWS", 4, 16, 0.1664, "catalog", 0.24),
  "t3a.large": t("AWS", 2, 8, 0.0752, "catalog", 0.1028),
  "t4g.large": t("AWS", 2, 8, 0.0672, "catalog"),
  "t4g.2xlarge": t("AWS", 8, 32, 0.2688, "catalog"),
  "m4.large": t("AWS", 2, 8, 0.1, "catalog", 0.192),
  "m4.xlarge": t("AWS", 4, 16, 0.2, "catalog", 0.384),
  "m4.2xlarge": t("AWS", 8, 32, 0.4, "catalog", 0.768),
  "m5.large": t("AWS", 2, 8, 0.096, "catalog", 0.188),
  "m5.xlarge": t("AWS", 4, 16, 0.192, "catalog", 0.376),
  "m5.2xlarge": t("AWS", 8, 32, 0.384, "catalog", 0.752),
  "m5.4xlarge": t("AWS", 16, 64, 0.768, "catalog", 1.504),
  "m5a.2xlarge": t("AWS", 8, 32, 0.344, "catalog", 0.712),
  "m6a.2xlarge": t("AWS", 8, 32, 0.3456, "catalog", 0.7136),
  "m6i.large": t("AWS", 2, 8, 0.096, "catalog", 0.188),
  "m6i.xlarge": t("AWS", 4, 16, 0.192, "catalog", 0.376),
  "m6i.2xlarge": t("AWS", 8, 32, 0.384, "catalog", 0.752),
  "m6i.4xlarge": t("AWS", 16, 64, 0.768, "catalog", 1.504),
  "m7i.large": t("AWS", 2, 8, 0.1008, "catalog", 0.1928),
  "m7i.xlarge": t("AWS", 4, 16, 0.2016, "catalog", 0.3856),
  "m6g.large": t("AWS", 2, 8, 0.077, "catalog"),
  "m6g.xlarge": t("AWS", 4, 16, 0.154, "catalog"),
  "m6g.2xlarge": t("AWS", 8, 32, 0.308, "catalog"),
  "m7g.large": t("AWS", 2, 8, 0.0816, "catalog"),
  "m7g.xlarge": t("AWS", 4, 16, 0.1632, "catalog"),
  "m7g.2xlarge": t("AWS", 8, 32, 0.3264, "catalog"),
  "c4.large": t("AWS", 2, 3.75, 0.1, "catalog", 0.192),
  "c4.xlarge": t("AWS", 4, 7.5, 0.199, "catalog", 0.383),
  "c4.2xlarge": t("AWS", 8, 15, 0.398, "catalog", 0.766),
  "c5.large": t("AWS", 2, 4, 0.085, "catalog", 0.177),
  "c5.xlarge": t("AWS", 4, 8, 0.17, "catalog", 0.354),
  "c5.2xlarge": t("AWS", 8, 16, 0.34, "catalog", 0.708),
  "c5.4xlarge": t("AWS", 16, 32, 0.68, "catalog", 1.416),
  "c6i.large": t("AWS", 2, 4, 0.085, "catalog", 0.177),
  "c6i.xlarge": t("AWS", 4, 8, 0.17, "catalog", 0.354),
  "c6i.2xlarge": t("AWS", 8, 16, 0.34, "catalog", 0.708),
  "c6i.4xlarge": t("AWS", 16, 32, 0.68, "catalog", 1.416),
  "c7g.large": t("AWS", 2, 4, 0.0725, "catalog"),
  "c7g.xlarge": t("AWS", 4, 8, 0.145, "catalog"),
  "c7g.2xlarge": t("AWS", 8, 16, 0.29, "catalog"),
  "r4.large": t("AWS", 2, 15.25, 0.133, "catalog", 0.225),
  "r4.xlarge": t("AWS", 4, 30.5, 0.266, "catalog", 0.45),
  "r4.2xlarge": t("AWS", 8, 61, 0.532, "catalog", 0.9),
  "r5.large": t("AWS", 2, 16, 0.126, "catalog", 0.218),
  "r5.xlarge": t("AWS", 4, 32, 0.252, "catalog", 0.436),
  "r5.2xlarge": t("AWS", 8, 64, 0.504, "catalog", 0.872),
  "r5.4xlarge": t("AWS", 16, 128, 1.008, "catalog", 1.744),
  "r6i.xlarge": t("AWS", 4, 32, 0.252, "catalog", 0.436),
  "r6i.2xlarge": t("AWS", 8, 64, 0.504, "catalog", 0.872),
  "r6g.xlarge": t("AWS", 4, 32, 0.2016, "catalog"),
  "g5.xlarge": t("AWS", 4, 16, 1.006, "catalog", 1.19),
  // AWS RDS (published list prices, MySQL single-AZ, us-east-1)
  "db.t3.medium": t("AWS", 2, 4, 0.068, "list"),
  "db.t4g.medium": t("AWS", 2, 4, 0.065, "list"),
  "db.m4.large": t("AWS", 2, 8, 0.175, "list"),
  "db.m4.xlarge": t("AWS", 4, 16, 0.35, "list"),
  "db.m5.large": t("AWS", 2, 8, 0.171, "list"),
  "db.m5.xlarge": t("AWS", 4, 16, 0.342, "list"),
  "db.m5.2xlarge": t("AWS", 8, 32, 0.684, "list"),
  "db.m5.4xlarge": t("AWS", 16, 64, 1.368, "list"),
  "db.m6g.large": t("AWS", 2, 8, 0.152, "list"),
  "db.m6g.xlarge": t("AWS", 4, 16, 0.304, "list"),
  "db.r5.large": t("AWS", 2, 16, 0.25, "list"),
  "db.r5.xlarge": t("AWS", 4, 32, 0.5, "list"),
  "db.r5.2xlarge": t("AWS", 8, 64, 1.0, "list"),
  "db.r6g.large": t("AWS", 2, 16, 0.225, "list"),
  "db.r6g.xlarge": t("AWS", 4, 32, 0.45, "list"),
  // Azure (A-series v2 from the catalog file, Linux and Windows; the rest published East US Linux list prices)
  Standard_A2_v2: t("Azure", 2, 4, 0.0903, "catalog", 0.136),
  Standard_A4_v2: t("Azure", 4, 8, 0.191, "catalog", 0.286),
  Standard_A8_v2: t("Azure", 8, 16, 0.399, "catalog", 0.6),
  Standard_A4m_v2: t("Azure", 4, 32, 0.237, "catalog", 0.36),
  Standard_B2s: t("Azure", 2, 4, 0.0416, "list"),
  Standard_D2s_v3: t("Azure", 2, 8, 0.096, "list"),
  Standard_D4s_v3: t("Azure", 4, 16, 0.192, "list"),
  Standard_D8s_v3: t("Azure", 8, 32, 0.384, "list"),
  Standard_D2s_v5: t("Azure", 2, 8, 0.096, "list"),
  Standard_D4s_v5: t("Azure", 4, 16, 0.192, "list"),
  Standard_D8s_v5: t("Azure", 8, 32, 0.384, "list"),
  Standard_D16s_v5: t("Azure", 16, 64, 0.768, "list"),
  Standard_D2as_v5: t("Azure", 2, 8, 0.086, "list"),
  Standard_D4as_v5: t("Azure", 4, 16, 0.172, "list"),
  Standard_D8as_v5: t("Azure", 8, 32, 0.344, "list"),
  Standard_D2ps_v5: t("Azure", 2, 8, 0.077, "list"),
  Standard_D4ps_v5: t("Azure", 4, 16, 0.154, "list"),
  Standard_D8ps_v5: t("Azure", 8, 32, 0.308, "list"),
  Standard_E2s_v5: t("Azure", 2, 16, 0.126, "list"),
  Standard_E4s_v5: t("Azure", 4, 32, 0.252, "list"),
  Standard_E8s_v5: t("Azure", 8, 64, 0.504, "list"),
  Standard_F2s_v2: t("Azure", 2, 4, 0.0846, "list"),
  Standard_F4s_v2: t("Azure", 4, 8, 0.169, "list"),
  Standard_F8s_v2: t("Azure", 8, 16, 0.338, "list"),
  Standard_F16s_v2: t("Azure", 16, 32, 0.677, "list"),
  Standard_NC4as_T4_v3: t("Azure", 4, 28, 0.526, "list"), // one NVIDIA Tesla T4 (gpu.ts)
  // GCP (published us-central1 list prices)
  "e2-medium": t("GCP", 2, 4, 0.033503, "list"),
  "e2-standard-2": t("GCP", 2, 8, 0.067006, "list"),
  "e2-standard-4": t("GCP", 4, 16, 0.134012, "list"),
  "e2-standard-8": t("GCP", 8, 32, 0.268024, "list"),
  "n1-standard-2": t("GCP", 2, 7.5, 0.0949995, "list"),
  "n1-standard-4": t("GCP", 4, 15, 0.189999, "list"),
  "n1-standard-8": t("GCP", 8, 30, 0.379998, "list"),
  "n2-standard-2": t("GCP", 2, 8, 0.097118, "list"),
  "n2-standard-4": t("GCP", 4, 16, 0.194236, "list"),
  "n2-standard-8": t("GCP", 8, 32, 0.388472, "list"),
  "n2-standard-16": t("GCP", 16, 64, 0.776944, "list"),
  "n2-highmem-4": t("GCP", 4, 32, 0.262028, "list"),
  "n2-highmem-8": t("GCP", 8, 64, 0.524056, "list"),
  "n2d-standard-2": t("GCP", 2, 8, 0.084492, "list"),
  "n2d-standard-4": t("GCP", 4, 16, 0.168984, "list"),
  "n2d-standard-8": t("GCP", 8, 32, 0.337968, "list"),
  "c2-standard-8": t("GCP", 8, 32, 0.417608, "list"),
  "t2a-standard-2": t("GCP", 2, 8, 0.077, "list"),
  "t2a-standard-4": t("GCP", 4, 16, 0.154, "list"),
  "t2a-standard-8": t("GCP", 8, 32, 0.308, "list"),
  "g2-standard-4": t("GCP", 4, 16, 0.706832, "list"), // one NVIDIA L4 (gpu.ts)
};

/** Approximate price of a region relative to the provider's reference region (us-east-1, eastus, us-central1). */
export const REGION_PRICE_FACTOR: Record<string, number> = {
  "us-east-1": 1,
  "us-west-2": 1,
  "eu-west-1": 1.11,
  "eu-central-1": 1.19,
  "ap-southeast-1": 1.25,
  eastus: 1,
  westus2: 1,
  westeurope: 1.12,
  northeurope: 1.07,
  "us-central1": 1,
  "us-east1": 1,
  "europe-west1": 1.1,
  "asia-southeast1": 1.23,
};

export function instanceType(name: string): DemoInstanceType {
  const it = DEMO_INSTANCE_TYPES[name];
  if (!it) throw new Error(`Unknown demo instance type ${name}`);
  return it;
}

/** The published Windows Server licence on Azure (D, E and F series) and Compute Engine, $ per vCPU-hour. */
export const WINDOWS_LICENCE_PER_VCPU = 0.046;

export type Architecture = "x86_64" | "arm64";

/** arm64: AWS Graviton (a "g" after the generation: m6g, t4g, db.r6g), Azure Cobalt/Ampere (D*ps_v5), GCP Tau T2A. */
export function architectureOf(type: string): Architecture {
  return /^(db\.)?[a-z]+\d+g[a-z]*\./.test(type) || /^Standard_[A-Z]+\d+p[a-z]*_v\d$/.test(type) || /^t2a-/.test(type) ? "arm64" : "x86_64";
}

/**
 * Windows $ per hour of a type in its reference region; null where it does not run Windows (arm64, RDS classes,
 * burstable and shared-core sizes, and sizes with no published Windows price here).
 */
export function windowsHourly(type: string): number | null {
  const it = instanceType(type);
  if (it.windowsHourly) return it.windowsHourly;
  if (architectureOf(type) === "arm64" || type.startsWith("db.")) return null;
  if (it.provider === "Azure" && /^Standard_[DEF]\d+a?s_v[235]$/.test(type)) return it.hourly + WINDOWS_LICENCE_PER_VCPU * it.vcpus;
  if (it.provider === "GCP" && /^(n1|n2|n2d|c2)-/.test(type)) return it.hourly + WINDOWS_LICENCE_PER_VCPU * it.vcpus;
  return null;
}

/** On-demand $ per hour of a type in a region (on Windows: with the licence), rounded to 0.1 cent-hundredths. */
export function hourlyPrice(type: string, region: string, os: "Linux" | "Windows" = "Linux"): number {
  const base = os === "Windows" ? windowsHourly(type) : instanceType(type).hourly;
  if (base === null) throw new Error(`Demo instance type ${type} has no Windows price`);
  return Math.round(base * (REGION_PRICE_FACTOR[region] ?? 1) * 10000) / 10000;
}
