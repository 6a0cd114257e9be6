import { isDefaultGroup, type NodeViewMode } from "~/features/nodes/constants";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";
import { ChartPanel } from "./ChartPanel";
import { useExportHref } from "./exportHref";
import { nodeGroupColumns } from "./node-group-columns";
import { NodeMoneyCards } from "./NodeMoneyCards";
import { NodeGridTable } from "./NodeGridTable";

/** Node Group Analysis (spec 2.7): the grid, and the selected group's Utilization Charts behind showNodeGroupChart. */
export function NodeGroupGrid({ grid, mode }: { grid: NodeGroupGridData; mode: NodeViewMode }) {
  const exportHref = useExportHref("node-groups");
  return (
    <div>
      <NodeMoneyCards totals={grid.totals} />
      <NodeGridTable
        label="Node groups"
        testId="node-group-grid"
        columns={nodeGroupColumns(grid.totals)}
        rows={grid.rows}
        rowId={(r) => r.nodeGroupId}
        selectable={(r) => !isDefaultGroup(r.nodeGroupName)}
        state={grid}
        exportHref={exportHref}
        exportLabel="Export to Excel"
      />
      <ChartPanel panel={grid.panel} mode={mode} />
    </div>
  );
}
