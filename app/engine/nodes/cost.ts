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
