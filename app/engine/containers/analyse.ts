/**
 * One container, end to end: the recommendation under its policy, its risk flags, its costs (analysed containers
 * only: a container without a recommendation has no recommended cost and stays out of the waterfall) and its
 * histogram buckets; optionally the learned 24-hour pattern. This is the function a collection run streams the
 * fleet through, one container at a time.
 */
import type { PolicyValues } from "../policy/parameters";
import type { Policy } from "../policy/policies";
import { containerCosts, DEFAULT_UNIT_PRICES, type ContainerCosts, type PrimaryConstraint, type UnitPrices } from "./costs";
import { histogramBucket } from "./histogram";
import { learnedPattern, type LearnedPattern } from "./pattern";
import { recommendContainer, type ContainerInput, type ContainerResult } from "./recommend";
import { risks } from "./risks";
import { RESOURCE_KEYS, type ResourceKey, type RiskFlags } from "./types";
import type { WhyTrace } from "./why";

export interface AnalyseOptions {
  prices?: UnitPrices;
  primaryConstraint?: PrimaryConstraint | null;
  /** The node group's stranded flags. */
  stranded?: { cpu?: boolean; memory?: boolean } | null;
  /** Also compute the learned 24-hour pattern (half-life in days, default 7). */
  pattern?: boolean;
  halfLifeDays?: number;
  /** Records why each value is what it is (why.ts); only for one container at a time. */
  trace?: WhyTrace;
}

export interface ContainerAnalysis {
  result: ContainerResult;
  risks: RiskFlags;
  costs: ContainerCosts | null;
  buckets: Record<ResourceKey, number> | null;
  pattern: LearnedPattern | null;
}

export function analyseContainer(input: ContainerInput, policy: Policy | PolicyValues, options: AnalyseOptions = {}): ContainerAnalysis {
  const result = recommendContainer(input, policy, options.trace);
  const flags = risks({
    existing: input.existing,
    cpuP95: result.analysed ? result.cpuP95 : null,
    memPeak: result.analysed ? result.limitPeak.mem : null,
    events: input.events,
    stranded: options.stranded,
  });
  const pattern = options.pattern ? learnedPattern(input.samples, input.nowMs, options.halfLifeDays ?? 7, result.window.fromMs) : null;
  if (!result.analysed) return { result, risks: flags, costs: null, buckets: null, pattern };
  const costs = containerCosts(
    { existing: input.existing, recommended: result.recommended, count: input.count ?? 1, risks: flags, primaryConstraint: options.primaryConstraint },
    options.prices ?? DEFAULT_UNIT_PRICES,
  );
  const buckets = {} as Record<ResourceKey, number>;
  for (const k of RESOURCE_KEYS) buckets[k] = histogramBucket(input.existing[k], result.recommended[k]);
  return { result, risks: flags, costs, buckets, pattern };
}
