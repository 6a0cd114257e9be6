/**
 * Runs tasks on worker threads and hands each result to `onResult` one at a time, in arrival order (the main
 * thread writes; workers only compute). Each worker keeps up to two tasks in flight so it never waits for the
 * main thread; no more tasks are handed out while `maxQueued` results wait for `onResult`, so memory stays bounded
 * whatever the fleet size. The first error (a worker's, or onResult's) stops every worker and rejects.
 *
 * Workers run TypeScript through tsx's ESM API (a dependency). Where a worker entry is not on disk (a bundled
 * server build), `workerEntryAvailable()` is false and callers run in-process.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parentPort, Worker, workerData } from "node:worker_threads";

export type PoolReply<R> = { id: number; ok: true; result: R; maxRssKb: number } | { id: number; ok: false; error: string };

export function workerEntryAvailable(entry: URL): boolean {
  try {
    return entry.protocol === "file:" && fs.existsSync(fileURLToPath(entry));
  } catch {
    return false;
  }
}

export function startWorker(entry: URL, init: unknown): Worker {
  const tsxApi = createRequire(import.meta.url).resolve("tsx/esm/api");
  // CommonJS bootstrap: register tsx's ESM loader in this thread, then load the TypeScript entry.
  const code = `require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(entry.href)});`;
  return new Worker(code, { eval: true, workerData: init, execArgv: [] });
}

export interface PoolOptions<T, R> {
  entry: URL;
  init: unknown;
  tasks: readonly T[];
  workers: number;
  onResult: (index: number, result: R) => void | Promise<void>;
  maxQueued?: number;
  /** What the error says failed ("Analysis worker"). */
  label?: string;
}

/** Runs every task on `workers` threads (at least one). Resolves with the peak RSS the workers reported (KB). */
export function runPool<T, R>(options: PoolOptions<T, R>): Promise<{ workerMaxRssKb: number }> {
  const { tasks } = options;
  const label = options.label ?? "A worker";
  if (tasks.length === 0) return Promise.resolve({ workerMaxRssKb: 0 });
  const maxQueued = options.maxQueued ?? 4;
  const count = Math.max(1, Math.min(options.workers, tasks.length));
  const pool: Worker[] = [];
  const inflight = new Map<Worker, number>();
  const queue: { index: number; result: R }[] = [];
  let next = 0;
  let handled = 0;
  let writing = false;
  let settled = false;
  let maxRss = 0;

  return new Promise((resolve, reject) => {
    const stopAll = () => Promise.all(pool.map((w) => w.terminate())).catch(() => undefined);
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void stopAll().then(() => reject(error instanceof Error ? error : new Error(String(error))));
    };
    const pump = () => {
      if (settled) return;
      if (handled === tasks.length) {
        settled = true;
        void stopAll().then(() => resolve({ workerMaxRssKb: maxRss }));
        return;
      }
      for (const w of pool) {
        while ((inflight.get(w) ?? 0) < 2 && next < tasks.length && queue.length < maxQueued) {
          w.postMessage({ id: next, task: tasks[next] });
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
      const w = startWorker(options.entry, options.init);
      pool.push(w);
      w.on("message", (reply: PoolReply<R>) => {
        inflight.set(w, (inflight.get(w) ?? 1) - 1);
        if (!reply.ok) return fail(new Error(`${label} failed on task ${reply.id}: ${reply.error}`));
        maxRss = Math.max(maxRss, reply.maxRssKb);
        queue.push({ index: reply.id, result: reply.result });
        void drain();
        pump();
      });
      w.on("error", fail);
      w.on("exit", (code) => {
        if (!settled) fail(new Error(`${label} stopped (exit code ${code}) before the run finished.`));
      });
    }
    pump();
  });
}

/** In a worker: answers every task with `handle(task, init)`. */
export function serveTasks<I, T, R>(handle: (task: T, init: I) => Promise<R> | R): void {
  const init = workerData as I;
  parentPort!.on("message", (message: { id: number; task: T }) => {
    Promise.resolve()
      .then(() => handle(message.task, init))
      .then(
        (result) => parentPort!.postMessage({ id: message.id, ok: true, result, maxRssKb: process.resourceUsage().maxRSS } satisfies PoolReply<R>),
        (error: unknown) =>
          parentPort!.postMessage({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies PoolReply<R>),
      );
  });
}
