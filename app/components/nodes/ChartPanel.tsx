import { Link } from "@remix-run/react";
import { RiArrowRightSLine } from "@remixicon/react";
import { memo, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDrawnOnce } from "~/components/ui/useDrawnOnce";
import type { ChartPanel as Panel } from "~/features/nodes/grids.server";
import { COMPACT_HEIGHT, COMPACT_WIDTH, isCompactScreen, type NodeViewMode } from "~/features/nodes/constants";
import { ChartModeSwitch } from "./ChartModeSwitch";
import { NodeChartGrid } from "./NodeChartGrid";
import { useHref } from "./useHref";

// Without JavaScript the compact rule is a media query: below 1280 × 800 the charts hide and a note shows.
const COMPACT_CSS = `@media (max-width: ${COMPACT_WIDTH - 0.02}px), (max-height: ${COMPACT_HEIGHT - 0.02}px) {
  .node-chart-panel-body, .node-chart-panel-toggle { display: none !important; }
  .node-chart-panel-compact { display: block !important; }
  .node-chart-panel-static { display: inline !important; }
}`;

/**
 * The collapsible "Utilization Charts" panel under a grid (spec 2.7): the selected row's charts. Open or closed in
 * the address (charts=closed) without JavaScript; with it, a button. Below 1280 wide or 800 high it is compact:
 * closed, and it cannot be opened. Charts once drawn stay in the page, hidden, while the panel is closed or compact
 * (useDrawnOnce): on a small screen the panel turns compact right after hydration.
 */
export function ChartPanel({ panel, mode }: { panel: Panel; mode: NodeViewMode }) {
  const href = useHref();
  const hydrated = useHydrated();
  const [compact, setCompact] = useState(false);
  const [open, setOpen] = useState(panel.open);
  useEffect(() => setOpen(panel.open), [panel.open]);
  useEffect(() => {
    const apply = () => setCompact(isCompactScreen(window.innerWidth, window.innerHeight));
    apply();
    window.addEventListener("resize", apply);
    return () => window.removeEventListener("resize", apply);
  }, []);
  const shown = open && !compact;
  const drawn = useDrawnOnce(shown);
  if (!panel.enabled) return null;
  const title = (
    <>
      <RiArrowRightSLine aria-hidden="true" className={`-ml-1 inline-block h-4 w-4 align-[-3px] transition-transform ${shown ? "rotate-90" : ""}`} /> Utilization Charts
      {panel.title ? <span className="muted ml-2 font-normal">{panel.title}</span> : null}
    </>
  );
  return (
    <section className="card mt-3 p-0" data-testid="utilization-panel" data-open={shown ? "true" : "false"} data-compact={compact ? "true" : "false"}>
      <style>{COMPACT_CSS}</style>
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        <h3 className="text-sm font-semibold">
          {compact ? (
            <span aria-disabled="true" title="Charts need a window of at least 1280 × 800">
              {title}
            </span>
          ) : hydrated ? (
            <button type="button" className="text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
              {title}
            </button>
          ) : (
            <>
              <Link to={href({ charts: open ? "closed" : null })} preventScrollReset aria-expanded={open} className="node-chart-panel-toggle">
                {title}
              </Link>
              <span className="node-chart-panel-static hidden">
                <RiArrowRightSLine aria-hidden="true" className="-ml-1 inline-block h-4 w-4 align-[-3px]" /> Utilization Charts
              </span>
            </>
          )}
        </h3>
        {shown ? (
          <span className="node-chart-panel-body ml-auto">
            <ChartModeSwitch mode={mode} />
          </span>
        ) : null}
      </div>
      <p className="node-chart-panel-compact muted hidden border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-700" data-testid="panel-compact">
        Charts are shown on screens of at least 1280 × 800.
      </p>
      {drawn ? (
        <div className={shown ? "node-chart-panel-body border-t border-slate-200 p-3 dark:border-slate-700" : "hidden"}>
          <PanelCharts panel={panel} mode={mode} />
        </div>
      ) : null}
    </section>
  );
}

/** The selected row's charts; memoised, so opening, closing or going compact does not render them again. */
const PanelCharts = memo(function PanelCharts({ panel, mode }: { panel: Panel; mode: NodeViewMode }) {
  return panel.title ? <NodeChartGrid charts={panel.charts} mode={mode} emptyTitle="Utilization" /> : <p className="muted text-sm">No row selected.</p>;
});
