import { Form, useLocation, useSubmit } from "@remix-run/react";
import { HistogramChart } from "~/components/charts/HistogramChart";
import type { HistogramCounts } from "~/models/container-overview.server";
import { bucketGridViewId } from "~/domain/containers/grid-view-ids";
import { histogramOptions, METRIC_TYPE_OPTIONS, RESOURCE_TYPE_OPTIONS, visibleHistogramCharts } from "~/features/containers/histogram-options";
import { formatContainerCount } from "~/lib/format";
import { LoadError } from "./LoadError";

/** The selectors' own fields; every other address field is carried through the GET form as a hidden input. */
const OWN_FIELDS = ["resourceType", "metricType", "includeUnspecified", "selectedType", "selectedBucket"];

/**
 * The four histograms (spec document 2, section 2.5): existing value as a percent of the recommendation, by
 * bucket; each chart's buckets add up to the analysed container count. The bucket in the address is highlighted.
 */
export function HistogramsTab({ histograms }: { histograms: HistogramCounts | "error" }) {
  const { search } = useLocation();
  const submit = useSubmit();
  const params = new URLSearchParams(search);
  const options = histogramOptions(params);
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
  const carried = [...params.entries()].filter(([k]) => !OWN_FIELDS.includes(k));
  return (
    <div>
      <Form
        method="get"
        preventScrollReset
        className="mb-3 flex flex-wrap items-end gap-3 text-sm"
        aria-label="Histogram options"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
      >
        {carried.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <label className="flex flex-col gap-1">
          <span className="muted text-xs font-semibold uppercase">Resource type</span>
          <select name="resourceType" defaultValue={options.resourceType} className="input">
            {RESOURCE_TYPE_OPTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="muted text-xs font-semibold uppercase">Metric</span>
          <select name="metricType" defaultValue={options.metricType} className="input">
            {METRIC_TYPE_OPTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2">
          <input type="hidden" name="includeUnspecified" value="false" />
          <input type="checkbox" name="includeUnspecified" value="true" defaultChecked={options.includeUnspecified} />
          Include unspecified
        </label>
        <noscript>
          <button type="submit" className="btn">
            Apply
          </button>
        </noscript>
      </Form>
      {histograms === "error" ? (
        <LoadError />
      ) : (
        <>
          <p className="muted mb-3 text-sm">
            Existing requests and limits as a percent of the recommendation, for {formatContainerCount(histograms.containerCount)} analysed containers. Data is derived
            from past 7 days.
          </p>
          <div className="grid gap-4 xl:grid-cols-2">
            {visibleHistogramCharts(options).map((c) => (
              <HistogramChart
                key={c.key}
                title={c.title}
                buckets={histograms[c.key]}
                includeUnspecified={options.includeUnspecified}
                bucketHref={hrefFor(c.key)}
                selectedBucket={selectedType === c.type && selectedBucket !== null ? Number(selectedBucket) : undefined}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
