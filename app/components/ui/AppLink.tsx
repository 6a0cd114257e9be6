import { useNavigate } from "@remix-run/react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/** A plain left click, which the app navigates itself; any other (a new tab, a download) is the browser's. */
export const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute address of the app ("/kubex/…"): nothing to resolve. */
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
}

/**
 * A link to an absolute address of the app, for the links a grid repeats on every row: a plain anchor (a link as any
 * other without JavaScript, or opened in a new tab) that the app navigates itself on a plain click, as Remix's
 * <Link> does. <Link> resolves its target against the route on every server render, ~50 µs a link; a grid page
 * has 60-80 row links (issue 13). The tree's items do the same (TreeView).
 */
export function AppLink({ to, replace, preventScrollReset, onClick, ...rest }: AppLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !isPlainClick(e) || rest.target || rest.download !== undefined) return;
        e.preventDefault();
        navigate(to, { replace, preventScrollReset });
      }}
    />
  );
}
