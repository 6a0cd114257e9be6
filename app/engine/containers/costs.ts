/**
 * Costs, spare, deficit, realizable gains, efficiency and waste of one container (ANALYSIS.md "Costs, waste and
 * the waterfall"; spec document 2 section 4). Prices are per hour (configuration parameters cpu_core_default_cost
 * and memory_gib_default_cost), turned into $ per month with 730 hours:
 *
 *   cost(cpu, mem) = cpu / 1000 × cpuPrice + mem / 1024 × memPrice, × the average container count.
 *
 * Every money figure is computed per container and resource in whole cents first (current and recommended cost
 * rounded to the cent; spare = max(0, current − recommended), deficit = max(0, recommended − current)), so every
 * total adds up to the cent and the waterfall identity holds exactly. An unset request costs 0 now, and its
 * recommended cost is the unspecified cost (and a deficit).
 */
import { hasRuntimeRisk } from "./risks";
import type { RiskFlags } from "./types";

import { HOURS_PER_MONTH } from "~/lib/units";

export { HOURS_PER_MONTH };

/** $ per vCPU-hour and per GB-hour. */
export interface UnitPrices {
  cpuCoreHour: number;
  memoryGbHour: number;
}

/** The public on-demand defaults OpenCost ships: about $23.08 per core-month and $3.09 per GB-month. */
export const DEFAULT_UNIT_PRICES: UnitPrices = Object.freeze({ cpuCoreHour: 0.031611, memoryGbHour: 0.004237 });

/** $ per core-month and per GB-month, the figures of the summary's "based on $x/CPU Core, $y/Memory GB". */
export function monthlyUnitPrices(prices: UnitPrices = DEFAULT_UNIT_PRICES): { cpuCoreMonth: number; memoryGbMonth: number } {
  return { cpuCoreMonth: prices.cpuCoreHour * HOURS_PER_MONTH, memoryGbMonth: prices.memoryGbHour * HOURS_PER_MONTH };
}

/** The node group's primary constraint (spec section 3), which decides which savings are realizable. */
export type PrimaryConstraint = "Cpu Request" | "Memory Request" | "Memory Utilization";

export interface CostInput {
  existing: { cpuRequest: number | null; memRequest: number | null };
  recommended: { cpuRequest: number; memRequest: number };
  /** Average running containers (currentCount). */
  count: number;
  /** Risk flags (throttling or termination puts the container at risk). */
  risks?: Partial<RiskFlags> | null;
  primaryConstraint?: PrimaryConstraint | null;
}

/** One resource of one container; quantities in mCores or MB × count, money in $ per month. */
export interface ResourceCost {
  current: number;
  recommended: number;
  unspecified: number;
  spare: number;
  deficit: number;
  currentCost: number;
  recommendedCost: number;
  unspecifiedCost: number;
  spareCost: number;
  deficitCost: number;
  /** Spare cost that can be taken now: not at risk, and the node group is constrained by this resource's requests. */
  realizableGain: number;
  /** Spare cost of a container at risk (it becomes immediate once the risk is removed). */
  additionalWaste: number;
}

/** Whole cents per month: what totals and the waterfall add up. */
export interface CostCents {
  current: number;
  recommended: number;
  unspecified: number;
  spare: number;
  deficit: number;
  /** Spare of a container not at risk (Immediate Savings), and of one at risk (Additional Waste). */
  immediate: number;
  additional: number;
}

export interface ContainerCosts {
  cpu: ResourceCost;
  mem: ResourceCost;
  currentCost: number;
  recommendedCost: number;
  unspecifiedCost: number;
  spareCost: number;
  deficitCost: number;
  realizableGain: number;
  additionalWaste: number;
  atRisk: boolean;
  efficiencyRating: number;
  monthlyWaste: number;
  cents: CostCents;
}

/** recommended / (current + unspecified); 0 when there is no current cost (the spec's rule, section 4). */
export function efficiencyRating(currentCost: number, unspecifiedCost: number, recommendedCost: number): number {
  return currentCost > 0 ? recommendedCost / (currentCost + unspecifiedCost) : 0;
}

/** current + unspecified − recommended ($ per month). */
export function monthlyWaste(currentCost: number, unspecifiedCost: number, recommendedCost: number): number {
  return currentCost + unspecifiedCost - recommendedCost;
}

/** The rating's colour as displayed (two decimals): green at exactly 1.00, yellow below, red above. */
export function efficiencyRatingColour(rating: number): "green" | "yellow" | "red" {
  const shown = Math.round(rating * 100);
  return shown === 100 ? "green" : shown < 100 ? "yellow" : "red";
}

interface ResourceCents {
  cur: number;
  rec: number;
  unspec: number;
  spare: number;
  deficit: number;
}

function resourceCents(existing: number | null, recommended: number, perUnitMonth: number, count: number): ResourceCents {
  const unset = existing === null || !(existing > 0);
  const cur = unset ? 0 : Math.round(existing * perUnitMonth * count * 100);
  const rec = Math.round(recommended * perUnitMonth * count * 100);
  return { cur, rec, unspec: unset ? rec : 0, spare: Math.max(0, cur - rec), deficit: Math.max(0, rec - cur) };
}

function resourceCost(existing: number | null, recommended: number, count: number, c: ResourceCents, atRisk: boolean, realizable: boolean): ResourceCost {
  const e = existing !== null && existing > 0 ? existing : 0;
  return {
    current: e * count,
    recommended: recommended * count,
    unspecified: e === 0 ? recommended * count : 0,
    spare: Math.max(0, e - recommended) * count,
    deficit: Math.max(0, recommended - e) * count,
    currentCost: c.cur / 100,
    recommendedCost: c.rec / 100,
    unspecifiedCost: c.unspec / 100,
    spareCost: c.spare / 100,
    deficitCost: c.deficit / 100,
    realizableGain: !atRisk && realizable ? c.spare / 100 : 0,
    additionalWaste: atRisk ? c.spare / 100 : 0,
  };
}

export function containerCosts(input: CostInput, prices: UnitPrices = DEFAULT_UNIT_PRICES): ContainerCosts {
  const { cpuCoreMonth, memoryGbMonth } = monthlyUnitPrices(prices);
  const count = input.count;
  const cpu = resourceCents(input.existing.cpuRequest, input.recommended.cpuRequest, cpuCoreMonth / 1000, count);
  const mem = resourceCents(input.existing.memRequest, input.recommended.memRequest, memoryGbMonth / 1024, count);
  const atRisk = cpu.deficit > 0 || mem.deficit > 0 || hasRuntimeRisk(input.risks);
  const pc = input.primaryConstraint ?? null;
  const cents: CostCents = {
    current: cpu.cur + mem.cur,
    recommended: cpu.rec + mem.rec,
    unspecified: cpu.unspec + mem.unspec,
    spare: cpu.spare + mem.spare,
    deficit: cpu.deficit + mem.deficit,
    immediate: atRisk ? 0 : cpu.spare + mem.spare,
    additional: atRisk ? cpu.spare + mem.spare : 0,
  };
  const cpuCost = resourceCost(input.existing.cpuRequest, input.recommended.cpuRequest, count, cpu, atRisk, pc === null || pc === "Cpu Request");
  const memCost = resourceCost(input.existing.memRequest, input.recommended.memRequest, count, mem, atRisk, pc === null || pc === "Memory Request");
  return {
    cpu: cpuCost,
    mem: memCost,
    currentCost: cents.current / 100,
    recommendedCost: cents.recommended / 100,
    unspecifiedCost: cents.unspecified / 100,
    spareCost: cents.spare / 100,
    deficitCost: cents.deficit / 100,
    realizableGain: (Math.round(cpuCost.realizableGain * 100) + Math.round(memCost.realizableGain * 100)) / 100,
    additionalWaste: cents.additional / 100,
    atRisk,
    efficiencyRating: efficiencyRating(cents.current, cents.unspecified, cents.recommended),
    monthlyWaste: monthlyWaste(cents.current, cents.unspecified, cents.recommended) / 100,
    cents,
  };
}
