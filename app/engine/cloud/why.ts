/**
 * Why a cloud service's recommendation is what it is (issue 15), told from the analysis's stored figures: the
 * samples and uptime, the statistics the sizing reads, the need per instance, the engine's own reason (the rule
 * that chose the type), the hourly prices with the catalog's source and date, and the resulting costs, worked as
 * price × 730 hours × predicted uptime × instances and checked against the stored costs.
 */
import type { CloudPolicyValues } from "../policy/cloud";
import { HOURS_PER_MONTH } from "../catalog/price";
import { monthlyCents } from "./costs";

export interface StoredCloudService {
  serviceType: string;
  os: string;
  analysed: boolean;
  recommendation: string;
  reasonHtml: string;
  existingInstanceType: string;
  recommendedInstanceType: string | null;
  totalHours: number | null;
  uptimeHours: number | null;
  uptimePct: number | null;
  predictedUptimePct: number | null;
  cpuSustainedPct: number | null;
  cpuHighPct: number | null;
  cpuAvgPct: number | null;
  activeMemoryPct: number | null;
  currentVcpus: number | null;
  currentMemory: number | null;
  idealCpuAlloc: number | null;
  idealMemoryAlloc: number | null;
  currentInstances: number | null;
  optimalInstances: number | null;
  currentEstimatedCost: number | null;
  recommendedEstimatedCost: number | null;
  estimatedSavings: number | null;
  estimatedSavingsPercent: number | null;
  pricedRegion: string | null;
  relearning: boolean;
}

export interface CloudWhyStep {
  rule: "samples" | "statistic" | "need" | "rule" | "price" | "cost" | "currentCost" | "waste" | "none";
  text: string;
  /** The workload chart (its key on the detail view) the figure comes from. */
  chart?: string;
}

const N2 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const N4 = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const n = (v: number) => N2.format(Math.round(v * 100) / 100);
const money = (v: number) => `$${CENTS.format(v)}`;
const hourly = (v: number) => `$${N4.format(v)}`;
/** The engine's reason as plain text (it holds at most <b> tags and escaped names). */
export const plainReason = (html: string) => html.replace(/<\/?b>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

export function explainCloudService(
  s: StoredCloudService,
  policy: Pick<CloudPolicyValues, "workloadRangeDays" | "halfLifeDays" | "cpuSustainedLimit" | "cpuPeakLimit" | "memoryMetric" | "memoryHeadroom">,
  prices: { current: number | null; recommended: number | null },
  source: { label: string; dataset: string; asOf: string } | null,
): CloudWhyStep[] {
  const steps: CloudWhyStep[] = [];
  steps.push({
    rule: "samples",
    chart: "cpu",
    text:
      s.totalHours !== null && s.uptimeHours !== null
        ? `${policy.workloadRangeDays}-day window: samples in ${n(s.uptimeHours)} of its ${n(s.totalHours)} hours (uptime ${n(s.uptimePct ?? 0)}%); the costs use the predicted uptime, ${n(s.predictedUptimePct ?? 0)}% (recent days weigh more, half-life ${policy.halfLifeDays} days)`
        : `${policy.workloadRangeDays}-day window: no samples`,
  });
  if (!s.analysed || s.relearning) {
    steps.push({ rule: "none", text: plainReason(s.reasonHtml) || "not analysed" });
    return steps;
  }
  if (s.cpuSustainedPct !== null) {
    steps.push({
      rule: "statistic",
      chart: "cpu",
      text: `CPU of ${s.currentVcpus ?? "?"} vCPUs: the busiest hour's sustained (75th percentile) ${n(s.cpuSustainedPct)}%, the highest five minutes ${n(s.cpuHighPct ?? 0)}%, on average ${n(s.cpuAvgPct ?? 0)}%`,
    });
  }
  if (s.activeMemoryPct !== null) {
    steps.push({ rule: "statistic", chart: "memory", text: `memory of ${n(s.currentMemory ?? 0)} GiB: active ${n(s.activeMemoryPct)}% (${policy.memoryMetric})` });
  }
  if (s.idealCpuAlloc !== null || s.idealMemoryAlloc !== null) {
    steps.push({
      rule: "need",
      text: `need per instance: ${s.idealCpuAlloc !== null ? `${n(s.idealCpuAlloc)} vCPUs of the current type's speed, so the sustained CPU lands at or under ${policy.cpuSustainedLimit}% and the peak at or under ${policy.cpuPeakLimit}% of a candidate` : "CPU unknown"}; ${s.idealMemoryAlloc !== null ? `${n(s.idealMemoryAlloc)} GiB (active memory × ${n(policy.memoryHeadroom)})` : "memory not measured"}`,
    });
  }
  steps.push({ rule: "rule", text: plainReason(s.reasonHtml) });
  const from = source ? `${source.label} catalog (${source.dataset}), prices as of ${source.asOf}` : "shipped catalog";
  const os = s.os === "Windows" ? "Windows" : "Linux";
  const uptime = (s.predictedUptimePct ?? 0) / 100;
  const where = s.pricedRegion ? ` in ${s.pricedRegion}` : "";
  if (s.recommendedInstanceType && prices.recommended !== null) {
    steps.push({ rule: "price", text: `${s.recommendedInstanceType}: ${hourly(prices.recommended)} an hour on demand (${os})${where}, from the ${from}` });
  }
  if (prices.current !== null) {
    steps.push({ rule: "price", text: `${s.existingInstanceType}, running now: ${hourly(prices.current)} an hour on demand (${os})${where}, from the ${from}` });
  }
  const worked = (price: number, instances: number, stored: number | null, label: string) => {
    const cents = monthlyCents(price, uptime, instances);
    const check = stored !== null && Math.abs(cents / 100 - stored) >= 0.01 ? ` (the analysis stored ${money(stored)})` : "";
    return `${label}: ${hourly(price)} × ${HOURS_PER_MONTH} hours × ${n(uptime * 100)}% uptime × ${n(instances)} instance${instances === 1 ? "" : "s"} = ${money(cents / 100)} a month${check}`;
  };
  if (s.recommendation === "Terminate") {
    steps.push({ rule: "cost", text: "recommended: terminate it, $0.00 a month" });
  } else if (s.recommendedInstanceType && prices.recommended !== null && s.optimalInstances !== null) {
    steps.push({ rule: "cost", text: worked(prices.recommended, s.optimalInstances, s.recommendedEstimatedCost, "recommended") });
  }
  if (prices.current !== null && s.currentInstances !== null) {
    steps.push({ rule: "currentCost", text: worked(prices.current, s.currentInstances, s.currentEstimatedCost, "now") });
  }
  if (s.estimatedSavings !== null) {
    steps.push({
      rule: "waste",
      text:
        s.estimatedSavings >= 0
          ? `saves ${money(s.estimatedSavings)} a month${s.estimatedSavingsPercent !== null ? ` (${n(s.estimatedSavingsPercent)}%)` : ""}`
          : `costs ${money(-s.estimatedSavings)} a month more: the current type is short of what the workload needs`,
    });
  }
  return steps;
}
