/**
 * Runs chunks of containers through analyseChunk / readChunk, in-process or on worker threads (worker-pool.ts),
 * handing each chunk's result to `onResult` one at a time, in arrival order (the main thread writes).
 */
import { analyseChunk, readChunk, type ChunkContext, type ChunkItem, type ChunkResult } from "./chunk";
import { runPool, workerEntryAvailable } from "./worker-pool";
import { prewarm, runWarm, TaskFeed } from "./warm-pool";
import type { ContainerReader, SampleBuffers } from "~/sources/sample-reader";
import { sampleBuffers } from "~/sources/sample-reader";
import type { FigureTotals } from "~/domain/containers/what-if";
import { totalsChunk } from "./what-if-totals";

/** analyse: the rows; read: only the samples (the benchmark's baseline); totals: the rows summed (a what-if). */
export type TaskKind = "analyse" | "read" | "totals";
export type ReadResult = Awaited<ReturnType<typeof readChunk>>;
export type ResultOf<K extends TaskKind> = K extends "read" ? ReadResult : K extends "totals" ? FigureTotals : ChunkResult;

/** One task of any kind, in-process or in a worker. */
export function runTask(kind: TaskKind, items: readonly ChunkItem[], reader: ContainerReader, ctx: ChunkContext, buf: SampleBuffers): Promise<unknown> {
  return kind === "read" ? readChunk(items, reader, ctx, buf) : kind === "totals" ? totalsChunk(items, reader, ctx, buf) : analyseChunk(items, reader, ctx, buf);
}

/** What a worker is started with: the demo fleet's seed, regions by cluster, and the run's context. */
export interface WorkerInit {
  seed: number;
  regions: Record<string, string>;
  ctx: ChunkContext;
}

export interface WorkerTask {
  kind: TaskKind;
  items: ChunkItem[];
}

const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);

export function workersAvailable(): boolean {
  return workerEntryAvailable(WORKER_ENTRY);
}

export interface RunChunksOptions<K extends TaskKind> {
  kind: K;
  /** The chunks; a feed (chunks still arriving) only with warm worker threads. */
  chunks: readonly ChunkItem[][] | TaskFeed<ChunkItem[]>;
  /** 0: in-process with `reader`; otherwise this many worker threads (demo fleet only, from `init`). */
  workers: number;
  init: WorkerInit;
  /** The in-process reader (any MetricsSource, or the demo reader). */
  reader: ContainerReader;
  onResult: (index: number, result: ResultOf<K>) => void | Promise<void>;
  maxQueued?: number;
  /**
   * Keep the worker threads warm for the next run with the same `init` (warm-pool.ts: the what-if's); onResult
   * must then be synchronous. Default: threads for this run only.
   */
  warm?: boolean;
}

/** Starts warm worker threads for `init` and has each analyse one container (tables filled, code compiled). */
export function prewarmChunks(init: WorkerInit, workers: number, sample: ChunkItem | null): void {
  if (!workersAvailable()) return;
  prewarm(WORKER_ENTRY, init, workers, sample ? ({ kind: "analyse", items: [sample] } satisfies WorkerTask) : undefined);
}

export interface RunChunksStats {
  /** Peak RSS of the process reported by the workers (KB); threads share the process, so this covers all. */
  workerMaxRssKb: number;
}

/** The feed's chunks as worker tasks of `kind`, as they arrive. */
function taskFeed(chunks: TaskFeed<ChunkItem[]>, kind: TaskKind): TaskFeed<WorkerTask> {
  const tasks = new TaskFeed<WorkerTask>();
  let seen = 0;
  const sync = () => {
    if (tasks.ended) return;
    if (seen < chunks.tasks.length) tasks.push(...chunks.tasks.slice(seen).map((items) => ({ kind, items })));
    seen = chunks.tasks.length;
    if (chunks.error !== undefined) tasks.fail(chunks.error);
    else if (chunks.ended) tasks.end();
  };
  chunks.watch(sync);
  sync();
  return tasks;
}

export async function runChunks<K extends TaskKind>(options: RunChunksOptions<K>): Promise<RunChunksStats> {
  const { kind } = options;
  if (options.chunks instanceof TaskFeed) {
    if (!options.warm || options.workers <= 0) throw new Error("Chunks still arriving need warm worker threads.");
    await runWarm<WorkerTask, ResultOf<K>>({
      entry: WORKER_ENTRY,
      init: options.init,
      workers: options.workers,
      tasks: taskFeed(options.chunks, kind),
      onResult: (index, result) => void options.onResult(index, result),
    });
    return { workerMaxRssKb: 0 };
  }
  const chunks = options.chunks;
  if (options.workers <= 0 || chunks.length === 0) {
    const buf = sampleBuffers();
    for (let i = 0; i < chunks.length; i++) {
      const result = await runTask(kind, chunks[i], options.reader, options.init.ctx, buf);
      await options.onResult(i, result as ResultOf<K>);
    }
    return { workerMaxRssKb: 0 };
  }
  if (options.warm) {
    await runWarm<WorkerTask, ResultOf<K>>({
      entry: WORKER_ENTRY,
      init: options.init,
      workers: options.workers,
      tasks: chunks.map((items) => ({ kind, items })),
      onResult: (index, result) => void options.onResult(index, result),
    });
    return { workerMaxRssKb: 0 };
  }
  return runPool<WorkerTask, ResultOf<K>>({
    entry: WORKER_ENTRY,
    init: options.init,
    tasks: chunks.map((items) => ({ kind, items })),
    workers: options.workers,
    onResult: options.onResult,
    maxQueued: options.maxQueued,
    label: "Analysis worker",
  });
}
