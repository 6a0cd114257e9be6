/**
 * One row of the cloud services grid and the instance detail (spec document 3, section 3, "Cloudex detail row"),
 * field for field: the cloud engine's result for the service joined with its inventory facts. Nulls show "-".
 */
export interface CloudexDetail {
  entityId: string;
  serviceType: string;
  cloudProvider: string;
  accountId: string;
  accountName: string;
  /** The account's environment where its name tells it (prod, stage, dev); null otherwise. */
  envName: string | null;
  /** The scale group's name (ASG, VMSS); null for a single instance. */
  igName: string | null;
  /** The service's name (instance, database or group). */
  system: string;
  /** The provider's object id (instance id, resource id, ARN). */
  vmmObjectId: string;
  region: string;
  /** The zone (or zones of a group, comma-separated); null when regional. */
  availabilityZone: string | null;
  /** Optimal, Idle, Over-provisioned, Under-provisioned, Previous generation, Learning or Not analysed. */
  overallStatus: string;
  recommendation: string;
  reasonHtml: string;
  existingInstanceType: string;
  recommendedInstanceType: string | null;
  uptimePct: number | null;
  currentEstimatedCost: number | null;
  recommendedEstimatedCost: number | null;
  estimatedSavings: number | null;
  estimatedSavingsPercent: number | null;
  estimatedEffort: string;
  currentVcpus: number | null;
  recommendedVcpus: number | null;
  /** Relative per-vCPU performance estimates (1.0 = reference), in the spec's CINT2006 columns: not SPEC results. */
  currentCint2006Rate: number | null;
  recommendedCint2006Rate: number | null;
  currentMemory: number | null;
  recommendedMemory: number | null;
  cpuHighPct: number | null;
  cpuLowPct: number | null;
  activeMemoryPct: number | null;
  memoryUtilPct: number | null;
  os: string;
  idealCpuAlloc: number | null;
  idealMemoryAlloc: number | null;
  cpuAllocEfficiencyPct: number | null;
  memoryAllocEfficiencyPct: number | null;
  recommendedHostEntityId: string | null;
  /** When the instance type last changed (ISO); null when unknown. */
  configLastChanged: string | null;
  totalHours: number | null;
  uptimeHours: number | null;
  /** How the change is made (e.g. "Stop, change the instance type, start"). */
  implementationMethod: string;
  policyName: string;
  orchestrationMode: string | null;
  profileCount: number | null;
  scalingMode: string | null;
  scalingPolicy: string | null;
  efficiencyRating: number | null;
  ipAddress: string | null;
  /** The busiest UTC day's network, MB. */
  networkIoMb: number | null;
  networkIoLimitMb: number | null;
  networkIoPackets: number | null;
  riCoverage: number | null;
  /** A reservation covers the service: changing its type forfeits (part of) it. */
  riConstrained: boolean;
  riExpiryDate: string | null;
  avgGroupSize: number | null;
  minGroupSize: number | null;
  maxGroupSize: number | null;
  predictedAvgGroupSize: number | null;
  recommMinGroupSize: number | null;
  recommMaxGroupSize: number | null;
  /** "Min: x, Max: y", or "N/A" (spec section 5). */
  minMaxGroupSize: string;
  recommMinMaxGroupSize: string;
  /** Power state at the last collection (running, stopped). */
  state: string | null;
  /** on-demand, spot or reserved. */
  lifeCycle: string | null;
  surplusVcpu: number | null;
  surplusMemory: number | null;
  relearning: boolean;
  /** Learning (relearning) or Ready. */
  mlState: string;
  recommendedCpuPct: number | null;
  recommendedMemPct: number | null;
  /** First seen with data (discovery), ISO. */
  startDate: string | null;
  createDate: string | null;
  k8sClusterPlatform: string | null;
  k8sClusterForwarder: string | null;
  k8sNodeGroup: string | null;
  ecsReference: string | null;
  policyMinDays: number | null;
  numberOfDaysUntilData: number | null;
  /** The tree level and path of the service's folder (its account). */
  level: number;
  fullPath: string;
  /** The region whose catalog prices were used. */
  pricedRegion: string | null;
}

/** The spec's group size text (section 5): "Min: x, Max: y", or "N/A" when both are missing. */
export function minMaxText(min: number | null, max: number | null): string {
  if (min === null && max === null) return "N/A";
  return `Min: ${min ?? "-"}, Max: ${max ?? "-"}`;
}

/** The overall status a row's recommendation and state read as. */
export function overallStatusOf(r: { analysed: boolean; relearning: boolean; recommendation: string }): string {
  if (!r.analysed) return "Not analysed";
  if (r.relearning) return "Learning";
  switch (r.recommendation) {
    case "Terminate":
      return "Idle";
    case "Modernize":
      return "Previous generation";
    case "Downsize":
    case "Downscale":
      return "Over-provisioned";
    case "Upsize":
    case "Upscale":
      return "Under-provisioned";
    default:
      return "Optimal";
  }
}

/** How a change is made, per service type (what an operator does). */
export const IMPLEMENTATION_METHOD: Record<string, string> = {
  EC2: "Stop the instance, change its instance type, start it",
  RDS: "Modify the DB instance class (in the next maintenance window or at once)",
  ASG: "Update the launch template and the group's sizes; instances are replaced",
  VM: "Resize the virtual machine (it restarts)",
  VMSS: "Update the scale set's model and capacity; instances are upgraded",
  GCE: "Stop the instance, set its machine type, start it",
};

/** The account's environment from its name, as the demo and most estates name them. */
export function envOf(accountName: string): string | null {
  const n = accountName.toLowerCase();
  if (/non-?prod|staging|stage|\bstg\b/.test(n)) return "stage";
  if (/prod/.test(n)) return "prod";
  if (/dev|test|sandbox|research/.test(n)) return "dev";
  return null;
}
