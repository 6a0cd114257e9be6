import { HOURS_PER_MONTH } from "../catalog/price";
import type { InstanceType } from "../catalog/types";

export interface CurrentCost {
  /** $ per month at the window's run rate; null when any instance type the group ran has no catalog price. */
  currentEstimatedCost: number | null;
  /** Instance types the group ran that the catalog does not price. */
  unpricedInstanceTypes: string[];
}

/**
 * The group's current monthly cost from what it actually ran: Σ over instance types of hourly price × node hours
 * in the window × 730 / window hours (= average nodes × price × 730 for a group of one type). A partial sum would
 * understate the waste, so one unpriced type makes the cost unknown (null) rather than low.
 */
export function currentMonthlyCost(
  nodeHoursByInstanceType: Record<string, number>,
  windowHours: number,
  catalog: ReadonlyMap<string, InstanceType>,
): CurrentCost {
  let cost = 0;
  const unpricedInstanceTypes: string[] = [];
  for (const [name, hours] of Object.entries(nodeHoursByInstanceType)) {
    const price = catalog.get(name)?.hourlyPrice ?? null;
    if (price === null) unpricedInstanceTypes.push(name);
    else if (windowHours > 0) cost += (price * hours * HOURS_PER_MONTH) / windowHours;
  }
  return { currentEstimatedCost: unpricedInstanceTypes.length ? null : cost, unpricedInstanceTypes: unpricedInstanceTypes.sort() };
}

export interface NodeMoney {
  /** $ per month: the node's catalog price × its node hours in the window × 730 / window hours; null when unpriced. */
  monthlyCost: number | null;
  /** $ per month: the node's share of its group's waste, in proportion to its cost; null when either is unknown. */
  monthlyWaste: number | null;
}

/**
 * One node's money (decision 026): its part of the group's current cost (the group's cost is the sum of its nodes'
 * costs by construction, the same formula per instance type) and the same part of the group's estimated waste
 * (current − optimised cost). The node type's catalog price is the price in the cluster's region where the catalog
 * has one. A node of a group whose cost is 0 wastes nothing; a negative group waste (the group needs more capacity)
 * gives each node its negative share.
 */
export function nodeMonthlyMoney(
  hourlyPrice: number | null,
  nodeHours: number,
  windowHours: number,
  group: { currentEstimatedCost: number | null; estimatedWastePerMonth: number | null },
): NodeMoney {
  if (hourlyPrice === null) return { monthlyCost: null, monthlyWaste: null };
  const monthlyCost = windowHours > 0 ? (hourlyPrice * nodeHours * HOURS_PER_MONTH) / windowHours : 0;
  const { currentEstimatedCost: groupCost, estimatedWastePerMonth: groupWaste } = group;
  if (groupCost === null || groupWaste === null) return { monthlyCost, monthlyWaste: null };
  return { monthlyCost, monthlyWaste: groupCost > 0 ? (monthlyCost / groupCost) * groupWaste : 0 };
}
