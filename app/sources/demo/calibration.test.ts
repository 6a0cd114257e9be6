/**
 * The demo fleet, analysed by the container engine exactly as a collection run would, looks like a real fleet:
 * most containers over-provisioned (CPU used at 10–30 % of its requests, memory at 30–60 %), some right-sized,
 * some short (a few of those throttled or OOM-killed), about 8 % without requests; and the summary waterfall
 * promises Optimal Spend at about half to two thirds of Current Spend, mostly as Immediate Savings.
 *
 * Each fleet is 1,000 containers; seeds 1, 7 and 42 (the bands hold across seeds, with room to spare).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, analyseContainer, toColumns, waterfall, type ContainerCosts, type RecommendationLabel } from "../../engine/containers";
import { policyForContainer } from "../../engine/policy";
import { createDemoSource } from "./source";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const SIZE = 1000;

type Label = RecommendationLabel | "not analysed";

interface FleetAnalysis {
  containers: number;
  labels: Map<Label, number>;
  costs: ContainerCosts[];
  /** Upsized containers with a CPU throttling risk, and with a memory termination risk. */
  upsizedThrottled: number;
  upsizedTerminated: number;
  /** Fleet-wide usage ÷ requests (replica-weighted averages, containers with the request set). */
  cpuUtilisation: number;
  memUtilisation: number;
}

/** Every container of the fleet through analyseContainer, as a caller does: the policy's window, from the source. */
function analyseFleet(seed: number): FleetAnalysis {
  const source = createDemoSource({ seed, size: SIZE, now: NOW });
  const containers = source.inventory().containers;
  const labels = new Map<Label, number>();
  const costs: ContainerCosts[] = [];
  let upsizedThrottled = 0;
  let upsizedTerminated = 0;
  let cpuUsed = 0;
  let cpuRequested = 0;
  let memUsed = 0;
  let memRequested = 0;
  for (const c of containers) {
    const policy = policyForContainer(c.policy);
    const fromMs = NOW - policy.values.workloadRangeDays * DAY_MS;
    const analysis = analyseContainer(
      {
        kind: c.pod_owner_kind,
        existing: { cpuRequest: c.cpu_request, cpuLimit: c.cpu_limit, memRequest: c.mem_request, memLimit: c.mem_limit },
        samples: toColumns(source.containerSamples(c.id, fromMs, NOW)),
        events: source.containerEvents(c.id, fromMs, NOW),
        nowMs: NOW,
        firstSeenMs: Date.parse(c.first_seen),
        count: c.replicas,
      },
      policy,
    );
    const { result, risks } = analysis;
    const label: Label = result.analysed ? result.label : "not analysed";
    labels.set(label, (labels.get(label) ?? 0) + 1);
    if (!result.analysed) continue;
    costs.push(analysis.costs!);
    if (label === "Upsize" && risks.hasCpuThrottledRisk) upsizedThrottled++;
    if (label === "Upsize" && (risks.hasMemoryPodTerminationRisk || risks.hasMemoryProcessTerminationRisk)) upsizedTerminated++;
    if (c.cpu_request != null) {
      cpuUsed += result.cpu.avg * c.replicas;
      cpuRequested += c.cpu_request * c.replicas;
    }
    if (c.mem_request != null) {
      memUsed += result.mem.avg * c.replicas;
      memRequested += c.mem_request * c.replicas;
    }
  }
  return {
    containers: containers.length,
    labels,
    costs,
    upsizedThrottled,
    upsizedTerminated,
    cpuUtilisation: cpuUsed / cpuRequested,
    memUtilisation: memUsed / memRequested,
  };
}

describe.each([1, 7, 42])("the demo fleet analysed by the engine (seed %i, 1,000 containers)", (seed) => {
  let fleet: FleetAnalysis;
  const share = (label: Label) => (fleet.labels.get(label) ?? 0) / fleet.containers;
  beforeAll(() => {
    fleet = analyseFleet(seed);
  }, 30_000);

  it("analyses every container of the fleet", () => {
    expect(fleet.containers).toBe(SIZE);
    expect(share("not analysed")).toBeLessThanOrEqual(0.01);
  });

  it("labels most containers Downsize, about an eighth Just Right and an eighth Upsize, the rest Resize", () => {
    expect(share("Downsize")).toBeGreaterThanOrEqual(0.55);
    expect(share("Downsize")).toBeLessThanOrEqual(0.66);
    expect(share("Just Right")).toBeGreaterThanOrEqual(0.09);
    expect(share("Just Right")).toBeLessThanOrEqual(0.16);
    expect(share("Upsize")).toBeGreaterThanOrEqual(0.09);
    expect(share("Upsize")).toBeLessThanOrEqual(0.16);
    expect(share("Size from unspecified")).toBeGreaterThanOrEqual(0.05);
    expect(share("Size from unspecified")).toBeLessThanOrEqual(0.11);
    expect(share("Resize")).toBeGreaterThanOrEqual(0.03);
    expect(share("Resize")).toBeLessThanOrEqual(0.12);
  });

  it("upsizes some containers that are throttled and some that are OOM-killed", () => {
    expect(fleet.upsizedThrottled).toBeGreaterThanOrEqual(5);
    expect(fleet.upsizedTerminated).toBeGreaterThanOrEqual(5);
  });

  it("uses CPU at 10–30 % of its requests and memory at 30–60 %, fleet-wide", () => {
    expect(fleet.cpuUtilisation).toBeGreaterThanOrEqual(0.1);
    expect(fleet.cpuUtilisation).toBeLessThanOrEqual(0.3);
    expect(fleet.memUtilisation).toBeGreaterThanOrEqual(0.3);
    expect(fleet.memUtilisation).toBeLessThanOrEqual(0.6);
  });

  it("puts Optimal Spend at 45–65 % of Current Spend, mostly through Immediate Savings", () => {
    const w = waterfall(fleet.costs);
    const c = w.cents;
    expect(c.currentSpend + c.immediateSavings + c.riskRemoval + c.additionalWaste).toBe(c.optimalSpend);
    const ratio = c.optimalSpend / c.currentSpend;
    expect(ratio).toBeGreaterThanOrEqual(0.45);
    expect(ratio).toBeLessThanOrEqual(0.65);
    // Immediate Savings is by far the largest change; Risk Removal clearly smaller; some waste waits on risk.
    expect(-c.immediateSavings).toBeGreaterThanOrEqual(0.3 * c.currentSpend);
    expect(c.riskRemoval).toBeGreaterThan(0);
    expect(c.riskRemoval).toBeLessThan(-c.immediateSavings / 3);
    expect(c.additionalWaste).toBeLessThan(0);
    expect(-c.additionalWaste).toBeLessThan(-c.immediateSavings / 3);
  });
});
