import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RecommendationBadge } from "~/components/containers/badges";
import {
  workloadOnly,
  type CloudChart,
  type CloudVisibilityId,
} from "~/features/cloud/charts";
import type { CloudDetailData } from "~/features/cloud/detail.server";
import { efficiencyTone } from "~/features/cloud/summary";
import {
  effortTone,
  formatValue,
  reasonParts,
  shownValue,
  type ValueKind,
} from "~/features/cloud/values";
import { CHART_TITLES } from "~/engine/cloud/constants";
import { formatRating } from "~/lib/format";
import { CloudHistoryChart } from "./CloudHistoryChart";
import { CloudWorkloadChart } from "./CloudWorkloadChart";
import { TONE_BADGE, TONE_TEXT } from "./tones";
import { OptimisationWhy } from "~/components/drawers/OptimisationWhy";
import { isOwnKey } from "~/lib/own-key";

type Detail = CloudDetailData["detail"];

/** "ML patterns not available." (spec section 4) for a learning service's charts. */
export const ML_NOT_AVAILABLE = "ML patterns not available.";

function Card({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      className="card flex min-w-0 flex-col gap-2 p-3"
      aria-label={title}
      data-testid={testId}
    >
      <h3 className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="text-sm">
      {rows.map(([k, v]) => (
        <div
          key={k}
          className="flex justify-between gap-3 border-b border-slate-100 py-1 last:border-0 dark:border-slate-800"
        >
          <dt className="muted w-2/5 shrink-0">{k}</dt>
          <dd
            className="min-w-0 flex-1 break-words text-right font-medium tabular-nums"
            data-fact={k}
          >
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A value of the row with its unit ("-" for null and for what Terminate hides). */
const val = (
  d: Detail,
  key: keyof Detail & string,
  kind: ValueKind = "text",
  digits?: number
) => formatValue(shownValue(d, key), kind, digits);
/** $ per month, or "-" alone. */
const monthly = (d: Detail, key: keyof Detail & string) => {
  const v = val(d, key, "money");
  return v === "-" ? v : `${v} /month`;
};
/** Current → recommended, each with its unit. */
const pair = (
  d: Detail,
  current: keyof Detail & string,
  recommended: keyof Detail & string,
  kind: ValueKind,
  digits?: number
) => `${val(d, current, kind, digits)} → ${val(d, recommended, kind, digits)}`;

function Reason({ html }: { html: string }) {
  const parts = reasonParts(html);
  if (!parts.length) return <>-</>;
  return (
    <span className="font-normal">
      {parts.map((p, i) =>
        p.bold ? (
          <strong key={i}>{p.text}</strong>
        ) : (
          <span key={i}>{p.text}</span>
        )
      )}
    </span>
  );
}

export function OptimizationSummaryCard({ d }: { d: Detail }) {
  const group = d.igName !== null;
  const rating = d.efficiencyRating;
  const rows: [string, ReactNode][] = [
    [
      "Recommendation",
      <RecommendationBadge key="r" value={d.recommendation} />,
    ],
    ["Overall Status", d.overallStatus],
    [
      "Instance Type",
      pair(d, "existingInstanceType", "recommendedInstanceType", "text"),
    ],
    ["Current Est. Cost", monthly(d, "currentEstimatedCost")],
    ["Recommended Est. Cost", monthly(d, "recommendedEstimatedCost")],
    ["Total Waste", monthly(d, "estimatedSavings")],
    ["Waste %", val(d, "estimatedSavingsPercent", "percent")],
    [
      "Efficiency Rating",
      rating === null ? (
        "-"
      ) : (
        <span key="e" className={TONE_TEXT[efficiencyTone(rating)]}>
          {formatRating(rating)}
        </span>
      ),
    ],
    [
      "Effort",
      <span
        key="f"
        className={`rounded px-1.5 py-0.5 text-xs ${
          TONE_BADGE[effortTone(d.estimatedEffort)]
        }`}
      >
        {d.estimatedEffort}
      </span>,
    ],
    ["Implementation", d.implementationMethod],
  ];
  if (group) {
    rows.push(
      [
        "Group Size",
        `${val(d, "avgGroupSize", "number", 1)} → ${val(
          d,
          "predictedAvgGroupSize",
          "number",
          1
        )} instances`,
      ],
      ["Current Min/Max", d.minMaxGroupSize],
      [
        "Recommended Min/Max",
        shownValue(d, "recommMinMaxGroupSize") === null
          ? "-"
          : d.recommMinMaxGroupSize,
      ],
      ["Scaling Policy", val(d, "scalingPolicy")]
    );
  }
  rows.push(["RI Deferral", val(d, "riConstrained", "bool")]);
  return (
    <Card title="Optimization Summary" testId="optimization-summary">
      <Facts rows={rows} />
      <p className="text-sm" data-testid="reason">
        <span className="muted">Reason: </span>
        <Reason html={d.reasonHtml} />
      </p>
    </Card>
  );
}

export function SystemInformationCard({
  d,
  pricedFrom,
}: {
  d: Detail;
  pricedFrom: string | null;
}) {
  return (
    <Card title="System Information" testId="system-information">
      <Facts
        rows={[
          ["System Name", d.system],
          ["System ID", d.vmmObjectId],
          ["Cloud Provider", d.cloudProvider],
          ["Service Type", d.serviceType],
          ["Account Name", d.accountName],
          ["Account ID", d.accountId],
          ["Environment", val(d, "envName")],
          ["Scale Group", val(d, "igName")],
          ["Region", d.region],
          ["Availability Zone", val(d, "availabilityZone")],
          ["OS", d.os],
          ["IP Address", val(d, "ipAddress")],
          ["Power State", val(d, "state")],
          ["Life Cycle", val(d, "lifeCycle")],
          ["Creation Date", val(d, "createDate", "date")],
          ["Discovery Date", val(d, "startDate", "date")],
          ["Instance Type Updated On", val(d, "configLastChanged", "date")],
          ["Policy", val(d, "policyName")],
          ["Orchestration Mode", val(d, "orchestrationMode")],
          ["Scaling Mode", val(d, "scalingMode")],
          ["Profile Count", val(d, "profileCount", "number")],
          ["K8s Cluster Platform", val(d, "k8sClusterPlatform")],
          ["K8s Cluster", val(d, "k8sClusterForwarder")],
          ["K8s Node Group", val(d, "k8sNodeGroup")],
          ["ECS Cluster", val(d, "ecsReference")],
          ["RI Coverage", val(d, "riCoverage", "percent")],
          ["RI Expiry", val(d, "riExpiryDate", "date")],
          ["Recommended Host", val(d, "recommendedHostEntityId")],
          ["Tree Path", d.fullPath],
          ["Priced In", pricedFrom ?? "-"],
        ]}
      />
    </Card>
  );
}

export function StatusOverviewCard({
  d,
  relearningText,
}: {
  d: Detail;
  relearningText: string | null;
}) {
  return (
    <Card title="Status Overview" testId="status-overview">
      {relearningText ? (
        <p
          className="rounded-md bg-slate-100 px-2 py-1.5 text-sm dark:bg-slate-800"
          data-testid="relearning-text"
        >
          {relearningText}
        </p>
      ) : null}
      <Facts
        rows={[
          ["ML State", d.mlState],
          ["Uptime", val(d, "uptimePct", "percent")],
          [
            "Running / Total Hours",
            `${val(d, "uptimeHours", "hours")} / ${val(
              d,
              "totalHours",
              "hours"
            )}`,
          ],
          ["CPU", pair(d, "currentVcpus", "recommendedVcpus", "cores")],
          ["Memory", pair(d, "currentMemory", "recommendedMemory", "gb", 1)],
          [
            "CPU Benchmark (relative)",
            pair(
              d,
              "currentCint2006Rate",
              "recommendedCint2006Rate",
              "number",
              2
            ),
          ],
          ["CPU Utilization (Peak)", val(d, "cpuHighPct", "percent")],
          ["CPU Utilization (Low)", val(d, "cpuLowPct", "percent")],
          [
            "Recommended CPU Utilization",
            val(d, "recommendedCpuPct", "percent"),
          ],
          ["Memory Utilization", val(d, "memoryUtilPct", "percent")],
          ["Active Memory", val(d, "activeMemoryPct", "percent")],
          [
            "Recommended Memory Utilization",
            val(d, "recommendedMemPct", "percent"),
          ],
          ["Ideal CPU Allocation", val(d, "idealCpuAlloc", "cores", 2)],
          ["Ideal Memory Allocation", val(d, "idealMemoryAlloc", "gb", 1)],
          [
            "CPU Allocation Efficiency",
            val(d, "cpuAllocEfficiencyPct", "percent"),
          ],
          [
            "Memory Allocation Efficiency",
            val(d, "memoryAllocEfficiencyPct", "percent"),
          ],
          ["Surplus CPU", val(d, "surplusVcpu", "cores", 2)],
          ["Surplus Memory", val(d, "surplusMemory", "gb", 1)],
          ["Network IO (busiest day)", val(d, "networkIoMb", "mb", 1)],
          ["Network IO Limit", val(d, "networkIoLimitMb", "mb", 1)],
          ["Network Packets", val(d, "networkIoPackets", "number")],
          ["Policy Minimum Days", val(d, "policyMinDays", "number")],
          ["Days Until Data", val(d, "numberOfDaysUntilData", "number")],
        ]}
      />
    </Card>
  );
}

/**
 * The instance detail (spec document 3, section 2.5): Optimization Summary, System Information and Status Overview
 * cards (one column below 1024 px), then the workload charts: in the drawer a two-column grid of 350 px charts,
 * on the Overview page a row of 275 px charts, each expandable into the chart viewer. A learning service shows its
 * daily history instead (section 4), expandable in the viewer's daily mode.
 */
export function CloudDetailView({
  data,
  charts,
  layout,
  expandHref,
  legendHref,
  hidden,
}: {
  data: Pick<
    CloudDetailData,
    "detail" | "relearningText" | "priceSource" | "history"
  > & { why?: CloudDetailData["why"] };
  charts: CloudChart[];
  layout: "modal" | "page";
  /** The chart viewer on a chart: its learned pattern, or (learning) its daily history. */
  expandHref?: (key: string, mode: "workload" | "daily") => string;
  legendHref?: (id: CloudVisibilityId) => string;
  hidden?: readonly CloudVisibilityId[];
}) {
  const d = data.detail;
  const height = layout === "modal" ? 350 : 275;
  const pricedFrom = data.priceSource
    ? `${d.pricedRegion ?? data.priceSource.region}, ${
        data.priceSource.label
      } prices as of ${data.priceSource.asOf}`
    : null;
  return (
    <div className="flex flex-col gap-4" data-testid="cloud-detail">
      <div
        className={`grid gap-3 ${
          layout === "page" ? "lg:grid-cols-3" : "lg:grid-cols-2"
        }`}
      >
        <OptimizationSummaryCard d={d} />
        <SystemInformationCard d={d} pricedFrom={pricedFrom} />
        <StatusOverviewCard d={d} relearningText={data.relearningText} />
      </div>
      {data.why?.length ? (
        <Card title="Why this recommendation" testId="cloud-why">
          <OptimisationWhy
            steps={
              d.relearning ? data.why.map(({ chart: _c, ...s }) => s) : data.why
            }
            samePage
            chartHref={(key) => `#cloud-chart-${key}`}
            chartLabel={(key) =>
              `${isOwnKey(CHART_TITLES, key) ? CHART_TITLES[key] : key} chart`
            }
          />
        </Card>
      ) : null}
      <section
        aria-labelledby={`workload-${layout}`}
        className="flex flex-col gap-2"
        data-testid="workload-charts"
      >
        <h3 id={`workload-${layout}`} className="text-base font-semibold">
          {d.relearning ? (
            <>
              Workload{" "}
              <span className="muted text-xs font-normal">
                (history while the pattern is relearned)
              </span>
            </>
          ) : (
            <>
              Workload by Hour of Day{" "}
              <span className="muted text-xs font-normal">
                (learned 24-hour pattern, UTC)
              </span>
            </>
          )}
        </h3>
        {d.relearning ? (
          <>
            <p className="muted text-sm" data-testid="ml-not-available">
              {ML_NOT_AVAILABLE}
            </p>
            <div className="grid gap-3 lg:grid-cols-2">
              {data.history.length === 0 ? (
                <CloudHistoryChart
                  chart={null}
                  title={`${CHART_TITLES.cpu} · Daily`}
                  height={height}
                />
              ) : null}
              {data.history.map((c) => (
                <CloudHistoryChart
                  key={c.key}
                  chart={c}
                  title={`${c.title} · Daily`}
                  height={height}
                  hidden={hidden}
                  legendHref={legendHref}
                  // A scale set's viewer has no historical modes (section 4): its history is not expandable.
                  actions={
                    expandHref && !workloadOnly(c.title, d.serviceType) ? (
                      <ExpandLink
                        href={expandHref(c.key, "daily")}
                        title={c.title}
                      />
                    ) : undefined
                  }
                />
              ))}
            </div>
          </>
        ) : (
          <div
            className={`grid gap-3 lg:grid-cols-2 ${
              layout === "page" ? "2xl:grid-cols-3" : ""
            }`}
          >
            {charts.length === 0 ? (
              <CloudWorkloadChart
                chart={null}
                fallbackTitle={CHART_TITLES.cpu}
                height={height}
              />
            ) : null}
            {charts.map((c) => (
              // The anchor a "why" step links to (#cloud-chart-<key>).
              <div
                key={c.key}
                id={`cloud-chart-${c.key}`}
                className="scroll-mt-4"
              >
                <CloudWorkloadChart
                  chart={c}
                  fallbackTitle={c.title}
                  height={height}
                  hidden={hidden}
                  legendHref={legendHref}
                  actions={
                    expandHref ? (
                      <ExpandLink
                        href={expandHref(c.key, "workload")}
                        title={c.title}
                      />
                    ) : undefined
                  }
                />
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function ExpandLink({ href, title }: { href: string; title: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      className="rounded px-1.5 py-0.5 text-xs text-sky-700 hover:bg-slate-100 dark:text-sky-300 dark:hover:bg-slate-800"
      aria-label={`Expand ${title}`}
      data-testid="chart-expand"
    >
      <span aria-hidden="true">⤢</span> Expand
    </Link>
  );
}
