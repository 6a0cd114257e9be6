/**
 * Why a node group's optimised type, count and cost are what they are (issue 15), told from the figures the
 * analysis stored for the group and the catalog it priced them with. The needs at the request thresholds are
 * exact (allocatable − surplus, the surplus being allocatable − need); the usage needs are worked back from the
 * stored average and peak utilisation × the average capacity, so they are "about" (the group's % is of the
 * capacity of the nodes running at each time). The count and costs are recomputed with the engine's own
 * nodesNeeded and price × 730 hours and checked against the stored ones; a difference is said, not hidden.
 */
import { HOURS_PER_MONTH } from "../catalog/price";
import type { CatalogSource, InstanceType } from "../catalog/types";
import { allocatableOf } from "./allocatable";
import type { CapacityThresholds } from "./constants";
import { nodesNeeded } from "./needs";

/** The stored figures of a node group the chain is told from (NodeGroupRow's names). */
export interface StoredNodeGroup {
  clusterName: string;
  nodeGroupName: string;
  primaryNodeType: string | null;
  uniqueNodeCount: number;
  avgNodeCount: number;
  totalNodeHours: number;
  avgCpuUtilization: number | null;
  peakCpuUtilization: number | null;
  avgMemUtilization: number | null;
  peakMemUtilization: number | null;
  cpuRequestPct: number;
  memRequestPct: number;
  aggregatedAllocatableCpu: number;
  aggregatedAllocatableMem: number;
  aggregatedCapacityCpu: number;
  aggregatedCapacityMem: number;
  surplusCpu: number;
  surplusMem: number;
  optimizedNodeType: string | null;
  optimizedAvgNodeCount: number | null;
  optimizedEstimatedCost: number | null;
  currentEstimatedCost: number | null;
  estimatedWastePerMonth: number | null;
  estimatedWastePercent: number | null;
  unpricedInstanceTypes: string[];
}

export type NodeWhyRule = "samples" | "statistic" | "requestNeed" | "usageNeed" | "rule" | "count" | "price" | "cost" | "currentCost" | "waste" | "none";

export interface NodeWhyStep {
  rule: NodeWhyRule;
  text: string;
  /** The node group chart (its metric key on the group's overview) the figure comes from. */
  chart?: string;
}

const N2 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const N4 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const n = (v: number) => N2.format(Math.round(v * 100) / 100);
const money = (v: number) => `$${CENTS.format(v)}`;
const hourly = (v: number) => `$${N4.format(v)}`;
const frac = (pct: number) => (pct > 0 ? pct / 100 : 1);

export function explainNodeGroup(
  g: StoredNodeGroup,
  t: CapacityThresholds,
  types: { current: InstanceType | null; optimised: InstanceType | null },
  source: (type: InstanceType) => CatalogSource | null,
  windowHours: number,
  windowEnd: string,
): NodeWhyStep[] {
  const steps: NodeWhyStep[] = [];
  steps.push({
    rule: "samples",
    chart: "nodes",
    text: `${windowHours / 24}-day window to ${windowEnd.slice(0, 16).replace("T", " ")} UTC: ${n(g.totalNodeHours)} node hours on ${g.uniqueNodeCount} node${g.uniqueNodeCount === 1 ? "" : "s"} = ${n(g.avgNodeCount)} nodes on average${g.primaryNodeType ? `, mostly ${g.primaryNodeType}` : ""}`,
  });
  if (g.avgCpuUtilization !== null && g.peakCpuUtilization !== null) {
    steps.push({ rule: "statistic", chart: "cpuUtilization", text: `CPU used: ${n(g.avgCpuUtilization)}% on average and ${n(g.peakCpuUtilization)}% at the busiest five minutes, of ${n(g.aggregatedCapacityCpu)} mCores of capacity` });
  }
  if (g.avgMemUtilization !== null && g.peakMemUtilization !== null) {
    steps.push({ rule: "statistic", chart: "memoryUtilizationPercent", text: `Memory used: ${n(g.avgMemUtilization)}% on average and ${n(g.peakMemUtilization)}% at the busiest five minutes, of ${n(g.aggregatedCapacityMem)} MB of capacity` });
  }
  const cpuRequestNeed = g.aggregatedAllocatableCpu - g.surplusCpu;
  const memRequestNeed = g.aggregatedAllocatableMem - g.surplusMem;
  steps.push({
    rule: "requestNeed",
    chart: "cpuRequestPercent",
    text: `the containers' recommended CPU requests, ${n(cpuRequestNeed * frac(t.cpuRequestThreshold))} mCores (${n(g.cpuRequestPct)}% of allocatable is requested today), ÷ the ${t.cpuRequestThreshold}% CPU request threshold = ${n(cpuRequestNeed)} mCores allocatable needed`,
  });
  steps.push({
    rule: "requestNeed",
    chart: "memoryRequestPercent",
    text: `the recommended memory requests, ${n(memRequestNeed * frac(t.memoryRequestThreshold))} MB (${n(g.memRequestPct)}% requested today), ÷ the ${t.memoryRequestThreshold}% memory request threshold = ${n(memRequestNeed)} MB allocatable needed`,
  });
  const used = (pct: number | null, cap: number) => ((pct ?? 0) / 100) * cap;
  const cpuUsageNeed = Math.max(used(g.avgCpuUtilization, g.aggregatedCapacityCpu) / frac(t.avgCpuUtilizationThreshold), used(g.peakCpuUtilization, g.aggregatedCapacityCpu) / frac(t.peakCpuUtilizationThreshold));
  const memUsageNeed = Math.max(used(g.avgMemUtilization, g.aggregatedCapacityMem) / frac(t.avgMemoryUtilizationThreshold), used(g.peakMemUtilization, g.aggregatedCapacityMem) / frac(t.peakMemoryUtilizationThreshold));
  steps.push({
    rule: "usageNeed",
    text: `use at the utilisation thresholds: CPU about max(average ÷ ${t.avgCpuUtilizationThreshold}%, peak ÷ ${t.peakCpuUtilizationThreshold}%) = ${n(cpuUsageNeed)} mCores, memory about max(average ÷ ${t.avgMemoryUtilizationThreshold}%, peak ÷ ${t.peakMemoryUtilizationThreshold}%) = ${n(memUsageNeed)} MB of capacity`,
  });

  const o = types.optimised;
  if (!g.optimizedNodeType || !o || g.optimizedAvgNodeCount === null || g.optimizedEstimatedCost === null) {
    steps.push({
      rule: "none",
      text: g.optimizedNodeType
        ? `optimised type ${g.optimizedNodeType} is no longer in the catalog: its figures are the analysis's`
        : "no optimised type: the group has no node hours, no known provider, runs accelerators (GPU) the candidates lack, or no candidate holds its largest container",
    });
    return steps;
  }
  const region = types.current?.region ?? o.region;
  steps.push({
    rule: "rule",
    text: `candidates: ${o.provider} ${o.service} types priced on demand in ${region}, ${o.architecture}, not burstable, GPU, bare-metal or HPC, each holding the largest container; the one whose node count meets every threshold for the least money a month: ${o.name} (${n(o.vcpus)} vCPUs, ${n(o.memoryGiB)} GiB)`,
  });
  const alloc = allocatableOf(o);
  const cap = { cpu: o.vcpus * 1000, mem: o.memoryGiB * 1024 };
  const count = nodesNeeded({ cpuRequestNeed, memRequestNeed, cpuUsageNeed, memUsageNeed }, { allocatableCpu: alloc.cpu, allocatableMem: alloc.mem, capacityCpu: cap.cpu, capacityMem: cap.mem });
  const ratio = (need: number, per: number) => n(need <= 0 ? 0 : need / per);
  steps.push({
    rule: "count",
    text:
      `nodes = max(1, ceil(max(${n(cpuRequestNeed)} ÷ ${n(alloc.cpu)}, ${n(memRequestNeed)} ÷ ${n(alloc.mem)}, ${n(cpuUsageNeed)} ÷ ${n(cap.cpu)}, ${n(memUsageNeed)} ÷ ${n(cap.mem)}))) ` +
      `= max(1, ceil(max(${ratio(cpuRequestNeed, alloc.cpu)}, ${ratio(memRequestNeed, alloc.mem)}, ${ratio(cpuUsageNeed, cap.cpu)}, ${ratio(memUsageNeed, cap.mem)}))) = ${g.optimizedAvgNodeCount}` +
      (count === g.optimizedAvgNodeCount ? "" : ` (the analysis used the allocatable observed on the group's ${o.name} nodes, or the exact usage over time; worked back from the stored figures it is ${count})`),
  });
  const src = source(o);
  steps.push({
    rule: "price",
    text: `${hourly(o.hourlyPrice ?? 0)} an hour for ${o.name} on demand in ${o.region}, from the ${src ? `${src.provider} ${src.service} catalog: ${src.dataset}, prices as of ${src.asOf}` : "shipped catalog"}`,
  });
  const cost = g.optimizedAvgNodeCount * (o.hourlyPrice ?? 0) * HOURS_PER_MONTH;
  steps.push({
    rule: "cost",
    text: `${g.optimizedAvgNodeCount} × ${hourly(o.hourlyPrice ?? 0)} × ${HOURS_PER_MONTH} hours = ${money(g.optimizedEstimatedCost)} a month optimised${Math.abs(cost - g.optimizedEstimatedCost) >= 0.005 ? ` (at today's catalog ${money(cost)})` : ""}`,
  });
  const cur = types.current;
  steps.push({
    rule: "currentCost",
    text:
      g.currentEstimatedCost === null
        ? `the current cost is unknown: the catalog has no price for ${g.unpricedInstanceTypes.join(", ")}`
        : `now ${money(g.currentEstimatedCost)} a month: what the group ran, price × node hours × ${HOURS_PER_MONTH} ÷ ${windowHours} hours${cur?.hourlyPrice != null ? ` (${cur.name} at ${hourly(cur.hourlyPrice)} an hour)` : ""}`,
  });
  if (g.estimatedWastePerMonth !== null) {
    steps.push({
      rule: "waste",
      text:
        g.estimatedWastePerMonth >= 0
          ? `waste ${money(g.currentEstimatedCost!)} − ${money(g.optimizedEstimatedCost)} = ${money(g.estimatedWastePerMonth)} a month${g.estimatedWastePercent !== null ? ` (${n(g.estimatedWastePercent)}%)` : ""}`
          : `the group needs ${money(-g.estimatedWastePerMonth)} a month more than it has to meet the thresholds`,
    });
  }
  return steps;
}
