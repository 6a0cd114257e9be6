/**
 * Every chart colour in one place (UX.md "Colour means something and only one thing"): red = risk or shortfall,
 * yellow = waste or surplus, green = just right, grey = unspecified or unknown; a neutral sky accent for totals and
 * plain series. Tailwind classes written out in full so the content scan keeps them. Light-mode marks carry a darker
 * stroke so that yellow and green marks still reach 3:1 against a white card; dark mode uses the bright fills.
 */
import { bucketCategory } from "~/engine/containers/histogram";

export type BucketCategory = ReturnType<typeof bucketCategory>;

export interface MarkColour {
  /** Fill and stroke classes of a bar or box. */
  mark: string;
  /** Swatch for legends (HTML). */
  swatch: string;
}

const RISK: MarkColour = {
  mark: "fill-risk stroke-red-700 dark:stroke-red-300",
  swatch: "bg-risk border-red-700 dark:border-red-300",
};
const WASTE: MarkColour = {
  mark: "fill-waste stroke-yellow-700 dark:stroke-yellow-200",
  swatch: "bg-waste border-yellow-700 dark:border-yellow-200",
};
const FIT: MarkColour = {
  mark: "fill-fit stroke-green-700 dark:stroke-green-200",
  swatch: "bg-fit border-green-700 dark:border-green-200",
};
const UNKNOWN: MarkColour = {
  mark: "fill-slate-400 stroke-slate-600 dark:fill-slate-500 dark:stroke-slate-300",
  swatch: "bg-slate-400 border-slate-600 dark:bg-slate-500 dark:border-slate-300",
};
const ACCENT: MarkColour = {
  mark: "fill-sky-600 stroke-sky-800 dark:fill-sky-400 dark:stroke-sky-200",
  swatch: "bg-sky-600 border-sky-800 dark:bg-sky-400 dark:border-sky-200",
};

export const CATEGORY_COLOUR: Record<BucketCategory, MarkColour> = {
  "too little": RISK,
  "just right": FIT,
  "too much": WASTE,
  unspecified: UNKNOWN,
};

/** The histogram bucket rule (spec 2.5): 20–85 too little (red), 100 just right (green), 120–500 too much (yellow), else grey. */
export function bucketColour(bucket: number): MarkColour & { category: BucketCategory } {
  const category = bucketCategory(bucket);
  return { category, ...CATEGORY_COLOUR[category] };
}

/** Waterfall bars: totals neutral, decreases (savings, waste removed) in the waste colour, increases (risk removal) in the risk colour. */
export type WaterfallKind = "total" | "decrease" | "increase";
export const WATERFALL_COLOUR: Record<WaterfallKind, MarkColour> = {
  total: ACCENT,
  decrease: WASTE,
  increase: RISK,
};

/** Text, axes and grid: legible on slate-50/white and on slate-900/950. */
export const TEXT_CLASS = "fill-slate-700 dark:fill-slate-200";
export const MUTED_TEXT_CLASS = "fill-slate-500 dark:fill-slate-400";
export const AXIS_CLASS = "stroke-slate-400 dark:stroke-slate-500";
export const GRID_CLASS = "stroke-slate-200 dark:stroke-slate-700";
export const LINK_TEXT_CLASS = "fill-sky-700 underline group-hover:fill-sky-900 dark:fill-sky-300 dark:group-hover:fill-sky-100";
/** A focus ring drawn in SVG (box-shadow rings do not paint on SVG elements): put it inside an <a className="group">. */
export const FOCUS_RING_CLASS = "pointer-events-none fill-none stroke-sky-500 opacity-0 group-focus-visible:opacity-100";

/** Box-plot series (none of them uses a status hue): box in sky, average slate dotted, request violet solid, limit fuchsia dashed. */
export const SERIES_COLOUR = {
  box: "fill-sky-500/25 stroke-sky-700 dark:fill-sky-400/25 dark:stroke-sky-300",
  whisker: "stroke-sky-700 dark:stroke-sky-300",
  median: "stroke-sky-900 dark:stroke-sky-100",
  average: "stroke-slate-700 dark:stroke-slate-200",
  request: "stroke-violet-600 dark:stroke-violet-400",
  limit: "stroke-fuchsia-600 dark:stroke-fuchsia-400",
  recRequest: "stroke-teal-600 dark:stroke-teal-400",
  recLimit: "stroke-teal-600 dark:stroke-teal-400",
} as const;
export const SERIES_TEXT_COLOUR = {
  request: "fill-violet-700 dark:fill-violet-300",
  limit: "fill-fuchsia-700 dark:fill-fuchsia-300",
  recRequest: "fill-teal-700 dark:fill-teal-300",
  recLimit: "fill-teal-700 dark:fill-teal-300",
} as const;

/** Plain line series, in order; each also gets its own dash pattern so colour is never the only cue. */
export const LINE_PALETTE: readonly { stroke: string; text: string; dash?: string }[] = [
  { stroke: "stroke-sky-600 dark:stroke-sky-400", text: "fill-sky-700 dark:fill-sky-300" },
  { stroke: "stroke-violet-600 dark:stroke-violet-400", text: "fill-violet-700 dark:fill-violet-300", dash: "6 3" },
  { stroke: "stroke-slate-700 dark:stroke-slate-200", text: "fill-slate-700 dark:fill-slate-200", dash: "2 3" },
  { stroke: "stroke-fuchsia-600 dark:stroke-fuchsia-400", text: "fill-fuchsia-700 dark:fill-fuchsia-300", dash: "8 3 2 3" },
];
