import { Link, useInRouterContext } from "@remix-run/react";
import type { ReactNode } from "react";

export interface LegendItem {
  id: string;
  label: string;
  /** A small SVG drawing of the series (line style, box), so that the legend never relies on colour alone. */
  swatch: ReactNode;
  visible: boolean;
}

/**
 * Legend entries as toggle buttons (aria-pressed). The server renders every series visible; with JavaScript on a
 * click hides or shows the series. With hrefFor the entries are links to an address that holds the next visibility
 * (they work without JavaScript). Without either the entries are a plain key.
 */
export function Legend({ items, onToggle, hrefFor, label = "Legend" }: { items: readonly LegendItem[]; onToggle?: (id: string) => void; hrefFor?: (id: string) => string; label?: string }) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-200" data-testid="chart-legend">
      {items.map((it) =>
        hrefFor ? (
          <li key={it.id}>
            <LegendLink href={hrefFor(it.id)} item={it} />
          </li>
        ) : onToggle ? (
          <li key={it.id}>
            <button
              type="button"
              aria-pressed={it.visible}
              onClick={() => onToggle(it.id)}
              className={`inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800 ${it.visible ? "" : "text-slate-400 line-through dark:text-slate-500"}`}
              data-legend={it.id}
            >
              <span aria-hidden="true" className={it.visible ? "" : "opacity-40"}>
                {it.swatch}
              </span>
              {it.label}
            </button>
          </li>
        ) : (
          <li key={it.id} className="inline-flex items-center gap-1.5 px-1.5 py-0.5" data-legend={it.id}>
            <span aria-hidden="true">{it.swatch}</span>
            {it.label}
          </li>
        ),
      )}
    </ul>
  );
}

/** A 24 × 12 line swatch. */
export function LineSwatch({ className, dash, width = 2 }: { className: string; dash?: string; width?: number }) {
  return (
    <svg width="24" height="12" viewBox="0 0 24 12" className="inline-block align-middle">
      <line x1="1" y1="6" x2="23" y2="6" className={className} strokeWidth={width} strokeDasharray={dash} strokeLinecap={dash === "1 3" ? "round" : undefined} />
    </svg>
  );
}

/** A 12 × 12 filled box swatch. */
export function BoxSwatch({ className }: { className: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" className="inline-block align-middle">
      <rect x="1" y="1" width="10" height="10" rx="1.5" className={className} strokeWidth={1} />
    </svg>
  );
}

const entryClass = (visible: boolean) =>
  `inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800 ${visible ? "" : "text-slate-400 line-through dark:text-slate-500"}`;

/** A legend entry as a link that toggles its series (role button, pressed while shown). */
function LegendLink({ href, item }: { href: string; item: LegendItem }) {
  const inRouter = useInRouterContext();
  const body = (
    <>
      <span aria-hidden="true" className={item.visible ? "" : "opacity-40"}>
        {item.swatch}
      </span>
      {item.label}
    </>
  );
  const common = { role: "button", "aria-pressed": item.visible, className: entryClass(item.visible), "data-legend": item.id };
  return inRouter ? (
    <Link to={href} replace preventScrollReset {...common}>
      {body}
    </Link>
  ) : (
    <a href={href} {...common}>
      {body}
    </a>
  );
}
