/**
 * The heatmap's rules and geometry (spec document 3, sections 4 and 9), pure so they are unit-tested: cell colour
 * by score band, when score labels show, when cells are a fixed 25 px, and the d3 band scales of both layouts.
 */
import { scaleBand, scaleLinear, type ScaleBand } from "d3-scale";
import { SCORE_BEST, SCORE_COMPATIBLE, SCORE_LEGEND_VALUES } from "~/engine/cloud/constants";
import type { HeatmapBand } from "~/engine/cloud";

/** Section 9: score labels off, and cells fixed, above this many families; fixed cells under this window width. */
export const MAX_LABELLED_FAMILIES = 70;
export const NARROW_WINDOW_PX = 1024;
export const FIXED_CELL_PX = 25;

/**
 * Cells are a fixed 25 px (and the map scrolls) in a window under 1024 px or with more than 70 families; and, so a
 * cell is never smaller than that, when the families would not fit the container at 25 px each (`fitCellWidth`).
 */
export function usesFixedCells(familyCount: number, windowWidth: number | null, fitCellWidth?: number): boolean {
  return (
    familyCount > MAX_LABELLED_FAMILIES ||
    (windowWidth !== null && windowWidth < NARROW_WINDOW_PX) ||
    (fitCellWidth !== undefined && fitCellWidth < FIXED_CELL_PX)
  );
}

/** Score labels show when asked for and there are at most 70 families (and scores are not hidden: Terminate). */
export function scoreLabelsShown(familyCount: number, showScores: boolean, scoresHidden = false): boolean {
  return showScores && !scoresHidden && familyCount <= MAX_LABELLED_FAMILIES;
}

export type Band = HeatmapBand["band"];

/** The gradient of Meets All Policies cells: light yellow-green at score 50 to green at 100. */
export const MEETS_FROM = "#d9f99d";
export const MEETS_TO = "#15803d";
const meets = scaleLinear<string>().domain([0, 1]).range([MEETS_FROM, MEETS_TO]).clamp(true);

/** Fills of the other bands (section 4): red insufficient, orange incompatible, yellow outside spend tolerance. */
export const BAND_FILL = {
  insufficient: "#ef4444",
  incompatible: "#f97316",
  expensive: "#facc15",
} as const;

/** Not available in region: a theme grey (class, so light and dark each get theirs). */
export const UNAVAILABLE_CLASS = "fill-slate-200 dark:fill-slate-700";

/** The band of a score (the engine's heatmapBand, restated for a score alone, e.g. the legend). */
export function bandOfScore(score: number | null, withinTolerance: boolean): Band {
  if (score === null || score < 0) return "unavailable";
  if (score === 0) return "insufficient";
  if (score < SCORE_COMPATIBLE) return "incompatible";
  return withinTolerance ? "meets" : "expensive";
}

/** The fill of a cell: a hex colour, or null for the theme grey of an unavailable cell. */
export function cellFill(band: Band, t = 1): string | null {
  switch (band) {
    case "unavailable":
      return null;
    case "meets":
      return meets(t);
    default:
      return BAND_FILL[band];
  }
}

/** Dark or light text on a fill, whichever contrasts more (WCAG relative luminance). */
export function textOn(fill: string | null): "dark" | "light" {
  if (!fill) return "dark";
  const n = parseInt(fill.slice(1), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  // Contrast with near-black (#0f172a, L≈0.0093) against white: pick the larger ratio.
  return (l + 0.05) / (0.0093 + 0.05) >= 1.05 / (l + 0.05) ? "dark" : "light";
}

/** The legend's score scale: 0 red, 33 orange, 66 and 100 on the green gradient (section 9's values). */
export function legendScale(): { value: number; fill: string }[] {
  return SCORE_LEGEND_VALUES.map((v) => ({ value: v, fill: cellFill(bandOfScore(v, true), (Math.min(v, SCORE_BEST) - SCORE_COMPATIBLE) / (SCORE_BEST - SCORE_COMPATIBLE))! }));
}

export interface HeatmapGeometry {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  x: ScaleBand<number>;
  y: ScaleBand<number>;
  cellWidth: number;
  cellHeight: number;
  fixed: boolean;
}

/** Room for the longest labels at 11 px (about 6.2 px a character), within sensible bounds. */
const labelRoom = (labels: readonly string[], min: number, max: number) => Math.min(max, Math.max(min, Math.round(Math.max(0, ...labels.map((l) => l.length)) * 6.2) + 14));

/**
 * The layout (a gap of 8 % between cells, half of it at the ends, so each family and size takes exactly its cell):
 * families on x, sizes on y (the first size at the top). Fixed: 25 × 25 px cells, as wide as that
 * makes it. Fit: the families share `width`; rows keep a readable height between 22 and 32 px.
 */
/** The width each family's cell would get if the families shared `width`. */
export function fitCellWidth(families: readonly string[], sizes: readonly string[], width: number): number {
  const m = marginsOf(families, sizes);
  return (width - m.left - m.right) / Math.max(1, families.length);
}

const marginsOf = (families: readonly string[], sizes: readonly string[]) => ({
  top: 8,
  right: 12,
  bottom: labelRoom(families, 40, 110) + 22,
  left: labelRoom(sizes, 40, 110) + 22,
});

export function heatmapGeometry(families: readonly string[], sizes: readonly string[], options: { fixed: boolean; width: number }): HeatmapGeometry {
  const margin = marginsOf(families, sizes);
  const n = Math.max(1, families.length);
  const m = Math.max(1, sizes.length);
  const cellWidth = options.fixed ? FIXED_CELL_PX : Math.max(FIXED_CELL_PX, (options.width - margin.left - margin.right) / n);
  const cellHeight = options.fixed ? FIXED_CELL_PX : Math.min(32, Math.max(22, cellWidth * 0.6));
  const innerWidth = cellWidth * n;
  const innerHeight = cellHeight * m;
  const x = scaleBand<number>()
    .domain(families.map((_, i) => i))
    .range([margin.left, margin.left + innerWidth])
    .paddingInner(0.08)
    .paddingOuter(0.04);
  const y = scaleBand<number>()
    .domain(sizes.map((_, i) => i))
    .range([margin.top, margin.top + innerHeight])
    .paddingInner(0.08)
    .paddingOuter(0.04);
  return {
    width: Math.round(margin.left + innerWidth + margin.right),
    height: Math.round(margin.top + innerHeight + margin.bottom),
    margin,
    x,
    y,
    cellWidth,
    cellHeight,
    fixed: options.fixed,
  };
}
