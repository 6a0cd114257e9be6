import { RiCheckboxBlankLine, RiCheckboxLine } from "@remixicon/react";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { NoDataBody } from "~/components/charts/NoDataChart";
import { useDialogKeys } from "~/components/ui/useDialogKeys";
import { chartTitleOf, CLOUD_CHART_MODE_LABELS, toggleSeriesSearch, viewAllChartsHref, withParams, type CloudChart, type CloudVisibilityId } from "~/features/cloud/charts";
import type { CloudEntityOk } from "~/features/cloud/entity.server";
import { historySpan } from "~/features/cloud/metric-viewer";
import { formatDate, formatDateTime } from "~/lib/format";
import { CloudHistoryChart } from "./CloudHistoryChart";
import { CloudWorkloadChart } from "./CloudWorkloadChart";

/** Dialog parameters: removed on close, replaced by the select. */
const DIALOG_PARAMS = new Set(["chart", "chartMode", "fit"]);
const DIALOG_CHART_HEIGHT = 440;

/**
 * The chart viewer (spec document 3, section 2.6), addressed by the URL (chart, chartMode, fit) so it opens without
 * JavaScript: the chart and the service's name as title, previous / next / select, the view modes the chart allows
 * (section 4), the 0–100 toggle for percent charts, and "View all charts" to the metric viewer where the flag and
 * service type allow. Historical modes draw the history model's buckets (90 days, 7 for five-minute data).
 */
export function CloudChartDialog({
  dialog,
  charts,
  entityName,
  viewAll,
  hidden,
}: {
  dialog: NonNullable<CloudEntityOk["dialog"]>;
  charts: CloudChart[];
  entityName: string;
  viewAll: boolean;
  hidden: CloudVisibilityId[];
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const submit = useSubmit();
  const box = useRef<HTMLDivElement>(null);
  const to = (changes: Record<string, string | null>) => `${pathname}${withParams(params, changes)}`;
  const closeHref = to({ chart: null, chartMode: null, fit: null });
  const key = dialog.chart;
  const chart = dialog.mode === "workload" ? (charts.find((c) => c.key === key) ?? null) : null;
  const ring = dialog.keys.includes(key) ? dialog.keys : [key, ...dialog.keys];
  const at = ring.indexOf(key);
  const prev = ring[(at - 1 + ring.length) % ring.length];
  const next = ring[(at + 1) % ring.length];
  const history = dialog.history;
  const percent = history ? history.percent : (charts.find((c) => c.key === key)?.percent ?? false);
  const span = history ? historySpan(history) : null;
  const when = dialog.mode === "daily" ? formatDate : formatDateTime;
  useDialogKeys(box, closeHref, (el) => el.querySelector<HTMLElement>("[data-autofocus]"), { preventScrollReset: true });

  const link = "btn px-2 py-1 text-xs";
  const carried = [...params.entries()].filter(([k]) => !DIALOG_PARAMS.has(k));
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-2 sm:p-4">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cloud-chart-dialog-title"
        data-testid="cloud-chart-dialog"
        data-mode={dialog.mode}
        className="flex w-full flex-col overflow-auto rounded-lg border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        style={{ height: "80vh", maxWidth: "min(96vw, calc(80vh * 16 / 9))" }}
      >
        <div className="flex items-start gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
          <h2 id="cloud-chart-dialog-title" className="min-w-0 flex-1 text-base font-semibold [overflow-wrap:anywhere]">
            {dialog.title} <span className="muted font-normal">— {entityName}</span>
          </h2>
          <Link to={closeHref} replace preventScrollReset className="shrink-0 rounded px-2 text-lg text-slate-500 hover:text-slate-800 dark:hover:text-slate-200" aria-label="Close" data-testid="chart-dialog-close">
            ✕
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm dark:border-slate-700">
          <Link to={to({ chart: prev })} replace preventScrollReset className={link} aria-label={`Previous chart: ${chartTitleOf(prev)}`} data-testid="chart-prev" data-autofocus>
            ‹ Previous
          </Link>
          <Form method="get" replace preventScrollReset className="flex items-center gap-1" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
            {carried.map(([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ))}
            <input type="hidden" name="chartMode" value={dialog.mode} />
            {dialog.fit ? null : <input type="hidden" name="fit" value="0" />}
            <label className="sr-only" htmlFor="cloud-chart-select">
              Chart
            </label>
            <select key={key} id="cloud-chart-select" name="chart" defaultValue={key} className="input w-64 py-1" data-testid="chart-select">
              {ring.map((k) => (
                <option key={k} value={k}>
                  {chartTitleOf(k)}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className={link}>
                Show
              </button>
            </noscript>
          </Form>
          <Link to={to({ chart: next })} replace preventScrollReset className={link} aria-label={`Next chart: ${chartTitleOf(next)}`} data-testid="chart-next">
            Next ›
          </Link>
          <span className="mx-1 h-5 w-px bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
          <nav aria-label="View mode" className="flex flex-wrap gap-1" data-testid="chart-modes">
            {dialog.modes.map((m) => (
              <Link
                key={m}
                to={to({ chartMode: m })}
                replace
                preventScrollReset
                aria-current={m === dialog.mode ? "true" : undefined}
                className={`rounded-md border px-2 py-1 text-xs ${m === dialog.mode ? "border-sky-600 bg-sky-600 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"}`}
                data-mode={m}
              >
                {CLOUD_CHART_MODE_LABELS[m]}
              </Link>
            ))}
          </nav>
          {percent ? (
            <Link to={to({ fit: dialog.fit ? "0" : null })} replace preventScrollReset role="switch" aria-checked={dialog.fit} className={link} data-testid="chart-fit">
              {dialog.fit ? <RiCheckboxLine aria-hidden="true" className="inline h-4 w-4" /> : <RiCheckboxBlankLine aria-hidden="true" className="inline h-4 w-4" />} Limit y axis to 0–100%
            </Link>
          ) : null}
          {viewAll ? (
            <Link to={viewAllChartsHref(pathname, search, key, dialog.mode, chart?.isRecommendation ?? /Recommended/.test(dialog.title))} className="ml-auto text-sm text-sky-700 underline dark:text-sky-300" data-testid="view-all-charts">
              View all charts
            </Link>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 p-3">
          {dialog.mode !== "workload" ? (
            <CloudHistoryChart chart={history} title={dialog.title} height={DIALOG_CHART_HEIGHT} fit={dialog.fit} hidden={hidden} legendHref={(id) => `${pathname}${toggleSeriesSearch(params, id)}`} bare />
          ) : chart ? (
            <CloudWorkloadChart chart={chart} fallbackTitle={dialog.title} height={DIALOG_CHART_HEIGHT} fit={dialog.fit} hidden={hidden} legendHref={(id) => `${pathname}${toggleSeriesSearch(params, id)}`} bare />
          ) : (
            <div style={{ height: DIALOG_CHART_HEIGHT }}>
              <NoDataBody />
            </div>
          )}
          <p className="muted mt-2 text-xs" data-testid="chart-dialog-caption">
            {dialog.mode === "workload"
              ? "Learned 24-hour pattern of the policy window (hour of day, UTC)."
              : `Last ${dialog.days} days, ${CLOUD_CHART_MODE_LABELS[dialog.mode].toLowerCase()} buckets (UTC)${span ? `: ${when(span.fromMs)} – ${when(span.toMs)}` : ""}.`}
          </p>
        </div>
      </div>
    </div>
  );
}
