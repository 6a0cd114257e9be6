/**
 * Tremor's Card, Metric and Text: the markup and classes of @tremor/react 3.18.7's components (its `tremor-*`
 * tokens, configured in tailwind.config.ts), without its script.
 *
 * Why not import Tremor's own components: each one passes its classes through tailwind-merge, 6.9 KB gzip of
 * script for three elements that are a div and two paragraphs, and the first load of a containers page has no room
 * for it (measured: with Tremor's Card, Metric and Text a tree item's first load is 202.9 KB gzip, the budget is
 * 200; without, 195). Merging is also what lets a caller's class win over Tremor's default, so here the defaults
 * that callers override (padding, text size) are only applied when the caller sets none. Tremor's Badge and
 * ProgressBar are reproduced the same way (Badge.tsx, ProgressBar.tsx), its Tabs as links (TabLinks.tsx).
 */
type Props<E> = React.HTMLAttributes<E> & Record<`data-${string}`, string | undefined>;

const hasPadding = (c: string) => /(^|\s)p[xytrbl]?-/.test(c);
const hasTextSize = (c: string) => /(^|\s)text-(xs|sm|base|lg|[2-9]?xl)(\s|$)/.test(c);

export function Card({ className = "", children, ...rest }: Props<HTMLDivElement>) {
  return (
    <div
      className={`tremor-Card-root relative w-full rounded-tremor-default bg-tremor-background text-left shadow-tremor-card ring-1 ring-tremor-ring dark:bg-dark-tremor-background dark:shadow-dark-tremor-card dark:ring-dark-tremor-ring ${hasPadding(className) ? "" : "p-6"} ${className}`}
      {...rest}
    >
      {children}
    </div>
  );
}

/** The big number of a card. */
export function Metric({ className = "", children, ...rest }: Props<HTMLParagraphElement>) {
  return (
    <p className={`font-semibold text-tremor-content-strong dark:text-dark-tremor-content-strong ${hasTextSize(className) ? "" : "text-tremor-metric"} ${className}`} {...rest}>
      {children}
    </p>
  );
}

/** Muted text (a card's label or caption). */
export function Text({ className = "", children, ...rest }: Props<HTMLParagraphElement>) {
  return (
    <p className={`text-tremor-content dark:text-dark-tremor-content ${hasTextSize(className) ? "" : "text-tremor-default"} ${className}`} {...rest}>
      {children}
    </p>
  );
}
