/** Cell and field text of the node screens, through ~/lib/format only. */
import { formatCount, formatCurrency, formatDate, formatDecimal, formatFixed } from "~/lib/format";
import { coresFromMCores, gbFromMb } from "~/lib/units";
import { Badge, type BadgeIcon } from "~/components/ui/Badge";
import { TONE, type Tone } from "~/components/ui/tones";

export const dash = "-";
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? dash : `${formatDecimal(v)}%`);
export const dec = (v: number | null | undefined) => formatDecimal(v);
export const count = (v: number | null | undefined) => formatCount(v);
/** Whole units in full (node hours, days of age): "168", "161,280", never "168.0". */
export const whole = (v: number | null | undefined) => formatFixed(v, 0);
export const money = (v: number | null | undefined) => formatCurrency(v);
export const day = (v: string | null | undefined) => formatDate(v);
/** mCores as cores and MB as GB (spec section 9: cores = mCores / 1000, GB = MB / 1024). */
export const cores = (v: number | null | undefined) => (v === null || v === undefined ? dash : formatDecimal(coresFromMCores(v)));
export const gb = (v: number | null | undefined) => (v === null || v === undefined ? dash : formatDecimal(gbFromMb(v)));

/** Health: red high risk, yellow medium, green low (UX.md), each with its own icon and the word (never colour alone). */
const HEALTH: Record<string, { tone: Tone; icon: BadgeIcon }> = {
  "High Risk": { tone: "risk", icon: "warning" },
  "Medium Risk": { tone: "waste", icon: "warning" },
  "Low Risk": { tone: "fit", icon: "check" },
};

export function HealthBadge({ health }: { health: string }) {
  const h = HEALTH[health];
  const tone = TONE[h?.tone ?? "unknown"];
  return (
    <Badge color={tone.color} text={tone.text} icon={h?.icon} className="font-semibold" data-health={health}>
      {health}
    </Badge>
  );
}
