import type { ScaleLinear } from "d3-scale";
import { AXIS_CLASS, GRID_CLASS, MUTED_TEXT_CLASS, TEXT_CLASS } from "./colours";
import { formatTick, type PlotArea } from "./scales";

/** Horizontal grid lines with tick values on the left and the axis label (with its unit) written vertically. */
export function YAxis({ scale, area, label, ticks = 5, format = formatTick }: { scale: ScaleLinear<number, number>; area: PlotArea; label?: string; ticks?: number; format?: (v: number) => string }) {
  const values = scale.ticks(ticks);
  return (
    <g data-axis="y" aria-hidden="true">
      {values.map((v) => {
        const y = scale(v);
        return (
          <g key={v}>
            <line x1={area.left} x2={area.left + area.innerWidth} y1={y} y2={y} className={GRID_CLASS} strokeWidth={1} />
            <text x={area.left - 6} y={y} dy="0.32em" textAnchor="end" fontSize={11} className={MUTED_TEXT_CLASS}>
              {format(v)}
            </text>
          </g>
        );
      })}
      {label ? (
        <text transform={`translate(12,${area.top + area.innerHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize={11} className={TEXT_CLASS} data-testid="y-axis-label">
          {label}
        </text>
      ) : null}
    </g>
  );
}

/** The baseline and the labels under it (already thinned), with an optional axis label. */
export function XAxis({ area, ticks, label }: { area: PlotArea; ticks: readonly { x: number; text: string }[]; label?: string }) {
  const y0 = area.top + area.innerHeight;
  return (
    <g data-axis="x" aria-hidden="true">
      <line x1={area.left} x2={area.left + area.innerWidth} y1={y0} y2={y0} className={AXIS_CLASS} strokeWidth={1} />
      {ticks.map((t, i) => (
        <g key={`${t.text}-${i}`}>
          <line x1={t.x} x2={t.x} y1={y0} y2={y0 + 4} className={AXIS_CLASS} strokeWidth={1} />
          <text x={t.x} y={y0 + 15} textAnchor="middle" fontSize={11} className={MUTED_TEXT_CLASS}>
            {t.text}
          </text>
        </g>
      ))}
      {label ? (
        <text x={area.left + area.innerWidth / 2} y={area.height - 4} textAnchor="middle" fontSize={11} className={TEXT_CLASS} data-testid="x-axis-label">
          {label}
        </text>
      ) : null}
    </g>
  );
}
