/**
 * The container grid's built-in grid view ids (spec document 2, sections 2.2–2.4): the views behind the Summary's
 * figures and the histogram bars' views. One place for the ids, their titles and how an address names a bucket;
 * the model holds each view's row condition under the same ids.
 */
import { isOwnKey } from "~/lib/own-key";

/** The views behind the Summary's figures, with their titles in the spec's words. */
export const GRID_VIEW_TITLES = {
  realizable_cpu_saving: "Realizable CPU savings",
  realizable_memory_savings: "Realizable memory savings",
  cpu_request_risk: "CPU request risk",
  memory_request_risks: "Memory request risk",
  additional_cpu_waste: "Additional CPU waste",
  additional_memory_waste: "Additional memory waste",
  unspecified_cpu_request_risk: "Unspecified CPU requests",
  unspecified_memory_request_risks: "Unspecified memory requests",
} as const;
export type ContainerGridViewId = keyof typeof GRID_VIEW_TITLES;

/** Each CPU or memory figure of a waterfall bar opens the grid on the rows behind it. */
export const FIGURE_GRID_VIEWS = {
  immediateSavings: { cpu: "realizable_cpu_saving", mem: "realizable_memory_savings" },
  riskRemoval: { cpu: "cpu_request_risk", mem: "memory_request_risks" },
  additionalWaste: { cpu: "additional_cpu_waste", mem: "additional_memory_waste" },
} as const satisfies Record<string, { cpu: ContainerGridViewId; mem: ContainerGridViewId }>;

/** The containers whose requests are unset, by resource (their cost is the recommended value to set). */
export const UNSPECIFIED_GRID_VIEWS = { cpu: "unspecified_cpu_request_risk", mem: "unspecified_memory_request_risks" } as const satisfies Record<
  string,
  ContainerGridViewId
>;

const BUCKET_VIEW = /^(cpuRequest|cpuLimit|memRequest|memLimit)_bucket_(-?\d{1,3})$/;
const BUCKET_CHART = { cpuRequest: "CPU request", cpuLimit: "CPU limit", memRequest: "Memory request", memLimit: "Memory limit" } as const;

/** A histogram bar's grid view id, e.g. cpuRequest_bucket_200 (Unspecified: cpuRequest_bucket_-1). */
export function bucketGridViewId(metric: string, bucket: number) {
  return `${metric}_bucket_${bucket}`;
}

/** The histogram bucket a grid view id names, or null. */
export function parseBucketGridViewId(id: string): { metric: keyof typeof BUCKET_CHART; value: number } | null {
  const m = BUCKET_VIEW.exec(id);
  return m ? { metric: m[1] as keyof typeof BUCKET_CHART, value: Number(m[2]) } : null;
}

export function isContainerGridViewId(id: string): id is ContainerGridViewId {
  return isOwnKey(GRID_VIEW_TITLES, id);
}

/** The title of a built-in row condition (a figure's view or a histogram bucket), or null when there is none. */
export function gridViewTitle(id: string | null): string | null {
  if (!id) return null;
  const bucket = parseBucketGridViewId(id);
  if (bucket) return `${BUCKET_CHART[bucket.metric]}: ${bucket.value === -1 ? "Unspecified" : `${bucket.value}% of recommended`}`;
  return isContainerGridViewId(id) ? GRID_VIEW_TITLES[id] : null;
}
