/**
 * The cards of a workload's overview (spec 2.6; reused by the container drawer): attributes, container risks,
 * node-group risks, resource adjustments ("*per container") and surplus. Null values show a dash.
 */
import { RiArrowRightLine, RiCheckLine, RiErrorWarningLine } from "@remixicon/react";
import type { ReactNode } from "react";
import { DirectionBadge } from "~/components/containers/badges";
import { Card, Metric } from "~/components/ui/tremor";
import { WORKLOAD_TEXT } from "~/domain/workload/constants";
import { formatCount, formatCurrency, formatDate, formatDecimal } from "~/lib/format";
import type { ContainerRow } from "~/models/container-rows.server";

export interface ContainerInventoryFacts {
  cluster: string;
  namespace: string;
  pod_owner_kind: string;
  pod_owner_name: string;
  container_name: string;
  node_group: string;
  policy: string;
  replicas: number;
  first_seen: string;
  last_seen: string;
  attributes: { attr_key: string; value: string }[];
}

/** A titled Tremor card (a region named by its title); its title is an h2, as the cards come right under the screen's h1. */
function FactsCard({ title, children, testId, footer }: { title: string; children: ReactNode; testId: string; footer?: ReactNode }) {
  return (
    <Card role="region" className="flex flex-col gap-2 p-3" aria-label={title} data-testid={testId}>
      <h2 className="text-sm font-semibold text-tremor-content-strong dark:text-dark-tremor-content-strong">{title}</h2>
      {children}
      {footer ? <p className="muted mt-auto text-xs">{footer}</p> : null}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1 last:border-0 dark:border-slate-800">
          <dt className="muted">{k}</dt>
          <dd className="text-right font-medium tabular-nums [overflow-wrap:anywhere]">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === "" ? "-" : v);

export function AttributesCard({ container: c, row }: { container: ContainerInventoryFacts; row: ContainerRow | null }) {
  return (
    <FactsCard title="Attributes" testId="workload-attributes">
      <Facts
        rows={[
          ["Cluster", c.cluster],
          ["Namespace", c.namespace],
          ["Pod Owner", `${c.pod_owner_name} (${c.pod_owner_kind})`],
          ["Container", c.container_name],
          ["Node Group", c.node_group],
          ["Policy", dash(row?.policyName ?? c.policy)],
          ["Recommendation", dash(row?.recommendation)],
          ["Containers (average)", formatDecimal(row?.currentCount ?? c.replicas)],
          ["Running Hours", formatDecimal(row?.runningHours)],
          ["First Seen", formatDate(c.first_seen)],
          ["Last Seen", formatDate(c.last_seen)],
          ...c.attributes.map((a) => [a.attr_key.replace(/_/g, " ").replace(/\b\w/g, (m) => m.toUpperCase()), a.value] as [string, string]),
        ]}
      />
    </FactsCard>
  );
}

function RiskFlag({ at }: { at: boolean | null | undefined }) {
  if (at === null || at === undefined) return <span>-</span>;
  return at ? (
    <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-300" data-risk="yes">
      <RiErrorWarningLine aria-hidden="true" className="h-4 w-4" /> At risk
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300" data-risk="no">
      <RiCheckLine aria-hidden="true" className="h-4 w-4" /> No risk
    </span>
  );
}

export function ContainerRisksCard({ row }: { row: ContainerRow | null }) {
  return (
    <FactsCard title="Container Risks" testId="workload-container-risks">
      <Facts
        rows={[
          ["CPU Throttling", <RiskFlag key="t" at={row?.hasCpuThrottledRisk} />],
          ["Memory Pod Termination", <RiskFlag key="p" at={row?.hasMemoryPodTerminationRisk} />],
          ["Memory Process Termination", <RiskFlag key="m" at={row?.hasMemoryProcessTerminationRisk} />],
          ["Restarts (Last Day / 7 Days)", `${formatCount(row?.restartsLastDay)} / ${formatCount(row?.restartsLast7Days)}`],
          ["Memory Limit Events (Last Day / 7 Days)", `${formatCount(row?.memoryLimitEventLastDay)} / ${formatCount(row?.memoryLimitEventLast7Days)}`],
        ]}
      />
    </FactsCard>
  );
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "-" : `${formatDecimal(v)}%`);

export function NodeGroupRisksCard({ row, nodeGroup }: { row: ContainerRow | null; nodeGroup: string }) {
  return (
    <FactsCard title="Node Group Risks" testId="workload-node-group-risks">
      <Facts
        rows={[
          ["Node Group", nodeGroup],
          ["CPU Saturation", <RiskFlag key="c" at={row?.hasCpuSaturation} />],
          ["CPU Saturated Nodes", pct(row?.cpuSaturationNodePct)],
          ["Memory Saturation", <RiskFlag key="m" at={row?.hasMemSaturation} />],
          ["Memory Saturated Nodes", pct(row?.memSaturationNodePct)],
          ["CPU Stranded", <RiskFlag key="cs" at={row?.hasCpuStrandedRisk} />],
          ["Memory Stranded", <RiskFlag key="ms" at={row?.hasMemoryStrandedRisk} />],
          ["Primary Constraint", dash(row?.primaryConstraint)],
        ]}
      />
    </FactsCard>
  );
}

/** Adjustment direction: the grid's direction badge (an arrow and the word, never colour alone; UX.md), "-" when none. */
export function AdjustmentBadge({ badge }: { badge: string | null | undefined }) {
  if (!badge) return <span>-</span>;
  return <DirectionBadge badge={badge} />;
}

const ADJUSTMENTS = [
  { key: "cpuRequest", title: "CPU Request", unit: "mCores", existing: "existingCpuRequest" },
  { key: "cpuLimit", title: "CPU Limit", unit: "mCores", existing: "existingCpuLimit" },
  { key: "memRequest", title: "Memory Request", unit: "MB", existing: "existingMemRequest" },
  { key: "memLimit", title: "Memory Limit", unit: "MB", existing: "existingMemLimit" },
] as const;

// A missing value is "-", as everywhere (spec: nulls show "-"), never "- mCores" or "Not set".
const withUnit = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? "-" : `${formatCount(v)} ${unit}`);

export function AdjustmentCards({ row }: { row: ContainerRow | null }) {
  if (!row?.analysed) {
    return (
      <Card role="region" aria-label="Resource Adjustments" className="p-3 text-sm" data-testid="workload-adjustments">
        <h3 className="font-semibold">Resource Adjustments</h3>
        <p className="muted mt-1">
          {WORKLOAD_TEXT.notAnalysed}
          {row?.notAnalysedReason ? `: ${row.notAnalysedReason}` : "."}
        </p>
      </Card>
    );
  }
  return (
    <section aria-label="Resource Adjustments" data-testid="workload-adjustments">
      <div className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
        {ADJUSTMENTS.map((a) => (
          <Card key={a.key} className="flex flex-col gap-1 p-3" data-adjustment={a.key}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">{a.title}*</h3>
              <AdjustmentBadge badge={row.badges?.[a.key]} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 text-sm tabular-nums">
              <dt className="muted">Current</dt>
              <dd className="whitespace-nowrap text-right">{withUnit(row[a.existing], a.unit)}</dd>
              <dt className="muted">Recommended</dt>
              <dd className="whitespace-nowrap text-right text-base font-semibold">{withUnit(row[a.key], a.unit)}</dd>
            </dl>
          </Card>
        ))}
      </div>
      <p className="muted mt-1 text-xs">{WORKLOAD_TEXT.perContainer}</p>
    </section>
  );
}

/** Surplus: existing minus recommended requests over all containers (negative: short), and what it costs. */
export function SurplusCards({ row }: { row: ContainerRow | null }) {
  const signed = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? "-" : `${v > 0 ? "+" : ""}${formatCount(v)} ${unit}`);
  const amount = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? "-" : `${formatCount(v)} ${unit}`);
  const cards = [
    { title: "CPU Surplus", total: amount(row?.totalCpuSurplus, "mCores"), short: amount(row?.totalCpuRequestShortfall, "mCores"), per: signed(row?.cpuSurplus, "mCores"), testId: "cpu" },
    { title: "Memory Surplus", total: amount(row?.totalMemSurplus, "MB"), short: amount(row?.totalMemoryRequestShortfall, "MB"), per: signed(row?.memSurplus, "MB"), testId: "memory" },
  ];
  return (
    <section aria-label="Surplus" className="grid gap-3 sm:grid-cols-3" data-testid="workload-surplus">
      {cards.map((c) => (
        <Card key={c.title} className="flex flex-col gap-1 p-3" data-surplus={c.testId}>
          <h3 className="text-sm font-semibold">{c.title}</h3>
          <Metric className="text-lg tabular-nums">{c.total}</Metric>
          <p className="muted text-xs tabular-nums">
            Shortfall {c.short} · request {c.per} per container vs recommended
          </p>
        </Card>
      ))}
      <Card className="flex flex-col gap-1 p-3" data-surplus="cost">
        <h3 className="text-sm font-semibold">Monthly Cost</h3>
        <Metric className="flex flex-wrap items-center gap-x-1.5 text-lg tabular-nums">
          {formatCurrency(row?.currentCost)} <RiArrowRightLine aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">recommended</span> {formatCurrency(row?.recommendedCost)}
        </Metric>
        <p className="muted text-xs">Net savings {formatCurrency(row?.netSavings)} per month</p>
      </Card>
    </section>
  );
}
