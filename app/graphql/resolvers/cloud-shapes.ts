/**
 * The cloud engine's answers in the shapes the schema names (spec document 3, section 3): the service-type names
 * the screens send, and one service's analysis as the entity analysis result, its scores and its workload charts.
 */
import type { CloudServiceView } from "~/db/schema";
import type { CloudServiceAnalysis, InstanceInfo, WorkloadChart } from "~/engine/cloud";
import type { CatalogService } from "~/engine/cloud/types";
import type { CloudService } from "~/engine/source-contract";
import { validationError } from "~/lib/errors";
import { DAY_MS } from "~/lib/time";

/** Section 9's service type groups by the names the screens send (case-insensitive), with the catalog each is scored against. */
const SERVICE_GROUPS: readonly { names: readonly string[]; services: readonly CloudService[]; catalog: CatalogService }[] = [
  { names: ["ec2"], services: ["EC2"], catalog: "EC2" },
  { names: ["asg", "asg_single"], services: ["ASG"], catalog: "EC2" },
  { names: ["rds"], services: ["RDS"], catalog: "RDS" },
  { names: ["azure", "vm", "virtual machine", "azure vm", "azure_vm", "vmss", "vm scale set", "vmss_single", "azure vmss"], services: ["VM", "VMSS"], catalog: "VM" },
  { names: ["gcp", "gce", "gce instance", "compute engine"], services: ["GCE"], catalog: "GCE" },
];

export function serviceGroupOf(serviceType: string) {
  const name = serviceType.trim().toLowerCase();
  const group = SERVICE_GROUPS.find((g) => g.names.includes(name));
  if (!group) throw validationError(`Unknown serviceType '${serviceType}'; use EC2, ASG, RDS, Azure, VM, VMSS, GCP or GCE.`);
  return group;
}

/** A comparison's spend tolerance: from 1 up, or negative for unlimited (section 9's choices are 1 to 10 and -1). */
export function checkSpendTolerance(value: number): number {
  if (!Number.isFinite(value) || (value >= 0 && value < 1)) throw validationError(`spendTolerance must be 1 or more, or negative for unlimited (got ${value}).`);
  return value;
}

interface Found {
  service: CloudServiceView;
  analysis: CloudServiceAnalysis;
  nowMs: number;
}

export function entityAnalysisResult({ service, analysis, nowMs }: Found) {
  const r = analysis.result;
  const created = service.created_at ? Date.parse(service.created_at) : NaN;
  return {
    platform: r.cloudProvider,
    vmEntityId: r.entityId,
    serviceType: r.serviceType,
    hostEntityId: r.existingInstanceType,
    regionId: r.region,
    instanceType: r.existingInstanceType,
    cost: r.currentEstimatedCost,
    recommendedHostEntityId: r.recommendedInstanceType,
    recommendedRegionId: r.region,
    recommendedInstanceType: r.recommendedInstanceType,
    recommendedCost: r.recommendedEstimatedCost,
    analysisScore: r.currentScore,
    observedUptime: r.uptimePct,
    predictedUptime: r.predictedUptimePct,
    uptimeHours: r.uptimeHours,
    totalHours: r.totalHours,
    recommendationType: r.recommendation,
    ageDaysInCloud: Number.isFinite(created) ? Math.floor((nowMs - created) / DAY_MS) : null,
    blendedScore: r.recommendedScore,
    maxGroupSize: r.maxGroupSize,
    minGroupSize: r.minGroupSize,
    recommendedMaxGroupSize: r.recommMaxGroupSize,
    recommendedMinGroupSize: r.recommMinGroupSize,
    newEstimatedUptime: r.predictedUptimePct,
    scalingPolicy: service.scaling_policy,
  };
}

/** A cloud chart in the WorkloadChart type containers share: the spec's rows and limits, and container-style data. */
export function cloudChart(c: WorkloadChart) {
  return {
    metric: c.key,
    title: c.title,
    yAxisLabel: c.yAxisLabel,
    unit: c.yAxisLabel,
    isRecommendation: c.isRecommendation,
    ...c.limits,
    rows: c.rows,
    data: c.rows.map((r) => ({ hour: r.hour, min: r.low, q1: r.q1, median: r.median, sustained: r.q3, peak: r.high, avg: null })),
  };
}

/** A comparison row with its cost to the cent, as every other amount of the API (the engine keeps it exact). */
export function instanceInfoRow(info: InstanceInfo) {
  return { ...info, cost: info.cost === null ? null : Math.round(info.cost * 100) / 100 };
}
