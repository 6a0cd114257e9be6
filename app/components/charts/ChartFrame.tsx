import type { ReactNode } from "react";

export const DEFAULT_CHART_HEIGHT = 275;

export interface ChartFrameProps {
  /** Shown as the frame's heading. */
  title: string;
  /** Buttons or links at the right of the heading (expand, export…). */
  actions?: ReactNode;
  /** Height of the plot body in px (spec: 275 in panels). */
  height?: number;
  /** Under the plot body, outside the fixed height (legend, key, footnote). */
  footer?: ReactNode;
  /** Heading level; h3 by default. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** The card every chart sits in: title, optional actions, a body of fixed height, an optional footer. */
export function ChartFrame({ title, actions, height = DEFAULT_CHART_HEIGHT, footer, headingLevel = 3, className, testId, children }: ChartFrameProps) {
  const H = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <figure className={`card m-0 flex flex-col gap-2 p-3 tabular-nums ${className ?? ""}`.trim()} data-testid={testId ?? "chart-frame"}>
      <div className="flex min-h-[1.75rem] items-center justify-between gap-2">
        <H className="truncate text-sm font-semibold text-slate-800 dark:text-slate-100">{title}</H>
        {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      </div>
      <div className="relative w-full" style={{ height }}>
        {children}
      </div>
      {footer ? <div>{footer}</div> : null}
    </figure>
  );
}
