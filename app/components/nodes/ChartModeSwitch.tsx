import { TabLinks } from "~/components/ui/TabLinks";
import { NODE_VIEW_MODE_LABELS, NODE_VIEW_MODES, type NodeViewMode } from "~/features/nodes/constants";
import { useHref } from "./useHref";

/** Daily or hourly history (viewMode in the address); five-minute and workload modes are hidden for nodes (spec 2.8). */
export function ChartModeSwitch({ mode }: { mode: NodeViewMode }) {
  const href = useHref();
  return (
    <TabLinks
      label="Chart view mode"
      variant="solid"
      current="true"
      group
      tabs={NODE_VIEW_MODES.map((m) => ({ key: m, label: NODE_VIEW_MODE_LABELS[m], to: href({ viewMode: m }), selected: m === mode }))}
    />
  );
}
