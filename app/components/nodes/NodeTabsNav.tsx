import { TabLinks } from "~/components/ui/TabLinks";
import { NODE_TAB_LABELS, type NodeTab } from "~/features/nodes/constants";
import { useHref } from "./useHref";

/** The node tab strip: links that set tabGroupNode and drop the previous tab's grid state. */
export function NodeTabsNav({ tabs, selected }: { tabs: NodeTab[]; selected: NodeTab }) {
  const href = useHref();
  return (
    <TabLinks
      label="Node tabs"
      className="mb-4"
      tabs={tabs.map((tab) => ({
        key: tab,
        label: NODE_TAB_LABELS[tab],
        to: href({ tabGroupNode: tab, sort: null, dir: null, page: null, selected: null }),
        selected: tab === selected,
      }))}
    />
  );
}
