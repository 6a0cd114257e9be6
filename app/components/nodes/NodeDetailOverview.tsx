import { RiErrorWarningLine } from "@remixicon/react";
import type { NodePageData } from "~/features/nodes/page.server";
import { Card } from "~/components/ui/tremor";
import { ProgressBar } from "~/components/ui/ProgressBar";
import { TEXT_NODES } from "~/features/nodes/constants";
import { NODE_UTILISATION_THRESHOLDS as T } from "~/engine/nodes/constants";
import { ChartModeSwitch } from "./ChartModeSwitch";
import { Field, Section } from "./Field";
import { count, day, dec, gb, pct, cores } from "./format";
import { NodeChartGrid } from "./NodeChartGrid";

type Data = Extract<NodePageData, { view: "node-overview" }>;

/** A utilisation card (160 px, spec 2.8): average and peak against the node thresholds, as Tremor progress bars. */
function UtilisationCard({ title, avg, peak, avgLimit, peakLimit, testId }: { title: string; avg: number | null; peak: number | null; avgLimit: number; peakLimit: number; testId: string }) {
  const bar = (v: number | null, limit: number, label: string) => {
    const over = v !== null && v >= limit;
    return (
      <div className="mt-2">
        <div className="flex justify-between text-xs">
          <span className="muted">{label}</span>
          <span className={`inline-flex items-center gap-1 font-semibold tabular-nums ${over ? "text-red-700 dark:text-red-300" : ""}`}>
            {over ? <RiErrorWarningLine aria-hidden="true" className="h-3.5 w-3.5" /> : null}
            {pct(v)}
          </span>
        </div>
        <ProgressBar value={Math.min(100, Math.max(0, v ?? 0))} color={over ? "red" : "sky"} className="mt-1" />
      </div>
    );
  };
  return (
    <Card role="region" className="h-[160px] p-4" data-testid={testId} aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {bar(avg, avgLimit, `Average (threshold ${avgLimit}%)`)}
      {bar(peak, peakLimit, `Peak (threshold ${peakLimit}%)`)}
    </Card>
  );
}

/** A node's overview (spec 2.7): dates, age, hours, pods (average and peak, estimated), the two utilisation cards, charts. */
export function NodeDetailOverview({ data, gpu }: { data: Data; gpu: boolean }) {
  const n = data.node;
  if (!n) return <p className="card muted">{data.analysed ? TEXT_NODES.notFound : TEXT_NODES.noAnalysis}</p>;
  return (
    <div className="space-y-3" data-testid="node-overview">
      <div className="grid gap-3 lg:grid-cols-3">
        <Section title="Node Information" testId="node-information">
          <dl>
            <Field label="First Seen Date" testId="first-seen">{day(n.firstSeenDateUtc)}</Field>
            <Field label="Last Seen Date" testId="last-seen">{day(n.lastSeenDateUtc)}</Field>
            <Field label="Age (Days)" testId="age-days">{dec(n.ageDays)}</Field>
            <Field label="Node Hours*" testId="node-hours">{dec(n.nodeHours)}</Field>
            <Field label="Max Allowed Pods" testId="max-allowed-pods">{count(n.maxAllowedPods)}</Field>
            <Field label="No. of Pods Average*" testId="pods-average">{dec(n.numPodsAvg)}</Field>
            <Field label="No. of Pods Peak*" testId="pods-peak">{count(n.numPodsPeak)}</Field>
          </dl>
        </Section>
        <Section title="Capacity">
          <dl>
            <Field label="Instance Type">{n.instanceType}</Field>
            <Field label="Node Group">{n.nodeGroupName}</Field>
            <Field label="CPU Capacity (cores)">{cores(n.capacityCpu)}</Field>
            <Field label="CPU Allocatable (cores)">{cores(n.allocatableCpu)}</Field>
            <Field label="Memory Capacity (GB)">{gb(n.capacityMem)}</Field>
            <Field label="Memory Allocatable (GB)">{gb(n.allocatableMem)}</Field>
            {gpu ? (
              <>
                <Field label="GPU Model">{n.gpuModel ?? "-"}</Field>
                <Field label="GPUs">{dec(n.nodeGpu)}</Field>
                <Field label="Allocatable GPUs">{dec(n.allocatableGpu)}</Field>
                <Field label="GPU Memory (GB)">{gb(n.gpuMemoryTotal)}</Field>
                <Field label="Avg GPU Utilization">{pct(n.gpuUtilizationAvg)}</Field>
                <Field label="Avg GPU Memory Utilization">{pct(n.gpuMemUtilizationAvg)}</Field>
              </>
            ) : null}
          </dl>
        </Section>
        <div className="grid content-start gap-3">
          <UtilisationCard title="CPU Utilization (Last 7 Days)" avg={n.cpuUtilizationAvgPct} peak={n.cpuUtilizationPeakPct} avgLimit={T.cpuUtilizationAvgPct} peakLimit={T.cpuUtilizationPeakPct} testId="cpu-utilization-card" />
          <UtilisationCard title="Memory Utilization (Last 7 Days)" avg={n.memUtilizationAvgPct} peak={n.memUtilizationPeakPct} avgLimit={T.memUtilizationAvgPct} peakLimit={T.memUtilizationPeakPct} testId="memory-utilization-card" />
        </div>
      </div>
      <p className="muted text-xs">{TEXT_NODES.estimated}</p>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Utilization Charts</h3>
        <span className="flex-1" />
        <ChartModeSwitch mode={data.mode} />
      </div>
      <NodeChartGrid charts={data.charts} mode={data.mode} emptyTitle="Utilization" />
    </div>
  );
}
