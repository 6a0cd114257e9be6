import type { ReactNode } from "react";
import { formatCurrency, formatCurrencyCompact } from "~/lib/format";
import { ChartFrame } from "./ChartFrame";
import { ChartLink } from "./ChartLink";
import { CHART_FONT_SIZE, plotRows, PlotSvg, type Plot } from "./Axes";
import { AXIS_CLASS, FOCUS_RING_CLASS, MUTED_TEXT_CLASS, TEXT_CLASS, WATERFALL_COLOUR } from "./colours";
import { NoDataBody } from "./NoDataChart";
import { bandScale, pct, valueScale, VIRTUAL_WIDTH, waterfallSteps, type WaterfallStep } from "./scales";

export type ContainerWaterfallKey = "currentSpend" | "immediateSavings" | "riskRemoval" | "additionalWaste" | "optimalSpend";

/**
 * A CPU or memory figure under a bar: the amount (e.g. "$31,002.00"; the row says CPU or Mem), a compact form for
 * narrow charts ("$31K", the amount when absent) and, when given, the link it jumps to.
 */
export interface WaterfallFigure {
  text: string;
  compact?: string;
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

/** Pixels around the bars: value labels above, two lines of bar names below; the CPU / Mem row names on the left. */
const MARGIN = { top: 24, right: 8, bottom: 34, left: 8 };
const FIGURE_MARGIN_LEFT = 36;
/** One row of CPU or memory figures under the bar names: 24 px, the least target size of WCAG 2.5.8 for the links. */
const FIGURE_ROW = 24;

/** The Optimization Breakdown: floating bars from a total through signed steps to a total, as server-rendered SVG. */
export function Waterfall({ bars, title = "Optimization Breakdown", barHref, selectedKey, highlightKey, height = 275, actions, bare }: WaterfallProps) {
  const empty = bars.length === 0 || bars.every((b) => !b.value);
  const inner = (
    <div className="chart-body relative h-full w-full" data-chart="waterfall">
      {empty ? <NoDataBody /> : <WaterfallBody bars={bars} title={title} barHref={barHref} selectedKey={selectedKey} highlightKey={highlightKey} height={height} />}
    </div>
  );
  if (bare) return <div style={{ height }}>{inner}</div>;
  return (
    <ChartFrame title={title} height={height} actions={actions}>
      {inner}
    </ChartFrame>
  );
}

type BodyProps = Required<Pick<WaterfallProps, "bars" | "title">> & Pick<WaterfallProps, "barHref" | "selectedKey" | "highlightKey"> & { height: number };

/**
 * The bars (SVG) and, under them, the CPU and memory figures as an HTML grid of one column per bar (a band of the
 * bar scale is exactly a fifth of the plot, so the columns sit under the bars): HTML text never collides, and a
 * narrow chart writes the compact amounts.
 */
function WaterfallBody({ bars, title, barHref, selectedKey, highlightKey, height }: BodyProps) {
  const hasCpu = bars.some((b) => b.cpu);
  const hasMemory = bars.some((b) => b.memory);
  const figureRows = (hasCpu ? 1 : 0) + (hasMemory ? 1 : 0);
  const margin = figureRows ? { ...MARGIN, left: FIGURE_MARGIN_LEFT } : MARGIN;
  const plot = plotRows(height - figureRows * FIGURE_ROW - (figureRows ? 4 : 0), margin);
  return (
    <>
      <WaterfallSvg bars={bars} title={title} barHref={barHref} selectedKey={selectedKey} highlightKey={highlightKey} plot={plot} />
      {figureRows ? (
        <div className="absolute inset-x-0 bottom-0 text-[11px] leading-6" data-testid="waterfall-figures">
          {hasCpu ? <FigureRow name="CPU" bars={bars} pick={(b) => b.cpu} kind="cpu" left={margin.left} right={margin.right} /> : null}
          {hasMemory ? <FigureRow name="Mem" bars={bars} pick={(b) => b.memory} kind="memory" left={margin.left} right={margin.right} /> : null}
        </div>
      ) : null}
    </>
  );
}

function FigureRow({ name, bars, pick, kind, left, right }: { name: string; bars: readonly WaterfallBar[]; pick: (b: WaterfallBar) => WaterfallFigure | undefined; kind: "cpu" | "memory"; left: number; right: number }) {
  return (
    <div className="relative grid tabular-nums" style={{ gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))`, paddingLeft: left, paddingRight: right, height: FIGURE_ROW }}>
      <span className="absolute left-0 top-0 font-medium text-slate-600 dark:text-slate-300" aria-hidden="true">
        {name}
      </span>
      {bars.map((b) => {
        const f = pick(b);
        return (
          <span key={b.key} className="min-w-0 text-center">
            {f ? <Figure figure={f} name={name} testId={`waterfall-${kind}-${b.key}`} /> : null}
          </span>
        );
      })}
    </div>
  );
}

function Figure({ figure, name, testId }: { figure: WaterfallFigure; name: string; testId: string }) {
  const text = (
    <>
      <span className="sr-only">{name} </span>
      <span className="wf-full">{figure.text}</span>
      <span className="wf-compact">
        {figure.compact ?? figure.text}
      </span>
    </>
  );
  if (!figure.href)
    return (
      <span className="block truncate text-slate-700 dark:text-slate-200" data-testid={testId}>
        {text}
      </span>
    );
  return (
    <a href={figure.href} aria-label={figure.label} className="block truncate rounded-sm text-sky-700 underline hover:text-sky-900 dark:text-sky-300 dark:hover:text-sky-100" data-testid={testId}>
      {text}
    </a>
  );
}

function WaterfallSvg({ bars, title, barHref, selectedKey, highlightKey, plot }: Omit<BodyProps, "height"> & { plot: Plot }) {
  const steps = waterfallSteps(bars);
  const y = valueScale(
    steps.flatMap((s) => [s.start, s.end]),
    [plot.bottom, plot.top],
  );
  const x = bandScale(
    bars.map((_, i) => i),
    [0, VIRTUAL_WIDTH],
    0.3,
  );
  const bw = x.bandwidth();
  const hrefs = bars.map((b, i) => barHref?.(b, i));
  const interactive = hrefs.some(Boolean);
  const summary = waterfallSummary(title, bars);
  const zero = y(0);
  return (
    <PlotSvg plot={plot} role={interactive ? "group" : "img"} aria-label={summary} className="block tabular-nums" data-testid="waterfall-svg">
      <title>{title}</title>
      <desc>{bars.map((b) => `${b.label}: ${formatCurrency(b.value)}. ${b.tooltip ?? ""}`.trim()).join(" ")}</desc>
      <line x1={0} x2="100%" y1={zero} y2={zero} className={AXIS_CLASS} strokeWidth={1} aria-hidden="true" />
      {steps.slice(0, -1).map((s, i) => {
        const x1 = (x(i) ?? 0) + bw;
        const x2 = x(i + 1) ?? 0;
        return <line key={`c${i}`} x1={pct(x1)} x2={pct(x2)} y1={y(s.total)} y2={y(s.total)} className={AXIS_CLASS} strokeDasharray="3 3" strokeWidth={1} aria-hidden="true" data-connector={i} />;
      })}
      {bars.map((bar, i) => (
        <WaterfallBarMark key={bar.key} bar={bar} step={steps[i]} x={x(i) ?? 0} bw={bw} y={y} y0={plot.bottom} href={hrefs[i]} selected={selectedKey === bar.key} dimmed={highlightKey !== undefined && highlightKey !== bar.key} />
      ))}
    </PlotSvg>
  );
}

function WaterfallBarMark({ bar, step, x, bw, y, y0, href, selected, dimmed }: { bar: WaterfallBar; step: WaterfallStep; x: number; bw: number; y: (v: number) => number; y0: number; href?: string; selected: boolean; dimmed: boolean }) {
  const top = Math.min(y(step.start), y(step.end));
  const h = Math.max(1, Math.abs(y(step.start) - y(step.end)));
  const colour = WATERFALL_COLOUR[step.kind];
  const value = formatCurrency(bar.value);
  const tip = `${bar.label}: ${value}${bar.tooltip ? `. ${bar.tooltip}` : ""}`;
  const cx = pct(x + bw / 2);
  const words = bar.label.split(" ");
  const lines = words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [bar.label];
  const rect = (
    <rect
      x={pct(x)}
      y={top}
      width={pct(bw)}
      height={h}
      rx={2}
      className={`${colour.mark} transition-opacity duration-150 group-hover:opacity-80`}
      strokeWidth={selected ? 2.5 : 1}
      data-bar={bar.key}
      data-kind={step.kind}
    />
  );
  // The full amount where it fits; a narrow chart (a phone) writes the compact one, so neighbours never run together.
  const valueLabel = (
    <>
      <text x={cx} y={top - 6} textAnchor="middle" fontSize={CHART_FONT_SIZE} fontWeight={600} className={`wf-full ${TEXT_CLASS}`} data-value-label={bar.key}>
        {value}
      </text>
      <text x={cx} y={top - 6} textAnchor="middle" fontSize={CHART_FONT_SIZE} fontWeight={600} className={`wf-compact ${TEXT_CLASS}`} data-value-label-compact={bar.key} aria-hidden="true">
        {formatCurrencyCompact(bar.value)}
      </text>
    </>
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
            <rect x={pct(x)} y={top - 22} width={pct(bw)} height={h + 25} rx={3} strokeWidth={2} className={FOCUS_RING_CLASS} />
          </ChartLink>
          {/* Beside the link too: a narrow chart shows the compact amount, which the link's name (the full one) does not contain. */}
          <g className="pointer-events-none">{valueLabel}</g>
        </g>
      ) : (
        <g>
          <title>{tip}</title>
          {rect}
          {valueLabel}
        </g>
      )}
      <text x={cx} y={y0 + 14} textAnchor="middle" fontSize={CHART_FONT_SIZE} className={MUTED_TEXT_CLASS} aria-hidden="true" data-bar-name={bar.key}>
        {lines.map((l, k) => (
          <tspan key={k} x={cx} dy={k === 0 ? 0 : 13}>
            {l}
          </tspan>
        ))}
      </text>
    </g>
  );
}
