import { indexByName, memoryPerVcpu } from "../catalog/lookup";
import { parseInstanceName, providerOfName } from "../catalog/names";
import { HOURS_PER_MONTH } from "../catalog/price";
import type { InstanceType } from "../catalog/types";
import type { NodeGroupAggregates } from "./aggregates";
import { allocatableOf } from "./allocatable";
import { candidateTypes } from "./candidates";
import { DEFAULT_CAPACITY_THRESHOLDS, type CapacityThresholds } from "./constants";
import { currentMonthlyCost } from "./cost";
import { nodeGroupNeeds, nodesNeeded, type NodeGroupNeeds } from "./needs";
import { neededShape, shapeDistance } from "./shape";

export interface OptimiseOptions {
  capacity?: CapacityThresholds;
  /** Consider burstable families (t*, B*) too; off by default. */
  includeBurstable?: boolean;
  /** Allow a move to another architecture (x86_64 ↔ arm64); off by default. */
  anyArchitecture?: boolean;
}

/** The optimised node family and count for a group and what it saves (spec node group fields), with the why. */
export interface NodeGroupOptimisation {
  currentNodeFamily: string | null;
  currentEstimatedCost: number | null;
  unpricedInstanceTypes: string[];
  optimizedNodeFamily: string | null;
  optimizedNodeType: string | null;
  optimizedAvgNodeCount: number | null;
  /** Allocatable of one optimised node (mCores, MB): observed when the group runs the type, else allocatableOf(). */
  optimizedNodeAllocatable: { cpu: number; mem: number } | null;
  /** GiB per vCPU of the need (recommended requests at the request thresholds; else the current type's). */
  neededGibPerVcpu: number | null;
  optimizedEstimatedCost: number | null;
  /** current − optimised $ per month; negative when the group needs more than it has. */
  estimatedWastePerMonth: number | null;
  estimatedWastePercent: number | null;
  /** Allocatable beyond what the recommended requests need at the request thresholds (negative: short). */
  surplusCpu: number;
  surplusMem: number;
  needs: NodeGroupNeeds;
}

interface Candidate {
  type: InstanceType;
  count: number;
  cost: number;
  allocatable: { cpu: number; mem: number };
  shapeDistance: number;
}

/** Cheapest (to the cent) first; then the closer shape, the group's own family, newer generation, fewer nodes, name. */
function better(a: Candidate, b: Candidate, currentFamily: string | null): boolean {
  const cents = (x: number) => Math.round(x * 100);
  if (cents(a.cost) !== cents(b.cost)) return a.cost < b.cost;
  if (Math.abs(a.shapeDistance - b.shapeDistance) > 1e-9) return a.shapeDistance < b.shapeDistance;
  const own = (c: Candidate) => (c.type.family === currentFamily ? 1 : 0);
  if (own(a) !== own(b)) return own(a) > own(b);
  if ((a.type.generation ?? 0) !== (b.type.generation ?? 0)) return (a.type.generation ?? 0) > (b.type.generation ?? 0);
  if (a.count !== b.count) return a.count < b.count;
  return a.type.name < b.type.name;
}

function cheapest(types: readonly InstanceType[], g: NodeGroupAggregates, needs: NodeGroupNeeds, shape: number | null): Candidate | null {
  let best: Candidate | null = null;
  for (const type of types) {
    const allocatable = g.allocatableByInstanceType[type.name] ?? allocatableOf(type);
    if (allocatable.cpu < g.largestRecommendedCpuRequest || allocatable.mem < g.largestRecommendedMemRequest) continue;
    const count = nodesNeeded(needs, {
      allocatableCpu: allocatable.cpu,
      allocatableMem: allocatable.mem,
      capacityCpu: type.vcpus * 1000,
      capacityMem: type.memoryGiB * 1024,
    });
    const c: Candidate = { type, count, cost: count * type.hourlyPrice! * HOURS_PER_MONTH, allocatable, shapeDistance: shapeDistance(type, shape) };
    if (best === null || better(c, best, g.currentNodeFamily)) best = c;
  }
  return best;
}

/**
 * The optimised node family and count (README.md): among the candidate types of the group's provider, region and
 * architecture that hold its largest container, the one whose node count meets every capacity threshold for the
 * least $ per month. A type of the wrong CPU:memory shape must buy nodes for its scarce resource and pays for the
 * surplus of the other, so the cheapest is the best fit by shape; equal costs go to the closer shape (to the
 * recommended requests at the request thresholds). Waste = current − optimised cost.
 */
export function optimiseNodeGroup(g: NodeGroupAggregates, catalog: readonly InstanceType[], options: OptimiseOptions = {}): NodeGroupOptimisation {
  const index = indexByName(catalog);
  const current = g.primaryNodeType === null ? undefined : index.get(g.primaryNodeType);
  const { currentEstimatedCost, unpricedInstanceTypes } = currentMonthlyCost(g.nodeHoursByInstanceType, g.windowHours, index);
  const needs = nodeGroupNeeds(g, options.capacity ?? DEFAULT_CAPACITY_THRESHOLDS);
  const base: NodeGroupOptimisation = {
    currentNodeFamily: g.currentNodeFamily,
    currentEstimatedCost,
    unpricedInstanceTypes,
    optimizedNodeFamily: null,
    optimizedNodeType: null,
    optimizedAvgNodeCount: null,
    optimizedNodeAllocatable: null,
    neededGibPerVcpu: null,
    optimizedEstimatedCost: null,
    estimatedWastePerMonth: null,
    estimatedWastePercent: null,
    surplusCpu: g.aggregatedAllocatableCpu - needs.cpuRequestNeed,
    surplusMem: g.aggregatedAllocatableMem - needs.memRequestNeed,
    needs,
  };
  const provider = current?.provider ?? (g.primaryNodeType === null ? null : providerOfName(g.primaryNodeType));
  if (g.totalNodeHours <= 0 || provider === null) return base;
  // A GPU group's pods need its GPUs; the candidates (CPU and memory only, no accelerators) cannot hold them, so
  // it gets no optimised type rather than a cheaper one its workloads could not run on.
  const accelerated = current?.accelerated ?? (g.primaryNodeType !== null && parseInstanceName(g.primaryNodeType)?.accelerated === true);
  if (accelerated) return base;

  const types = candidateTypes(catalog, {
    provider,
    region: current?.region ?? null,
    architecture: options.anyArchitecture ? null : (current?.architecture ?? "x86_64"),
    includeBurstable: options.includeBurstable ?? false,
  });
  const shape = neededShape(needs.cpuRequestNeed, needs.memRequestNeed) ?? (current ? memoryPerVcpu(current) : null);
  const best = cheapest(types, g, needs, shape);
  if (best === null) return base;

  const waste = currentEstimatedCost === null ? null : currentEstimatedCost - best.cost;
  return {
    ...base,
    optimizedNodeFamily: best.type.family,
    optimizedNodeType: best.type.name,
    optimizedAvgNodeCount: best.count,
    optimizedNodeAllocatable: best.allocatable,
    neededGibPerVcpu: shape,
    optimizedEstimatedCost: best.cost,
    estimatedWastePerMonth: waste,
    estimatedWastePercent: waste === null || !currentEstimatedCost ? null : (waste / currentEstimatedCost) * 100,
  };
}
