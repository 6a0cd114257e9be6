/**
 * GPU values over real HTTP on every store: the demo fleet's GPU group (ML inference Deployments and training
 * Jobs asking for one GPU each) collected and analysed, then read through the container row and node detail
 * operations. Every GPU value matches the engine (recommendGpu) on the demo source's own GPU samples; containers
 * and nodes without a GPU answer null.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalysis } from "~/analysis/run.server";
import { getStore } from "~/db/db.server";
import { recommendGpu } from "~/engine/containers/gpu";
import { policyForContainer } from "~/engine/policy";
import { GET_CONTAINER_DETAILS_FOR_ENTITY } from "../graphql-operations/containers";
import { NODE_DETAIL_BY_ID } from "../graphql-operations/node";
import type { ResultOf, TypedDocument } from "~/graphql/operations/typed-document";
import { clearTreeCache } from "~/models/tree-scope.server";
import { runDemoCollection } from "~/sources/collect.server";
import { createDemoSource } from "~/sources/demo";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;
const SEED = 42;
const SIZE = 800;

describe.each(TEST_STORES)("GPU values of the demo fleet over GraphQL on $name", (testStore) => {
  let api: Api;
  const demo = createDemoSource({ seed: SEED, size: SIZE, now: NOW });
  const inv = demo.inventory();
  const gpuContainers = inv.containers.filter((c) => c.node_group === `${c.cluster}-gpu`);
  const gpuNodes = inv.nodes.filter((n) => n.node_group === `${n.cluster}-gpu`);

  const ask = <D extends TypedDocument<any, any>>(doc: D, variables: D extends TypedDocument<any, infer V> ? V : never, service: string) =>
    api.data(api.analyst, doc.document, variables as Record<string, unknown>, service) as Promise<ResultOf<D>>;

  beforeAll(async () => {
    api = await startApi(testStore);
    // startApi made the store the app's own: the collection and the analysis write where the API reads.
    const store = await getStore();
    await runDemoCollection(store, { seed: SEED, size: SIZE, now: NOW });
    await runAnalysis(store, { workers: 0 });
  }, 240_000);
  afterAll(async () => {
    if (api) clearTreeCache(api.db);
    await api?.close();
  });

  it("stores recommendGpu's values for the GPU containers and null for the others", async () => {
    expect(gpuContainers.length).toBeGreaterThanOrEqual(6);
    let withMemory = 0;
    for (const c of gpuContainers) {
      const row = (await ask(GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: c.id }, "containers")).getContainerDetailsForEntity!;
      const policy = policyForContainer(c.policy);
      const gpu = demo.containerGpu(c.id, NOW - policy.values.workloadRangeDays * DAY, NOW)!;
      if (gpu.samples.length === 0) {
        expect(row.gpuRequest, c.id).toBeNull();
        continue;
      }
      const want = recommendGpu(
        gpu.samples.map((s) => s.gpu),
        gpu.samples.map((s) => s.gpuMem),
        gpu.request,
        c.replicas,
        policy.values,
      );
      expect(row.gpuRequest, c.id).toBeGreaterThanOrEqual(1);
      expect(row.gpuMemory, c.id).toBeGreaterThan(0);
      expect(row.gpuRequest).toBe(want.gpuRequest);
      expect(row.totalExistingGpuRequest).toBeCloseTo(want.totalExistingGpuRequest, 9);
      expect(row.gpuMemory).toBe(want.gpuMemory);
      expect(row.totalGpuMemory).toBeCloseTo(want.totalGpuMemory, 6);
      withMemory++;
    }
    expect(withMemory).toBeGreaterThanOrEqual(4);

    const plain = inv.containers.filter((c) => !c.node_group.endsWith("-gpu")).slice(0, 5);
    for (const c of plain) {
      const row = (await ask(GET_CONTAINER_DETAILS_FOR_ENTITY, { entityId: c.id }, "containers")).getContainerDetailsForEntity!;
      expect([row.gpuRequest, row.totalExistingGpuRequest, row.gpuMemory, row.totalGpuMemory], c.id).toEqual([null, null, null, null]);
    }
  });

  it("gives the GPU nodes their model, GPUs, memory and utilisation, and other nodes nulls", async () => {
    expect(gpuNodes.length).toBeGreaterThanOrEqual(2);
    for (const n of gpuNodes) {
      const node = (await ask(NODE_DETAIL_BY_ID, { nodeId: n.id }, "k8s/node")).nodeDetailById!;
      const want = demo.nodeGpu(n.id, NOW - 7 * DAY, NOW)!;
      expect(node.gpuModel).toBe(want.model);
      expect(node.gpuModel).toMatch(/^NVIDIA /);
      expect(node.nodeGpu).toBe(1);
      expect(node.allocatableGpu).toBe(1);
      expect(node.gpuMemoryTotal).toBe(24 * 1024);
      expect(node.gpuUtilizationAvg).toBeCloseTo(want.utilizationAvg!, 6);
      expect(node.gpuMemUtilizationAvg).toBeCloseTo(want.memUtilizationAvg!, 6);
    }
    const plain = inv.nodes.find((n) => !n.node_group.endsWith("-gpu"))!;
    const node = (await ask(NODE_DETAIL_BY_ID, { nodeId: plain.id }, "k8s/node")).nodeDetailById!;
    expect([node.gpuModel, node.nodeGpu, node.allocatableGpu, node.gpuMemoryTotal, node.gpuUtilizationAvg]).toEqual([null, null, null, null, null]);
  });
});
