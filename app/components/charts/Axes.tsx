import type { ScaleLinear } from "d3-scale";
import type { ReactNode, SVGProps } from "react";
import { AXIS_CLASS, GRID_CLASS, MUTED_TEXT_CLASS, TEXT_CLASS } from "./colours";
import { formatTick, pct, scaleTicks, VIRTUAL_WIDTH, type Margins } from "./scales";

/** The smallest text a chart writes (UX: never below 11 px, phones included; the SVG is never scaled down). */
export const CHART_FONT_SIZE = 11;

/**
 * A plot's rows in pixels (the body height is fixed) and its columns in virtual units 0…VIRTUAL_WIDTH written as
 * percentages; the margins are pixels outside the plot SVG, where the axis texts hang (overflow visible).
 */
export interface Plot {
  margin: Margins;
  height: number;
  top: number;
  bottom: number;
  innerHeight: number;
}

export function plotRows(height: number, margin: Margins): Plot {
  return { margin, height, top: margin.top, bottom: height - margin.bottom, innerHeight: Math.max(0, height - margin.top - margin.bottom) };
}

/**
 * The plot SVG: CSS sizes it to the chart body less the left and right margins, so the server's markup is already
 * the final size (no viewBox: text keeps its pixel size at every width, and nothing moves at hydration).
 */
export function PlotSvg({ plot, children, ...rest }: { plot: Plot; children: ReactNode } & Omit<SVGProps<SVGSVGElement>, "ref">) {
  const { left, right } = plot.margin;
  return (
    <svg
      width="100%"
      height={plot.height}
      overflow="visible"
      style={{ position: "absolute", top: 0, left, width: `calc(100% - ${left + right}px)`, height: plot.height, overflow: "visible" }}
      {...rest}
    >
      {children}
    </svg>
  );
}

/** Horizontal grid lines with tick values on the left and the axis label (with its unit) written vertically. */
export function YAxis({ scale, plot, label, ticks = 5, format = formatTick, integer = false }: { scale: ScaleLinear<number, number>; plot: Plot; label?: string; ticks?: number; format?: (v: number) => string; integer?: boolean }) {
  const values = scaleTicks(scale, ticks, integer);
  return (
    <g data-axis="y" aria-hidden="true">
      {values.map((v) => {
        const y = scale(v);
        return (
          <g key={v}>
            <line x1={0} x2="100%" y1={y} y2={y} className={GRID_CLASS} strokeWidth={1} />
            <text x={-6} y={y} dy="0.32em" textAnchor="end" fontSize={CHART_FONT_SIZE} className={MUTED_TEXT_CLASS} data-y-tick={v}>
              {format(v)}
            </text>
          </g>
        );
      })}
      {label ? (
        <text transform={`translate(${12 - plot.margin.left},${plot.top + plot.innerHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize={CHART_FONT_SIZE} className={TEXT_CLASS} data-testid="y-axis-label">
          {label}
        </text>
      ) : null}
    </g>
  );
}

/** A tick under the x axis at a virtual x; `wideOnly` ticks are hidden in narrow charts (a container query). */
export interface XTick {
  x: number;
  text: string;
  wideOnly?: boolean;
}

/** The baseline and the labels under it (already thinned), with an optional axis label. */
export function XAxis({ plot, ticks, label }: { plot: Plot; ticks: readonly XTick[]; label?: string }) {
  const y0 = plot.bottom;
  return (
    <g data-axis="x" aria-hidden="true">
      <line x1={0} x2="100%" y1={y0} y2={y0} className={AXIS_CLASS} strokeWidth={1} />
      {ticks.map((t, i) => (
        <g key={`${t.text}-${i}`} className={t.wideOnly ? "chart-wide-only" : undefined}>
          <line x1={pct(t.x)} x2={pct(t.x)} y1={y0} y2={y0 + 4} className={AXIS_CLASS} strokeWidth={1} />
          <text x={pct(t.x)} y={y0 + 15} textAnchor="middle" fontSize={CHART_FONT_SIZE} className={MUTED_TEXT_CLASS} data-x-tick={i}>
            {t.text}
          </text>
        </g>
      ))}
      {label ? (
        <text x={pct(VIRTUAL_WIDTH / 2)} y={plot.height - 4} textAnchor="middle" fontSize={CHART_FONT_SIZE} className={TEXT_CLASS} data-testid="x-axis-label">
          {label}
        </text>
      ) : null}
    </g>
  );
}
