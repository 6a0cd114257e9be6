/** The colour of a meaning (UX.md): red risk or shortfall, yellow waste, green right, grey unknown; AA in both themes. */
export type Tone = "right" | "waste" | "risk" | "unknown";

export const TONE_TEXT: Record<Tone, string> = {
  right: "text-green-700 dark:text-green-400",
  waste: "text-yellow-700 dark:text-yellow-300",
  risk: "text-red-700 dark:text-red-400",
  unknown: "text-slate-600 dark:text-slate-300",
};

export const TONE_BADGE: Record<Tone, string> = {
  right: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  waste: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100",
  risk: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  unknown: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};
