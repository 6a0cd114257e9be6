/**
 * The demo fleet's GPUs: one GPU node group (`<cluster>-gpu`) in the production EKS cluster and the development
 * GKE cluster, running ML inference Deployments and training Jobs that ask for one GPU each.
 *
 * Everything is a pure function of (seed, container or node, time), like the CPU and memory samples: a GPU
 * container is one whose node group is its cluster's GPU group; its GPU work follows its own CPU demand (the
 * GPU is busy while the model serves or trains), and its GPU memory is the model's resident footprint.
 */
import type { ContainerGpu, GpuSample, NodeGpu, UtilisationSample } from "~/engine/source-contract";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import type { Flavor } from "./names";
import { hash32, unit2 } from "./random";
import { checkWindow, containerSampleAt, nodeModel, utilisationSeries, type ContainerModel } from "./samples";

export interface GpuInstanceType {
  /** The device model, as the NVIDIA device plugin labels it (nvidia.com/gpu.product, shortened). */
  model: string;
  gpus: number;
  /** Memory of one device (MB). */
  deviceMemoryMb: number;
}

/** GPU instance types of the demo fleet (the types themselves are in catalog.ts with their vCPUs and prices). */
export const GPU_INSTANCE_TYPES: Record<string, GpuInstanceType> = {
  "g5.xlarge": { model: "NVIDIA A10G", gpus: 1, deviceMemoryMb: 24 * 1024 },
  "g2-standard-4": { model: "NVIDIA L4", gpus: 1, deviceMemoryMb: 24 * 1024 },
  Standard_NC4as_T4_v3: { model: "NVIDIA Tesla T4", gpus: 1, deviceMemoryMb: 16 * 1024 },
};

/** The GPU group's instance type by cluster flavour; flavours without one have no GPU group. */
export const GPU_GROUP_TYPE: Partial<Record<Flavor, string>> = { eks: "g5.xlarge", gke: "g2-standard-4" };

/** Clusters that get a GPU group: the first production EKS and the first development GKE cluster (index 0 and 2). */
export const GPU_CLUSTER_INDEXES: readonly number[] = [0, 2];

export const gpuGroupName = (cluster: string) => `${cluster}-gpu`;
export const isGpuGroup = (cluster: string, nodeGroup: string) => nodeGroup === gpuGroupName(cluster);

/** The GPU instance type of a cluster's GPU group, from the flavour in its name (`<env>-<flavour>-...`). */
export function gpuTypeOfCluster(cluster: string): GpuInstanceType | null {
  const flavor = cluster.split("-")[1] as Flavor;
  const type = GPU_GROUP_TYPE[flavor];
  return type ? GPU_INSTANCE_TYPES[type] : null;
}

/** What the GPU samples of a container depend on. */
export interface GpuModel {
  entity: number;
  request: number;
  deviceMemoryMb: number;
  /** Share of its GPUs busy at its average CPU demand. */
  busyShare: number;
  /** Share of its devices' memory the model keeps resident. */
  memShare: number;
}

const SALT_GPU = 0x5bd1e995;

/** The GPU model of a container, or null when it runs outside its cluster's GPU group. */
export function gpuModel(seed: number, c: { id: string; cluster: string; node_group: string }): GpuModel | null {
  if (!isGpuGroup(c.cluster, c.node_group)) return null;
  const type = gpuTypeOfCluster(c.cluster);
  if (!type) return null;
  const entity = hash32(`gpu:${c.id}`, seed);
  return {
    entity,
    request: 1,
    deviceMemoryMb: type.deviceMemoryMb,
    busyShare: 0.2 + 0.5 * unit2(entity, 1),
    // At most 65 % resident: with the policies' memory headroom the recommendation stays within one device.
    memShare: 0.2 + 0.45 * unit2(entity, 2),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The GPU sample at slot k, or null when the container does not run then (its CPU sample decides). */
export function gpuSampleAt(g: GpuModel, m: ContainerModel, k: number): GpuSample | null {
  const s = containerSampleAt(m, k);
  if (s === null) return null;
  const load = m.cpuBase > 0 ? s.cpu / m.cpuBase : 1;
  const gpu = g.request * Math.min(0.99, Math.max(0.01, g.busyShare * load));
  const mem = g.request * g.deviceMemoryMb * Math.min(0.98, g.memShare * (0.97 + 0.06 * unit2(g.entity ^ SALT_GPU, k)));
  return { t: s.t, gpu: round3(gpu), gpuMem: round1(mem) };
}

/** A container's GPU request and raw samples of [fromMs, toMs); null without a GPU. */
export function containerGpuOf(g: GpuModel | null, m: ContainerModel, fromMs: number, toMs: number): ContainerGpu | null {
  if (!g) return null;
  checkWindow(fromMs, toMs, SAMPLE_STEP_MS);
  const samples: GpuSample[] = [];
  const k1 = Math.ceil(toMs / SAMPLE_STEP_MS);
  for (let k = Math.ceil(fromMs / SAMPLE_STEP_MS); k < k1; k++) {
    const s = gpuSampleAt(g, m, k);
    if (s) samples.push(s);
  }
  return { request: g.request, samples };
}

/**
 * A GPU node's devices and average utilisation over a window. Utilisation follows the share of the group's GPUs
 * its containers request (gpuShare), with the node's own daily rhythm and noise; memory the same way.
 */
export function nodeGpuOf(seed: number, node: { id: string; instance_type: string }, region: string, gpuShare: number, fromMs: number, toMs: number): NodeGpu | null {
  const type = GPU_INSTANCE_TYPES[node.instance_type];
  if (!type) return null;
  const model = nodeModel(seed, `gpu:${node.id}`, region, gpuShare, gpuShare);
  const samples: UtilisationSample[] = utilisationSeries(model, fromMs, toMs, SAMPLE_STEP_MS);
  let cpu = 0;
  let mem = 0;
  for (const s of samples) {
    cpu += s.cpu;
    mem += s.mem;
  }
  const n = samples.length;
  return {
    model: type.model,
    gpus: type.gpus,
    allocatable: type.gpus,
    memoryMb: type.gpus * type.deviceMemoryMb,
    utilizationAvg: n > 0 ? round1(cpu / n) : null,
    memUtilizationAvg: n > 0 ? round1(mem / n) : null,
  };
}
