/** Cell and field text of the node screens, through ~/lib/format only. */
import { formatCount, formatCurrency, formatDate, formatDecimal } from "~/lib/format";
import { coresFromMCores, gbFromMb } from "~/lib/units";

export const dash = "-";
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? dash : `${formatDecimal(v)}%`);
export const dec = (v: number | null | undefined) => formatDecimal(v);
export const count = (v: number | null | undefined) => formatCount(v);
export const money = (v: number | null | undefined) => formatCurrency(v);
export const day = (v: string | null | undefined) => formatDate(v);
/** mCores as cores and MB as GB (spec section 9: cores = mCores / 1000, GB = MB / 1024). */
export const cores = (v: number | null | undefined) => (v === null || v === undefined ? dash : formatDecimal(coresFromMCores(v)));
export const gb = (v: number | null | undefined) => (v === null || v === undefined ? dash : formatDecimal(gbFromMb(v)));

/** Health badge colours (UX.md: red risk, yellow warning, green fine). */
export const HEALTH_CLASS: Record<string, string> = {
  "High Risk": "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  "Medium Risk": "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  "Low Risk": "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
};

export function HealthBadge({ health }: { health: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${HEALTH_CLASS[health] ?? ""}`} data-health={health}>
      {health}
    </span>
  );
}
