/**
 * The Histograms tab selectors (spec document 2, sections 2.5 and 5): resource type and metric each need at least one
 * selection, so each is one choice among combined options whose default is "both"; unspecified is included by default.
 * They live in the address (resourceType, metricType, includeUnspecified) so the form works without JavaScript.
 */
export const RESOURCE_TYPE_OPTIONS = ["CPU & Memory", "CPU", "Memory"] as const;
export const METRIC_TYPE_OPTIONS = ["Request & Limit", "Request", "Limit"] as const;
export type ResourceTypeOption = (typeof RESOURCE_TYPE_OPTIONS)[number];
export type MetricTypeOption = (typeof METRIC_TYPE_OPTIONS)[number];

export interface HistogramOptions {
  resourceType: ResourceTypeOption;
  metricType: MetricTypeOption;
  includeUnspecified: boolean;
}

export const HISTOGRAM_CHARTS = [
  { key: "cpuRequest", title: "CPU Request", type: "cpu", metric: "Request" },
  { key: "cpuLimit", title: "CPU Limit", type: "cpu", metric: "Limit" },
  { key: "memRequest", title: "Memory Request", type: "memory", metric: "Request" },
  { key: "memLimit", title: "Memory Limit", type: "memory", metric: "Limit" },
] as const;

function oneOf<T extends string>(options: readonly T[], value: string | null): T {
  return (options as readonly string[]).includes(value ?? "") ? (value as T) : options[0];
}

/** Reads the selectors from the address; anything unknown falls back to the default (never an empty selection). */
export function histogramOptions(params: URLSearchParams): HistogramOptions {
  // A checkbox after a hidden "false" sends both values; the last one is the user's choice.
  const unspecified = params.getAll("includeUnspecified").at(-1);
  return {
    resourceType: oneOf(RESOURCE_TYPE_OPTIONS, params.get("resourceType")),
    metricType: oneOf(METRIC_TYPE_OPTIONS, params.get("metricType")),
    includeUnspecified: unspecified !== "false",
  };
}

/** The charts the selectors leave on screen, in the spec's order. */
export function visibleHistogramCharts(o: HistogramOptions) {
  return HISTOGRAM_CHARTS.filter(
    (c) =>
      (o.resourceType === "CPU & Memory" || (o.resourceType === "CPU") === (c.type === "cpu")) &&
      (o.metricType === "Request & Limit" || o.metricType === c.metric),
  );
}
