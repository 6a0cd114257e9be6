import type { NodeViewMode } from "~/features/nodes/constants";
import type { NodeGridData } from "~/features/nodes/grids.server";
import { ChartPanel } from "./ChartPanel";
import { useExportHref } from "./exportHref";
import { count, day, dec, gb, pct } from "./format";
import { NodeGridTable, type GridColumn } from "./NodeGridTable";

type Row = NodeGridData["rows"][number];

// At or above a node utilisation threshold (CPU avg 70 / peak 70, memory avg 90 / peak 95).
const high = (v: number | null, t: number) => (v !== null && v >= t ? "font-semibold text-red-700 dark:text-red-300" : undefined);

export const NODE_COLUMNS: GridColumn<Row>[] = [
  { key: "nodeName", label: "Node", render: (r) => r.nodeName },
  { key: "nodeGroupName", label: "Node Group", render: (r) => r.nodeGroupName },
  { key: "clusterName", label: "Cluster", render: (r) => r.clusterName },
  { key: "instanceType", label: "Instance Type", render: (r) => r.instanceType },
  { key: "cpuUtilizationAvgPct", label: "Avg CPU %", numeric: true, render: (r) => pct(r.cpuUtilizationAvgPct), className: (r) => high(r.cpuUtilizationAvgPct, 70) },
  { key: "cpuUtilizationPeakPct", label: "Peak CPU %", numeric: true, render: (r) => pct(r.cpuUtilizationPeakPct), className: (r) => high(r.cpuUtilizationPeakPct, 70) },
  { key: "memUtilizationAvgPct", label: "Avg Memory %", numeric: true, render: (r) => pct(r.memUtilizationAvgPct), className: (r) => high(r.memUtilizationAvgPct, 90) },
  { key: "memUtilizationPeakPct", label: "Peak Memory %", numeric: true, render: (r) => pct(r.memUtilizationPeakPct), className: (r) => high(r.memUtilizationPeakPct, 95) },
  { key: "nodeHours", label: "Node Hours", numeric: true, render: (r) => dec(r.nodeHours) },
  { key: "ageDays", label: "Age (Days)", numeric: true, render: (r) => dec(r.ageDays) },
  { key: "maxAllowedPods", label: "Max Allowed Pods", numeric: true, render: (r) => count(r.maxAllowedPods) },
  { key: "numPodsAvg", label: "Pods Average*", numeric: true, render: (r) => dec(r.numPodsAvg) },
  { key: "numPodsPeak", label: "Pods Peak*", numeric: true, render: (r) => count(r.numPodsPeak), className: (r) => (r.atMaxPodCapacity ? "font-semibold text-amber-700 dark:text-amber-300" : undefined) },
  { key: "firstSeenDateUtc", label: "First Seen", render: (r) => day(r.firstSeenDateUtc) },
  { key: "lastSeenDateUtc", label: "Last Seen", render: (r) => day(r.lastSeenDateUtc) },
];

/** GPU columns, only with the GPU feature on (spec section 3). */
export const NODE_GPU_COLUMNS: GridColumn<Row>[] = [
  { key: "gpuModel", label: "GPU Model", render: (r) => r.gpuModel ?? "-" },
  { key: "nodeGpu", label: "GPUs", numeric: true, render: (r) => dec(r.nodeGpu) },
  { key: "allocatableGpu", label: "Allocatable GPUs", numeric: true, render: (r) => dec(r.allocatableGpu) },
  { key: "gpuMemoryTotal", label: "GPU Memory (GB)", numeric: true, render: (r) => gb(r.gpuMemoryTotal) },
  { key: "gpuUtilizationAvg", label: "Avg GPU %", numeric: true, render: (r) => pct(r.gpuUtilizationAvg) },
  { key: "gpuMemUtilizationAvg", label: "Avg GPU Memory %", numeric: true, render: (r) => pct(r.gpuMemUtilizationAvg) },
];

/** Nodes (spec 2.7): the grid and the selected node's Utilization Charts. */
export function NodeGrid({ grid, mode, gpu }: { grid: NodeGridData; mode: NodeViewMode; gpu: boolean }) {
  const exportHref = useExportHref("nodes");
  return (
    <div>
      <NodeGridTable
        label="Nodes"
        testId="node-grid"
        columns={gpu ? [...NODE_COLUMNS, ...NODE_GPU_COLUMNS] : NODE_COLUMNS}
        rows={grid.rows}
        rowId={(r) => r.nodeId}
        selectedId={grid.selectedId}
        state={grid}
        exportHref={exportHref}
        exportLabel="Export to Excel"
        footnote="Data is derived from past 7 days. * Estimated: pods per node follow the workloads' replicas and the node's load."
      />
      <ChartPanel panel={grid.panel} mode={mode} />
    </div>
  );
}
