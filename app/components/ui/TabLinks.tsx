import { Link } from "@remix-run/react";

/**
 * A tab strip whose tabs are links (the address is the state, and they work without JavaScript), drawn with the
 * classes of Tremor's TabList and Tab ("line" and "solid" variants). Tremor's own Tabs are Headless UI buttons that
 * switch panels in script state: no address, nothing without JavaScript, and role "tab" where our pages (and their
 * tests) have links with aria-current. The selected tab is marked by aria-current, which the classes read.
 */
export interface TabLink {
  key: string;
  label: React.ReactNode;
  to: string;
  selected: boolean;
  /** Extra attributes on the link (data-* for tests and the tour). */
  attrs?: Record<`data-${string}`, string>;
}

const LIST = {
  line: "tremor-TabList-root flex justify-start gap-x-4 overflow-x-auto whitespace-nowrap border-b border-tremor-border dark:border-dark-tremor-border",
  solid: "tremor-TabList-root inline-flex flex-wrap justify-start gap-1 rounded-tremor-default bg-tremor-background-subtle p-0.5 dark:bg-dark-tremor-background-subtle",
} as const;

const TAB = {
  // Tremor's line tab: a 2px underline in the brand colour when selected, the content colour otherwise.
  line:
    "tremor-Tab-root -mb-px flex whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-tremor-default text-tremor-content transition duration-100 hover:border-tremor-content hover:text-tremor-content-emphasis dark:text-dark-tremor-content dark:hover:border-dark-tremor-content-emphasis dark:hover:text-dark-tremor-content-emphasis aria-[current]:border-tremor-brand aria-[current]:font-semibold aria-[current]:text-tremor-brand-emphasis dark:aria-[current]:border-dark-tremor-brand dark:aria-[current]:text-dark-tremor-brand-emphasis",
  // Tremor's solid tab: the selected one raised on the background colour.
  solid:
    "tremor-Tab-root flex whitespace-nowrap rounded-tremor-small border border-transparent px-2.5 py-1 text-tremor-default text-tremor-content transition duration-100 hover:text-tremor-content-emphasis dark:text-dark-tremor-content dark:hover:text-dark-tremor-content-emphasis aria-[current]:border-tremor-border aria-[current]:bg-tremor-background aria-[current]:font-semibold aria-[current]:text-tremor-brand-emphasis aria-[current]:shadow-tremor-input dark:aria-[current]:border-dark-tremor-border dark:aria-[current]:bg-dark-tremor-background dark:aria-[current]:text-dark-tremor-brand-emphasis dark:aria-[current]:shadow-dark-tremor-input",
} as const;

export function TabLinks({
  label,
  tabs,
  variant = "line",
  current = "page",
  replace,
  group = false,
  className = "",
}: {
  label: string;
  tabs: TabLink[];
  variant?: keyof typeof TAB;
  /** The aria-current value of the selected tab: "page" for page tabs, "true" for a mode within a page. */
  current?: "page" | "true";
  replace?: boolean;
  /** A group of links inside a page (role="group") instead of a navigation landmark. */
  group?: boolean;
  className?: string;
}) {
  const links = tabs.map((t) => (
    <Link key={t.key} to={t.to} replace={replace} preventScrollReset aria-current={t.selected ? current : undefined} className={TAB[variant]} {...t.attrs}>
      {t.label}
    </Link>
  ));
  return group ? (
    <div role="group" aria-label={label} className={`${LIST[variant]} ${className}`}>
      {links}
    </div>
  ) : (
    <nav aria-label={label} className={`${LIST[variant]} ${className}`}>
      {links}
    </nav>
  );
}
