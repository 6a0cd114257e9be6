import type { ColumnDef } from "@tanstack/react-table";
import type { NodeGroupGridData } from "~/features/nodes/grids.server";
import { nodeColumn } from "./column";
import { count, dec, HealthBadge, money, pct } from "./format";

type Row = NodeGroupGridData["rows"][number];

// Above a threshold of the health rule: the cell is marked (spec sections 4 and 9).
const warn = (on: boolean) => (on ? "font-semibold text-red-700 dark:text-red-300" : undefined);
const num = { numeric: true };

export const NODE_GROUP_COLUMNS: ColumnDef<Row>[] = [
  nodeColumn("nodeGroupName", "Node Group", (r) => r.nodeGroupName, { select: true }),
  nodeColumn("clusterName", "Cluster", (r) => r.clusterName),
  nodeColumn("health", "Health", (r) => <HealthBadge health={r.health} />),
  nodeColumn("primaryNodeType", "Primary Node Type", (r) => r.primaryNodeType ?? "-"),
  nodeColumn("avgNodeCount", "Avg Nodes", (r) => dec(r.avgNodeCount), num),
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
  nodeColumn("optimizedNodeFamily", "Optimized Family", (r) => r.optimizedNodeFamily ?? "-"),
  nodeColumn("optimizedAvgNodeCount", "Optimized Nodes", (r) => count(r.optimizedAvgNodeCount), num),
  nodeColumn("currentEstimatedCost", "Current Cost ($/month)", (r) => money(r.currentEstimatedCost), num),
  nodeColumn("optimizedEstimatedCost", "Optimized Cost ($/month)", (r) => money(r.optimizedEstimatedCost), num),
  nodeColumn("estimatedWastePerMonth", "Waste ($/month)", (r) => money(r.estimatedWastePerMonth), num),
];
