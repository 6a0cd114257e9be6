import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { cloudDetailsHref } from "~/features/cloud/links";
import { CloudWorkloadChart } from "./CloudWorkloadChart";

/** The panel shows at most four charts (spec section 9: a carousel of up to 4); the Overview has them all. */
const PANEL_CHARTS = 4;

/** Below 1280 × 800 the panel is compact and cannot open (spec document 3, sections 2.2 and 9). */
const SMALL_QUERY = "(max-width: 1279.98px), (max-height: 799.98px)";

/** Whether the window is below the panel's size; false on the server and until JavaScript measures. */
function useSmallScreen() {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(SMALL_QUERY);
    const apply = () => setSmall(mq.matches);
    apply();
    mq.addEventListener("change", apply);
    return () => mq.removeEventListener("change", apply);
  }, []);
  return small;
}

/**
 * The collapsible Utilization Charts panel under the services grid (2.2, 2.4): the selected service's workload
 * charts by hour of day, or, while it relearns, when its analysis will be ready. Open or closed in the address
 * (charts=closed) without JavaScript; with it, a button. Below 1280 × 800 it is only its title bar: CSS hides the
 * charts on the server's page already, and the button is disabled once JavaScript knows the window.
 */
export function CloudUtilizationPanel({ data }: { data: CloudGridData["utilization"] }) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const small = useSmallScreen();
  const [open, setOpen] = useState(data.open);
  useEffect(() => setOpen(data.open), [data.open]);
  const toggleHref = () => {
    const p = new URLSearchParams(search);
    if (open) p.set("charts", "closed");
    else p.delete("charts");
    return `${pathname}?${p}`;
  };
  const s = data.selected;
  const title = (
    <>
      <span aria-hidden="true">{open && !small ? "▾" : "▸"}</span> Utilization Charts
      {s ? <span className="muted ml-2 font-normal">{s.system}</span> : null}
    </>
  );
  return (
    <section className="card mt-3 p-0" data-testid="utilization-panel" data-open={open ? "true" : "false"}>
      <h3 className="text-sm font-semibold">
        {hydrated ? (
          <button type="button" className="w-full px-3 py-2 text-left disabled:cursor-not-allowed" aria-expanded={open && !small} disabled={small} onClick={() => setOpen(!open)}>
            {title}
          </button>
        ) : (
          <Link to={toggleHref()} preventScrollReset replace className="block px-3 py-2" aria-expanded={open}>
            {title}
          </Link>
        )}
      </h3>
      <p className="muted hidden border-t border-slate-200 px-3 py-2 text-xs max-[1279px]:block dark:border-slate-700 [@media(max-height:799px)]:block" data-testid="utilization-compact">
        Utilization charts need a window of at least 1280 × 800.
      </p>
      {open ? (
        <div className="border-t border-slate-200 p-3 max-[1279px]:hidden dark:border-slate-700 [@media(max-height:799px)]:hidden" data-testid="utilization-body">
          {!s ? <p className="muted text-sm">No row selected.</p> : null}
          {s?.relearning ? (
            <p className="rounded-md border border-dashed border-slate-300 px-3 py-6 text-center text-sm dark:border-slate-600" data-testid="relearning-placeholder">
              {s.relearningText}
            </p>
          ) : null}
          {s && !s.relearning ? (
            <div className="grid gap-3 lg:grid-cols-2">
              {data.charts?.length ? (
                data.charts.slice(0, PANEL_CHARTS).map((c) => <CloudWorkloadChart key={c.key} chart={c} fallbackTitle={c.title} />)
              ) : (
                <CloudWorkloadChart chart={null} fallbackTitle="CPU Utilization (Current)" />
              )}
            </div>
          ) : null}
          {s ? (
            <p className="mt-2 text-sm">
              <Link to={cloudDetailsHref(search, s)} className="text-sky-700 hover:underline dark:text-sky-300" data-testid="panel-overview-link">
                {data.charts && data.charts.length > PANEL_CHARTS ? `All ${data.charts.length} charts on the service's Overview →` : "The service's Overview →"}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
