/**
 * Runs chunks of containers through analyseChunk / readChunk, in-process or on worker threads, and hands each
 * chunk's result to `onResult` one at a time, in arrival order (the main thread writes; workers only compute).
 *
 * Workers: each keeps up to two chunks in flight so it never waits for the main thread; no more chunks are
 * handed out while `maxQueued` results wait for `onResult`, so memory stays bounded whatever the fleet size.
 * The first error (a worker's, or onResult's) stops every worker and rejects.
 *
 * Worker threads run TypeScript through tsx's ESM API (a dependency). Where `worker.ts` is not on disk (a bundled
 * server build), `workersAvailable()` is false and callers run in-process.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { analyseChunk, readChunk, type ChunkContext, type ChunkItem, type ChunkResult } from "./chunk";
import type { ContainerReader } from "~/sources/sample-reader";
import { sampleBuffers } from "~/sources/sample-reader";

export type TaskKind = "analyse" | "read";
export type ReadResult = Awaited<ReturnType<typeof readChunk>>;
export type ResultOf<K extends TaskKind> = K extends "read" ? ReadResult : ChunkResult;

/** What a worker is started with: the demo fleet's seed, regions by cluster, and the run's context. */
export interface WorkerInit {
  seed: number;
  regions: Record<string, string>;
  ctx: ChunkContext;
}

export interface WorkerTask {
  id: number;
  kind: TaskKind;
  items: ChunkItem[];
}

export type WorkerReply =
  | { id: number; ok: true; result: ChunkResult | ReadResult; maxRssKb: number }
  | { id: number; ok: false; error: string };

const WORKER_ENTRY = new URL("./worker.ts", import.meta.url);

export function workersAvailable(): boolean {
  try {
    return WORKER_ENTRY.protocol === "file:" && fs.existsSync(fileURLToPath(WORKER_ENTRY));
  } catch {
    return false;
  }
}

function startWorker(init: WorkerInit): Worker {
  const tsxApi = createRequire(import.meta.url).resolve("tsx/esm/api");
  // CommonJS bootstrap: register tsx's ESM loader in this thread, then load the TypeScript entry.
  const code = `require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(WORKER_ENTRY.href)});`;
  return new Worker(code, { eval: true, workerData: init, execArgv: [] });
}

export interface RunChunksOptions<K extends TaskKind> {
  kind: K;
  chunks: readonly ChunkItem[][];
  /** 0: in-process with `reader`; otherwise this many worker threads (demo fleet only, from `init`). */
  workers: number;
  init: WorkerInit;
  /** The in-process reader (any MetricsSource, or the demo reader). */
  reader: ContainerReader;
  onResult: (index: number, result: ResultOf<K>) => void | Promise<void>;
  maxQueued?: number;
}

export interface RunChunksStats {
  /** Peak RSS of the process reported by the workers (KB); threads share the process, so this covers all. */
  workerMaxRssKb: number;
}

export async function runChunks<K extends TaskKind>(options: RunChunksOptions<K>): Promise<RunChunksStats> {
  const { kind, chunks } = options;
  if (options.workers <= 0 || chunks.length === 0) {
    const buf = sampleBuffers();
    for (let i = 0; i < chunks.length; i++) {
      const result = kind === "read" ? await readChunk(chunks[i], options.reader, options.init.ctx, buf) : await analyseChunk(chunks[i], options.reader, options.init.ctx, buf);
      await options.onResult(i, result as ResultOf<K>);
    }
    return { workerMaxRssKb: 0 };
  }
  const maxQueued = options.maxQueued ?? 4;
  const count = Math.min(options.workers, chunks.length);
  const pool: Worker[] = [];
  const inflight = new Map<Worker, number>();
  const queue: { index: number; result: ResultOf<K> }[] = [];
  let next = 0;
  let handled = 0;
  let writing = false;
  let settled = false;
  let maxRss = 0;

  return new Promise<RunChunksStats>((resolve, reject) => {
    const stopAll = () => Promise.all(pool.map((w) => w.terminate())).catch(() => undefined);
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void stopAll().then(() => reject(error instanceof Error ? error : new Error(String(error))));
    };
    const pump = () => {
      if (settled) return;
      if (handled === chunks.length) {
        settled = true;
        void stopAll().then(() => resolve({ workerMaxRssKb: maxRss }));
        return;
      }
      for (const w of pool) {
        while ((inflight.get(w) ?? 0) < 2 && next < chunks.length && queue.length < maxQueued) {
          w.postMessage({ id: next, kind, items: chunks[next] } satisfies WorkerTask);
          inflight.set(w, (inflight.get(w) ?? 0) + 1);
          next++;
        }
      }
    };
    const drain = async () => {
      if (writing) return;
      writing = true;
      try {
        while (queue.length > 0 && !settled) {
          const { index, result } = queue.shift()!;
          await options.onResult(index, result);
          handled++;
          pump();
        }
      } catch (error) {
        fail(error);
      } finally {
        writing = false;
      }
    };
    for (let i = 0; i < count; i++) {
      const w = startWorker(options.init);
      pool.push(w);
      w.on("message", (reply: WorkerReply) => {
        inflight.set(w, (inflight.get(w) ?? 1) - 1);
        if (!reply.ok) return fail(new Error(`Analysis worker failed on chunk ${reply.id}: ${reply.error}`));
        maxRss = Math.max(maxRss, reply.maxRssKb);
        queue.push({ index: reply.id, result: reply.result as ResultOf<K> });
        void drain();
        pump();
      });
      w.on("error", fail);
      w.on("exit", (code) => {
        if (!settled) fail(new Error(`An analysis worker stopped (exit code ${code}) before the run finished.`));
      });
    }
    pump();
  });
}
