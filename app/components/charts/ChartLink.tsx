import { Link, useInRouterContext } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A link inside an SVG chart. A real <a href> so that it works with JavaScript off; inside a Remix router it is a
 * <Link> (client-side navigation when JavaScript is on). Put a <title> first among the children for the tooltip and
 * draw the focus ring with FOCUS_RING_CLASS (the class "group" is set here). keepScroll: for links that open an overlay
 * over the same page.
 */
export function ChartLink({ href, label, current, className, children, testId, keepScroll }: { href: string; label: string; current?: boolean; className?: string; children: ReactNode; testId?: string; keepScroll?: boolean }) {
  const inRouter = useInRouterContext();
  const cls = `group cursor-pointer outline-none ${className ?? ""}`.trim();
  const common = { "aria-label": label, "aria-current": current ? ("true" as const) : undefined, className: cls, "data-testid": testId };
  return inRouter ? (
    <Link to={href} preventScrollReset={keepScroll} {...common}>
      {children}
    </Link>
  ) : (
    <a href={href} {...common}>
      {children}
    </a>
  );
}
