/**
 * The cloud folder summary (spec section 3 "Cloud folder summary", 2.3; efficiency and waste of section 5) from
 * the results of the services in a folder. Money is summed in whole cents, so these identities hold exactly:
 *
 *   currentCost = awsTotalCurCost + azureTotalCurCost + gcpTotalCurCost (optimal likewise);
 *   services = Σ provider totals; provider optimal services = provider total − its Terminate count;
 *   <type>Savings = Σ (optimal − current) of that recommendation: negative for Terminate, Modernize, Downsize,
 *   Downscale, positive for Upsize and Upscale (as the summary shows them);
 *   immediateSavings = terminate + modernize; additionalWaste = downsize + downscale; riskRemovalCost = upsize +
 *   upscale; currentCost + immediateSavings + additionalWaste + riskRemovalCost = optimalCost.
 *
 * Services the catalog could not price count as services (and Keep) but add no cost to either side.
 * vCPUs and memory count every instance: × average group size now, × the optimal instances recommended.
 */
import type { CloudProvider, CloudService } from "~/engine/source-contract";
import type { CloudRecommendation } from "./analyse";
import { efficiencyRating, toCents, wastePercent } from "./costs";

export interface CloudFolderSummary {
  ec2Service: number;
  rdsService: number;
  asgService: number;
  azureVmService: number;
  azureVmssService: number;
  gceService: number;
  awsTotalService: number;
  azureTotalService: number;
  gcpTotalService: number;
  awsTotalOptimalService: number;
  azureTotalOptimalService: number;
  gcpTotalOptimalService: number;
  awsTotalCurCost: number;
  azureTotalCurCost: number;
  gcpTotalCurCost: number;
  awsTotalOptimalCost: number;
  azureTotalOptimalCost: number;
  gcpTotalOptimalCost: number;
  downscale: number;
  downsize: number;
  terminate: number;
  modernize: number;
  upsize: number;
  upscale: number;
  keep: number;
  downscaleSavings: number;
  downsizeSavings: number;
  terminateSavings: number;
  modernizeSavings: number;
  upsizeSavings: number;
  upscaleSavings: number;
  currentVcpus: number;
  currentMemory: number;
  recommendedVcpus: number;
  recommendedMemory: number;
  /** optimal / current, 2 decimals; 0 when current is 0. */
  efficiencyRating: number;
  immediateSavings: number;
  additionalWaste: number;
  riskRemovalCost: number;
  services: number;
  optimalServices: number;
  /** current − optimal: waste when positive, shortfall when negative. */
  estimatedWaste: number;
  /** |current − optimal| / current × 100 (0 when current is 0): the Waste / Shortfall percentage. */
  wastePct: number;
  currentCost: number;
  optimalCost: number;
  /** The cost of removing risk (Upsize + Upscale): riskRemovalCost. */
  upsizeCost: number;
}

const PROVIDER_KEY: Record<CloudProvider, "aws" | "azure" | "gcp"> = { AWS: "aws", Azure: "azure", GCP: "gcp" };
const SERVICE_KEY: Record<CloudService, "ec2Service" | "rdsService" | "asgService" | "azureVmService" | "azureVmssService" | "gceService"> = {
  EC2: "ec2Service",
  RDS: "rdsService",
  ASG: "asgService",
  VM: "azureVmService",
  VMSS: "azureVmssService",
  GCE: "gceService",
};

/** The fields of a result the summary reads. */
export type CloudSummaryInput = Pick<
  CloudRecommendation,
  | "cloudProvider"
  | "serviceType"
  | "recommendation"
  | "currentEstimatedCost"
  | "optimalCost"
  | "currentVcpus"
  | "currentMemory"
  | "recommendedVcpus"
  | "recommendedMemory"
  | "currentInstances"
  | "optimalInstances"
>;

export function cloudFolderSummary(results: Iterable<CloudSummaryInput>): CloudFolderSummary {
  const services = { aws: 0, azure: 0, gcp: 0 };
  const terminated = { aws: 0, azure: 0, gcp: 0 };
  const cur = { aws: 0, azure: 0, gcp: 0 };
  const opt = { aws: 0, azure: 0, gcp: 0 };
  const byService = { ec2Service: 0, rdsService: 0, asgService: 0, azureVmService: 0, azureVmssService: 0, gceService: 0 };
  const counts = { Terminate: 0, Modernize: 0, Downsize: 0, Downscale: 0, Upsize: 0, Upscale: 0, Keep: 0 };
  const delta = { Terminate: 0, Modernize: 0, Downsize: 0, Downscale: 0, Upsize: 0, Upscale: 0, Keep: 0 };
  let vcpus = 0;
  let memory = 0;
  let recVcpus = 0;
  let recMemory = 0;
  for (const r of results) {
    const p = PROVIDER_KEY[r.cloudProvider];
    services[p]++;
    byService[SERVICE_KEY[r.serviceType]]++;
    counts[r.recommendation]++;
    if (r.recommendation === "Terminate") terminated[p]++;
    if (r.currentEstimatedCost !== null && r.optimalCost !== null) {
      const c = toCents(r.currentEstimatedCost);
      const o = toCents(r.optimalCost);
      cur[p] += c;
      opt[p] += o;
      delta[r.recommendation] += o - c;
    }
    if (r.currentVcpus !== null) vcpus += r.currentVcpus * r.currentInstances;
    if (r.currentMemory !== null) memory += r.currentMemory * r.currentInstances;
    if (r.recommendedVcpus !== null) recVcpus += r.recommendedVcpus * r.optimalInstances;
    if (r.recommendedMemory !== null) recMemory += r.recommendedMemory * r.optimalInstances;
  }
  const $ = (cents: number) => cents / 100 || 0;
  const currentCents = cur.aws + cur.azure + cur.gcp;
  const optimalCents = opt.aws + opt.azure + opt.gcp;
  const total = services.aws + services.azure + services.gcp;
  const risk = delta.Upsize + delta.Upscale;
  return {
    ...byService,
    awsTotalService: services.aws,
    azureTotalService: services.azure,
    gcpTotalService: services.gcp,
    awsTotalOptimalService: services.aws - terminated.aws,
    azureTotalOptimalService: services.azure - terminated.azure,
    gcpTotalOptimalService: services.gcp - terminated.gcp,
    awsTotalCurCost: $(cur.aws),
    azureTotalCurCost: $(cur.azure),
    gcpTotalCurCost: $(cur.gcp),
    awsTotalOptimalCost: $(opt.aws),
    azureTotalOptimalCost: $(opt.azure),
    gcpTotalOptimalCost: $(opt.gcp),
    downscale: counts.Downscale,
    downsize: counts.Downsize,
    terminate: counts.Terminate,
    modernize: counts.Modernize,
    upsize: counts.Upsize,
    upscale: counts.Upscale,
    keep: counts.Keep,
    downscaleSavings: $(delta.Downscale),
    downsizeSavings: $(delta.Downsize),
    terminateSavings: $(delta.Terminate),
    modernizeSavings: $(delta.Modernize),
    upsizeSavings: $(delta.Upsize),
    upscaleSavings: $(delta.Upscale),
    currentVcpus: Math.round(vcpus * 100) / 100,
    currentMemory: Math.round(memory * 100) / 100,
    recommendedVcpus: Math.round(recVcpus * 100) / 100,
    recommendedMemory: Math.round(recMemory * 100) / 100,
    efficiencyRating: efficiencyRating(optimalCents, currentCents),
    immediateSavings: $(delta.Terminate + delta.Modernize),
    additionalWaste: $(delta.Downsize + delta.Downscale),
    riskRemovalCost: $(risk),
    services: total,
    optimalServices: total - counts.Terminate,
    estimatedWaste: $(currentCents - optimalCents),
    wastePct: Math.round(wastePercent(currentCents, optimalCents) * 100) / 100,
    currentCost: $(currentCents),
    optimalCost: $(optimalCents),
    upsizeCost: $(risk),
  };
}
