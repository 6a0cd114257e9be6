import { isDefaultGroup, type NodeViewMode } from "~/features/nodes/constants";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";
import { ChartPanel } from "./ChartPanel";
import { useExportHref } from "./exportHref";
import { count, dec, HealthBadge, money, pct } from "./format";
import { NodeGridTable, type GridColumn } from "./NodeGridTable";

type Row = NodeGroupGridData["rows"][number];

// Above a threshold of the health rule: the cell is marked (spec sections 4 and 9).
const warn = (on: boolean) => (on ? "font-semibold text-red-700 dark:text-red-300" : undefined);

export const NODE_GROUP_COLUMNS: GridColumn<Row>[] = [
  { key: "nodeGroupName", label: "Node Group", render: (r) => r.nodeGroupName },
  { key: "clusterName", label: "Cluster", render: (r) => r.clusterName },
  { key: "health", label: "Health", render: (r) => <HealthBadge health={r.health} /> },
  { key: "primaryNodeType", label: "Primary Node Type", render: (r) => r.primaryNodeType ?? "-" },
  { key: "avgNodeCount", label: "Avg Nodes", numeric: true, render: (r) => dec(r.avgNodeCount) },
  { key: "uniqueNodeCount", label: "Unique Nodes", numeric: true, render: (r) => count(r.uniqueNodeCount) },
  { key: "cpuRequestPct", label: "CPU Request %", numeric: true, render: (r) => pct(r.cpuRequestPct), className: (r) => warn(r.cpuRequestPct > 70) },
  { key: "avgCpuUtilization", label: "Avg CPU %", numeric: true, render: (r) => pct(r.avgCpuUtilization) },
  { key: "peakCpuUtilization", label: "Peak CPU %", numeric: true, render: (r) => pct(r.peakCpuUtilization) },
  { key: "memRequestPct", label: "Memory Request %", numeric: true, render: (r) => pct(r.memRequestPct), className: (r) => warn(r.memRequestPct > 80) },
  { key: "avgMemUtilization", label: "Avg Memory %", numeric: true, render: (r) => pct(r.avgMemUtilization) },
  { key: "peakMemUtilization", label: "Peak Memory %", numeric: true, render: (r) => pct(r.peakMemUtilization) },
  { key: "cpuSaturationNodePct", label: "CPU Saturated Nodes %", numeric: true, render: (r) => pct(r.cpuSaturationNodePct), className: (r) => warn(r.cpuSaturationNodePct > 50) },
  { key: "memSaturationNodePct", label: "Memory Saturated Nodes %", numeric: true, render: (r) => pct(r.memSaturationNodePct), className: (r) => warn(r.memSaturationNodePct > 50) },
  { key: "cpuNodeBalanceRatio", label: "CPU Balance Ratio", numeric: true, render: (r) => dec(r.cpuNodeBalanceRatio), className: (r) => warn((r.cpuNodeBalanceRatio ?? 0) >= 10) },
  { key: "memNodeBalanceRatio", label: "Memory Balance Ratio", numeric: true, render: (r) => dec(r.memNodeBalanceRatio), className: (r) => warn((r.memNodeBalanceRatio ?? 0) >= 10) },
  { key: "maxPodCapNodeCount", label: "Nodes at Max Pods", numeric: true, render: (r) => count(r.maxPodCapNodeCount) },
  { key: "manifestMemEventCount", label: "Memory Events", numeric: true, render: (r) => count(r.manifestMemEventCount), className: (r) => warn(r.manifestMemEventCount > 0) },
  { key: "primaryConstraint", label: "Primary Constraint", render: (r) => r.primaryConstraint ?? "-" },
  { key: "optimizedNodeFamily", label: "Optimized Family", render: (r) => r.optimizedNodeFamily ?? "-" },
  { key: "optimizedAvgNodeCount", label: "Optimized Nodes", numeric: true, render: (r) => count(r.optimizedAvgNodeCount) },
  { key: "currentEstimatedCost", label: "Current Cost ($/month)", numeric: true, render: (r) => money(r.currentEstimatedCost) },
  { key: "optimizedEstimatedCost", label: "Optimized Cost ($/month)", numeric: true, render: (r) => money(r.optimizedEstimatedCost) },
  { key: "estimatedWastePerMonth", label: "Waste ($/month)", numeric: true, render: (r) => money(r.estimatedWastePerMonth) },
];

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
        selectedId={grid.selectedId}
        selectable={(r) => !isDefaultGroup(r.nodeGroupName)}
        state={grid}
        exportHref={exportHref}
        exportLabel="Export to Excel"
      />
      <ChartPanel panel={grid.panel} mode={mode} />
    </div>
  );
}
