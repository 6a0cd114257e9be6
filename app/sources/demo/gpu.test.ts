import { describe, expect, it } from "vitest";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { GPU_INSTANCE_TYPES, gpuModel } from "./gpu";
import { generateDemoInventory } from "./inventory";
import { createDemoSource } from "./source";

const NOW = Date.UTC(2026, 2, 2, 12);
const DAY = 86_400_000;

describe("demo GPUs", () => {
  const source = createDemoSource({ seed: 42, size: 2000, now: NOW });
  const inv = source.inventory();
  const gpuGroups = inv.nodeGroups.filter((g) => g.name === `${g.cluster}-gpu`);

  it("gives the production EKS and the development GKE cluster a GPU group of real GPU instance types", () => {
    expect(gpuGroups.map((g) => [g.cluster, g.instance_type])).toEqual([
      ["prod-eks-use1-01", "g5.xlarge"],
      ["dev-gke-usc1-03", "g2-standard-4"],
    ]);
    for (const g of gpuGroups) {
      const gpus = inv.containers.filter((c) => c.cluster === g.cluster && c.node_group === g.name);
      expect(gpus.length).toBeGreaterThanOrEqual(3);
      // One GPU per pod: the group has a node for each pod that asks for one.
      expect(g.node_count).toBeGreaterThanOrEqual(Math.ceil(gpus.filter((c) => c.pod_owner_kind === "Deployment").reduce((s, c) => s + c.replicas, 0)));
    }
    const share = inv.containers.filter((c) => c.node_group.endsWith("-gpu")).length / inv.containers.length;
    expect(share).toBeGreaterThan(0.003);
    expect(share).toBeLessThan(0.02);
  });

  it("gives GPU containers GPU samples while they run, and no others", () => {
    const gpuContainers = inv.containers.filter((c) => c.node_group.endsWith("-gpu"));
    const from = NOW - 7 * DAY;
    for (const c of gpuContainers) {
      const gpu = source.containerGpu(c.id, from, NOW)!;
      expect(gpu.request).toBe(1);
      const cpu = source.containerSamples(c.id, from, NOW);
      expect(gpu.samples.map((s) => s.t)).toEqual(cpu.map((s) => s.t));
      const device = GPU_INSTANCE_TYPES[gpuGroups.find((g) => g.cluster === c.cluster)!.instance_type].deviceMemoryMb;
      for (const s of gpu.samples) {
        expect(s.gpu).toBeGreaterThan(0);
        expect(s.gpu).toBeLessThanOrEqual(1);
        expect(s.gpuMem).toBeGreaterThan(0);
        expect(s.gpuMem).toBeLessThan(device);
        expect(s.t % SAMPLE_STEP_MS).toBe(0);
      }
    }
    const other = inv.containers.find((c) => !c.node_group.endsWith("-gpu"))!;
    expect(source.containerGpu(other.id, from, NOW)).toBeNull();
    expect(gpuModel(42, other)).toBeNull();
  });

  it("reports GPU nodes' devices and utilisation, and nothing for other nodes", () => {
    const gpuNode = inv.nodes.find((n) => n.node_group.endsWith("-gpu"))!;
    const g = source.nodeGpu(gpuNode.id, NOW - 7 * DAY, NOW)!;
    expect(g.model).toBe("NVIDIA A10G");
    expect(g.gpus).toBe(1);
    expect(g.memoryMb).toBe(24 * 1024);
    expect(g.utilizationAvg).toBeGreaterThan(0);
    expect(g.utilizationAvg).toBeLessThan(100);
    expect(g.memUtilizationAvg).toBeGreaterThan(0);
    const plain = inv.nodes.find((n) => !n.node_group.endsWith("-gpu"))!;
    expect(source.nodeGpu(plain.id, NOW - 7 * DAY, NOW)).toBeNull();
  });

  it("is deterministic", () => {
    const again = createDemoSource({ seed: 42, size: 2000, now: NOW });
    const c = inv.containers.find((x) => x.node_group.endsWith("-gpu"))!;
    expect(again.containerGpu(c.id, NOW - DAY, NOW)).toEqual(source.containerGpu(c.id, NOW - DAY, NOW));
    expect(generateDemoInventory({ seed: 42, size: 2000, now: NOW }).nodeGroups).toEqual(inv.nodeGroups);
  });
});
