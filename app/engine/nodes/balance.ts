import { BALANCE_RATIO_CAP } from "./constants";

/**
 * How far one resource's request % runs ahead of the other's on a node group: cpuNodeBalanceRatio =
 * cpuRequestPct / memRequestPct (memory stranded when high), memNodeBalanceRatio = memRequestPct / cpuRequestPct
 * (CPU stranded). 1 is balanced. Null when nothing is requested at all; BALANCE_RATIO_CAP when only the
 * denominator is 0, and at most the cap otherwise.
 */
export function balanceRatio(numeratorPct: number, denominatorPct: number): number | null {
  if (numeratorPct <= 0 && denominatorPct <= 0) return null;
  if (denominatorPct <= 0) return BALANCE_RATIO_CAP;
  return Math.min(numeratorPct / denominatorPct, BALANCE_RATIO_CAP);
}
