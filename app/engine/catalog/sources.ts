import type { CatalogSource } from "./types";

/** The catalog files shipped with the design data (catalog/README.md), with their source and date. */
export const SHIPPED_CATALOGS: Record<string, CatalogSource> = {
  "aws-ec2-us-east-1-2023-08-30.txt": {
    provider: "AWS",
    region: "us-east-1",
    dataset: "ec2instances.info (LeanerCloud/ec2-instances-info generated_instances_data.txt)",
    asOf: "2023-08-30",
  },
  "azure-vm-sample-2025-04.txt": {
    provider: "Azure",
    region: "us-east",
    dataset: "LeanerCloud/ec2-instances-info generated_azure_instances_data.txt (sample)",
    asOf: "2025-04-24",
  },
};
