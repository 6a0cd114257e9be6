import { Form, useSubmit } from "@remix-run/react";
import { RiArrowDownSLine } from "@remixicon/react";
import type { BoxSeriesId } from "~/domain/charts/box-series";
import { CHART_DEFS, CHART_KEYS, type BuiltChart, type ChartKey } from "~/features/workload/charts";
import { HISTORY_DAYS, RANGE_OPTIONS, VIEW_MODES, VIEW_MODE_LABELS, WORKLOAD_TEXT, type ViewMode } from "~/domain/workload/constants";
import { ExpandLink, WorkloadChartView } from "./WorkloadChartView";
import { useDisclosureMenu } from "~/components/ui/useDisclosureMenu";

/** Parameters the viewer's form sets itself; every other one is carried as a hidden field. */
const FORM_PARAMS = new Set(["charts", "viewMode", "range", "chart", "chartMode"]);

/**
 * The Metrics Viewer (spec 2.6): "Select Charts" (a multi-select), the view mode (ML Model or a historical
 * interval) and the range, as a GET form, so the choice lives in the address (charts, viewMode, range) and works
 * without JavaScript; with JavaScript a change applies at once. Legend clicks keep series visibility in the address.
 */
export function MetricsViewerTab({
  charts,
  selected,
  viewMode,
  range,
  params,
  hidden,
}: {
  charts: BuiltChart[];
  /** Picked charts; null: all. */
  selected: ChartKey[] | null;
  viewMode: ViewMode;
  range: number;
  params: URLSearchParams;
  hidden: BoxSeriesId[];
}) {
  const menu = useDisclosureMenu();
  const submit = useSubmit();
  const picked = selected ?? [...CHART_KEYS];
  const shown = charts.filter((c) => picked.includes(c.key));
  const available = new Set(charts.map((c) => c.key));
  const maxRange = viewMode === "MINUTE_5" ? HISTORY_DAYS.fiveMinute : HISTORY_DAYS.metricsViewer;
  const carried = [...params.entries()].filter(([k]) => !FORM_PARAMS.has(k));
  return (
    <div className="flex flex-col gap-4" data-testid="metrics-viewer">
      <Form
        key={`${viewMode}|${range}|${picked.join(",")}`}
        method="get"
        preventScrollReset
        replace
        className="card flex flex-wrap items-end gap-3 p-3"
        aria-label="Metrics Viewer settings"
        onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      >
        {carried.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <details ref={menu} className="relative" data-testid="select-charts">
          <summary className="btn cursor-pointer list-none">
            {WORKLOAD_TEXT.selectCharts}
            <span className="muted text-xs">
              ({picked.length} of {CHART_KEYS.length})
            </span>
            <RiArrowDownSLine aria-hidden="true" className="h-4 w-4" />
          </summary>
          <fieldset className="absolute left-0 z-20 mt-1 w-72 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <legend className="sr-only">{WORKLOAD_TEXT.selectCharts}</legend>
            <input type="hidden" name="charts" value="" />
            {CHART_KEYS.map((key) => (
              <label key={key} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                <input type="checkbox" name="charts" value={key} defaultChecked={picked.includes(key)} />
                {CHART_DEFS[key].title}
                {available.has(key) ? null : <span className="muted text-xs">(no data)</span>}
              </label>
            ))}
          </fieldset>
        </details>
        <label className="flex flex-col text-sm">
          <span className="label">View Mode</span>
          <select name="viewMode" defaultValue={viewMode} className="input w-48" data-testid="view-mode">
            {VIEW_MODES.map((m) => (
              <option key={m} value={m}>
                {VIEW_MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          <span className="label">Range</span>
          <select name="range" defaultValue={String(range)} className="input w-36" disabled={viewMode === "workload"} data-testid="range">
            {RANGE_OPTIONS.filter((d) => d <= maxRange).map((d) => (
              <option key={d} value={d}>
                Last {d} {d === 1 ? "day" : "days"}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {viewMode === "workload" ? <p className="muted basis-full text-xs">The ML Model shows the learned 24-hour pattern of the policy window (hour of day, UTC).</p> : null}
      </Form>
      {shown.length === 0 ? (
        <p className="card muted p-6 text-center text-sm" role="status">
          {picked.length === 0 ? "No charts selected. Use Select Charts to pick some." : "No Data Available"}
        </p>
      ) : (
        <div className="grid gap-3 xl:grid-cols-2" data-testid="viewer-charts">
          {shown.map((c) => (
            <WorkloadChartView key={c.key} chart={c} params={params} hidden={hidden} actions={<ExpandLink params={params} chartKey={c.key} mode={viewMode} title={c.title} />} />
          ))}
        </div>
      )}
    </div>
  );
}
