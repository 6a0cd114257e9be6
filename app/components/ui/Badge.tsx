import type { Color } from "@tremor/react/dist/lib/inputTypes";

/**
 * Tremor's Badge (size xs), the same markup and classes, without its script: Tremor's Badge component always sets
 * up a hover tooltip (@floating-ui's hover, focus, dismiss and role hooks, about 4.5 KB gzip on every page that
 * shows a badge) that we never use, and the first-load budget has no room for it. The colour classes are built
 * from the hue as Tremor builds them (`bg-{hue}-500` at 10 %, ring `{hue}-500` at 20 %); they are in the
 * safelist of tailwind.config.ts. `text` replaces Tremor's shade-600 text where that falls short of AA contrast.
 */
export function Badge({
  color,
  text,
  icon: Icon,
  children,
  className = "",
  ...rest
}: {
  color: Color;
  text: string;
  icon?: React.ComponentType<{ className?: string }>;
  children: React.ReactNode;
  className?: string;
} & Record<`data-${string}`, string>) {
  return (
    <span
      className={`tremor-Badge-root inline-flex w-max shrink-0 cursor-default items-center justify-center rounded-tremor-small bg-${color}-500 bg-opacity-10 px-2 py-0.5 text-xs ring-1 ring-inset ring-${color}-500 ring-opacity-20 dark:bg-opacity-5 dark:ring-opacity-60 ${text} ${className}`}
      {...rest}
    >
      {Icon ? <Icon className="tremor-Badge-icon -ml-1 mr-1.5 h-4 w-4 shrink-0" /> : null}
      <span className="tremor-Badge-text whitespace-nowrap">{children}</span>
    </span>
  );
}
