import { RiCheckboxBlankLine, RiCheckboxLine } from "@remixicon/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import { TabLinks } from "~/components/ui/TabLinks";
import { CLOUD_HISTORY_DAYS, toggleSeriesSearch, withParams, type CloudVisibilityId } from "~/features/cloud/charts";
import type { HistoryViewer, MetricViewerData } from "~/features/cloud/metric-viewer.server";
import { parseAllowMinMaxY, RANGE_OPTIONS, VIEWER_MODE_LABELS, type ViewerMode } from "~/features/cloud/metric-viewer";
import { formatDate, formatDateTime } from "~/lib/format";
import { CloudHistoryChart } from "./CloudHistoryChart";
import { CloudWorkloadChart } from "./CloudWorkloadChart";

const PANEL = "absolute left-0 z-30 mt-1 w-[min(20rem,85vw)] rounded-md border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900";
const CHART_HEIGHT = 275;

/**
 * The Cloud Metric Viewer (spec document 3, section 2.8): the chart picker, the view modes, the range of a
 * historical mode, the 0–100 % axis of percent charts and the legends, every one of them in the address (charts,
 * viewMode, range, allowMinMaxY, visibility) as links and one GET form, so a shared link, a reload and a browser
 * without JavaScript show the same page. Workload modes draw the learned charts, historical ones the buckets.
 */
export function CloudMetricViewer({ viewer, hidden }: { viewer: MetricViewerData; hidden: CloudVisibilityId[] }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const to = (changes: Record<string, string | null>) => `${pathname}${withParams(params, changes)}`;
  const allowMinMaxY = parseAllowMinMaxY(params);
  const legendHref = (id: CloudVisibilityId) => `${pathname}${toggleSeriesSearch(params, id)}`;
  const percent = viewer.shown.some((s) => s.chart?.percent);
  // Everything available picked: a mode link drops the list, so the next mode shows all of its own charts too.
  const allPicked = viewer.picker.length > 0 && viewer.picker.every((p) => viewer.picked.includes(p.key));
  const modeHref = (m: ViewerMode) => to({ viewMode: m, ...(allPicked ? { charts: null } : {}) });
  return (
    <section aria-label="Metric Viewer" className="flex flex-col gap-3" data-testid="metric-viewer" data-mode={viewer.mode}>
      <div className="card flex flex-col gap-3 p-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <ChartPicker viewer={viewer} params={params} />
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="label mb-0" id="viewer-mode-label">
              View Mode
            </span>
            <TabLinks
              label="View mode"
              variant="solid"
              current="true"
              replace
              group
              tabs={viewer.modes.map((m) => ({ key: m, label: VIEWER_MODE_LABELS[m], to: modeHref(m), selected: m === viewer.mode, attrs: { "data-mode": m } }))}
            />
          </div>
          {viewer.kind === "history" ? <RangeLinks viewer={viewer} to={to} /> : null}
          {percent ? (
            <Link
              to={to({ allowMinMaxY: allowMinMaxY ? "false" : null })}
              replace
              preventScrollReset
              role="switch"
              aria-checked={allowMinMaxY}
              className="btn px-2 py-1 text-xs"
              data-testid="allow-min-max-y"
            >
              {allowMinMaxY ? <RiCheckboxLine aria-hidden="true" className="inline h-4 w-4" /> : <RiCheckboxBlankLine aria-hidden="true" className="inline h-4 w-4" />} Limit y axis to 0–100%
            </Link>
          ) : null}
        </div>
        <Caption viewer={viewer} />
      </div>
      <Charts viewer={viewer} fit={allowMinMaxY} hidden={hidden} legendHref={legendHref} />
    </section>
  );
}

/** The picker: a menu of checkboxes in a GET form (an empty marker first, so that nothing ticked means no chart). */
function ChartPicker({ viewer, params }: { viewer: MetricViewerData; params: URLSearchParams }) {
  const carried = [...params.entries()].filter(([k]) => k !== "charts");
  const { pathname } = useLocation();
  const link = "text-xs text-sky-700 underline dark:text-sky-300";
  return (
    <DisclosureMenu
      testId="chart-picker"
      summary={
        <>
          Charts{" "}
          <span className="muted text-xs" data-testid="chart-picker-count">
            ({viewer.picked.filter((k) => viewer.picker.some((p) => p.key === k)).length} of {viewer.picker.length})
          </span>
          <span aria-hidden="true">▾</span>
        </>
      }
      panelClassName={PANEL}
    >
      <Form method="get" replace preventScrollReset aria-label="Charts to show" data-menu-keep-open>
        {carried.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <fieldset key={viewer.picked.join(",")}>
          <legend className="sr-only">Charts to show</legend>
          <input type="hidden" name="charts" value="" />
          {viewer.picker.length === 0 ? <p className="muted px-1 py-1 text-sm">No charts have data in this mode.</p> : null}
          {viewer.picker.map((p) => (
            <label key={p.key} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800" data-testid={`pick-${p.key}`}>
              <input type="checkbox" name="charts" value={p.key} defaultChecked={viewer.picked.includes(p.key)} />
              {p.title}
            </label>
          ))}
        </fieldset>
        <div className="mt-2 flex items-center gap-3 border-t border-slate-200 pt-2 dark:border-slate-700">
          <button type="submit" className="btn-primary px-3 py-1 text-xs" data-testid="chart-picker-apply">
            Apply
          </button>
          <Link to={`${pathname}${withParams(params, { charts: null })}`} replace preventScrollReset className={link}>
            All
          </Link>
          <Link to={`${pathname}${withParams(params, { charts: "" })}`} replace preventScrollReset className={link}>
            None
          </Link>
        </div>
      </Form>
    </DisclosureMenu>
  );
}

/** The historical modes' range in days, within the mode's window (section 7). */
function RangeLinks({ viewer, to }: { viewer: HistoryViewer; to: (changes: Record<string, string | null>) => string }) {
  const max = CLOUD_HISTORY_DAYS[viewer.mode];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="label mb-0">Range</span>
      <TabLinks
        label="Range"
        variant="solid"
        current="true"
        replace
        group
        tabs={RANGE_OPTIONS.filter((d) => d <= max).map((d) => ({ key: String(d), label: `${d} ${d === 1 ? "day" : "days"}`, to: to({ range: String(d) }), selected: d === viewer.range.days, attrs: { "data-range": String(d) } }))}
      />
    </div>
  );
}

/** What the charts cover, and why the range is shorter than asked when it is. */
function Caption({ viewer }: { viewer: MetricViewerData }) {
  if (viewer.kind === "workload") {
    return (
      <p className="muted text-xs" data-testid="viewer-caption">
        {viewer.mode === "workload-recommended"
          ? "Learned 24-hour pattern as it would run on the recommended instance type (hour of day, UTC)."
          : "Learned 24-hour pattern of the policy window (hour of day, UTC)."}
      </p>
    );
  }
  const when = viewer.mode === "daily" ? formatDate : formatDateTime;
  const r = viewer.range;
  const starts = viewer.earliest ? Date.parse(viewer.earliest) : null;
  return (
    <div className="flex flex-col gap-1 text-xs">
      <p className="muted" data-testid="viewer-caption">
        Last {r.days} {r.days === 1 ? "day" : "days"}, {VIEWER_MODE_LABELS[viewer.mode].toLowerCase()} buckets (UTC): {when(viewer.window.startMs)} – {when(viewer.window.endMs - 1)}.
      </p>
      {r.clippedFrom !== null ? (
        <p role="status" className="text-amber-700 dark:text-amber-300" data-testid="range-clipped">
          5-minute data is kept for the last {CLOUD_HISTORY_DAYS["five-minute"]} days: showing {r.days} days instead of the {r.clippedFrom} asked for.
        </p>
      ) : null}
      {starts === null ? (
        <p role="status" className="text-amber-700 dark:text-amber-300" data-testid="history-missing">
          No history in the last {CLOUD_HISTORY_DAYS.daily} days.
        </p>
      ) : starts > viewer.window.startMs ? (
        <p role="status" className="muted" data-testid="history-starts">
          This service&apos;s history starts on {formatDateTime(starts)}: the range holds no data before it.
        </p>
      ) : null}
    </div>
  );
}

function Charts({ viewer, fit, hidden, legendHref }: { viewer: MetricViewerData; fit: boolean; hidden: CloudVisibilityId[]; legendHref: (id: CloudVisibilityId) => string }) {
  if (viewer.shown.length === 0) {
    return (
      <p className="card muted p-6 text-center text-sm" role="status" data-testid="viewer-empty">
        {viewer.picker.length === 0 ? "No Data Available" : "No charts selected. Use Charts to pick some."}
      </p>
    );
  }
  return (
    <div className="grid gap-3 xl:grid-cols-2" data-testid="viewer-charts">
      {viewer.kind === "workload"
        ? viewer.shown.map((s) => <CloudWorkloadChart key={s.key} chart={s.chart} fallbackTitle={s.title} height={CHART_HEIGHT} fit={fit} hidden={hidden} legendHref={legendHref} />)
        : viewer.shown.map((s) => <CloudHistoryChart key={s.key} chart={s.chart} title={s.title} height={CHART_HEIGHT} fit={fit} hidden={hidden} legendHref={legendHref} />)}
    </div>
  );
}
