import { Form, Link, useSubmit } from "@remix-run/react";
import { RiArrowLeftSLine, RiArrowRightSLine, RiCheckboxBlankLine, RiCheckboxLine, RiCloseLine } from "@remixicon/react";
import { useRef } from "react";
import { TabLinks } from "~/components/ui/TabLinks";
import { useDialogKeys } from "~/components/ui/useDialogKeys";
import type { BoxSeriesId } from "~/domain/charts/box-series";
import { NoDataBody } from "~/components/charts/NoDataChart";
import { CHART_DEFS, type BuiltChart, type ChartKey } from "~/features/workload/charts";
import { VIEW_MODES, VIEW_MODE_LABELS, WORKLOAD_TEXT, type ViewMode } from "~/domain/workload/constants";
import { withParams } from "~/features/workload/url";
import { WorkloadChartView } from "./WorkloadChartView";

/** Dialog parameters: removed on close, replaced by the select. */
const DIALOG_PARAMS = new Set(["chart", "chartMode", "fit"]);

/**
 * The expanded chart dialog (spec 2.8), addressed by the URL (chart, chartMode, fit) so it opens without
 * JavaScript: 80vh at 16:9, previous / next and a select of the chart titles, the view modes, the 0–100 % toggle
 * for percent charts, and "View all charts" (the metrics viewer of the same workload in the dialog's mode). With
 * JavaScript, Escape closes it and focus stays inside.
 */
export function ChartDialog({
  chartKey,
  charts,
  mode,
  days,
  fit,
  params,
  hidden,
}: {
  chartKey: ChartKey;
  charts: BuiltChart[];
  mode: ViewMode;
  days: number;
  fit: boolean;
  params: URLSearchParams;
  hidden: BoxSeriesId[];
}) {
  const submit = useSubmit();
  const box = useRef<HTMLDivElement>(null);
  const closeHref = withParams(params, { chart: null, chartMode: null, fit: null });
  const chart = charts.find((c) => c.key === chartKey) ?? null;
  const title = chart?.title ?? CHART_DEFS[chartKey].title;
  // Next and previous walk the charts this mode has (the current one included even when it has no data).
  const keys = charts.map((c) => c.key);
  const ring = keys.includes(chartKey) ? keys : [chartKey, ...keys];
  const at = ring.indexOf(chartKey);
  const prev = ring[(at - 1 + ring.length) % ring.length];
  const next = ring[(at + 1) % ring.length];
  const viewAll = withParams(params, { chart: null, chartMode: null, fit: null, tabGroup2: "metricViewer", viewMode: mode, charts: null });

  useDialogKeys(box, closeHref, (el) => el.querySelector<HTMLElement>("[data-autofocus]"), { preventScrollReset: true });

  const link = "btn px-2 py-1 text-xs";
  const carried = [...params.entries()].filter(([k]) => !DIALOG_PARAMS.has(k));
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-2 sm:p-4">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="chart-dialog-title"
        data-testid="chart-dialog"
        className="flex w-full flex-col overflow-auto rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        style={{ height: "80vh", maxWidth: "min(96vw, calc(80vh * 16 / 9))" }}
      >
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
          <h2 id="chart-dialog-title" className="mr-auto text-base font-semibold">
            {title}
          </h2>
          <Link to={closeHref} replace preventScrollReset className="rounded p-1 text-slate-500 hover:text-slate-800 dark:hover:text-slate-200" aria-label="Close" data-testid="chart-dialog-close">
            <RiCloseLine aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm dark:border-slate-700">
          <Link to={withParams(params, { chart: prev })} replace preventScrollReset className={link} aria-label={`Previous chart: ${CHART_DEFS[prev].title}`} data-testid="chart-prev" data-autofocus>
            <RiArrowLeftSLine aria-hidden="true" className="-ml-1 h-4 w-4" /> Previous
          </Link>
          <Form method="get" replace preventScrollReset className="flex items-center gap-1" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
            {carried.map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
            <input type="hidden" name="chartMode" value={mode} />
            {fit ? null : <input type="hidden" name="fit" value="0" />}
            <label className="sr-only" htmlFor="chart-dialog-select">
              Chart
            </label>
            <select key={chartKey} id="chart-dialog-select" name="chart" defaultValue={chartKey} className="input w-64 py-1" data-testid="chart-select">
              {ring.map((k) => (
                <option key={k} value={k}>
                  {CHART_DEFS[k].title}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className={link}>
                Show
              </button>
            </noscript>
          </Form>
          <Link to={withParams(params, { chart: next })} replace preventScrollReset className={link} aria-label={`Next chart: ${CHART_DEFS[next].title}`} data-testid="chart-next">
            Next <RiArrowRightSLine aria-hidden="true" className="-mr-1 h-4 w-4" />
          </Link>
          <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
          <TabLinks
            label="View mode"
            variant="solid"
            current="true"
            replace
            tabs={VIEW_MODES.map((m) => ({ key: m, label: VIEW_MODE_LABELS[m], to: withParams(params, { chartMode: m }), selected: m === mode, attrs: { "data-mode": m } }))}
          />
          {chart?.percent ? (
            <Link to={withParams(params, { fit: fit ? "0" : null })} replace preventScrollReset role="switch" aria-checked={fit} className={link} data-testid="chart-fit">
              {fit ? <RiCheckboxLine aria-hidden="true" className="h-4 w-4" /> : <RiCheckboxBlankLine aria-hidden="true" className="h-4 w-4" />} {WORKLOAD_TEXT.fitToRange}
            </Link>
          ) : null}
          <Link to={viewAll} className="ml-auto text-sm text-sky-700 underline dark:text-sky-300" data-testid="view-all-charts">
            {WORKLOAD_TEXT.viewAllCharts}
          </Link>
        </div>
        <div className="min-h-0 flex-1 p-3">
          {chart ? (
            <WorkloadChartView chart={chart} params={params} hidden={hidden} fit={fit} height={DIALOG_CHART_HEIGHT} bare />
          ) : (
            <div style={{ height: DIALOG_CHART_HEIGHT }}>
              <NoDataBody />
            </div>
          )}
          <p className="muted mt-2 text-xs">{mode === "workload" ? "Learned 24-hour pattern of the policy window (hour of day, UTC)." : `Last ${days} days, ${VIEW_MODE_LABELS[mode].toLowerCase()} buckets (UTC).`}</p>
        </div>
      </div>
    </div>
  );
}

/** The plot height inside the dialog (the dialog itself is 80vh; the chart's viewBox scales to the width). */
const DIALOG_CHART_HEIGHT = 440;
