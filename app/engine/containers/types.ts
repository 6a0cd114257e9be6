/**
 * Shapes shared by the container engine. Units follow the spec: CPU in mCores, memory in MB, time in epoch
 * milliseconds (UTC), money in $ per month. Samples travel as columns (one array per field, typed arrays welcome)
 * so that analysing 150,000 containers never allocates an object per sample.
 */

/**
 * Samples of one container in columns, in time order: t (ms), cpu (mCores), mem (working set, MB) and, when the
 * GPU feature is on and the source measures them, gpu (GPUs in use, e.g. 0.5 = half of one device) and gpuMem (MB).
 * Structurally the same as the source contract's ContainerSample, column-wise.
 */
export interface SampleColumns {
  t: ArrayLike<number>;
  cpu: ArrayLike<number>;
  mem: ArrayLike<number>;
  gpu?: ArrayLike<number>;
  gpuMem?: ArrayLike<number>;
}

/** Box-plot statistics of a bucket of samples (spec section 9): Min, Q1, Median, Sustained (Q3), Peak, Avg. */
export interface BoxStats {
  min: number;
  q1: number;
  median: number;
  /** The 75th percentile: the value activity stayed at or below 75 % of the time. */
  sustained: number;
  /** The highest 5-minute average. */
  peak: number;
  avg: number;
  count: number;
}

/** A container's requests and limits; null when unset. */
export interface Resources {
  cpuRequest: number | null;
  cpuLimit: number | null;
  memRequest: number | null;
  memLimit: number | null;
}
export type ResourceKey = keyof Resources;
export const RESOURCE_KEYS: readonly ResourceKey[] = ["cpuRequest", "cpuLimit", "memRequest", "memLimit"];

/** Adjustment direction badge of one value (spec section 3). */
export type Badge = "Set Value" | "Increase" | "Decrease" | "No Change";

/** The recommendation label of a container (the subset of the spec's recommendation values that sizing gives). */
export type RecommendationLabel = "Size from unspecified" | "Upsize" | "Downsize" | "Resize" | "Just Right";

/** Event counts of one container over the window (the source contract's ContainerEvents). */
export interface ContainerEventCounts {
  restarts: number;
  oomKills: number;
  throttleEvents: number;
}

/** The risk summary flags of spec section 3. */
export interface RiskFlags {
  hasCpuThrottledRisk: boolean;
  hasCpuStrandedRisk: boolean;
  hasMemoryPodTerminationRisk: boolean;
  hasMemoryStrandedRisk: boolean;
  hasMemoryProcessTerminationRisk: boolean;
}

export { DAY_MS, HOUR_MS, SAMPLE_STEP_MS as STEP_MS } from "~/lib/time";
