import type { NodeViewMode } from "~/features/nodes/constants";
import type { NodeGridData } from "~/features/nodes/grids.server";
import { ChartPanel } from "./ChartPanel";
import { useExportHref } from "./exportHref";
import { nodeColumns } from "./node-columns";
import { NodeGridTable } from "./NodeGridTable";

/** Nodes (spec 2.7): the grid and the selected node's Utilization Charts. */
export function NodeGrid({ grid, mode, gpu }: { grid: NodeGridData; mode: NodeViewMode; gpu: boolean }) {
  const exportHref = useExportHref("nodes");
  return (
    <div>
      <NodeGridTable
        label="Nodes"
        testId="node-grid"
        columns={nodeColumns(grid.totals, gpu)}
        rows={grid.rows}
        rowId={(r) => r.nodeId}
        state={grid}
        exportHref={exportHref}
        exportLabel="Export to Excel"
        footnote="Data is derived from past 7 days. Cost: the node type's catalog price × the node's hours, per month; waste: the node's share of its group's waste (current − optimized cost), in proportion to its cost. * Estimated: pods per node follow the workloads' replicas and the node's load."
      />
      <ChartPanel panel={grid.panel} mode={mode} />
    </div>
  );
}
