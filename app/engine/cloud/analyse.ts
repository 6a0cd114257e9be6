/**
 * One cloud service end to end (ANALYSIS.md "Cloud instances"; spec sections 3–5): window, relearning, learned
 * pattern, needs, idle test, scoring, the recommendation and its costs, in the spec's field names.
 *
 * Order of the rules:
 * 1. Not analysed (Keep, costs unknown) when the type or its price for the OS is not in the catalog.
 * 2. Relearning after a type change (Keep until policyMinDays days have passed; the spec's text as reason).
 * 3. Too little data (no samples, or fewer than policyMinDays days of history): Keep, saying how long to wait.
 * 4. Terminate when idle over the whole window: highest 1-minute CPU < idleCpuPeakPct and no UTC day moved more
 *    than idleNetworkMbPerDay MB over the network. Recommended values and scores hidden (null).
 * 5. Scale groups (ASG, VMSS): group sizes (group.ts), type kept. Upscale when the needed maximum exceeds the
 *    configured maximum or the predicted cost is higher (risk first); Downscale when it saves at least
 *    minimumSavingsPercent; else Keep.
 * 6. Single instances: the best fit (score.ts bestFit). Upsize when the current type is insufficient or
 *    incompatible with its own workload; Keep when the best fit is the current type, nothing fits, or it saves
 *    less than minimumSavingsPercent; Modernize when the best fit is the same series and size in a newer
 *    generation; else Downsize.
 *
 * Effort: Keep None; Terminate, Downscale, Upscale Low (no migration); a type change Low in the same family,
 * Medium in another family of the same architecture, High on another architecture.
 */
import { CLOUD_DEFAULT_POLICY, type CloudPolicyValues } from "../policy/cloud";
import type { CloudService } from "~/engine/source-contract";
import type { CloudProvider } from "~/engine/source-contract";
import { regionCatalogFor, type CloudCatalog, type RegionCatalog } from "./catalog";
import { CATALOG_SERVICE, isGroupService, type Effort, type Recommendation } from "./constants";
import { efficiencyRating, fromCents, monthlyCents, savingsPercent, wastePercent } from "./costs";
import { groupSizing, type GroupSizing } from "./group";
import { cloudNeeds, type CloudNeeds } from "./needs";
import { cloudPattern, type CloudPattern } from "./pattern";
import { daysUntilData, relearningState, relearningText } from "./relearning";
import {
  EFFORT_BY_RANK,
  bestFit,
  effortRank,
  incompatibility,
  isSufficient,
  priceOf,
  scoreOf,
  scoringContext,
  type ScoringContext,
} from "./score";
import type { CloudCandidate, CloudOs, CloudServiceInput } from "./types";
import { cloudWindow, type CloudWindow } from "./window";

/** The spec's cloudexDetails / entity analysis fields the engine computes for one service. */
export interface CloudRecommendation {
  entityId: string;
  serviceType: CloudService;
  cloudProvider: CloudProvider;
  region: string;
  os: CloudOs;
  /** false when the catalog cannot price the service; reasonHtml says why and costs are null. */
  analysed: boolean;
  recommendation: Recommendation;
  /** Why, as plain text with at most <b> tags. */
  reasonHtml: string;
  existingInstanceType: string;
  /** null for Terminate (shown "-"). */
  recommendedInstanceType: string | null;
  estimatedEffort: Effort;
  /** Observed uptime % (hours with samples / hours in the window) and the predicted uptime % costs use. */
  uptimePct: number;
  predictedUptimePct: number;
  totalHours: number;
  uptimeHours: number;
  /** $ per month at the predicted uptime (× average group size). null when not analysed. */
  currentEstimatedCost: number | null;
  /** null for Terminate (hidden) and when not analysed. */
  recommendedEstimatedCost: number | null;
  /** What the folder summary counts as this service's optimal spend: 0 for Terminate, current for Keep. */
  optimalCost: number | null;
  /** current − optimal (negative: the service needs more). */
  estimatedSavings: number | null;
  estimatedSavingsPercent: number | null;
  /** Same as estimatedSavings: waste when positive, shortfall when negative; wastePct its absolute share. */
  waste: number | null;
  wastePct: number | null;
  efficiencyRating: number | null;
  /** Per instance, of the type. */
  currentVcpus: number | null;
  recommendedVcpus: number | null;
  currentMemory: number | null;
  recommendedMemory: number | null;
  /** Relative per-vCPU performance estimates (1.0 = reference; the spec's CINT2006 columns, not SPEC results). */
  currentPerfFactor: number | null;
  recommendedPerfFactor: number | null;
  /** Instances the current and optimal costs are for: 1, or the average / predicted average group size; 0 for Terminate. */
  currentInstances: number;
  optimalInstances: number;
  cpuHighPct: number | null;
  cpuLowPct: number | null;
  cpuSustainedPct: number | null;
  cpuAvgPct: number | null;
  /** Memory % sizing used (policy memoryMetric); null without a memory agent. */
  activeMemoryPct: number | null;
  memoryUtilPct: number | null;
  memoryFromAgent: boolean;
  /** vCPUs (of the current type's performance) and GiB the workload needs per instance. */
  idealCpuAlloc: number | null;
  idealMemoryAlloc: number | null;
  cpuAllocEfficiencyPct: number | null;
  memoryAllocEfficiencyPct: number | null;
  /** Current capacity − need, per instance (negative: short). */
  surplusVcpu: number | null;
  surplusMemory: number | null;
  /** The sizing CPU / memory figure re-expressed on the recommended type (or group size). */
  recommendedCpuPct: number | null;
  recommendedMemPct: number | null;
  /** Busiest UTC day's network, MB, and peak throughput, Gbps. */
  networkIoMb: number | null;
  peakNetworkGbps: number | null;
  avgGroupSize: number | null;
  minGroupSize: number | null;
  maxGroupSize: number | null;
  predictedAvgGroupSize: number | null;
  recommMinGroupSize: number | null;
  recommMaxGroupSize: number | null;
  currentScore: number | null;
  recommendedScore: number | null;
  relearning: boolean;
  /** "Learning" while relearning, else "Ready" (spec ML state). */
  mlState: "Learning" | "Ready";
  policyMinDays: number;
  numberOfDaysUntilData: number;
  /** The region whose prices were used (another region's when the catalog has none for the service's own). */
  pricedRegion: string | null;
}

/** A result with what produced it: charts and the Catalog Map read these. */
export interface CloudServiceAnalysis {
  result: CloudRecommendation;
  window: CloudWindow | null;
  pattern: CloudPattern | null;
  needs: CloudNeeds | null;
  group: GroupSizing | null;
  /** Present when the catalog prices the service and it has a pattern: score the map with it. */
  scoring: ScoringContext | null;
  current: CloudCandidate | null;
  recommended: CloudCandidate | null;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r1 = (x: number) => Math.round(x * 10) / 10;
const pct = (x: number) => `${r1(x)} %`;
const money = (x: number) => `$${Math.abs(x).toFixed(2)}`;
const gib = (x: number) => `${r2(x)} GiB`;
/** Names go into reasonHtml: nothing in them may read as a tag. */
const safe = (s: string) => s.replace(/[<>&]/g, "");

function blank(input: CloudServiceInput, policy: CloudPolicyValues): CloudRecommendation {
  const f = input.facts;
  return {
    entityId: f.id,
    serviceType: f.service,
    cloudProvider: f.provider,
    region: f.region,
    os: f.os,
    analysed: false,
    recommendation: "Keep",
    reasonHtml: "",
    existingInstanceType: f.instanceType,
    recommendedInstanceType: f.instanceType,
    estimatedEffort: "None",
    uptimePct: 0,
    predictedUptimePct: 0,
    totalHours: 0,
    uptimeHours: 0,
    currentEstimatedCost: null,
    recommendedEstimatedCost: null,
    optimalCost: null,
    estimatedSavings: null,
    estimatedSavingsPercent: null,
    waste: null,
    wastePct: null,
    efficiencyRating: null,
    currentVcpus: null,
    recommendedVcpus: null,
    currentMemory: null,
    recommendedMemory: null,
    currentPerfFactor: null,
    recommendedPerfFactor: null,
    currentInstances: 1,
    optimalInstances: 1,
    cpuHighPct: null,
    cpuLowPct: null,
    cpuSustainedPct: null,
    cpuAvgPct: null,
    activeMemoryPct: null,
    memoryUtilPct: null,
    memoryFromAgent: false,
    idealCpuAlloc: null,
    idealMemoryAlloc: null,
    cpuAllocEfficiencyPct: null,
    memoryAllocEfficiencyPct: null,
    surplusVcpu: null,
    surplusMemory: null,
    recommendedCpuPct: null,
    recommendedMemPct: null,
    networkIoMb: null,
    peakNetworkGbps: null,
    avgGroupSize: null,
    minGroupSize: null,
    maxGroupSize: null,
    predictedAvgGroupSize: null,
    recommMinGroupSize: null,
    recommMaxGroupSize: null,
    currentScore: null,
    recommendedScore: null,
    relearning: false,
    mlState: "Ready",
    policyMinDays: policy.policyMinDays,
    numberOfDaysUntilData: 0,
    pricedRegion: null,
  };
}

/** Sets the costs of a result from whole cents (current and optimal), keeping every derived figure consistent. */
function setCosts(r: CloudRecommendation, currentCents: number, optimalCents: number, hideRecommended: boolean): void {
  const current = fromCents(currentCents);
  const optimal = fromCents(optimalCents);
  r.currentEstimatedCost = current;
  r.optimalCost = optimal;
  r.recommendedEstimatedCost = hideRecommended ? null : optimal;
  r.estimatedSavings = fromCents(currentCents - optimalCents);
  r.waste = r.estimatedSavings;
  r.estimatedSavingsPercent = r2(savingsPercent(current, optimal));
  r.wastePct = r2(wastePercent(current, optimal));
  r.efficiencyRating = efficiencyRating(optimal, current);
}

function notAnalysed(input: CloudServiceInput, policy: CloudPolicyValues, reason: string, pricedRegion: string | null = null): CloudServiceAnalysis {
  const r = blank(input, policy);
  r.reasonHtml = reason;
  r.pricedRegion = pricedRegion;
  return { result: r, window: null, pattern: null, needs: null, group: null, scoring: null, current: null, recommended: null };
}

/**
 * Analyses one service against a prepared catalog (prepareCloudCatalog) under a cloud policy (the Cloud Default
 * Policy's values when left out).
 */
export function analyseCloudService(
  input: CloudServiceInput,
  catalog: CloudCatalog,
  policy: CloudPolicyValues = CLOUD_DEFAULT_POLICY.values,
): CloudServiceAnalysis {
  const f = input.facts;
  const catalogService = CATALOG_SERVICE[f.service];
  const found = regionCatalogFor(catalog, catalogService, f.region);
  if (!found) return notAnalysed(input, policy, `Not analysed: the catalog has no ${catalogService} types.`);
  const rc: RegionCatalog = found.rc;
  const index = rc.byName.get(f.instanceType);
  if (index === undefined) {
    return notAnalysed(input, policy, `Not analysed: instance type <b>${safe(f.instanceType)}</b> is not in the ${catalogService} catalog of ${rc.region}.`, rc.region);
  }
  const current = rc.types[index];
  const price = f.os === "Windows" ? rc.windows[index] : rc.linux[index];
  if (Number.isNaN(price)) {
    return notAnalysed(input, policy, `Not analysed: <b>${safe(f.instanceType)}</b> has no ${f.os} on-demand price in ${rc.region}.`, rc.region);
  }
  const isGroup = isGroupService(f.service);
  const r = blank(input, policy);
  r.analysed = true;
  r.pricedRegion = rc.region;
  r.currentVcpus = current.vcpus;
  r.currentMemory = current.memoryGiB;
  r.currentPerfFactor = current.perfFactor;
  const priceNote = found.fallback ? ` Prices are ${safe(rc.region)}'s: the catalog has none for ${safe(f.region)}.` : "";

  const w = cloudWindow(input, policy);
  const group = isGroup && input.groupSizes ? groupSizing(input.groupSizes, w, policy) : null;
  const uptime = group ? group.predictedUptime : w.predictedUptime;
  const instances = group ? group.avgGroupSize : 1;
  r.uptimePct = r2((group ? group.observedUptime : w.observedUptime) * 100);
  r.predictedUptimePct = r2(uptime * 100);
  r.totalHours = r2(group ? group.totalHours : w.totalHours);
  r.uptimeHours = r2(group ? group.uptimeHours : w.uptimeHours);
  r.currentInstances = instances;
  r.optimalInstances = instances;
  r.networkIoMb = w.count > 0 ? r2(w.maxDailyNetworkMb) : null;
  r.peakNetworkGbps = w.count > 0 ? w.peakNetworkGbps : null;
  if (group) {
    r.avgGroupSize = group.avgGroupSize;
    r.minGroupSize = group.minGroupSize;
    r.maxGroupSize = group.maxGroupSize;
  }
  const currentCents = monthlyCents(price, uptime, instances);
  const keep = (reason: string): CloudServiceAnalysis => {
    r.recommendation = "Keep";
    r.recommendedInstanceType = current.name;
    r.recommendedVcpus = current.vcpus;
    r.recommendedMemory = current.memoryGiB;
    r.recommendedPerfFactor = current.perfFactor;
    r.estimatedEffort = "None";
    r.reasonHtml = reason + priceNote;
    setCosts(r, currentCents, currentCents, false);
    return { result: r, window: w, pattern: null, needs: null, group, scoring: null, current, recommended: current };
  };

  // 2. Relearning after a type change.
  const relearn = relearningState(f.typeChange, input.nowMs, policy.policyMinDays);
  if (relearn.relearning) {
    r.relearning = true;
    r.mlState = "Learning";
    r.numberOfDaysUntilData = relearn.numberOfDaysUntilData;
    return keep(relearningText(relearn.numberOfDaysUntilData));
  }
  // 3. Too little data.
  if (w.count === 0) return keep("No monitor samples in the analysis window (the instance did not run): nothing to size.");
  const waitDays = daysUntilData(w.daysOfData, policy.policyMinDays);
  if (waitDays > 0) {
    r.numberOfDaysUntilData = waitDays;
    return keep(
      `Not enough data yet: analysis needs ${policy.policyMinDays} day${policy.policyMinDays === 1 ? "" : "s"}, has ${r1(w.daysOfData)}; ready in ${waitDays} day${waitDays === 1 ? "" : "s"}.`,
    );
  }

  const pattern = cloudPattern(w, policy)!;
  const needs = cloudNeeds(current, pattern, policy, w.peakNetworkGbps);
  r.cpuHighPct = r2(pattern.peakCpuPct);
  r.cpuLowPct = r2(pattern.minCpuPct);
  r.cpuSustainedPct = r2(pattern.sustainedCpuPct);
  r.cpuAvgPct = r2(pattern.avgCpuPct);
  r.activeMemoryPct = pattern.activeMemoryPct === null ? null : r2(pattern.activeMemoryPct);
  r.memoryUtilPct = pattern.avgMemPct === null ? null : r2(pattern.avgMemPct);
  r.memoryFromAgent = needs.memoryFromAgent;
  r.idealCpuAlloc = r2(needs.vcpusOnCurrent);
  r.idealMemoryAlloc = r2(needs.memoryGiB);
  r.cpuAllocEfficiencyPct = r2((needs.vcpusOnCurrent / current.vcpus) * 100);
  r.memoryAllocEfficiencyPct = r2((needs.memoryGiB / current.memoryGiB) * 100);
  r.surplusVcpu = r2(current.vcpus - needs.vcpusOnCurrent);
  r.surplusMemory = r2(current.memoryGiB - needs.memoryGiB);
  const memoryNote = needs.memoryFromAgent
    ? ""
    : ` No memory agent: memory need is the current ${gib(current.memoryGiB)}, so memory is not downsized.`;

  const ctx = scoringContext(rc, current, f.os, needs, policy, uptime, 1);
  r.currentScore = scoreOf(ctx, index);
  const done = (recommended: CloudCandidate | null): CloudServiceAnalysis => ({
    result: r,
    window: w,
    pattern,
    needs,
    group,
    scoring: ctx,
    current,
    recommended,
  });

  // 4. Idle: Terminate.
  const maxPeak = w.maxCpuPeakPct ?? 0;
  if (maxPeak < policy.idleCpuPeakPct && w.maxDailyNetworkMb <= policy.idleNetworkMbPerDay) {
    r.recommendation = "Terminate";
    r.recommendedInstanceType = null;
    r.estimatedEffort = "Low";
    r.optimalInstances = 0;
    r.currentScore = null;
    setCosts(r, currentCents, 0, true);
    r.reasonHtml =
      `<b>Terminate</b>: idle for the whole window. CPU never went above ${pct(maxPeak)} (1-minute peak; idle under ${pct(policy.idleCpuPeakPct)}) ` +
      `and no day moved more than ${r2(w.maxDailyNetworkMb)} MB over the network (idle at most ${policy.idleNetworkMbPerDay} MB/day). ` +
      `Saves ${money(r.estimatedSavings!)} per month.` +
      priceNote;
    return done(null);
  }

  // 5. Scale groups: sizes, not types.
  if (isGroup && !group) {
    const k = keep("<b>Keep</b>: no group size samples in the window, so the group cannot be sized.");
    return { ...k, pattern, needs, scoring: ctx };
  }
  if (isGroup && group) {
    r.predictedAvgGroupSize = group.predictedAvgGroupSize;
    r.recommMinGroupSize = group.recommMinGroupSize;
    r.recommMaxGroupSize = group.recommMaxGroupSize;
    r.recommendedInstanceType = current.name;
    r.recommendedVcpus = current.vcpus;
    r.recommendedMemory = current.memoryGiB;
    r.recommendedPerfFactor = current.perfFactor;
    r.recommendedScore = r.currentScore;
    const predictedCents = monthlyCents(price, uptime, group.predictedAvgGroupSize);
    const limit = policy.cpuSustainedLimit;
    const sizes =
      `in service ${r2(group.avgGroupSize)} instances on average (min ${group.minGroupSize ?? "-"}, max ${group.maxGroupSize ?? "-"}); ` +
      `the workload needs ${r2(group.predictedAvgGroupSize)} on average (min ${group.recommMinGroupSize}, max ${group.recommMaxGroupSize}) ` +
      `with each instance's sustained CPU at most ${pct(limit)}` +
      (group.memoryFromAgent ? ` and memory × ${policy.memoryHeadroom}` : " (no memory agent: sized on CPU only)");
    const overMax = group.maxGroupSize !== null && group.recommMaxGroupSize > group.maxGroupSize;
    const savings = currentCents - predictedCents;
    let rec: Recommendation = "Keep";
    if (overMax || savings < 0) rec = "Upscale";
    else if (savings > 0 && savingsPercent(currentCents, predictedCents) >= policy.minimumSavingsPercent) rec = "Downscale";
    if (rec === "Keep") {
      r.recommendation = "Keep";
      r.estimatedEffort = "None";
      r.predictedAvgGroupSize = group.avgGroupSize;
      r.recommMinGroupSize = group.minGroupSize;
      r.recommMaxGroupSize = group.maxGroupSize;
      setCosts(r, currentCents, currentCents, false);
      r.reasonHtml =
        `<b>Keep</b> the group size: ${sizes}` +
        (savings > 0 ? `; the saving of ${money(fromCents(savings))} per month is under the ${policy.minimumSavingsPercent} % minimum.` : ".") +
        memoryNote.replace("memory is not downsized", "the group is sized on CPU") +
        priceNote;
    } else {
      r.recommendation = rec;
      r.estimatedEffort = "Low";
      r.optimalInstances = group.predictedAvgGroupSize;
      setCosts(r, currentCents, predictedCents, false);
      const cost =
        savings >= 0 ? `Saves ${money(fromCents(savings))} per month.` : `Costs ${money(fromCents(-savings))} more per month to remove the risk.`;
      r.reasonHtml =
        `<b>${rec}</b> the group: ${sizes}` +
        (overMax ? `; the busiest hour needs ${group.recommMaxGroupSize}, above the configured maximum ${group.maxGroupSize}. ` : ". ") +
        cost +
        priceNote;
    }
    if (group.predictedAvgGroupSize > 0) {
      const size = r.recommendation === "Keep" ? group.avgGroupSize : group.predictedAvgGroupSize;
      r.recommendedCpuPct = size > 0 ? r2((pattern.sustainedCpuPct * group.avgGroupSize) / size) : null;
      r.recommendedMemPct =
        pattern.activeMemoryPct === null || size <= 0 ? null : r2((pattern.activeMemoryPct * group.avgGroupSize) / size);
    }
    return done(current);
  }

  // 6. Single instances: the best fit.
  const currentFits = isSufficient(ctx, index) && incompatibility(ctx, index) === 0;
  const best = bestFit(ctx);
  const needText =
    `the busiest hour's sustained CPU is ${pct(pattern.sustainedCpuPct)} and the peak ${pct(pattern.peakCpuPct)} of ${current.vcpus} vCPUs, ` +
    `${r2(needs.vcpusOnCurrent)} vCPUs of this performance at the ${needs.cpuBinding === "Sustained" ? `${policy.cpuSustainedLimit} % sustained` : `${policy.cpuPeakLimit} % peak`} limit; ` +
    (needs.memoryFromAgent
      ? `memory needs ${gib(needs.memoryGiB)} (${policy.memoryMetric.toLowerCase()} ${pct(pattern.activeMemoryPct!)} of ${gib(current.memoryGiB)} × ${policy.memoryHeadroom})`
      : `memory needs the current ${gib(current.memoryGiB)}`);
  if (best < 0) {
    const k = keep(
      `<b>Keep</b>: no ${rc.service} type in ${safe(rc.region)} is sufficient and compatible: ${needText}.` +
        (currentFits ? "" : " The current type is short of what the workload needs.") +
        memoryNote,
    );
    return { ...k, pattern, needs, scoring: ctx };
  }
  const rec = rc.types[best];
  const bestCents = monthlyCents(priceOf(ctx, best), uptime, 1);
  const savings = currentCents - bestCents;
  const keepCurrent = best === index || (currentFits && (savings <= 0 || savingsPercent(currentCents, bestCents) < policy.minimumSavingsPercent));
  if (keepCurrent) {
    const k = keep(
      best === index
        ? `<b>Keep</b> ${safe(current.name)}: it is the cheapest type that meets the needs; ${needText}.` + memoryNote
        : `<b>Keep</b> ${safe(current.name)}: ${safe(rec.name)} also meets the needs but saves only ${money(fromCents(savings))} per month, ` +
            `under the ${policy.minimumSavingsPercent} % minimum; ${needText}.` +
            memoryNote,
    );
    r.recommendedScore = r.currentScore;
    r.recommendedCpuPct = r.cpuSustainedPct;
    r.recommendedMemPct = r.activeMemoryPct;
    return { ...k, pattern, needs, scoring: ctx };
  }

  let kind: Recommendation;
  if (!currentFits) kind = "Upsize";
  else if (
    rec.series === current.series &&
    rec.size === current.size &&
    rec.generation !== null &&
    current.generation !== null &&
    rec.generation > current.generation &&
    savings > 0
  ) {
    kind = "Modernize";
  } else kind = "Downsize";

  r.recommendation = kind;
  r.recommendedInstanceType = rec.name;
  r.recommendedVcpus = rec.vcpus;
  r.recommendedMemory = rec.memoryGiB;
  r.recommendedPerfFactor = rec.perfFactor;
  r.recommendedScore = scoreOf(ctx, best);
  r.estimatedEffort = EFFORT_BY_RANK[effortRank(ctx, best)];
  setCosts(r, currentCents, bestCents, false);
  r.recommendedCpuPct = r2((pattern.sustainedCpuPct * current.vcpus * current.perfFactor) / (rec.vcpus * rec.perfFactor));
  r.recommendedMemPct = pattern.activeMemoryPct === null ? null : r2((pattern.activeMemoryPct * current.memoryGiB) / rec.memoryGiB);
  const move = `${safe(current.name)} → <b>${safe(rec.name)}</b>`;
  const cost = savings >= 0 ? `Saves ${money(fromCents(savings))} per month (${pct(savingsPercent(currentCents, bestCents))}).` : `Costs ${money(fromCents(-savings))} more per month.`;
  const effort = ` Effort ${r.estimatedEffort}` + (r.estimatedEffort === "High" ? ` (architecture ${safe(current.architecture)} → ${safe(rec.architecture)}: rebuild the image).` : ".");
  if (kind === "Modernize") {
    r.reasonHtml = `<b>Modernize</b> ${move}: the same size in a newer generation meets the needs for less; ${needText}. ${cost}${effort}`;
  } else if (kind === "Upsize") {
    const short = [
      ctx.rc.work[index] < needs.cpuWork ? `CPU (${current.vcpus} vCPUs)` : null,
      ctx.rc.memory[index] < needs.memoryGiB ? `memory (${gib(current.memoryGiB)})` : null,
      incompatibility(ctx, index) !== 0 ? "a requirement of its own workload (network)" : null,
    ].filter(Boolean);
    r.reasonHtml = `<b>Upsize</b> ${move}: the current type is short of ${short.join(" and ")}; ${needText}. ${cost}${effort}`;
  } else {
    r.reasonHtml = `<b>Downsize</b> ${move}: ${needText}. ${cost}${effort}`;
  }
  r.reasonHtml += memoryNote + priceNote;
  return done(rec);
}
