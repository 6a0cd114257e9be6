/**
 * Badges of the container grid and drawer: the recommendation (a coloured dot and its text) and the adjustment
 * direction (an arrow and its text, never colour alone; UX.md). Both are Tremor Badges (its look, ui/Badge.tsx);
 * the exported API is the one the grid cells have always used.
 *
 * Tremor's BadgeDelta is not used for the direction: its colours are fixed to "increase is good (green) or bad
 * (red), unchanged is orange", where ours are Increase = risk (red), Decrease = waste (yellow), No Change = fit
 * (green), and it has no "Set Value".
 */
import { Badge, type BadgeIcon } from "~/components/ui/Badge";
import { TONE, type Tone } from "~/components/ui/tones";
import type { Color } from "@tremor/react/dist/lib/inputTypes";

/** The direction's tone and icon (Remix Icon's arrows and equals sign, drawn by the badge's CSS; a dot for Set Value). */
const DIRECTION: Record<string, { tone: Tone; icon: BadgeIcon }> = {
  "Set Value": { tone: "unknown", icon: "dot" },
  Increase: { tone: "risk", icon: "up" },
  Decrease: { tone: "waste", icon: "down" },
  "No Change": { tone: "fit", icon: "equal" },
};

export function DirectionBadge({ badge }: { badge: string | null | undefined }) {
  if (!badge) return null;
  const d = DIRECTION[badge];
  const tone = TONE[d?.tone ?? "unknown"];
  return (
    <Badge color={tone.color} text={tone.text} icon={d?.icon} data-badge={badge}>
      {badge}
    </Badge>
  );
}

/** Hue per recommendation: green for right-sized, yellow for waste, red for risk, violet for modernize, grey otherwise. */
const RECOMMENDATION_HUE: Record<string, { color: Color; text: string }> = {
  Optimal: TONE.fit,
  "Just Right": TONE.fit,
  Upsize: TONE.risk,
  "Upsize - Optimal family": TONE.risk,
  Downsize: TONE.waste,
  "Downsize - Optimal family": TONE.waste,
  Resize: { color: "orange", text: "text-orange-800 dark:text-orange-200" },
  Modernize: { color: "violet", text: "text-violet-800 dark:text-violet-200" },
  "Modernize - Optimal family": { color: "violet", text: "text-violet-800 dark:text-violet-200" },
  Terminate: { color: "rose", text: "text-rose-800 dark:text-rose-200" },
  Downscale: { color: "yellow", text: "text-yellow-800 dark:text-yellow-200" },
  "Size from unspecified": TONE.info,
  "Identified risk": TONE.risk,
  "Savings opportunity": { color: "lime", text: "text-lime-800 dark:text-lime-200" },
};

export function RecommendationBadge({ value }: { value: string | null }) {
  if (!value) return <span>-</span>;
  const hue = RECOMMENDATION_HUE[value] ?? TONE.unknown;
  return (
    <Badge color={hue.color} text={hue.text} icon="dot" dot={hue.color}>
      {value}
    </Badge>
  );
}
