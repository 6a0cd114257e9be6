/**
 * Totals of many containers' costs (the spec's container overview, section 3): current, unspecified, recommended,
 * deficit and spare per resource (quantities and $), realizable gains, and the overall efficiency rating and
 * monthly waste. Money summed in whole cents like the waterfall.
 */
import { efficiencyRating, type ContainerCosts, type ResourceCost } from "./costs";

export interface ResourceTotals {
  current: number;
  currentCost: number;
  unspecified: number;
  unspecifiedCost: number;
  recommended: number;
  recommendedCost: number;
  deficit: number;
  deficitCost: number;
  spare: number;
  spareCost: number;
  realizableGain: number;
}

export interface CostTotals {
  containerCount: number;
  atRiskCount: number;
  cpu: ResourceTotals;
  mem: ResourceTotals;
  totalCurrentCost: number;
  totalUnspecifiedCost: number;
  totalRecommendedCost: number;
  totalDeficitCost: number;
  totalSpareCost: number;
  totalRealizableGain: number;
  efficiencyRating: number;
  monthlyWaste: number;
}

const MONEY = ["currentCost", "unspecifiedCost", "recommendedCost", "deficitCost", "spareCost", "realizableGain"] as const;
const QUANTITY = ["current", "unspecified", "recommended", "deficit", "spare"] as const;

function emptyResource(): ResourceTotals {
  return { current: 0, currentCost: 0, unspecified: 0, unspecifiedCost: 0, recommended: 0, recommendedCost: 0, deficit: 0, deficitCost: 0, spare: 0, spareCost: 0, realizableGain: 0 };
}

function add(into: ResourceTotals, r: ResourceCost) {
  for (const k of QUANTITY) into[k] += r[k];
  for (const k of MONEY) into[k] += Math.round(r[k] * 100); // cents while summing
}

function toDollars(r: ResourceTotals) {
  for (const k of MONEY) r[k] /= 100;
}

export function costTotals(containers: Iterable<Pick<ContainerCosts, "cpu" | "mem" | "atRisk">>): CostTotals {
  const cpu = emptyResource();
  const mem = emptyResource();
  let containerCount = 0;
  let atRiskCount = 0;
  for (const c of containers) {
    containerCount++;
    if (c.atRisk) atRiskCount++;
    add(cpu, c.cpu);
    add(mem, c.mem);
  }
  const sum = (k: (typeof MONEY)[number]) => cpu[k] + mem[k];
  const current = sum("currentCost");
  const unspecified = sum("unspecifiedCost");
  const recommended = sum("recommendedCost");
  const out: CostTotals = {
    containerCount,
    atRiskCount,
    cpu,
    mem,
    totalCurrentCost: current / 100,
    totalUnspecifiedCost: unspecified / 100,
    totalRecommendedCost: recommended / 100,
    totalDeficitCost: sum("deficitCost") / 100,
    totalSpareCost: sum("spareCost") / 100,
    totalRealizableGain: sum("realizableGain") / 100,
    efficiencyRating: efficiencyRating(current, unspecified, recommended),
    monthlyWaste: (current + unspecified - recommended) / 100,
  };
  toDollars(cpu);
  toDollars(mem);
  return out;
}
