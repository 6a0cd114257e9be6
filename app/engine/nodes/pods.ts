/** Peak pods as % of the node's max allowed pods (spec node field maxAllowedPodsPct); null when either is unknown. */
export function maxAllowedPodsPct(numPodsPeak: number | null, maxAllowedPods: number): number | null {
  return numPodsPeak === null || maxAllowedPods <= 0 ? null : (numPodsPeak / maxAllowedPods) * 100;
}

/** A node at max pod capacity: its pod peak reached its max allowed pods (counted in maxPodCapNodeCount). */
export function isAtMaxPodCapacity(numPodsPeak: number | null, maxAllowedPods: number): boolean {
  return numPodsPeak !== null && maxAllowedPods > 0 && numPodsPeak >= maxAllowedPods;
}
