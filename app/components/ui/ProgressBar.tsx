import type { Color } from "@tremor/react/dist/lib/inputTypes";

/**
 * Tremor's ProgressBar, the same markup and classes, without its script (like Badge.tsx: Tremor's component always
 * sets up a tooltip we do not use). The hue classes are in the safelist of tailwind.config.ts.
 */
export function ProgressBar({ value, color, className = "" }: { value: number; color: Color; className?: string }) {
  return (
    <div className={`tremor-ProgressBar-root flex w-full items-center ${className}`} aria-hidden="true">
      <div className={`tremor-ProgressBar-progressBarWrapper relative flex h-2 w-full items-center rounded-tremor-full bg-${color}-500 bg-opacity-20`}>
        <div className={`tremor-ProgressBar-progressBar h-full flex-col rounded-tremor-full bg-${color}-500`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
