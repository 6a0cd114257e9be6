import { Link, useLocation } from "@remix-run/react";
import { RiArrowRightSLine } from "@remixicon/react";
import { memo, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDrawnOnce } from "~/components/ui/useDrawnOnce";
import { HourChartView } from "./HourChartView";
import type { DetailsGridData } from "~/features/containers/details.server";

/** Large-screen threshold (spec section 9): the panel collapses at 1280 wide or 800 high and below. */
export const isSmallScreen = (w: number, h: number) => w <= 1280 || h <= 800;

/**
 * The collapsible utilization-charts panel under the grid (spec 2.3): the selected row's CPU and memory by hour of
 * day. Open or closed in the address (charts=closed) without JavaScript; with it, a button, and the panel closes
 * itself on small screens and opens again when the screen is large.
 * Charts once drawn stay in the page, hidden, while the panel is closed (useDrawnOnce).
 */
export function UtilizationPanel({ data }: { data: DetailsGridData["utilization"] }) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(data.open);
  const drawn = useDrawnOnce(open);
  const wasSmall = useRef<boolean | null>(null);
  useEffect(() => {
    const apply = () => {
      const small = isSmallScreen(window.innerWidth, window.innerHeight);
      if (wasSmall.current === null) {
        if (small) setOpen(false);
      } else if (small !== wasSmall.current) setOpen(!small);
      wasSmall.current = small;
    };
    apply();
    window.addEventListener("resize", apply);
    return () => window.removeEventListener("resize", apply);
  }, []);
  const toggleHref = () => {
    const p = new URLSearchParams(search);
    if (open) p.set("charts", "closed");
    else p.delete("charts");
    return `${pathname}?${p}`;
  };
  const title = (
    <>
      <RiArrowRightSLine aria-hidden="true" className={`-ml-1 inline-block h-4 w-4 align-[-3px] transition-transform ${open ? "rotate-90" : ""}`} /> Utilization Charts
      {data.selected ? <span className="muted ml-2 font-normal">{data.selected.containerName}</span> : null}
    </>
  );
  return (
    <section className="card mt-3 p-0" data-testid="utilization-panel" data-open={open ? "true" : "false"}>
      <h3 className="text-sm font-semibold">
        {hydrated ? (
          <button type="button" className="w-full px-3 py-2 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
            {title}
          </button>
        ) : (
          <Link to={toggleHref()} preventScrollReset className="block px-3 py-2" aria-expanded={open}>
            {title}
          </Link>
        )}
      </h3>
      {drawn ? (
        <div className={open ? "grid gap-3 border-t border-slate-200 p-3 lg:grid-cols-2 dark:border-slate-700" : "hidden"} data-testid="utilization-body">
          <PanelCharts data={data} />
        </div>
      ) : null}
    </section>
  );
}

/** The selected row's two charts; memoised, so opening and closing the panel does not render them again. */
const PanelCharts = memo(function PanelCharts({ data }: { data: DetailsGridData["utilization"] }) {
  if (!data.selected) return <p className="muted text-sm">No row selected.</p>;
  return (
    <>
      <HourChartView chart={data.charts?.cpu ?? null} fallbackTitle="CPU Utilization" yLabel="CPU (mCores)" />
      <HourChartView chart={data.charts?.mem ?? null} fallbackTitle="Memory Working Set" yLabel="Memory (MB)" />
    </>
  );
});
