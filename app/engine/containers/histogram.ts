/**
 * Histogram buckets (spec 2.5; ANALYSIS.md "Risks and histograms"). For each of CPU request, CPU limit, memory
 * request and memory limit, a container's ratio = current / recommended × 100 goes to the nearest of 20, 40, 60,
 * 85 (too little), 100 (just right), 120, 150, 200, 300, 500 (too much); -1 ("Unspecified") when the current value
 * is unset. Ratios below 20 go to 20 and above 500 to 500; a ratio exactly halfway between two buckets goes to the
 * one nearer 100 (the smaller change). Counts are containers, so the buckets of one chart add up to the count.
 */
import { percentOfRecommended } from "./badges";
import { RESOURCE_KEYS, type ResourceKey, type Resources } from "./types";

export const HISTOGRAM_BUCKETS = [20, 40, 60, 85, 100, 120, 150, 200, 300, 500] as const;
export const UNSPECIFIED_BUCKET = -1;

export function histogramBucket(existing: number | null, recommended: number | null): number {
  const ratio = percentOfRecommended(existing, recommended);
  if (ratio === null) return UNSPECIFIED_BUCKET;
  let best: number = HISTOGRAM_BUCKETS[0];
  for (const b of HISTOGRAM_BUCKETS) {
    const d = Math.abs(ratio - b);
    const bestD = Math.abs(ratio - best);
    if (d < bestD || (d === bestD && Math.abs(b - 100) < Math.abs(best - 100))) best = b;
  }
  return best;
}

/** What a bucket's colour means: 20–85 too little, 100 just right, 120–500 too much, anything else unspecified. */
export function bucketCategory(bucket: number): "too little" | "just right" | "too much" | "unspecified" {
  if (bucket >= 20 && bucket <= 85) return "too little";
  if (bucket === 100) return "just right";
  if (bucket >= 120 && bucket <= 500) return "too much";
  return "unspecified";
}

export interface HistogramBar {
  bucket: number;
  value: number;
}

export type Histograms = Record<ResourceKey, HistogramBar[]>;

/** The four charts: every bucket (-1 first), each with its container count. */
export function histograms(containers: Iterable<{ existing: Resources; recommended: Record<ResourceKey, number | null> }>): Histograms {
  const all = [UNSPECIFIED_BUCKET, ...HISTOGRAM_BUCKETS];
  const counts = {} as Record<ResourceKey, Map<number, number>>;
  for (const k of RESOURCE_KEYS) counts[k] = new Map(all.map((b) => [b, 0]));
  for (const c of containers) {
    for (const k of RESOURCE_KEYS) {
      const b = histogramBucket(c.existing[k], c.recommended[k]);
      counts[k].set(b, counts[k].get(b)! + 1);
    }
  }
  const out = {} as Histograms;
  for (const k of RESOURCE_KEYS) out[k] = all.map((bucket) => ({ bucket, value: counts[k].get(bucket)! }));
  return out;
}
