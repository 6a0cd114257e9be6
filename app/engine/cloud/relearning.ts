/**
 * Relearning after an instance type change (spec section 4): samples before the change describe another type,
 * so the window starts at the change (window.ts) and the service is "learning" until policyMinDays days have
 * passed since it. numberOfDaysUntilData = ceil(policyMinDays − days since the change), never below 0.
 * A service with less than policyMinDays days of data for another reason (new, or stopped) is not relearning but
 * also waits; insufficientData says how long.
 */
import { DAY_MS } from "../containers/types";
import type { TypeChange } from "./types";

export interface RelearningState {
  relearning: boolean;
  /** Days since the type change; null without one. */
  daysSinceChange: number | null;
  numberOfDaysUntilData: number;
}

export function relearningState(typeChange: TypeChange | null, nowMs: number, policyMinDays: number): RelearningState {
  if (!typeChange) return { relearning: false, daysSinceChange: null, numberOfDaysUntilData: 0 };
  const daysSinceChange = Math.max(0, (nowMs - typeChange.atMs) / DAY_MS);
  const relearning = daysSinceChange < policyMinDays;
  return { relearning, daysSinceChange, numberOfDaysUntilData: relearning ? Math.max(0, Math.ceil(policyMinDays - daysSinceChange)) : 0 };
}

/** Days until a service with `daysOfData` days of data has the policy's minimum (0 when it has). */
export function daysUntilData(daysOfData: number, policyMinDays: number): number {
  return daysOfData >= policyMinDays ? 0 : Math.max(0, Math.ceil(policyMinDays - daysOfData));
}

/** The spec's text: "Learning after instance change, analysis ready " + after next refresh. / in 1 day. / in N days. */
export function relearningText(numberOfDaysUntilData: number): string {
  const when = numberOfDaysUntilData <= 0 ? "after next refresh." : numberOfDaysUntilData === 1 ? "in 1 day." : `in ${numberOfDaysUntilData} days.`;
  return `Learning after instance change, analysis ready ${when}`;
}
