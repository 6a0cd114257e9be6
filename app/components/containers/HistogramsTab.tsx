import { useLocation } from "@remix-run/react";
import { HistogramChart } from "~/components/charts/HistogramChart";
import type { HistogramCounts } from "~/models/container-analysis.server";
import { bucketGridViewId } from "~/features/containers/grid-views";

const CHARTS = [
  { key: "cpuRequest", title: "CPU Request", type: "cpu" },
  { key: "cpuLimit", title: "CPU Limit", type: "cpu" },
  { key: "memRequest", title: "Memory Request", type: "memory" },
  { key: "memLimit", title: "Memory Limit", type: "memory" },
] as const;

/**
 * The four histograms (spec document 2, section 2.5): existing value as a percent of the recommendation, by
 * bucket; each chart's buckets add up to the analysed container count. The bucket in the address is highlighted.
 */
export function HistogramsTab({ histograms }: { histograms: HistogramCounts }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const selectedType = params.get("selectedType");
  const selectedBucket = params.get("selectedBucket");
  // A bar (or its side label) opens the grid on that bucket's containers (spec document 2, section 2.5).
  const hrefFor = (metric: string) => (bucket: number) => {
    const p = new URLSearchParams(search);
    p.set("tabGroup1", "analysis-details");
    p.set("gridViewId", bucketGridViewId(metric, bucket));
    for (const k of ["selectedType", "selectedBucket", "page"]) p.delete(k);
    return `?${p}`;
  };
  return (
    <div>
      <p className="muted mb-3 text-sm">
        Existing requests and limits as a percent of the recommendation, for {histograms.containerCount.toLocaleString("en-US")} analysed containers. Data is
        derived from past 7 days.
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        {CHARTS.map((c) => (
          <HistogramChart
            key={c.key}
            title={c.title}
            buckets={histograms[c.key]}
            bucketHref={hrefFor(c.key)}
            selectedBucket={selectedType === c.type && selectedBucket !== null ? Number(selectedBucket) : undefined}
          />
        ))}
      </div>
    </div>
  );
}
