import type { ReactNode } from "react";
import { formatCurrency } from "~/lib/format";
import { ChartFrame } from "./ChartFrame";
import { ChartLink } from "./ChartLink";
import { AXIS_CLASS, FOCUS_RING_CLASS, LINK_TEXT_CLASS, MUTED_TEXT_CLASS, TEXT_CLASS, WATERFALL_COLOUR } from "./colours";
import { NoDataBody } from "./NoDataChart";
import { bandScale, plotArea, valueScale, waterfallSteps, type WaterfallStep } from "./scales";
import { useChartWidth } from "./useChartWidth";

export type ContainerWaterfallKey = "currentSpend" | "immediateSavings" | "riskRemoval" | "additionalWaste" | "optimalSpend";

/** A CPU or memory figure under a bar: text (e.g. "CPU $31,002.00") and, when given, the link it jumps to. */
export interface WaterfallFigure {
  text: string;
  href?: string;
  /** Accessible name of the link; the text when absent. */
  label?: string;
}

export interface WaterfallBar {
  key: string;
  label: string;
  /** "total" bars stand on zero; "step" bars float from the running total by their signed value (negative = decrease). */
  type: "total" | "step";
  value: number;
  /** What the bar means: shown in the bar's tooltip (<title>). */
  tooltip?: string;
  cpu?: WaterfallFigure;
  memory?: WaterfallFigure;
  /** The colour of a zero step (a step's colour otherwise follows its sign). */
  zeroAs?: "decrease" | "increase";
}

export interface WaterfallProps {
  bars: readonly WaterfallBar[];
  /** Frame heading and the start of the accessible summary. */
  title?: string;
  /** Where a click on the bar goes (e.g. `?…&bar=riskRemoval`, a detail overlay addressed by URL); no link when undefined. */
  barHref?: (bar: WaterfallBar, index: number) => string | undefined;
  /** The bar whose overlay is open (aria-current, outlined). */
  selectedKey?: string;
  /** A bar to emphasise (the others dim), e.g. while a matching table row is hovered. */
  highlightKey?: string;
  /** Height of the plot in px; 275 by default. */
  height?: number;
  /** Drawing width before JavaScript measures the container (the SVG scales to 100 % meanwhile). */
  width?: number;
  actions?: ReactNode;
  /** Render only the chart body, without the card and heading. */
  bare?: boolean;
}

/** Tooltips that explain each bar of the container waterfall (spec 2.2; ANALYSIS.md). */
export const CONTAINER_WATERFALL_TOOLTIPS: Record<ContainerWaterfallKey, string> = {
  currentSpend: "Monthly cost of the containers at their current requests.",
  immediateSavings: "Savings available now by downsizing containers that are not at risk.",
  riskRemoval: "Cost of raising under-allocated requests, unspecified requests included, to remove risk.",
  additionalWaste: "Surplus in containers that are at risk; it becomes immediate savings once their risk is removed.",
  optimalSpend: "Projected monthly cost of the containers at the recommended requests.",
};

export const CONTAINER_WATERFALL_LABELS: Record<ContainerWaterfallKey, string> = {
  currentSpend: "Current Spend",
  immediateSavings: "Immediate Savings",
  riskRemoval: "Risk Removal",
  additionalWaste: "Additional Waste",
  optimalSpend: "Optimal Spend",
};

const CONTAINER_ORDER: readonly ContainerWaterfallKey[] = ["currentSpend", "immediateSavings", "riskRemoval", "additionalWaste", "optimalSpend"];

/**
 * The container waterfall's five bars in the spec's order from the engine's values (steps signed: Immediate Savings
 * and Additional Waste negative, Risk Removal positive), with the default tooltips and optional CPU/memory figures.
 */
export function containerWaterfallBars(
  values: Readonly<Record<ContainerWaterfallKey, number>>,
  figures: Partial<Record<ContainerWaterfallKey, { cpu?: WaterfallFigure; memory?: WaterfallFigure }>> = {},
): WaterfallBar[] {
  return CONTAINER_ORDER.map((key) => ({
    key,
    label: CONTAINER_WATERFALL_LABELS[key],
    type: key === "currentSpend" || key === "optimalSpend" ? "total" : "step",
    value: values[key],
    tooltip: CONTAINER_WATERFALL_TOOLTIPS[key],
    zeroAs: key === "riskRemoval" ? "increase" : "decrease",
    ...figures[key],
  }));
}

export function waterfallSummary(title: string, bars: readonly WaterfallBar[]): string {
  return `${title}: ${bars.map((b) => `${b.label} ${formatCurrency(b.value)}`).join(", ")} per month.`;
}

const MARGIN = { top: 24, right: 8, bottom: 70, left: 8 };

/** The Optimization Breakdown: floating bars from a total through signed steps to a total, as server-rendered SVG. */
export function Waterfall({ bars, title = "Optimization Breakdown", barHref, selectedKey, highlightKey, height = 275, width: fallbackWidth = 640, actions, bare }: WaterfallProps) {
  const { ref, width } = useChartWidth(fallbackWidth, 480);
  const empty = bars.length === 0 || bars.every((b) => !b.value);
  const body = empty ? <NoDataBody /> : <WaterfallSvg bars={bars} title={title} barHref={barHref} selectedKey={selectedKey} highlightKey={highlightKey} width={width} height={height} />;
  const inner = (
    <div ref={ref} className="h-full w-full" data-chart="waterfall">
      {body}
    </div>
  );
  if (bare) return <div style={{ height }}>{inner}</div>;
  return (
    <ChartFrame title={title} height={height} actions={actions}>
      {inner}
    </ChartFrame>
  );
}

function WaterfallSvg({ bars, title, barHref, selectedKey, highlightKey, width, height }: Required<Pick<WaterfallProps, "bars" | "title">> & Pick<WaterfallProps, "barHref" | "selectedKey" | "highlightKey"> & { width: number; height: number }) {
  const area = plotArea(width, height, MARGIN);
  const steps = waterfallSteps(bars);
  const y = valueScale(
    steps.flatMap((s) => [s.start, s.end]),
    [area.top + area.innerHeight, area.top],
  );
  const x = bandScale(
    bars.map((_, i) => i),
    [area.left, area.left + area.innerWidth],
    0.3,
  );
  const bw = x.bandwidth();
  const hrefs = bars.map((b, i) => barHref?.(b, i));
  const interactive = hrefs.some(Boolean) || bars.some((b) => b.cpu?.href || b.memory?.href);
  const summary = waterfallSummary(title, bars);
  const y0 = area.top + area.innerHeight;
  const zero = y(0);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid meet"
      role={interactive ? "group" : "img"}
      aria-label={summary}
      className="block overflow-visible tabular-nums"
      data-testid="waterfall-svg"
    >
      <title>{title}</title>
      <desc>{bars.map((b) => `${b.label}: ${formatCurrency(b.value)}. ${b.tooltip ?? ""}`.trim()).join(" ")}</desc>
      <line x1={area.left} x2={area.left + area.innerWidth} y1={zero} y2={zero} className={AXIS_CLASS} strokeWidth={1} aria-hidden="true" />
      {steps.slice(0, -1).map((s, i) => {
        const x1 = (x(i) ?? 0) + bw;
        const x2 = x(i + 1) ?? 0;
        return <line key={`c${i}`} x1={x1} x2={x2} y1={y(s.total)} y2={y(s.total)} className={AXIS_CLASS} strokeDasharray="3 3" strokeWidth={1} aria-hidden="true" data-connector={i} />;
      })}
      {bars.map((bar, i) => (
        <WaterfallBarMark
          key={bar.key}
          bar={bar}
          step={steps[i]}
          x={x(i) ?? 0}
          bw={bw}
          y={y}
          y0={y0}
          href={hrefs[i]}
          selected={selectedKey === bar.key}
          dimmed={highlightKey !== undefined && highlightKey !== bar.key}
        />
      ))}
    </svg>
  );
}

function WaterfallBarMark({ bar, step, x, bw, y, y0, href, selected, dimmed }: { bar: WaterfallBar; step: WaterfallStep; x: number; bw: number; y: (v: number) => number; y0: number; href?: string; selected: boolean; dimmed: boolean }) {
  const top = Math.min(y(step.start), y(step.end));
  const h = Math.max(1, Math.abs(y(step.start) - y(step.end)));
  const colour = WATERFALL_COLOUR[step.kind];
  const value = formatCurrency(bar.value);
  const tip = `${bar.label}: ${value}${bar.tooltip ? `. ${bar.tooltip}` : ""}`;
  const cx = x + bw / 2;
  const words = bar.label.split(" ");
  const lines = words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [bar.label];
  const rect = (
    <rect
      x={x}
      y={top}
      width={bw}
      height={h}
      rx={2}
      className={`${colour.mark} transition-opacity duration-150 group-hover:opacity-80`}
      strokeWidth={selected ? 2.5 : 1}
      data-bar={bar.key}
      data-kind={step.kind}
    />
  );
  const valueLabel = (
    <text x={cx} y={top - 6} textAnchor="middle" fontSize={12} fontWeight={600} className={TEXT_CLASS} data-value-label={bar.key}>
      {value}
    </text>
  );
  return (
    <g opacity={dimmed ? 0.45 : 1}>
      {href ? (
        // The tooltip sits beside the link, not in it: inside, it would be part of the link's text, which then no
        // longer matches its name (axe label-content-name-mismatch).
        <g>
          <title>{tip}</title>
          <ChartLink href={href} label={tip} current={selected} keepScroll testId={`waterfall-bar-link-${bar.key}`}>
            {rect}
            {valueLabel}
            <rect x={x - 3} y={top - 22} width={bw + 6} height={h + 25} rx={3} strokeWidth={2} className={FOCUS_RING_CLASS} />
          </ChartLink>
        </g>
      ) : (
        <g>
          <title>{tip}</title>
          {rect}
          {valueLabel}
        </g>
      )}
      <text x={cx} y={y0 + 14} textAnchor="middle" fontSize={11} className={MUTED_TEXT_CLASS} aria-hidden="true">
        {lines.map((l, k) => (
          <tspan key={k} x={cx} dy={k === 0 ? 0 : 13}>
            {l}
          </tspan>
        ))}
      </text>
      {bar.cpu ? <Figure figure={bar.cpu} x={cx} y={y0 + 46} bw={bw} testId={`waterfall-cpu-${bar.key}`} /> : null}
      {bar.memory ? <Figure figure={bar.memory} x={cx} y={y0 + 62} bw={bw} testId={`waterfall-memory-${bar.key}`} /> : null}
    </g>
  );
}

function Figure({ figure, x, y, bw, testId }: { figure: WaterfallFigure; x: number; y: number; bw: number; testId: string }) {
  if (!figure.href)
    return (
      <text x={x} y={y} textAnchor="middle" fontSize={11} className={TEXT_CLASS} data-testid={testId}>
        {figure.text}
      </text>
    );
  return (
    <g>
      <title>{figure.label ?? figure.text}</title>
      <ChartLink href={figure.href} label={figure.label ?? figure.text} testId={testId}>
        <rect x={x - bw / 2} y={y - 12} width={bw} height={16} className="fill-transparent" />
        <text x={x} y={y} textAnchor="middle" fontSize={11} className={LINK_TEXT_CLASS}>
          {figure.text}
        </text>
        <rect x={x - bw / 2 - 2} y={y - 13} width={bw + 4} height={18} rx={3} strokeWidth={2} className={FOCUS_RING_CLASS} />
      </ChartLink>
    </g>
  );
}
