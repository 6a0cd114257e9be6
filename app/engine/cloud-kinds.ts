/**
 * The cloud providers and services the product knows, in a module of their own: the source contract and the cloud
 * engine both name them. `GCE` is Google Compute Engine.
 */
export const CLOUD_SERVICES = ["EC2", "RDS", "ASG", "VM", "VMSS", "GCE"] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];
export const CLOUD_SERVICE_LABELS: Record<CloudService, string> = {
  EC2: "EC2",
  RDS: "RDS",
  ASG: "Auto Scaling Group",
  VM: "Virtual Machine",
  VMSS: "Virtual Machine Scale Set",
  GCE: "Compute Engine",
};
export type CloudProvider = "AWS" | "Azure" | "GCP";
