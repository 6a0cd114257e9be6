import type { NodeTreePage } from "~/features/tree/node-tree-page.server";
import type { NodePageData } from "~/features/nodes/page.server";
import { NodeTabsNav } from "~/components/nodes/NodeTabsNav";
import { NodeGroupGrid } from "~/components/nodes/NodeGroupGrid";
import { NodeGrid } from "~/components/nodes/NodeGrid";
import { NodeGroupOverview } from "~/components/nodes/NodeGroupOverview";
import { NodeDetailOverview } from "~/components/nodes/NodeDetailOverview";
import { TEXT_NODES } from "~/features/nodes/constants";
import { formatCount } from "~/lib/format";
import { Breadcrumb } from "./Breadcrumb";

const TYPE_LABEL: Record<string, string> = { ROOT: "All clusters", CLUSTER: "Cluster", NODEGROUP: "Node group", NODE: "Node" };

/** The selected item of the nodes tree (spec 2.7): its name and type, its tabs (tabGroupNode) and the tab's screen. */
export function NodeOverview({ page, data }: { page: NodeTreePage; data: NodePageData }) {
  const { selected } = page;
  return (
    <div>
      <Breadcrumb items={page.breadcrumb} />
      <header className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold" data-testid="selected-name">
          {selected.label}
        </h2>
        <span className="muted text-sm" data-testid="selected-type">
          {TYPE_LABEL[selected.type] ?? selected.type}
        </span>
        {selected.type !== "NODE" ? <span className="muted text-sm">· {formatCount(selected.count)} nodes</span> : null}
      </header>
      <NodeTabsNav tabs={data.tabs} selected={data.tab} />
      {!data.analysed ? <p className="card muted mb-3 text-sm">{TEXT_NODES.noAnalysis}</p> : null}
      {data.view === "group-grid" ? <NodeGroupGrid grid={data.groupGrid} mode={data.mode} /> : null}
      {data.view === "node-grid" ? <NodeGrid grid={data.nodeGrid} mode={data.mode} gpu={data.gpu} /> : null}
      {data.view === "group-overview" ? <NodeGroupOverview data={data} /> : null}
      {data.view === "node-overview" ? <NodeDetailOverview data={data} gpu={data.gpu} /> : null}
    </div>
  );
}
