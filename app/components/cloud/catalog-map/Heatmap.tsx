import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import { MUTED_TEXT_CLASS, TEXT_CLASS } from "~/components/charts/colours";
import { CATALOG_MAP_TEXT, catalogMapSearch } from "~/features/cloud/catalog-map";
import type { CatalogMapView, MapCell } from "~/features/cloud/catalog-map.server";
import { formatCurrency, round } from "~/lib/format";
import { cellFill, fitCellWidth, heatmapGeometry, scoreLabelsShown, textOn, usesFixedCells, type HeatmapGeometry } from "./heatmap-rules";

/** The band's words: the comparison's Overall Result and the legend's entries. */
export const BAND_WORDS = {
  unavailable: CATALOG_MAP_TEXT.notAvailable,
  insufficient: "Insufficient Resources",
  incompatible: "Technically Incompatible",
  expensive: "Outside Spend Tolerance",
  meets: "Meets All Policies",
} as const;

/** Marker strokes of the special cells; each also differs in shape, so colour is never the only cue. */
export const MARKER_CLASS = {
  current: "fill-none stroke-sky-600 dark:stroke-sky-300",
  recommended: "fill-none stroke-violet-600 dark:stroke-violet-300",
  both: "fill-none stroke-teal-600 dark:stroke-teal-300",
  selected: "fill-none stroke-slate-900 dark:stroke-white",
  highlight: "fill-fuchsia-600 stroke-white dark:fill-fuchsia-300 dark:stroke-slate-900",
} as const;

const FIT_FALLBACK_WIDTH = 1100;

/** The tooltip (native <title>, so it works without JavaScript): type, score (not for Terminate), CPU, memory, cost. */
export function cellTooltip(cell: MapCell, scoresHidden: boolean, uptimePct: number): string[] {
  if (cell.band === "unavailable") return [cell.type, CATALOG_MAP_TEXT.notAvailable];
  return [
    cell.type,
    ...(scoresHidden || cell.score === null ? [] : [`Score: ${cell.score}`]),
    `CPU: ${cell.cpu} vCPUs`,
    `Memory: ${round(cell.mem, 2)} GB`,
    `Cost: ${formatCurrency(cell.cost)} per month at ${round(uptimePct, 1)}% predicted uptime`,
    BAND_WORDS[cell.band],
  ];
}

/** The marks a cell carries, in words: part of its tooltip and so of its accessible name. */
function cellMarks(cell: MapCell, selected: boolean): string[] {
  return [
    cell.current && cell.recommended ? "Current and recommended type" : cell.current ? "Current type" : cell.recommended ? "Recommended type" : null,
    selected ? "Selected" : null,
    cell.highlighted ? "Highlighted instance feature" : null,
  ].filter((m): m is string => m !== null);
}

/**
 * Per-cell styling as one style sheet in the SVG rather than classes on every cell: a map holds a thousand cells,
 * and repeating the classes (and a focus-ring element) on each doubled the page.
 */
const CELL_CSS = `
.cm-a{cursor:pointer;outline:none}
.cm-c{stroke:rgba(15,23,42,.12);stroke-width:1}
.cm-u{fill:#e2e8f0}
.dark .cm-u{fill:#334155}
.cm-a:hover .cm-c{stroke:#0f172a;stroke-width:1.5}
.dark .cm-a:hover .cm-c{stroke:#fff}
.cm-a:focus-visible .cm-c{stroke:#0ea5e9;stroke-width:3}
.cm-t{pointer-events:none;user-select:none;text-anchor:middle;dominant-baseline:central}
.cm-d{fill:#0f172a}
.cm-l{fill:#fff}
`;

const r1 = (v: number) => Math.round(v * 10) / 10;

function Cells({ view, g, labels, selected, search, uptimePct }: { view: CatalogMapView; g: HeatmapGeometry; labels: boolean; selected: string | null; search: string; uptimePct: number }) {
  const w = r1(g.x.bandwidth());
  const h = r1(g.y.bandwidth());
  return (
    <g data-testid="catalog-cells" fontSize={Math.min(11, w / 2.6)}>
      {view.cells.map((cell) => {
        const x = r1(g.x(cell.f)!);
        const y = r1(g.y(cell.s)!);
        const fill = cellFill(cell.band, cell.t);
        const isSelected = cell.type === selected;
        const both = cell.current && cell.recommended;
        const tooltip = [...cellTooltip(cell, view.scoresHidden, uptimePct), ...cellMarks(cell, isSelected)].join("\n");
        return (
          <Link
            key={cell.type}
            to={catalogMapSearch(search, { selected: cell.type })}
            preventScrollReset
            className="cm-a"
            aria-current={isSelected ? "true" : undefined}
            data-type={cell.type}
            data-band={cell.band}
            data-highlighted={cell.highlighted ? "true" : undefined}
          >
            {/* The <title> is the tooltip and, being the link's first child, its accessible name. */}
            <title>{tooltip}</title>
            <rect x={x} y={y} width={w} height={h} rx={2} className={fill ? "cm-c" : "cm-c cm-u"} style={fill ? { fill } : undefined} />
            {labels && cell.score !== null ? (
              <text x={r1(x + w / 2)} y={r1(y + h / 2)} className={`cm-t ${textOn(fill) === "dark" ? "cm-d" : "cm-l"}`}>
                {cell.score}
              </text>
            ) : null}
            {both ? (
              <>
                <rect x={x + 1} y={y + 1} width={w - 2} height={h - 2} rx={2} className={MARKER_CLASS.both} strokeWidth={2} />
                <rect x={x + 4} y={y + 4} width={Math.max(0, w - 8)} height={Math.max(0, h - 8)} rx={1} className={MARKER_CLASS.both} strokeWidth={1.5} />
              </>
            ) : cell.current ? (
              <rect x={x + 1.25} y={y + 1.25} width={w - 2.5} height={h - 2.5} rx={2} className={MARKER_CLASS.current} strokeWidth={2.5} />
            ) : cell.recommended ? (
              <rect x={x + 1.25} y={y + 1.25} width={w - 2.5} height={h - 2.5} rx={2} className={MARKER_CLASS.recommended} strokeWidth={2.5} strokeDasharray="4 2" />
            ) : null}
            {cell.highlighted ? <circle cx={x + w - 4.5} cy={y + 4.5} r={3.5} className={MARKER_CLASS.highlight} strokeWidth={1} /> : null}
            {isSelected ? <rect x={x - 2} y={y - 2} width={w + 4} height={h + 4} rx={3} className={MARKER_CLASS.selected} strokeWidth={2} strokeDasharray="3 2" /> : null}
          </Link>
        );
      })}
    </g>
  );
}

function SizeAxis({ view, g }: { view: CatalogMapView; g: HeatmapGeometry }) {
  const bottom = g.height - g.margin.bottom;
  return (
    <g aria-hidden="true">
      {view.sizes.map((s, i) => (
        <text key={s} x={g.margin.left - 6} y={r1(g.y(i)! + g.y.bandwidth() / 2)} dy="0.35em" textAnchor="end" fontSize={11} className={TEXT_CLASS}>
          {s}
        </text>
      ))}
      <text transform={`translate(12, ${r1(g.margin.top + (bottom - g.margin.top) / 2)}) rotate(-90)`} textAnchor="middle" fontSize={12} fontWeight={600} className={MUTED_TEXT_CLASS}>
        {CATALOG_MAP_TEXT.yAxis}
      </text>
    </g>
  );
}

function FamilyAxis({ view, g }: { view: CatalogMapView; g: HeatmapGeometry }) {
  const bottom = g.height - g.margin.bottom;
  return (
    <g aria-hidden="true">
      {view.families.map((f, i) => (
        <text key={f.key} transform={`translate(${r1(g.x(i)! + g.x.bandwidth() / 2)}, ${bottom + 6}) rotate(-90)`} dy="0.35em" textAnchor="end" fontSize={11} className={TEXT_CLASS}>
          {f.key}
        </text>
      ))}
      {/* Fixed cells scroll: the title starts at the left edge so it is seen without scrolling. */}
      <text
        x={g.fixed ? g.margin.left + 4 : r1(g.margin.left + (g.width - g.margin.left - g.margin.right) / 2)}
        y={g.height - 4}
        textAnchor={g.fixed ? "start" : "middle"}
        fontSize={12}
        fontWeight={600}
        className={MUTED_TEXT_CLASS}
      >
        {CATALOG_MAP_TEXT.xAxis}
      </text>
    </g>
  );
}

type SvgProps = { view: CatalogMapView; g: HeatmapGeometry; labels: boolean; selected: string | null; search: string; uptimePct: number };

const summaryOf = (view: CatalogMapView) =>
  `${CATALOG_MAP_TEXT.title}: ${view.cells.length} instance types in ${view.families.length} families and ${view.sizes.length} sizes`;

/** Fit layout: one SVG as wide as its container. */
function FitSvg(props: SvgProps) {
  const { view, g } = props;
  return (
    <svg role="group" aria-label={summaryOf(view)} viewBox={`0 0 ${g.width} ${g.height}`} width="100%" className="block h-auto w-full" data-testid="catalog-heatmap" data-layout="fit">
      <style>{CELL_CSS}</style>
      <SizeAxis view={view} g={g} />
      <FamilyAxis view={view} g={g} />
      <Cells {...props} />
    </svg>
  );
}

/**
 * Fixed layout: the size axis stays put while the cells and family labels scroll sideways (the same coordinates,
 * each SVG's viewBox showing its part). With JavaScript the selected, else the current, cell is scrolled into view.
 */
function FixedSvg(props: SvgProps) {
  const { view, g } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const target = props.selected ?? view.cells.find((c) => c.current)?.type ?? null;
  const targetCell = target ? view.cells.find((c) => c.type === target) : undefined;
  // Scroll only when the target changes, never again on a re-render (that would fight the user's own scrolling).
  const targetX = targetCell ? g.x(targetCell.f)! - g.margin.left : null;
  const cellWidth = g.cellWidth;
  useEffect(() => {
    const box = scroller.current;
    if (!box || targetX === null) return;
    if (targetX < box.scrollLeft || targetX > box.scrollLeft + box.clientWidth - cellWidth) box.scrollLeft = Math.max(0, targetX - box.clientWidth / 2);
  }, [targetX, cellWidth]);
  const plotWidth = g.width - g.margin.left;
  return (
    <div className="flex min-w-0" role="group" aria-label={summaryOf(view)} data-testid="catalog-heatmap" data-layout="fixed">
      <svg viewBox={`0 0 ${g.margin.left} ${g.height}`} width={g.margin.left} height={g.height} className="block shrink-0" aria-hidden="true">
        <SizeAxis view={view} g={g} />
      </svg>
      <div ref={scroller} className="min-w-0 overflow-x-auto pb-1" data-testid="heatmap-scroll">
        <svg viewBox={`${g.margin.left} 0 ${plotWidth} ${g.height}`} width={plotWidth} height={g.height} className="block max-w-none">
          <style>{CELL_CSS}</style>
          <FamilyAxis view={view} g={g} />
          <Cells {...props} />
        </svg>
      </div>
    </div>
  );
}

/**
 * The fit layout's container width, measured once JavaScript runs (the fallback until then; the SVG scales through
 * its viewBox). A callback ref, because the container mounts and unmounts as the window crosses 1024 px.
 */
function useMeasuredWidth(fallback: number, min: number) {
  const [width, setWidth] = useState(fallback);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || typeof ResizeObserver === "undefined") return;
      const update = (w: number) => {
        if (w > 0) setWidth(Math.max(min, Math.round(w)));
      };
      update(el.getBoundingClientRect().width);
      observer.current = new ResizeObserver((entries) => {
        for (const e of entries) update(e.contentRect.width);
      });
      observer.current.observe(el);
    },
    [min],
  );
  return { ref, width };
}

/** The window's width once JavaScript runs (null on the server and at hydration, so both layouts render first). */
function useWindowWidth(): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}

/**
 * The heatmap, server-rendered SVG. Up to 70 families the cells share the width, except in a window under 1024 px
 * where they are a fixed 25 px and the map scrolls; more than 70 families are always fixed, and so are families
 * too many to get 25 px each. Without JavaScript the server sends both layouts and a CSS media query (Tailwind's
 * lg: is min-width 1024 px) shows one; with it, only the one the window needs is drawn, at the measured width.
 */
export function Heatmap({ view, selected, showScores, search, uptimePct }: { view: CatalogMapView; selected: string | null; showScores: boolean; search: string; uptimePct: number }) {
  const windowWidth = useWindowWidth();
  const { ref, width } = useMeasuredWidth(FIT_FALLBACK_WIDTH, 320);
  const familyKeys = view.families.map((f) => f.key);
  const labels = scoreLabelsShown(view.families.length, showScores, view.scoresHidden);
  const common = { view, labels, selected, search, uptimePct };
  const fixed = <FixedSvg {...common} g={heatmapGeometry(familyKeys, view.sizes, { fixed: true, width })} />;
  // Before JavaScript measures anything: the families too many for the fallback width at 25 px need no media query.
  const fixedOnly = usesFixedCells(view.families.length, windowWidth, fitCellWidth(familyKeys, view.sizes, width));
  let body;
  if (windowWidth === null && !fixedOnly) {
    body = (
      <>
        <div className="hidden lg:block">
          <FitSvg {...common} g={heatmapGeometry(familyKeys, view.sizes, { fixed: false, width })} />
        </div>
        <div className="lg:hidden">{fixed}</div>
      </>
    );
  } else {
    body = fixedOnly ? fixed : <FitSvg {...common} g={heatmapGeometry(familyKeys, view.sizes, { fixed: false, width })} />;
  }
  // Measured on a wrapper that every layout shares, so switching layouts never loses the measurement.
  return (
    <div ref={ref} className="min-w-0">
      {body}
    </div>
  );
}
