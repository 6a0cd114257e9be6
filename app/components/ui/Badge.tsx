import type { Color } from "@tremor/react/dist/lib/inputTypes";

/** A badge's icon, drawn by CSS (the `ui-badge` class in app/tailwind.css): Remix Icon's paths as masks, or a dot. */
export type BadgeIcon = "up" | "down" | "equal" | "check" | "warning" | "dot";

/**
 * Tremor's Badge (size xs): its look, without its script or its markup. Tremor's Badge component always sets up a
 * hover tooltip (@floating-ui's hover, focus, dismiss and role hooks, about 4.5 KB gzip on every page that shows a
 * badge) that we never use; and its markup (two spans and an inline SVG icon) made a hundred badges on a grid page
 * about 50 kB and 300 elements. Here a badge is one span: the shared classes are the `ui-badge` class, the icon is
 * drawn by CSS from `data-icon`. The colour classes are built from the hue as Tremor builds them (`bg-{hue}-500` at
 * 10 %, ring `{hue}-500` at 20 %); they are in the safelist of tailwind.config.ts. `text` replaces Tremor's
 * shade-600 text where that falls short of AA contrast; `dot`, with the "dot" icon, colours the dot in its hue.
 */
export function Badge({
  color,
  text,
  icon,
  dot,
  children,
  className = "",
  ...rest
}: {
  color: Color;
  text: string;
  icon?: BadgeIcon;
  dot?: Color;
  children: React.ReactNode;
  className?: string;
} & Record<`data-${string}`, string>) {
  return (
    <span
      className={`ui-badge bg-${color}-500 bg-opacity-10 ring-${color}-500 ring-opacity-20 dark:bg-opacity-5 dark:ring-opacity-60 ${text}${dot ? ` ui-badge-dot-${dot}` : ""}${className ? ` ${className}` : ""}`}
      data-icon={icon}
      {...rest}
    >
      {children}
    </span>
  );
}
