/** Hours in the month every cost in the product uses (ANALYSIS.md: "$ per month (730 hours)"). */
export const HOURS_PER_MONTH = 730;

/** $ per month of an hourly price; null stays null (not offered). */
export function monthlyPrice(hourlyPrice: number | null): number | null {
  return hourlyPrice === null ? null : hourlyPrice * HOURS_PER_MONTH;
}
