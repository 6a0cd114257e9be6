import type { CloudProvider } from "~/engine/source-contract";
import type { CatalogService, CatalogSource } from "./types";

const AWS_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1"];

/**
 * Every catalog file in catalog/, with its source and date (catalog/README.md has the full citation of each): what
 * the product shows wherever a price is shown. A unit test checks each current file's header against its entry.
 */
export const SHIPPED_CATALOGS: Record<string, CatalogSource> = {
  "aws-ec2.tsv": {
    provider: "AWS",
    service: "EC2",
    region: "us-east-1",
    regions: ["us-east-1"],
    dataset:
      "AWS Price List API via aws/karpenter-provider-aws (Linux, 2026-07-20); types from flexera-public/policy_templates and Karpenter; Windows via ec2instances.info (LeanerCloud/ec2-instances-info, 2023-08-30)",
    asOf: "2026-07-20",
    current: true,
  },
  "aws-rds.tsv": {
    provider: "AWS",
    service: "RDS",
    region: "us-east-1",
    regions: AWS_REGIONS,
    dataset: "AWS Price List API via flexera-public/policy_templates aws_rds_pricing.json (RDS for MySQL, Single-AZ)",
    asOf: "2023-03-01",
    current: true,
  },
  "azure-vm.tsv": {
    provider: "Azure",
    service: "VM",
    region: "eastus",
    regions: ["eastus", "westeurope", "northeurope", "westus2"],
    dataset:
      "Azure Retail Prices API via Azure/karpenter-provider-azure (Linux, 2026-06-18); sizes from flexera-public/policy_templates (Resource SKUs API)",
    asOf: "2026-06-18",
    current: true,
  },
  "gcp-gce.tsv": {
    provider: "GCP",
    service: "GCE",
    region: "us-central1",
    regions: ["us-central1", "europe-west1", "us-east1", "asia-southeast1"],
    dataset:
      "Cloud Billing Catalog API via Cyclenerd/google-cloud-pricing-cost-calculator (2026-07-30); machine types from flexera-public/policy_templates",
    asOf: "2026-07-30",
    current: true,
  },
  // Superseded; kept because the demo fleet's prices are checked against them (app/sources/demo/catalog.test.ts).
  "aws-ec2-us-east-1-2023-08-30.txt": {
    provider: "AWS",
    service: "EC2",
    region: "us-east-1",
    regions: ["us-east-1"],
    dataset: "ec2instances.info (LeanerCloud/ec2-instances-info generated_instances_data.txt)",
    asOf: "2023-08-30",
    current: false,
  },
  "azure-vm-sample-2025-04.txt": {
    provider: "Azure",
    service: "VM",
    region: "us-east",
    regions: ["us-east"],
    dataset: "LeanerCloud/ec2-instances-info generated_azure_instances_data.txt (sample)",
    asOf: "2025-04-24",
    current: false,
  },
};

/** The current catalog files, in a stable order (AWS EC2, RDS, Azure, GCP). */
export function currentCatalogFiles(): string[] {
  return Object.keys(SHIPPED_CATALOGS).filter((f) => SHIPPED_CATALOGS[f].current);
}

/** The source of the current catalog of a provider and service (with its file name); null when none is shipped. */
export function catalogSourceOf(provider: CloudProvider, service: CatalogService): (CatalogSource & { file: string }) | null {
  const file = currentCatalogFiles().find((f) => SHIPPED_CATALOGS[f].provider === provider && SHIPPED_CATALOGS[f].service === service);
  return file ? { ...SHIPPED_CATALOGS[file], file } : null;
}
