import type { Color } from "@tremor/react/dist/lib/inputTypes";

/**
 * The colour meanings of UX.md as Tremor colours: red = risk or shortfall, yellow = waste or surplus, green = just
 * right, grey = unknown, and the sky accent for neutral information. Tremor tints a badge with its hue at 10 %
 * and writes the text in shade 600 in both themes; several of those fall short of AA contrast (amber-600 on white
 * is 3.2:1, red-600 on our dark cards 3.5:1), so each tone also names the text shades we use instead.
 */
export const TONE = {
  risk: { color: "red", text: "text-red-800 dark:text-red-200" },
  waste: { color: "amber", text: "text-amber-800 dark:text-amber-200" },
  fit: { color: "emerald", text: "text-emerald-800 dark:text-emerald-200" },
  unknown: { color: "slate", text: "text-slate-700 dark:text-slate-200" },
  info: { color: "sky", text: "text-sky-800 dark:text-sky-200" },
} as const satisfies Record<string, { color: Color; text: string }>;

export type Tone = keyof typeof TONE;
