/**
 * The pure part of an analysis run: a chunk of containers in, their container_analysis rows out (values in
 * ANALYSIS_COLUMNS order). The same code runs in-process and in the worker threads; only the main thread writes.
 */
import { analyseContainer, DAY_MS, type UnitPrices } from "~/engine/containers";
import { recommendGpu } from "~/engine/containers/gpu";
import { policyForContainer, type Policy } from "~/engine/policy";
import type { AnalysisContainer } from "~/db/schema";
import { analysisRow, rowValues, type GroupFacts } from "./columns";
import type { ContainerReader, SampleBuffers } from "~/sources/sample-reader";
import type { WhyTrace } from "~/engine/containers/why";

export type ChunkContainer = AnalysisContainer;

export interface ChunkItem {
  container: ChunkContainer;
  /** Its node group's facts; null when the group is unknown. */
  group: GroupFacts | null;
  /**
   * The policy it follows (stored policies and their assignments, models/policies.server.ts, or a what-if's
   * choice); absent: the shipped policy its label names, else the System Default Policy. Only the analysis
   * changes: the samples are read for the container as stored.
   */
  policy?: Pick<Policy, "id" | "name" | "description" | "values">;
}

/** The policy an item is analysed with: the one given, else the one its container names. */
export function itemPolicy(item: ChunkItem): Pick<Policy, "id" | "name" | "description" | "values"> {
  return item.policy ?? policyForContainer(item.container.policy);
}

export interface ChunkContext {
  /** The analysis "now" (ms): every window ends here. */
  nowMs: number;
  prices: UnitPrices;
}

export interface ChunkResult {
  rows: unknown[][];
  analysed: number;
}

/** Days of samples read per container: the policy's window, and at least the spec's 7 days (running hours). */
export function readDays(workloadRangeDays: number): number {
  return Math.max(7, workloadRangeDays);
}

/** One container of a chunk through the engine: its samples and events read into `buf`, the analysis, the row's facts. */
export async function analyseItem(item: ChunkItem, reader: ContainerReader, ctx: ChunkContext, buf: SampleBuffers, trace?: WhyTrace) {
  const { container: c, group } = item;
  const now = ctx.nowMs;
  const from7 = now - 7 * DAY_MS;
  const policy = itemPolicy(item);
  const days = policy.values.workloadRangeDays;
  const n = await reader.samples(c, now - readDays(days) * DAY_MS, now, buf);
  let samples7 = 0;
  for (let j = 0; j < n; j++) if (buf.t[j] >= from7) samples7++;
  const events7 = await reader.events(c, from7, now);
  const eventsDay = await reader.events(c, now - DAY_MS, now);
  const eventsWindow = days === 7 ? events7 : await reader.events(c, now - days * DAY_MS, now);
  const analysis = analyseContainer(
    {
      kind: c.pod_owner_kind,
      existing: { cpuRequest: c.cpu_request, cpuLimit: c.cpu_limit, memRequest: c.mem_request, memLimit: c.mem_limit },
      samples: { t: buf.t.subarray(0, n), cpu: buf.cpu.subarray(0, n), mem: buf.mem.subarray(0, n) },
      events: eventsWindow,
      nowMs: now,
      firstSeenMs: Date.parse(c.first_seen),
      count: c.replicas,
    },
    policy,
    {
      prices: ctx.prices,
      primaryConstraint: group?.primaryConstraint ?? null,
      stranded: group ? { cpu: group.strandedCpu, memory: group.strandedMem } : null,
      trace,
    },
  );
  return { policy, analysis, events7, eventsDay, eventsWindow, samples7 };
}

/** Analyses the containers of a chunk one at a time, reusing `buf` for their samples. */
export async function analyseChunk(items: readonly ChunkItem[], reader: ContainerReader, ctx: ChunkContext, buf: SampleBuffers): Promise<ChunkResult> {
  const rows: unknown[][] = new Array(items.length);
  let analysed = 0;
  const now = ctx.nowMs;
  for (let i = 0; i < items.length; i++) {
    const { container: c, group } = items[i];
    const { policy, analysis, events7, eventsDay, eventsWindow, samples7 } = await analyseItem(items[i], reader, ctx, buf);
    const days = policy.values.workloadRangeDays;
    if (analysis.result.analysed) analysed++;
    // GPUs over the policy's window, for containers the source measures GPUs of (and only while they ran).
    const gpuRead = await reader.gpu(c, now - days * DAY_MS, now);
    const gpu = gpuRead && gpuRead.gpu.length > 0 ? recommendGpu(gpuRead.gpu, gpuRead.gpuMem, gpuRead.request, c.replicas, policy.values) : null;
    rows[i] = rowValues(analysisRow({ container: c, policyName: policy.name, analysis, events7, eventsDay, eventsWindow, samples7, group, gpu }));
  }
  return { rows, analysed };
}

/**
 * The benchmark's baseline: the same reads (7 days of 5-minute CPU and memory samples per container, into the
 * same buffers) without analysis or writes. Returns the samples read and a checksum that keeps the reads live.
 */
export async function readChunk(items: readonly ChunkItem[], reader: ContainerReader, ctx: ChunkContext, buf: SampleBuffers): Promise<{ samples: number; checksum: number }> {
  let samples = 0;
  let checksum = 0;
  for (const item of items) {
    const c = item.container;
    const days = itemPolicy(item).values.workloadRangeDays;
    const n = await reader.samples(c, ctx.nowMs - readDays(days) * DAY_MS, ctx.nowMs, buf);
    samples += n;
    for (let j = 0; j < n; j++) checksum += buf.cpu[j] + buf.mem[j];
  }
  return { samples, checksum };
}
