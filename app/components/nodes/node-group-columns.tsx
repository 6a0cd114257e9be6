import type { ColumnDef } from "@tanstack/react-table";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";

import { nodeColumn } from "./column";
import { count, dec, HealthBadge, money, pct } from "./format";

type Row = NodeGroupGridData["rows"][number];

// Above a threshold of the health rule: the cell is marked (spec sections 4 and 9).
const warn = (on: boolean) => (on ? "font-semibold text-red-700 dark:text-red-300" : undefined);
const num = { numeric: true };
// Waste in the waste colour, a shortfall (negative waste: the group needs more) in the risk colour (UX.md).
const wasteTone = (v: number | null) => (v === null ? undefined : v > 0 ? "font-semibold text-amber-700 dark:text-amber-300" : v < 0 ? "text-red-700 dark:text-red-300" : undefined);

/**
 * Money first (decision 018): the waste, current and optimised cost and the optimised type sit beside the group's
 * name, ahead of the ~20 utilisation columns; the total row sums every group in scope (all pages).
 */
export function nodeGroupColumns(totals: NodeGroupGridData["totals"]): ColumnDef<Row>[] {
  const total = (v: number) => <span className="font-semibold">{money(v)}</span>;
  return [
    nodeColumn("nodeGroupName", "Node Group", (r) => r.nodeGroupName, { select: true, footer: <span className="font-semibold">Total ({count(totals.groups)} groups)</span> }),
    nodeColumn("estimatedWastePerMonth", "Waste ($/month)", (r) => money(r.estimatedWastePerMonth), { ...num, className: (r) => wasteTone(r.estimatedWastePerMonth), footer: total(totals.waste) }),
    nodeColumn("currentEstimatedCost", "Current Cost ($/month)", (r) => money(r.currentEstimatedCost), { ...num, footer: total(totals.currentCost) }),
    nodeColumn("optimizedEstimatedCost", "Optimized Cost ($/month)", (r) => money(r.optimizedEstimatedCost ?? r.currentEstimatedCost), { ...num, footer: total(totals.optimizedCost) }),
    nodeColumn("optimizedNodeFamily", "Optimized Type", (r) => r.optimizedNodeType ?? r.optimizedNodeFamily ?? "-"),
    nodeColumn("avgNodeCount", "Avg Nodes", (r) => dec(r.avgNodeCount), num),
    nodeColumn("optimizedAvgNodeCount", "Optimized Nodes", (r) => count(r.optimizedAvgNodeCount), num),
    nodeColumn("clusterName", "Cluster", (r) => r.clusterName),
    nodeColumn("health", "Health", (r) => <HealthBadge health={r.health} />),
    nodeColumn("primaryNodeType", "Primary Node Type", (r) => r.primaryNodeType ?? "-"),
    nodeColumn("uniqueNodeCount", "Unique Nodes", (r) => count(r.uniqueNodeCount), num),
    nodeColumn("cpuRequestPct", "CPU Request %", (r) => pct(r.cpuRequestPct), { ...num, className: (r) => warn(r.cpuRequestPct > 70) }),
    nodeColumn("avgCpuUtilization", "Avg CPU %", (r) => pct(r.avgCpuUtilization), num),
    nodeColumn("peakCpuUtilization", "Peak CPU %", (r) => pct(r.peakCpuUtilization), num),
    nodeColumn("memRequestPct", "Memory Request %", (r) => pct(r.memRequestPct), { ...num, className: (r) => warn(r.memRequestPct > 80) }),
    nodeColumn("avgMemUtilization", "Avg Memory %", (r) => pct(r.avgMemUtilization), num),
    nodeColumn("peakMemUtilization", "Peak Memory %", (r) => pct(r.peakMemUtilization), num),
    nodeColumn("cpuSaturationNodePct", "CPU Saturated Nodes %", (r) => pct(r.cpuSaturationNodePct), { ...num, className: (r) => warn(r.cpuSaturationNodePct > 50) }),
    nodeColumn("memSaturationNodePct", "Memory Saturated Nodes %", (r) => pct(r.memSaturationNodePct), { ...num, className: (r) => warn(r.memSaturationNodePct > 50) }),
    nodeColumn("cpuNodeBalanceRatio", "CPU Balance Ratio", (r) => dec(r.cpuNodeBalanceRatio), { ...num, className: (r) => warn((r.cpuNodeBalanceRatio ?? 0) >= 10) }),
    nodeColumn("memNodeBalanceRatio", "Memory Balance Ratio", (r) => dec(r.memNodeBalanceRatio), { ...num, className: (r) => warn((r.memNodeBalanceRatio ?? 0) >= 10) }),
    nodeColumn("maxPodCapNodeCount", "Nodes at Max Pods", (r) => count(r.maxPodCapNodeCount), num),
    nodeColumn("manifestMemEventCount", "Memory Events", (r) => count(r.manifestMemEventCount), { ...num, className: (r) => warn(r.manifestMemEventCount > 0) }),
    nodeColumn("primaryConstraint", "Primary Constraint", (r) => r.primaryConstraint ?? "-"),
  ];
}
