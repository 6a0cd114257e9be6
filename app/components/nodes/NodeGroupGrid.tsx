import { isDefaultGroup, type NodeViewMode } from "~/features/nodes/constants";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";
import { ChartPanel } from "./ChartPanel";
import { useExportHref } from "./exportHref";
import { NODE_GROUP_COLUMNS } from "./node-group-columns";
import { NodeGridTable } from "./NodeGridTable";

/** Node Group Analysis (spec 2.7): the grid, and the selected group's Utilization Charts behind showNodeGroupChart. */
export function NodeGroupGrid({ grid, mode }: { grid: NodeGroupGridData; mode: NodeViewMode }) {
  const exportHref = useExportHref("node-groups");
  return (
    <div>
      <NodeGridTable
        label="Node groups"
        testId="node-group-grid"
        columns={NODE_GROUP_COLUMNS}
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
