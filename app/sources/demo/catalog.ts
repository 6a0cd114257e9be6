/**
 * The instance types the demo fleet uses, with vCPUs, memory and an on-demand Linux price per hour.
 * - AWS EC2: copied from ../data/catalog/aws-ec2-us-east-1-2023-08-30.txt (ec2instances.info, us-east-1,
 *   2023-08-30); a unit test checks every row against that file.
 * - Azure A-series v2: copied from ../data/catalog/azure-vm-sample-2025-04.txt (us-east, 2025-04-24); the other
 *   Azure sizes are Azure's published pay-as-you-go list prices for East US.
 * - GCP: Google's published on-demand list prices for us-central1.
 * - RDS: AWS's published single-AZ MySQL on-demand prices for us-east-1.
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
}

function t(provider: CloudProvider, vcpus: number, memoryGiB: number, hourly: number, source: "catalog" | "list") {
  return { provider, vcpus, memoryGiB, hourly, source } satisfies DemoInstanceType;
}

export const DEMO_INSTANCE_TYPES: Record<string, DemoInstanceType> = {
  // AWS EC2 (catalog file)
  "t2.medium": t("AWS", 2, 4, 0.0464, "catalog"),
  "t3.medium": t("AWS", 2, 4, 0.0416, "catalog"),
  "t3.large": t("AWS", 2, 8, 0.0832, "catalog"),
  "t3a.large": t("AWS", 2, 8, 0.0752, "catalog"),
  "m4.large": t("AWS", 2, 8, 0.1, "catalog"),
  "m4.xlarge": t("AWS", 4, 16, 0.2, "catalog"),
  "m5.large": t("AWS", 2, 8, 0.096, "catalog"),
  "m5.xlarge": t("AWS", 4, 16, 0.192, "catalog"),
  "m5.2xlarge": t("AWS", 8, 32, 0.384, "catalog"),
  "m5.4xlarge": t("AWS", 16, 64, 0.768, "catalog"),
  "m5a.2xlarge": t("AWS", 8, 32, 0.344, "catalog"),
  "m6a.2xlarge": t("AWS", 8, 32, 0.3456, "catalog"),
  "m6i.large": t("AWS", 2, 8, 0.096, "catalog"),
  "m6i.xlarge": t("AWS", 4, 16, 0.192, "catalog"),
  "m6i.2xlarge": t("AWS", 8, 32, 0.384, "catalog"),
  "m6i.4xlarge": t("AWS", 16, 64, 0.768, "catalog"),
  "m6g.xlarge": t("AWS", 4, 16, 0.154, "catalog"),
  "m7g.xlarge": t("AWS", 4, 16, 0.1632, "catalog"),
  "c4.xlarge": t("AWS", 4, 7.5, 0.199, "catalog"),
  "c5.xlarge": t("AWS", 4, 8, 0.17, "catalog"),
  "c5.2xlarge": t("AWS", 8, 16, 0.34, "catalog"),
  "c5.4xlarge": t("AWS", 16, 32, 0.68, "catalog"),
  "c6i.2xlarge": t("AWS", 8, 16, 0.34, "catalog"),
  "c6i.4xlarge": t("AWS", 16, 32, 0.68, "catalog"),
  "r5.large": t("AWS", 2, 16, 0.126, "catalog"),
  "r5.xlarge": t("AWS", 4, 32, 0.252, "catalog"),
  "r5.2xlarge": t("AWS", 8, 64, 0.504, "catalog"),
  "r5.4xlarge": t("AWS", 16, 128, 1.008, "catalog"),
  "r6i.xlarge": t("AWS", 4, 32, 0.252, "catalog"),
  "r6i.2xlarge": t("AWS", 8, 64, 0.504, "catalog"),
  // AWS GPU (one NVIDIA A10G; gpu.ts)
  "g5.xlarge": t("AWS", 4, 16, 1.006, "catalog"),
  // AWS RDS (published list prices, MySQL single-AZ, us-east-1)
  "db.t3.medium": t("AWS", 2, 4, 0.068, "list"),
  "db.m5.large": t("AWS", 2, 8, 0.171, "list"),
  "db.m5.xlarge": t("AWS", 4, 16, 0.342, "list"),
  "db.m5.2xlarge": t("AWS", 8, 32, 0.684, "list"),
  "db.m6g.large": t("AWS", 2, 8, 0.152, "list"),
  "db.r5.large": t("AWS", 2, 16, 0.25, "list"),
  "db.r5.xlarge": t("AWS", 4, 32, 0.5, "list"),
  "db.r5.2xlarge": t("AWS", 8, 64, 1.0, "list"),
  "db.r6g.large": t("AWS", 2, 16, 0.225, "list"),
  // Azure (A-series v2 from the catalog file; the rest published East US list prices)
  Standard_A2_v2: t("Azure", 2, 4, 0.0903, "catalog"),
  Standard_A4_v2: t("Azure", 4, 8, 0.191, "catalog"),
  Standard_A8_v2: t("Azure", 8, 16, 0.399, "catalog"),
  Standard_A4m_v2: t("Azure", 4, 32, 0.237, "catalog"),
  Standard_B2s: t("Azure", 2, 4, 0.0416, "list"),
  Standard_D2s_v5: t("Azure", 2, 8, 0.096, "list"),
  Standard_D4s_v5: t("Azure", 4, 16, 0.192, "list"),
  Standard_D8s_v5: t("Azure", 8, 32, 0.384, "list"),
  Standard_D16s_v5: t("Azure", 16, 64, 0.768, "list"),
  Standard_D4as_v5: t("Azure", 4, 16, 0.172, "list"),
  Standard_D8as_v5: t("Azure", 8, 32, 0.344, "list"),
  Standard_D4s_v3: t("Azure", 4, 16, 0.192, "list"),
  Standard_D8s_v3: t("Azure", 8, 32, 0.384, "list"),
  Standard_E4s_v5: t("Azure", 4, 32, 0.252, "list"),
  Standard_E8s_v5: t("Azure", 8, 64, 0.504, "list"),
  Standard_F4s_v2: t("Azure", 4, 8, 0.169, "list"),
  Standard_F8s_v2: t("Azure", 8, 16, 0.338, "list"),
  Standard_F16s_v2: t("Azure", 16, 32, 0.677, "list"),
  Standard_NC4as_T4_v3: t("Azure", 4, 28, 0.526, "list"), // one NVIDIA Tesla T4 (gpu.ts)
  // GCP (published us-central1 list prices)
  "e2-medium": t("GCP", 2, 4, 0.033503, "list"),
  "e2-standard-2": t("GCP", 2, 8, 0.067006, "list"),
  "e2-standard-4": t("GCP", 4, 16, 0.134012, "list"),
  "e2-standard-8": t("GCP", 8, 32, 0.268024, "list"),
  "n1-standard-4": t("GCP", 4, 15, 0.189999, "list"),
  "n1-standard-8": t("GCP", 8, 30, 0.379998, "list"),
  "n2-standard-2": t("GCP", 2, 8, 0.097118, "list"),
  "n2-standard-4": t("GCP", 4, 16, 0.194236, "list"),
  "n2-standard-8": t("GCP", 8, 32, 0.388472, "list"),
  "n2-standard-16": t("GCP", 16, 64, 0.776944, "list"),
  "n2-highmem-4": t("GCP", 4, 32, 0.262028, "list"),
  "n2-highmem-8": t("GCP", 8, 64, 0.524056, "list"),
  "n2d-standard-8": t("GCP", 8, 32, 0.337968, "list"),
  "c2-standard-8": t("GCP", 8, 32, 0.417608, "list"),
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

/** On-demand $ per hour of a type in a region, rounded to 0.1 cent-hundredths. */
export function hourlyPrice(type: string, region: string): number {
  return Math.round(instanceType(type).hourly * (REGION_PRICE_FACTOR[region] ?? 1) * 10000) / 10000;
}
