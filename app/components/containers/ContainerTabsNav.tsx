import { Link, useLocation } from "@remix-run/react";
import { CONTAINER_TAB_LABELS, type ContainerTab } from "~/features/containers/tabs";

/** The container tab strip: links that set tabGroup1 and keep the rest of the address. */
export function ContainerTabsNav({ tabs, selected }: { tabs: ContainerTab[]; selected: ContainerTab }) {
  const { pathname, search } = useLocation();
  const href = (tab: ContainerTab) => {
    const params = new URLSearchParams(search);
    params.set("tabGroup1", tab);
    for (const p of ["bar", "selectedBucket", "selectedType"]) params.delete(p);
    return `${pathname}?${params}`;
  };
  return (
    <nav aria-label="Container tabs" className="mb-4 flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-200 dark:border-slate-700">
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={href(tab)}
          preventScrollReset
          aria-current={tab === selected ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${
            tab === selected ? "border-sky-500 font-semibold text-sky-700 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          }`}
        >
          {CONTAINER_TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}
