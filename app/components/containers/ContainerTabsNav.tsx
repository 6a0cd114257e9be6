import { useLocation } from "@remix-run/react";
import { TabLinks } from "~/components/ui/TabLinks";
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
    <TabLinks
      label="Container tabs"
      className="mb-4"
      tabs={tabs.map((tab) => ({ key: tab, label: CONTAINER_TAB_LABELS[tab], to: href(tab), selected: tab === selected }))}
    />
  );
}
