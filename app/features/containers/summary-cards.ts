import type { ContainerOverview } from "~/models/container-overview.server";

/**
 * The container summary cards (spec document 2, section 2.2), the same figures getSummaryAddonsByViewAndFilter answers:
 * CPU surplus in cores (millicores / 1000), memory surplus in GB (MB / 1024), waste per month.
 */
export interface SummaryCardFigures {
  containers: number;
  containerManifests: number;
  cpuRequestSurplusCores: number;
  memoryRequestSurplusGb: number;
  monthlySavings: number;
  efficiencyRating: number;
}

export function summaryCardFigures(o: Pick<ContainerOverview, "counts" | "cpu" | "memory" | "monthlyWaste" | "efficiencyRating">): SummaryCardFigures {
  return {
    containers: o.counts.containers,
    containerManifests: o.counts.manifests,
    cpuRequestSurplusCores: o.cpu.spare / 1000,
    memoryRequestSurplusGb: o.memory.spare / 1024,
    monthlySavings: o.monthlyWaste,
    efficiencyRating: o.efficiencyRating,
  };
}
