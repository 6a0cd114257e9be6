/**
 * Badges of the container grid and drawer: the recommendation (a coloured dot and its text) and the adjustment
 * direction (an arrow glyph and its text, never colour alone; UX.md).
 */
const DIRECTION_GLYPH: Record<string, string> = { "Set Value": "●", Increase: "▲", Decrease: "▼", "No Change": "=" };
const DIRECTION_CLASS: Record<string, string> = {
  "Set Value": "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  Increase: "bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100",
  Decrease: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  "No Change": "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
};

export function DirectionBadge({ badge }: { badge: string | null | undefined }) {
  if (!badge) return null;
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${DIRECTION_CLASS[badge] ?? ""}`} data-badge={badge}>
      <span aria-hidden="true">{DIRECTION_GLYPH[badge] ?? ""}</span>
      {badge}
    </span>
  );
}

/** Colour per recommendation: green for right-sized, yellow for waste, red for risk, violet for modernize, grey otherwise. */
const RECOMMENDATION_DOT: Record<string, string> = {
  Optimal: "bg-emerald-500",
  "Just Right": "bg-emerald-500",
  Upsize: "bg-red-500",
  "Upsize - Optimal family": "bg-red-400",
  Downsize: "bg-amber-400",
  "Downsize - Optimal family": "bg-amber-300",
  Resize: "bg-orange-400",
  Modernize: "bg-violet-500",
  "Modernize - Optimal family": "bg-violet-400",
  Terminate: "bg-rose-700",
  Downscale: "bg-yellow-500",
  "Size from unspecified": "bg-sky-500",
  "Identified risk": "bg-red-600",
  "Savings opportunity": "bg-lime-500",
};

export function RecommendationBadge({ value }: { value: string | null }) {
  if (!value) return <span>-</span>;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${RECOMMENDATION_DOT[value] ?? "bg-slate-400"}`} />
      {value}
    </span>
  );
}
