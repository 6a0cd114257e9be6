import type { NodePageData } from "~/features/nodes/page.server";
import { RiArrowRightLine } from "@remixicon/react";
import { TEXT_NODES } from "~/features/nodes/constants";
import { HIGH_RISK_BALANCE_RATIO, HIGH_RISK_SATURATION_NODE_PCT } from "~/engine/nodes/constants";
import { ChartModeSwitch } from "./ChartModeSwitch";
import { Field, Section } from "./Field";
import { cores, count, dec, gb, HealthBadge, money, pct } from "./format";
import { NodeChartGrid } from "./NodeChartGrid";
import { OptimisationWhy } from "~/components/drawers/OptimisationWhy";
import { NODE_GROUP_METRICS } from "~/domain/nodes/series";

const chartTitle = (key: string) => `${NODE_GROUP_METRICS.find((m) => m.key === key)?.title ?? key} chart`;

type Data = Extract<NodePageData, { view: "group-overview" }>;
type Level = "high" | "medium" | "none";

const LEVEL_CLASS: Record<Level, string> = {
  high: "text-red-700 dark:text-red-300",
  medium: "text-amber-700 dark:text-amber-300",
  none: "",
};
const LEVEL_TEXT: Record<Level, string> = { high: "High Risk", medium: "Medium Risk", none: "" };

/** One line of Health (Last 7 Days): a condition of the section 4 rule, its value and the level it sets. */
function Condition({ label, value, level, testId }: { label: string; value: string; level: Level; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1 text-sm" data-testid={testId} data-level={level}>
      <span className="muted">{label}</span>
      <span className={`font-medium tabular-nums ${LEVEL_CLASS[level]}`}>
        {value}
        {level !== "none" ? <span className="ml-2 text-xs">({LEVEL_TEXT[level]})</span> : null}
      </span>
    </div>
  );
}

/** A node group's overview (spec 2.7): Analysis Summary, Node Group Information, Health (Last 7 Days), Resources Summary. */
export function NodeGroupOverview({ data }: { data: Data }) {
  const g = data.group;
  if (!g) return <p className="card muted">{data.analysed ? "This node group is not in the current analysis." : TEXT_NODES.noAnalysis}</p>;
  const h = data.thresholds.health;
  const c = data.thresholds.capacity;
  const sat = (v: number, t: number): Level => (v > HIGH_RISK_SATURATION_NODE_PCT ? "high" : v > t ? "medium" : "none");
  const ratio = (v: number | null, t: number): Level => (v === null ? "none" : v >= HIGH_RISK_BALANCE_RATIO ? "high" : v > t ? "medium" : "none");
  return (
    <div className="space-y-3" data-testid="node-group-overview">
      <div className="grid gap-3 lg:grid-cols-2">
        <Section title="Analysis Summary" testId="analysis-summary">
          <dl>
            <Field label="Primary Constraint">{g.primaryConstraint ?? "-"}</Field>
            <Field label="Current Node Family">{g.currentNodeFamily ?? "-"}</Field>
            <Field label="Optimized Node Family" testId="optimized-family">{g.optimizedNodeFamily ?? "-"}</Field>
            <Field label="Avg Nodes (Current → Optimized)">
              <span className="inline-flex items-center gap-1">
                {dec(g.avgNodeCount)} <RiArrowRightLine aria-hidden="true" className="h-3.5 w-3.5" />
                <span className="sr-only">optimized</span> {count(g.optimizedAvgNodeCount)}
              </span>
            </Field>
            <Field label="Current Cost ($/month)">{money(g.currentEstimatedCost)}</Field>
            <Field label="Optimized Cost ($/month)">{money(g.optimizedEstimatedCost)}</Field>
            <Field label="Estimated Waste ($/month)" testId="estimated-waste">
              {money(g.estimatedWastePerMonth)} {g.estimatedWastePercent !== null ? <span className="muted text-xs">({pct(g.estimatedWastePercent)})</span> : null}
            </Field>
            <Field label="Manifests to Optimize">
              {count(g.manifestToOptCount)} of {count(g.manifestCount)}
            </Field>
          </dl>
          {g.unpricedInstanceTypes.length ? <p className="muted mt-1 text-xs">No catalog price for {g.unpricedInstanceTypes.join(", ")}: current cost unknown.</p> : null}
        </Section>
        <Section title="Node Group Information" testId="node-group-information">
          <dl>
            <Field label="Cluster">{g.clusterName}</Field>
            <Field label="Node Group">{g.nodeGroupName}</Field>
            <Field label="Primary Node Type">{g.primaryNodeType ?? "-"}</Field>
            <Field label="Node CPU (cores)">{cores(g.nodeCpu)}</Field>
            <Field label="Node Memory (GB)">{gb(g.nodeMem)}</Field>
            <Field label="Unique Nodes">{count(g.uniqueNodeCount)}</Field>
            <Field label="Unique Nodes (Last Day)">{count(g.uniqueNodeCountLastDay)}</Field>
            <Field label="Total Node Hours">{dec(g.totalNodeHours)}</Field>
          </dl>
        </Section>
        <Section title="Health (Last 7 Days)" testId="node-group-health">
          <p className="mb-2" data-testid="health">
            <HealthBadge health={g.health} />
          </p>
          <Condition label="CPU Saturated Nodes" value={`${pct(g.cpuSaturationNodePct)} (${count(g.cpuSaturationNodeCount)})`} level={sat(g.cpuSaturationNodePct, h.cpuSaturationNodePctThreshold)} testId="cpu-saturation" />
          <Condition label="Memory Saturated Nodes" value={`${pct(g.memSaturationNodePct)} (${count(g.memSaturationNodeCount)})`} level={sat(g.memSaturationNodePct, h.memSaturationNodePctThreshold)} testId="mem-saturation" />
          <Condition label="CPU Node Balance Ratio" value={dec(g.cpuNodeBalanceRatio)} level={ratio(g.cpuNodeBalanceRatio, h.cpuNodeBalanceRatioThreshold)} testId="cpu-balance" />
          <Condition label="Memory Node Balance Ratio" value={dec(g.memNodeBalanceRatio)} level={ratio(g.memNodeBalanceRatio, h.memNodeBalanceRatioThreshold)} testId="mem-balance" />
          <Condition label="Memory Limit Events" value={count(g.manifestMemEventCount)} level={g.manifestMemEventCount > 0 ? "high" : "none"} testId="mem-events" />
          <Condition label="Container Restarts" value={count(g.manifestRestartCount)} level="none" testId="restarts" />
          <Condition label="Nodes at Max Pod Capacity" value={count(g.maxPodCapNodeCount)} level={g.maxPodCapNodeCount > c.nodesAtMaxPodCapacityThreshold ? "medium" : "none"} testId="max-pods" />
        </Section>
        <Section title="Resources Summary" testId="resources-summary">
          <dl>
            <Field label="CPU Request">{pct(g.cpuRequestPct)}</Field>
            <Field label="Avg / Peak CPU Utilization">
              {pct(g.avgCpuUtilization)} / {pct(g.peakCpuUtilization)}
            </Field>
            <Field label="Memory Request">{pct(g.memRequestPct)}</Field>
            <Field label="Avg / Peak Memory Utilization">
              {pct(g.avgMemUtilization)} / {pct(g.peakMemUtilization)}
            </Field>
            <Field label="Allocatable CPU / Memory">
              {cores(g.aggregatedAllocatableCpu)} cores / {gb(g.aggregatedAllocatableMem)} GB
            </Field>
            <Field label="Capacity CPU / Memory">
              {cores(g.aggregatedCapacityCpu)} cores / {gb(g.aggregatedCapacityMem)} GB
            </Field>
            <Field label="Surplus CPU / Memory">
              {cores(g.surplusCpu)} cores / {gb(g.surplusMem)} GB
            </Field>
          </dl>
        </Section>
      </div>
      {data.why ? (
        <Section title="Why this recommendation" testId="node-group-why">
          <OptimisationWhy steps={data.why} samePage chartHref={(key) => `#node-chart-${key}`} chartLabel={chartTitle} />
        </Section>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Utilization Charts</h3>
        <span className="flex-1" />
        <ChartModeSwitch mode={data.mode} />
      </div>
      <NodeChartGrid charts={data.charts} mode={data.mode} emptyTitle="Utilization" />
    </div>
  );
}
