import type { ColumnDef } from "@tanstack/react-table";
import type { NodeGridData } from "~/features/nodes/grids.server";
import { nodeColumn } from "./column";
import { count, day, dec, gb, money, pct, whole } from "./format";

type Row = NodeGridData["rows"][number];

// At or above a node utilisation threshold (CPU avg 70 / peak 70, memory avg 90 / peak 95).
const high = (v: number | null, t: number) => (v !== null && v >= t ? "font-semibold text-red-700 dark:text-red-300" : undefined);
const num = { numeric: true };

// Waste in the waste colour, a negative share (its group needs more capacity) in the risk colour (UX.md).
const wasteTone = (v: number | null) => (v === null ? undefined : v > 0 ? "font-semibold text-amber-700 dark:text-amber-300" : v < 0 ? "text-red-700 dark:text-red-300" : undefined);

/**
 * Money first (decisions 018 and 026): each node's share of its group's waste and its monthly cost sit beside its
 * name; the total row sums every node in scope (all pages).
 */
export function nodeColumns(totals: NodeGridData["totals"], gpu: boolean): ColumnDef<Row>[] {
  const total = (v: number) => <span className="font-semibold">{money(v)}</span>;
  const first: ColumnDef<Row>[] = [
    nodeColumn("nodeName", "Node", (r) => r.nodeName, { select: true, footer: <span className="font-semibold">Total ({count(totals.nodes)} nodes)</span> }),
    nodeColumn("monthlyWaste", "Waste ($/month)", (r) => money(r.monthlyWaste), { ...num, className: (r) => wasteTone(r.monthlyWaste), footer: total(totals.monthlyWaste) }),
    nodeColumn("monthlyCost", "Cost ($/month)", (r) => money(r.monthlyCost), { ...num, footer: total(totals.monthlyCost) }),
  ];
  return [...first, ...NODE_COLUMNS.slice(1), ...(gpu ? GPU_COLUMNS : [])];
}

const NODE_COLUMNS: ColumnDef<Row>[] = [
  nodeColumn("nodeName", "Node", (r) => r.nodeName, { select: true }),
  nodeColumn("nodeGroupName", "Node Group", (r) => r.nodeGroupName),
  nodeColumn("clusterName", "Cluster", (r) => r.clusterName),
  nodeColumn("instanceType", "Instance Type", (r) => r.instanceType),
  nodeColumn("cpuUtilizationAvgPct", "Avg CPU %", (r) => pct(r.cpuUtilizationAvgPct), { ...num, className: (r) => high(r.cpuUtilizationAvgPct, 70) }),
  nodeColumn("cpuUtilizationPeakPct", "Peak CPU %", (r) => pct(r.cpuUtilizationPeakPct), { ...num, className: (r) => high(r.cpuUtilizationPeakPct, 70) }),
  nodeColumn("memUtilizationAvgPct", "Avg Memory %", (r) => pct(r.memUtilizationAvgPct), { ...num, className: (r) => high(r.memUtilizationAvgPct, 90) }),
  nodeColumn("memUtilizationPeakPct", "Peak Memory %", (r) => pct(r.memUtilizationPeakPct), { ...num, className: (r) => high(r.memUtilizationPeakPct, 95) }),
  nodeColumn("nodeHours", "Node Hours", (r) => whole(r.nodeHours), num),
  nodeColumn("ageDays", "Age (Days)", (r) => whole(r.ageDays), num),
  nodeColumn("maxAllowedPods", "Max Allowed Pods", (r) => count(r.maxAllowedPods), num),
  nodeColumn("numPodsAvg", "Pods Average*", (r) => dec(r.numPodsAvg), num),
  nodeColumn("numPodsPeak", "Pods Peak*", (r) => count(r.numPodsPeak), { ...num, className: (r) => (r.atMaxPodCapacity ? "font-semibold text-amber-700 dark:text-amber-300" : undefined) }),
  nodeColumn("firstSeenDateUtc", "First Seen", (r) => day(r.firstSeenDateUtc)),
  nodeColumn("lastSeenDateUtc", "Last Seen", (r) => day(r.lastSeenDateUtc)),
];

/** With the GPU feature on (spec section 3), the GPU columns follow. */
const GPU_COLUMNS: ColumnDef<Row>[] = [
  nodeColumn("gpuModel", "GPU Model", (r) => r.gpuModel ?? "-"),
  nodeColumn("nodeGpu", "GPUs", (r) => dec(r.nodeGpu), num),
  nodeColumn("allocatableGpu", "Allocatable GPUs", (r) => dec(r.allocatableGpu), num),
  nodeColumn("gpuMemoryTotal", "GPU Memory (GB)", (r) => gb(r.gpuMemoryTotal), num),
  nodeColumn("gpuUtilizationAvg", "Avg GPU %", (r) => pct(r.gpuUtilizationAvg), num),
  nodeColumn("gpuMemUtilizationAvg", "Avg GPU Memory %", (r) => pct(r.gpuMemUtilizationAvg), num),
];
