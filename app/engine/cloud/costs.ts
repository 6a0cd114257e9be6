/**
 * Monthly costs, savings, waste and efficiency of a cloud service (spec sections 3 and 5):
 *
 *   monthly cost = hourly price × 730 × predicted uptime × instances (average group size for groups),
 *
 * rounded to the cent per service, so the folder summary adds whole cents and its identities hold exactly.
 * Efficiency rating = optimal / current, 2 decimals, 0 when current is 0 (section 5). Waste = current − optimal
 * (negative: shortfall); waste % = |current − optimal| / current × 100, 0 when current is 0.
 */
import { HOURS_PER_MONTH } from "./constants";

/** Whole cents of a month at the price, uptime (0–1) and instance count. */
export function monthlyCents(hourlyPrice: number, uptime: number, instances = 1): number {
  return Math.round(hourlyPrice * HOURS_PER_MONTH * uptime * instances * 100);
}

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const fromCents = (cents: number) => cents / 100 || 0;

export function efficiencyRating(optimal: number, current: number): number {
  return current === 0 ? 0 : Math.round((optimal / current) * 100) / 100;
}

export function wastePercent(current: number, optimal: number): number {
  return current === 0 ? 0 : (Math.abs(current - optimal) / current) * 100;
}

/** Savings as a share of the current cost (negative for an increase), 0 when current is 0. */
export function savingsPercent(current: number, optimal: number): number {
  return current === 0 ? 0 : ((current - optimal) / current) * 100;
}
