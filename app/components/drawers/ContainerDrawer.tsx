import { Link, useLocation } from "@remix-run/react";
import { RiArrowRightLine } from "@remixicon/react";
import type { DrawerData } from "~/features/drawers/drawer.server";
import { containerDetailsHref, drawerHref } from "~/features/drawers/drawer";
import { HourChartView } from "~/components/containers/HourChartView";
import { formatCurrency, formatDate, formatFixed } from "~/lib/format";
import { DirectionBadge, RecommendationBadge } from "~/components/containers/badges";
import { Drawer, DrawerSection } from "./Drawer";
import { WhyThisRecommendation } from "./WhyThisRecommendation";

type ContainerDrawerData = Extract<DrawerData, { kind: "container" }>;

const dash = "-";
// The figure's own decimals (Average Containers one), grouped and never compacted, as in the grid.
const num = (v: number | null | undefined, d = 0) => (v === null || v === undefined ? dash : formatFixed(v, d));

const RISKS = [
  ["hasCpuThrottledRisk", "CPU throttling"],
  ["hasCpuStrandedRisk", "Stranded CPU (limit below request)"],
  ["hasMemoryPodTerminationRisk", "Pod termination (memory request short)"],
  ["hasMemoryStrandedRisk", "Stranded memory"],
  ["hasMemoryProcessTerminationRisk", "Process termination (memory limit reached)"],
] as const;

/** The container drawer (spec 2.3): attributes, risks, resource adjustments, surplus cards, CPU and memory charts. */
export function ContainerDrawer({ data, closeHref }: { data: ContainerDrawerData; closeHref: string }) {
  const { pathname, search } = useLocation();
  const r = data.row;
  const risks = RISKS.filter(([k]) => r[k]);
  const facts: [string, React.ReactNode][] = [
    ["Cluster", r.cluster],
    ["Node Group", r.nodeGroupName],
    ["Namespace", r.namespace],
    ["Pod Owner", `${r.podService} (${r.controllerType})`],
    ["Container", r.containerName],
    [
      "Policy",
      <Link key="p" to={drawerHref(pathname, search, { kind: "policy", id: data.policyId, entityId: r.entityId })} preventScrollReset className="text-sky-700 hover:underline dark:text-sky-300">
        {r.policyName}
      </Link>,
    ],
    ["Recommendation", <RecommendationBadge key="r" value={r.recommendation} />],
    ["Average Containers", num(r.currentCount, 1)],
    ["Running / Total Hours", `${num(r.runningHours)} / ${num(r.totalHours)}`],
    ["Restarts (last day / 7 days)", `${num(r.restartsLastDay)} / ${num(r.restartsLast7Days)}`],
    ["Memory Limit Events (last day / 7 days)", `${num(r.memoryLimitEventLastDay)} / ${num(r.memoryLimitEventLast7Days)}`],
    ["Primary Constraint", r.primaryConstraint ?? dash],
    ["First Seen", formatDate(data.firstSeen)],
    ["Last Seen", formatDate(data.lastSeen)],
    ...data.attributes.map((a): [string, React.ReactNode] => [a.key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()), a.value]),
  ];
  const adjustments = [
    ["CPU Request", r.existingCpuRequest, r.cpuRequest, r.badges?.cpuRequest, "mCores"],
    ["CPU Limit", r.existingCpuLimit, r.cpuLimit, r.badges?.cpuLimit, "mCores"],
    ["Memory Request", r.existingMemRequest, r.memRequest, r.badges?.memRequest, "MB"],
    ["Memory Limit", r.existingMemLimit, r.memLimit, r.badges?.memLimit, "MB"],
  ] as const;
  return (
    <Drawer
      testId="container-drawer"
      title={r.containerName}
      subtitle={`${r.cluster} / ${r.namespace} / ${r.podService}`}
      closeHref={closeHref}
      footer={
        <Link to={containerDetailsHref(search, r.entityId, "overview")} className="btn" data-testid="view-container-details">
          View container details <RiArrowRightLine aria-hidden="true" className="h-4 w-4" />
        </Link>
      }
    >
      {!r.analysed ? <p className="mb-4 rounded bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">Not analysed: {r.notAnalysedReason ?? "not enough data"}</p> : null}
      <DrawerSection title="Attributes">
        <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1 text-sm">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="muted">{k}</dt>
              <dd className="min-w-0 break-words">{v}</dd>
            </div>
          ))}
        </dl>
      </DrawerSection>
      <DrawerSection title="Risks">
        {risks.length ? (
          <ul className="space-y-1 text-sm" data-testid="drawer-risks">
            {risks.map(([k, label]) => (
              <li key={k} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full bg-red-500" />
                {label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted text-sm">No risks identified.</p>
        )}
      </DrawerSection>
      <DrawerSection title="Resource Adjustments" note="*per container">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="py-1 font-medium">Resource*</th>
              <th className="py-1 text-right font-medium">Current</th>
              <th className="py-1 text-right font-medium">Recommended</th>
              <th className="py-1 pl-3 font-medium">Change</th>
            </tr>
          </thead>
          <tbody>
            {adjustments.map(([label, from, to, badge, unit]) => (
              <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1.5">{label}</td>
                <td className="py-1.5 text-right tabular-nums">
                  <WithUnit value={from} unit={unit} />
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  <WithUnit value={to} unit={unit} />
                </td>
                <td className="py-1.5 pl-3">{badge ? <DirectionBadge badge={badge} /> : dash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DrawerSection>
      <DrawerSection title="Surplus">
        <div className="grid grid-cols-2 gap-2" data-testid="drawer-surplus">
          <SurplusCard label="CPU Request Surplus" value={r.totalCpuSurplus} shortfall={r.totalCpuRequestShortfall} unit="mCores" />
          <SurplusCard label="Memory Request Surplus" value={r.totalMemSurplus} shortfall={r.totalMemoryRequestShortfall} unit="MB" />
          <MoneyCard label="Current Cost" value={r.currentCost} />
          <MoneyCard label="Net Savings" value={r.netSavings} />
        </div>
      </DrawerSection>
      {data.why ? (
        <DrawerSection title="Why this recommendation">
          <WhyThisRecommendation why={data.why} chartHref={(chart) => `${containerDetailsHref(search, r.entityId, "overview")}&chart=${chart}&chartMode=MINUTE_5`} />
        </DrawerSection>
      ) : null}
      <DrawerSection title="CPU and Memory by Hour of Day (UTC)">
        <div className="space-y-3">
          <HourChartView chart={data.charts?.cpu ?? null} fallbackTitle="CPU Utilization" yLabel="CPU (mCores)" height={200} />
          <HourChartView chart={data.charts?.mem ?? null} fallbackTitle="Memory Working Set" yLabel="Memory (MB)" height={200} />
        </div>
      </DrawerSection>
    </Drawer>
  );
}

/** A value and its unit; a missing value is the dash alone (not "- mCores"). */
function WithUnit({ value, unit }: { value: number | null | undefined; unit: string }) {
  if (value === null || value === undefined) return <>{dash}</>;
  return (
    <>
      {num(value)} <span className="muted text-xs">{unit}</span>
    </>
  );
}

function SurplusCard({ label, value, shortfall, unit }: { label: string; value: number | null; shortfall: number | null; unit: string }) {
  const short = shortfall !== null && shortfall > 0;
  return (
    <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="muted text-xs">{short ? label.replace("Surplus", "Shortfall") : label}</div>
      <div className={`text-lg font-semibold tabular-nums ${short ? "text-red-600 dark:text-red-400" : value ? "text-amber-700 dark:text-amber-300" : ""}`}>
        {short ? num(shortfall) : num(value)} <span className="muted text-xs font-normal">{unit}</span>
      </div>
    </div>
  );
}

function MoneyCard({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="muted text-xs">{label}</div>
      <div className="text-lg font-semibold tabular-nums">
        {formatCurrency(value)} <span className="muted text-xs font-normal">/month</span>
      </div>
    </div>
  );
}
