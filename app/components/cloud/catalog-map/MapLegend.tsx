import type { ReactNode } from "react";
import { CATALOG_MAP_LEGEND, SCORE_COMPATIBLE } from "~/engine/cloud/constants";
import { BAND_FILL, legendScale, MEETS_FROM, MEETS_TO, UNAVAILABLE_CLASS } from "./heatmap-rules";
import { MARKER_CLASS } from "./Heatmap";

function Cell({ children }: { children: ReactNode }) {
  return (
    <svg width="18" height="14" viewBox="0 0 18 14" className="inline-block shrink-0 align-middle" aria-hidden="true">
      {children}
    </svg>
  );
}

const fillCell = (fill: string) => (
  <Cell>
    <rect x="1" y="1" width="16" height="12" rx="2" style={{ fill }} className="stroke-black/10" />
  </Cell>
);

/** The spec's legend entries in order (2.7), each with the swatch the map draws. */
const ENTRIES: Record<(typeof CATALOG_MAP_LEGEND)[number], ReactNode> = {
  "Not available in region": (
    <Cell>
      <rect x="1" y="1" width="16" height="12" rx="2" className={UNAVAILABLE_CLASS} />
    </Cell>
  ),
  "Insufficient Resources": fillCell(BAND_FILL.insufficient),
  "Technically Incompatible": fillCell(BAND_FILL.incompatible),
  "Outside Spend Tolerance": fillCell(BAND_FILL.expensive),
  "Meets All Policies": (
    <Cell>
      <defs>
        <linearGradient id="catalog-legend-meets" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor={MEETS_FROM} />
          <stop offset="1" stopColor={MEETS_TO} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="16" height="12" rx="2" fill="url(#catalog-legend-meets)" className="stroke-black/10" />
    </Cell>
  ),
  "Highlighted Instance Features": (
    <Cell>
      <rect x="1" y="1" width="16" height="12" rx="2" className={UNAVAILABLE_CLASS} />
      <circle cx="12.5" cy="5" r="3.5" className={MARKER_CLASS.highlight} strokeWidth={1} />
    </Cell>
  ),
};

/** x of a score on the legend's 0–100 scale. */
const at = (score: number) => 4 + score * 1.68;

const MARKERS = [
  { label: "Current type", node: <rect x="2" y="2" width="14" height="10" rx="2" className={MARKER_CLASS.current} strokeWidth={2.5} /> },
  { label: "Recommended type", node: <rect x="2" y="2" width="14" height="10" rx="2" className={MARKER_CLASS.recommended} strokeWidth={2.5} strokeDasharray="4 2" /> },
  {
    label: "Current and recommended",
    node: (
      <>
        <rect x="1.5" y="1.5" width="15" height="11" rx="2" className={MARKER_CLASS.both} strokeWidth={2} />
        <rect x="4.5" y="4.5" width="9" height="5" rx="1" className={MARKER_CLASS.both} strokeWidth={1.5} />
      </>
    ),
  },
  { label: "Selected", node: <rect x="1.5" y="1.5" width="15" height="11" rx="2" className={MARKER_CLASS.selected} strokeWidth={2} strokeDasharray="3 2" /> },
];

/** The legend under the map: the spec's six entries, the score scale 0/33/66/100, and the keys of the marked cells. */
export function MapLegend() {
  const scale = legendScale();
  return (
    <div className="flex flex-col gap-2 text-xs text-slate-700 dark:text-slate-200" data-testid="catalog-legend">
      <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {CATALOG_MAP_LEGEND.map((label) => (
          <li key={label} className="inline-flex items-center gap-1.5" data-legend={label}>
            {ENTRIES[label]}
            {label}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <figure className="m-0 flex items-center gap-2" aria-label="Score scale: 0, 33, 66, 100">
          <figcaption className="muted">Score</figcaption>
          <svg width="176" height="30" viewBox="0 0 176 30" aria-hidden="true" data-testid="score-scale">
            <defs>
              <linearGradient id="catalog-scale-meets" x1="0" x2="1" y1="0" y2="0">
                <stop offset="0" stopColor={MEETS_FROM} />
                <stop offset="1" stopColor={MEETS_TO} />
              </linearGradient>
            </defs>
            {/* 0 is insufficient (red), 1–49 incompatible (orange), 50–100 the green gradient. */}
            <rect x={at(0)} y={2} width={at(2) - at(0)} height={10} style={{ fill: BAND_FILL.insufficient }} />
            <rect x={at(2)} y={2} width={at(SCORE_COMPATIBLE) - at(2)} height={10} style={{ fill: BAND_FILL.incompatible }} />
            <rect x={at(SCORE_COMPATIBLE)} y={2} width={at(100) - at(SCORE_COMPATIBLE)} height={10} fill="url(#catalog-scale-meets)" />
            {scale.map((s) => (
              <g key={s.value} className="fill-slate-600 stroke-slate-500 dark:fill-slate-300 dark:stroke-slate-400">
                <line x1={at(s.value)} x2={at(s.value)} y1={12} y2={16} strokeWidth={1} />
                <text x={at(s.value)} y={27} textAnchor={s.value === 0 ? "start" : s.value === 100 ? "end" : "middle"} fontSize={10} stroke="none">
                  {s.value}
                </text>
              </g>
            ))}
          </svg>
        </figure>
        <ul aria-label="Marked cells" className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {MARKERS.map((m) => (
            <li key={m.label} className="inline-flex items-center gap-1.5">
              <Cell>{m.node}</Cell>
              {m.label}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
