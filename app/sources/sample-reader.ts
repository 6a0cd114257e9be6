/**
 * Reading one container's samples at a time into reused Float64Array buffers, so an analysis never holds more
 * than one container's raw samples (ARCHITECTURE.md: never a whole fleet's samples in memory at once).
 *
 * - `sourceReader(source)`: any MetricsSource (the contract's ContainerSample[] copied into the buffers).
 * - `demoReader(seed, regions)`: the demo fleet's samples computed straight from (seed, container row, time),
 *   the same functions the demo MetricsSource calls (a unit test holds them equal), without the demo source's
 *   in-memory inventory: a worker thread needs only the container rows it is given.
 */
import type { ContainerTable } from "~/db/schema";
import { containerEventsOf, containerModel, containerSamplesInto, checkWindow, type ContainerModel, type ThrottleCounts } from "~/sources/demo/samples";
import { gpuModel, gpuSampleAt } from "~/sources/demo/gpu";
import { SAMPLE_STEP_MS, type ContainerEvents, type MetricsSource } from "~/engine/source-contract";

export interface SampleBuffers {
  t: Float64Array;
  cpu: Float64Array;
  mem: Float64Array;
}

/** Buffers for `slots` samples (grown on demand by the readers). */
export function sampleBuffers(slots = 7 * 288): SampleBuffers {
  return { t: new Float64Array(slots), cpu: new Float64Array(slots), mem: new Float64Array(slots) };
}

function grow(buf: SampleBuffers, need: number) {
  if (buf.t.length >= need) return;
  const size = Math.max(need, buf.t.length * 2);
  const t = new Float64Array(size);
  const cpu = new Float64Array(size);
  const mem = new Float64Array(size);
  t.set(buf.t);
  cpu.set(buf.cpu);
  mem.set(buf.mem);
  buf.t = t;
  buf.cpu = cpu;
  buf.mem = mem;
}

export type ReaderContainer = Pick<
  ContainerTable,
  "id" | "cluster" | "namespace" | "pod_owner_kind" | "pod_owner_name" | "node_group" | "cpu_request" | "cpu_limit" | "mem_request" | "mem_limit" | "first_seen"
>;

/** A container's GPU request and raw GPU samples (GPUs busy, GPU memory MB); the arrays are valid until the next read. */
export interface GpuRead {
  request: number;
  gpu: Float64Array;
  gpuMem: Float64Array;
}

/** Reused buffers for GPU samples, grown on demand. */
function gpuBuffers() {
  let gpu = new Float64Array(0);
  let gpuMem = new Float64Array(0);
  return (need: number) => {
    if (gpu.length < need) {
      gpu = new Float64Array(need);
      gpuMem = new Float64Array(need);
    }
    return { gpu, gpuMem };
  };
}

export interface ContainerReader {
  /** Fills `buf` from index 0 with the container's raw 5-minute samples of [fromMs, toMs); returns how many. */
  samples(c: ReaderContainer, fromMs: number, toMs: number, buf: SampleBuffers): number | Promise<number>;
  /** Event counts over [fromMs, toMs). */
  events(c: ReaderContainer, fromMs: number, toMs: number): ContainerEvents | Promise<ContainerEvents>;
  /** GPU request and samples over [fromMs, toMs); null when the container has no GPU (or the source measures none). */
  gpu(c: ReaderContainer, fromMs: number, toMs: number): GpuRead | null | Promise<GpuRead | null>;
}

/** Any MetricsSource, one container at a time. */
export function sourceReader(source: Pick<MetricsSource, "containerSamples" | "containerEvents" | "containerGpu">): ContainerReader {
  const gpuBufs = gpuBuffers();
  return {
    async samples(c, fromMs, toMs, buf) {
      const list = await source.containerSamples(c.id, fromMs, toMs, SAMPLE_STEP_MS);
      grow(buf, list.length);
      for (let i = 0; i < list.length; i++) {
        const s = list[i];
        buf.t[i] = s.t;
        buf.cpu[i] = s.cpu;
        buf.mem[i] = s.mem;
      }
      return list.length;
    },
    events: (c, fromMs, toMs) => source.containerEvents(c.id, fromMs, toMs),
    gpu: async (c, fromMs, toMs) => {
      const read = source.containerGpu ? await source.containerGpu(c.id, fromMs, toMs) : null;
      if (!read) return null;
      const n = read.samples.length;
      const b = gpuBufs(n);
      for (let i = 0; i < n; i++) {
        b.gpu[i] = read.samples[i].gpu;
        b.gpuMem[i] = read.samples[i].gpuMem;
      }
      return { request: read.request, gpu: b.gpu.subarray(0, n), gpuMem: b.gpuMem.subarray(0, n) };
    },
  };
}

/**
 * The demo fleet's samples and events for container rows of the stored inventory (seed from the collection run,
 * regions by cluster name). Synchronous; the model of the last container asked for is kept, so its samples and
 * its events cost one model. Its samples pass also counts its throttled intervals (ThrottleCounts), so its events
 * over any window inside the samples' (an analysis asks for 7 days, the last day and the policy's window right
 * after the samples) need no pass of their own: they were a fifth of a what-if's CPU.
 */
export function demoReader(seed: number, regions: Readonly<Record<string, string>>) {
  let lastId: string | undefined;
  let lastModel: ContainerModel | undefined;
  /** The throttle counts of the last samples pass, and whose they are. */
  const throttles: ThrottleCounts = { k0: 0, k1: 0, before: new Int32Array(7 * 288 + 1) };
  let throttlesOf: string | undefined;
  const gpuBufs = gpuBuffers();
  const modelOf = (c: ReaderContainer) => {
    if (c.id !== lastId || !lastModel) {
      lastModel = containerModel(seed, c, regions[c.cluster] ?? "");
      lastId = c.id;
      throttlesOf = undefined;
    }
    return lastModel;
  };
  return {
    samples(c: ReaderContainer, fromMs: number, toMs: number, buf: SampleBuffers): number {
      checkWindow(fromMs, toMs, SAMPLE_STEP_MS);
      const m = modelOf(c);
      const k0 = Math.ceil(fromMs / SAMPLE_STEP_MS);
      const k1 = Math.ceil(toMs / SAMPLE_STEP_MS); // slots k with k × step < toMs
      const slots = Math.max(0, k1 - k0);
      grow(buf, slots);
      if (throttles.before.length < slots + 1) throttles.before = new Int32Array(Math.max(slots + 1, throttles.before.length * 2));
      throttlesOf = undefined; // until the pass has filled them
      const n = containerSamplesInto(m, k0, Math.max(k0, k1), buf.t, buf.cpu, buf.mem, throttles);
      throttlesOf = c.id;
      return n;
    },
    events(c: ReaderContainer, fromMs: number, toMs: number): ContainerEvents {
      const m = modelOf(c);
      return containerEventsOf(m, fromMs, toMs, throttlesOf === c.id ? throttles : null);
    },
    gpu(c: ReaderContainer, fromMs: number, toMs: number): GpuRead | null {
      const g = gpuModel(seed, c);
      if (!g) return null;
      checkWindow(fromMs, toMs, SAMPLE_STEP_MS);
      const m = modelOf(c);
      const k0 = Math.ceil(fromMs / SAMPLE_STEP_MS);
      const k1 = Math.ceil(toMs / SAMPLE_STEP_MS);
      const b = gpuBufs(Math.max(0, k1 - k0));
      let n = 0;
      for (let k = k0; k < k1; k++) {
        const s = gpuSampleAt(g, m, k);
        if (s === null) continue;
        b.gpu[n] = s.gpu;
        b.gpuMem[n] = s.gpuMem;
        n++;
      }
      return { request: g.request, gpu: b.gpu.subarray(0, n), gpuMem: b.gpuMem.subarray(0, n) };
    },
  } satisfies ContainerReader;
}
