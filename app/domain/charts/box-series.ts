/**
 * The data of a box-plot chart, shared by the screens' server functions (which build the points) and the chart
 * component (which draws them): one box per hour of day or time bucket, and the series a legend can toggle.
 */
import type { BucketStats } from "~/engine/containers/box-stats";

/** An x value: an hour of day (number), a time bucket (Date, ISO text or epoch ms) or a category label. */
export type XValue = number | Date | string;

/** One box: the statistics of an hour of day (or a time bucket). Null where there were no samples. */
export interface BoxPoint extends BucketStats {
  x: XValue;
  /** Tick and tooltip text; derived from x and the mode when absent. */
  label?: string;
}

export type BoxSeriesId = "box" | "average" | "request" | "limit" | "recRequest" | "recLimit";
export const BOX_SERIES: readonly BoxSeriesId[] = ["box", "average", "request", "limit", "recRequest", "recLimit"];
export const BOX_SERIES_LABELS: Record<BoxSeriesId, string> = {
  box: "Box plot",
  average: "Average",
  request: "Request",
  limit: "Limit",
  recRequest: "Recommended Request",
  recLimit: "Recommended Limit",
};
