import { TEXT } from "~/lib/constants";
import { ChartFrame, DEFAULT_CHART_HEIGHT } from "./ChartFrame";
import type { ReactNode } from "react";

/** The body that replaces an empty chart: "No Data Available" centred in the same height. */
export function NoDataBody({ text = TEXT.noDataLabel }: { text?: string }) {
  return (
    <div role="status" data-testid="chart-no-data" className="flex h-full w-full items-center justify-center rounded-md border border-dashed border-slate-300 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      {text}
    </div>
  );
}

/** A chart frame with "No Data Available" centred, the same size as the chart it stands for. */
export function NoDataChart({ title, height = DEFAULT_CHART_HEIGHT, actions, text }: { title: string; height?: number; actions?: ReactNode; text?: string }) {
  return (
    <ChartFrame title={title} height={height} actions={actions}>
      <NoDataBody text={text} />
    </ChartFrame>
  );
}
