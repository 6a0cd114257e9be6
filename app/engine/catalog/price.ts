import { HOURS_PER_MONTH } from "~/lib/units";

export { HOURS_PER_MONTH };

/** $ per month of an hourly price; null stays null (not offered). */
export function monthlyPrice(hourlyPrice: number | null): number | null {
  return hourlyPrice === null ? null : hourlyPrice * HOURS_PER_MONTH;
}
