import type { ResourceTotals } from "~/engine/containers";
import { coresFromMCores, gbFromMb } from "~/lib/units";

/**
 * The container summary cards (spec document 2, section 2.2): the one place their figures are computed, for the
 * page and for getSummaryAddonsByViewAndFilter alike. CPU surplus in cores, memory surplus in GB, waste per month.
 */
export interface SummaryCardFigures {
  containers: number;
  containerManifests: number;
  cpuRequestSurplusCores: number;
  memoryRequestSurplusGb: number;
  monthlySavings: number;
  efficiencyRating: number;
}

/** What the figures are made from: a folder's overview (the model's ContainerOverview has these fields). */
export interface SummaryCardSource {
  counts: { containers: number; manifests: number };
  cpu: Pick<ResourceTotals, "spare">;
  memory: Pick<ResourceTotals, "spare">;
  monthlyWaste: number;
  efficiencyRating: number;
}

export function summaryCardFigures(o: SummaryCardSource): SummaryCardFigures {
  return {
    containers: o.counts.containers,
    containerManifests: o.counts.manifests,
    cpuRequestSurplusCores: coresFromMCores(o.cpu.spare),
    memoryRequestSurplusGb: gbFromMb(o.memory.spare),
    monthlySavings: o.monthlyWaste,
    efficiencyRating: o.efficiencyRating,
  };
}
