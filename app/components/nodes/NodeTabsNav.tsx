import { Link } from "@remix-run/react";
import { NODE_TAB_LABELS, type NodeTab } from "~/features/nodes/constants";
import { useHref } from "./useHref";

/** The node tab strip: links that set tabGroupNode and drop the previous tab's grid state. */
export function NodeTabsNav({ tabs, selected }: { tabs: NodeTab[]; selected: NodeTab }) {
  const href = useHref();
  return (
    <nav aria-label="Node tabs" className="mb-4 flex gap-1 overflow-x-auto whitespace-nowrap border-b border-slate-200 dark:border-slate-700">
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={href({ tabGroupNode: tab, sort: null, dir: null, page: null, selected: null })}
          preventScrollReset
          aria-current={tab === selected ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm ${
            tab === selected ? "border-sky-500 font-semibold text-sky-700 dark:text-sky-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"
          }`}
        >
          {NODE_TAB_LABELS[tab]}
        </Link>
      ))}
    </nav>
  );
}
