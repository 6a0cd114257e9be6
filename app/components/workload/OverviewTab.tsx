import type { BoxSeriesId } from "~/domain/charts/box-series";
import { RiCheckLine } from "@remixicon/react";
import { NoDataChart } from "~/components/charts/NoDataChart";
import { CHART_DEFS, type BuiltChart } from "~/features/workload/charts";
import { CHART_HEIGHT, HISTORY_DAYS, WORKLOAD_TEXT } from "~/domain/workload/constants";
import type { ContainerRow } from "~/models/container-rows.server";
import { AdjustmentCards, AttributesCard, ContainerRisksCard, NodeGroupRisksCard, SurplusCards, type ContainerInventoryFacts } from "./OverviewCards";
import { ExpandLink, WorkloadChartView } from "./WorkloadChartView";
import { WhyThisRecommendation } from "~/components/drawers/WhyThisRecommendation";
import type { ContainerWhy } from "~/features/drawers/drawer.server";
import { withParams } from "~/features/workload/url";

/**
 * The workload Overview (spec 2.6): attributes and risks, the service charts by hour of day (the learned pattern:
 * CPU and memory with request, limit and recommended lines, containers running, restarts or "No Container
 * Restarts!"), resource adjustments, surplus, and CPU and memory over the last 30 days (daily).
 */
export function OverviewTab({
  container,
  row,
  service,
  history,
  why,
  params,
  hidden,
}: {
  container: ContainerInventoryFacts;
  row: ContainerRow | null;
  service: BuiltChart[];
  history: BuiltChart[];
  why: ContainerWhy | null;
  params: URLSearchParams;
  hidden: BoxSeriesId[];
}) {
  const restarts = service.find((c) => c.key === "restarts");
  const byHour = service.filter((c) => c.key !== "restarts");
  return (
    <div className="flex flex-col gap-4" data-testid="workload-overview">
      <div className="grid gap-3 lg:grid-cols-3">
        <AttributesCard container={container} row={row} />
        <ContainerRisksCard row={row} />
        <NodeGroupRisksCard row={row} nodeGroup={container.node_group} />
      </div>

      <section aria-labelledby="service-charts-title" className="flex flex-col gap-2">
        <h2 id="service-charts-title" className="text-base font-semibold">
          Service Charts by Hour of Day <span className="muted text-xs font-normal">(learned 24-hour pattern, UTC)</span>
        </h2>
        <div className="grid gap-3 xl:grid-cols-2" data-testid="service-charts">
          {byHour.length === 0 ? <NoDataChart title={CHART_DEFS.cpu.title} height={CHART_HEIGHT} /> : null}
          {byHour.map((c) => (
            <WorkloadChartView key={c.key} chart={c} params={params} hidden={hidden} actions={<ExpandLink params={params} chartKey={c.key} mode="workload" title={c.title} />} />
          ))}
          {restarts ? (
            <WorkloadChartView chart={restarts} params={params} hidden={hidden} actions={<ExpandLink params={params} chartKey="restarts" mode="workload" title={restarts.title} />} />
          ) : (
            <NoRestarts />
          )}
        </div>
      </section>

      <section aria-labelledby="adjustments-title" className="flex flex-col gap-2">
        <h2 id="adjustments-title" className="text-base font-semibold">
          Resource Adjustments
        </h2>
        <AdjustmentCards row={row} />
        <SurplusCards row={row} />
      </section>

      {why ? (
        <section id="why" aria-labelledby="why-title" className="card flex flex-col gap-2 p-3" data-testid="workload-why">
          <h2 id="why-title" className="text-base font-semibold">
            Why this recommendation
          </h2>
          {/* A figure from the samples opens its 5-minute chart here, in the expanded chart dialog. */}
          <WhyThisRecommendation why={why} samePage chartHref={(chart) => withParams(params, { chart, chartMode: "MINUTE_5", fit: null })} />
        </section>
      ) : null}

      <section aria-labelledby="history-charts-title" className="flex flex-col gap-2">
        <h2 id="history-charts-title" className="text-base font-semibold">
          CPU and Memory <span className="muted text-xs font-normal">(last {HISTORY_DAYS.overview} days, daily)</span>
        </h2>
        <div className="grid gap-3 xl:grid-cols-2" data-testid="history-charts">
          {(["cpu", "memory"] as const).map((key) => {
            const c = history.find((h) => h.key === key);
            return c ? (
              <WorkloadChartView key={key} chart={c} params={params} hidden={hidden} actions={<ExpandLink params={params} chartKey={key} mode="DAY_1" title={c.title} />} />
            ) : (
              <NoDataChart key={key} title={CHART_DEFS[key].title} height={CHART_HEIGHT} />
            );
          })}
        </div>
      </section>
    </div>
  );
}

/** In place of the restarts chart when the window had none (spec 2.6). */
function NoRestarts() {
  return (
    <figure className="card m-0 flex flex-col gap-2 p-3" data-testid="no-restarts">
      <h3 className="text-sm font-semibold">{CHART_DEFS.restarts.title}</h3>
      <div className="flex items-center justify-center rounded-md border border-dashed border-emerald-300 text-sm font-medium text-emerald-800 dark:border-emerald-800 dark:text-emerald-200" style={{ height: CHART_HEIGHT }}>
        <RiCheckLine aria-hidden="true" className="mr-1 h-4 w-4" />
        {WORKLOAD_TEXT.noRestarts}
      </div>
    </figure>
  );
}
