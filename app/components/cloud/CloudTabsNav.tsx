import { Link } from "@remix-run/react";

/** A tab strip of links (the tab is in the address, so it works without JavaScript and a shared link keeps it). */
export function CloudTabsNav({ label, items, testId }: { label: string; items: { key: string; label: string; href: string; current: boolean }[]; testId: string }) {
  return (
    <nav aria-label={label} className="mb-4 flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-200 dark:border-slate-700" data-testid={testId}>
      {items.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
          preventScrollReset
          aria-current={tab.current ? "page" : undefined}
          data-tab={tab.key}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${
            tab.current ? "border-sky-500 font-semibold text-sky-700 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
