/**
 * Why one container's recommendation in the current snapshot is what it is (issue 15): the engine run again on
 * the same samples, window end, policy and unit prices as the analysis that made the snapshot, with a WhyTrace.
 * The same code path as the fleet's analysis (chunk.ts analyseItem), so the chain ends on the stored values; a
 * test holds it to that.
 */
import type { Store } from "~/db/connect.server";
import { DAY_MS, monthlyUnitPrices, STEP_MS, type ResourceKey, type UnitPrices } from "~/engine/containers";
import { containerPriceSource, costChain, WhyTrace, type CostWhyStep, type WhySteps } from "~/engine/containers/why";
import { clusterRegions, getContainerInventory } from "~/models/containers.server";
import { currentSnapshot } from "~/models/snapshot.server";
import { containerById } from "~/models/container-grid.server";
import type { PolicyValues } from "~/engine/policy";
import { sampleBuffers } from "~/sources/sample-reader";
import { analyseItem } from "./chunk";
import { resolveSource } from "./run.server";

export interface ContainerWhy {
  containerId: string;
  policyName: string;
  /** The analysis window: its end is the snapshot's, its length the policy's. */
  window: { fromMs: number; toMs: number; days: number; samples: number; expectedSamples: number; hoursOfData: number; runs: number };
  analysed: boolean;
  /** Why there is no recommendation (too little data, …); null when there is one. */
  reason: string | null;
  steps: WhySteps;
  recommended: Record<ResourceKey, number> | null;
  notes: string[];
  /** The unit prices the snapshot was costed with ($ per CPU core and per GB of memory a month), and when that analysis ran. */
  prices: { cpuCoreMonth: number; memoryGbMonth: number };
  pricedAt: string;
  /** Where the unit prices come from (Settings' unit costs; OpenCost's public prices when left at their defaults). */
  priceSource: string;
  /** The price used and the resulting cost, step by step, ending on the snapshot's costs; empty when not analysed. */
  costSteps: CostWhyStep[];
  /** Current and recommended cost of the container ($/month), as the snapshot holds them. */
  costs: { current: number; recommended: number } | null;
}

export async function explainContainer(store: Store, containerId: string): Promise<ContainerWhy | null> {
  const snapshot = await currentSnapshot(store.db);
  const container = await getContainerInventory(store.db, containerId);
  if (!snapshot || !container) return null;
  const nowMs = Date.parse(snapshot.window_end);
  const prices = JSON.parse(snapshot.prices_json) as UnitPrices;
  const resolved = await resolveSource(store, { nowMs }, await clusterRegions(store.db));
  // The policy the snapshot analysed this container with (its name on the analysis row, its values as the snapshot
  // recorded them): after an edit or an assignment the chain stays the snapshot's until the re-analysis swaps in.
  const row = await containerById(store.db, containerId, 0);
  const policyName = row?.policyName ?? container.policy;
  const values = (JSON.parse(snapshot.policies_json) as Record<string, PolicyValues | undefined>)[policyName];
  const policy = values ? { id: policyName, name: policyName, description: "", values } : undefined;
  const trace = new WhyTrace();
  const { policy: used, analysis } = await analyseItem({ container, group: null, policy }, resolved.reader, { nowMs, prices }, sampleBuffers(), trace);
  const r = analysis.result;
  const days = used.values.workloadRangeDays;
  const monthly = monthlyUnitPrices(prices);
  const priceSource = containerPriceSource(prices);
  const c = analysis.costs;
  const costSteps =
    r.analysed && c
      ? costChain({
          existing: { cpuRequest: container.cpu_request, memRequest: container.mem_request },
          recommended: r.recommended,
          count: container.replicas,
          prices: monthly,
          source: priceSource,
          pricedAt: snapshot.started_at,
          costs: { cpuCurrent: c.cpu.currentCost, cpuRecommended: c.cpu.recommendedCost, memCurrent: c.mem.currentCost, memRecommended: c.mem.recommendedCost, current: c.currentCost, recommended: c.recommendedCost },
        })
      : [];
  return {
    containerId,
    policyName: used.name,
    window: {
      fromMs: r.window.fromMs,
      toMs: r.window.toMs,
      days,
      samples: r.window.sampleCount,
      expectedSamples: Math.round((days * DAY_MS) / STEP_MS),
      hoursOfData: r.window.hoursOfData,
      runs: r.window.runs,
    },
    analysed: r.analysed,
    reason: r.analysed ? null : r.reason,
    steps: trace.steps,
    recommended: r.analysed ? r.recommended : null,
    notes: r.notes,
    prices: monthly,
    pricedAt: snapshot.started_at,
    priceSource,
    costSteps,
    costs: analysis.costs ? { current: analysis.costs.currentCost, recommended: analysis.costs.recommendedCost } : null,
  };
}
