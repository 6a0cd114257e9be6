import { Link } from "@remix-run/react";
import { NODE_VIEW_MODE_LABELS, NODE_VIEW_MODES, type NodeViewMode } from "~/features/nodes/constants";
import { useHref } from "./useHref";

/** Daily or hourly history (viewMode in the address); five-minute and workload modes are hidden for nodes (spec 2.8). */
export function ChartModeSwitch({ mode }: { mode: NodeViewMode }) {
  const href = useHref();
  return (
    <div role="group" aria-label="Chart view mode" className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-600">
      {NODE_VIEW_MODES.map((m) => (
        <Link
          key={m}
          to={href({ viewMode: m })}
          preventScrollReset
          aria-current={m === mode ? "true" : undefined}
          className={`px-3 py-1 ${m === mode ? "bg-sky-600 font-semibold text-white" : "bg-white hover:bg-slate-100 dark:bg-slate-800 dark:hover:bg-slate-700"}`}
        >
          {NODE_VIEW_MODE_LABELS[m]}
        </Link>
      ))}
    </div>
  );
}
