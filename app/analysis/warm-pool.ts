/**
 * Worker threads kept warm between what-ifs (issue 15): a what-if is a second or two of work, and a fresh worker
 * costs about as much again before its first result (tsx compiling the engine and the demo fleet in the thread,
 * the demo's calibration tables filled on first use). The threads live while they are used and stop after
 * IDLE_MS without work; they never keep the process alive. Workers only compute (worker.ts, the analysis's
 * own); results come back in arrival order to `onResult`, one at a time.
 */
import type { Worker } from "node:worker_threads";
import type { PoolReply } from "./worker-pool";
import { startWorker } from "./worker-pool";

const IDLE_MS = 5 * 60_000;

interface Warm {
  key: string;
  workers: Worker[];
  timer: NodeJS.Timeout | null;
  /** Runs queue behind each other: the threads are the machine's cores. */
  tail: Promise<unknown>;
}

const pools = new Map<string, Warm>();

function stop(warm: Warm) {
  if (warm.timer) clearTimeout(warm.timer);
  pools.delete(warm.key);
  for (const w of warm.workers) void w.terminate();
}

function warmPool(entry: URL, init: unknown, count: number): Warm {
  const key = `${entry.href}|${count}|${JSON.stringify(init)}`;
  let warm = pools.get(key);
  if (!warm) {
    // One set of warm threads per entry: a new snapshot (another init) replaces the old set.
    for (const other of [...pools.values()]) if (other.key.startsWith(`${entry.href}|`)) stop(other);
    const workers = Array.from({ length: count }, () => startWorker(entry, init));
    for (const w of workers) w.unref();
    warm = { key, workers, timer: null, tail: Promise.resolve() };
    pools.set(key, warm);
  }
  return warm;
}

/** Starts the threads for `init` without giving them work (a page about to ask for a what-if). */
export function prewarm(entry: URL, init: unknown, count: number, warmTask?: unknown): void {
  if (count <= 0) return;
  const warm = warmPool(entry, init, count);
  if (warmTask !== undefined) void runWarm({ entry, init, workers: count, tasks: warm.workers.map(() => warmTask), onResult: () => undefined }).catch(() => undefined);
  else idle(warm);
}

function idle(warm: Warm) {
  if (warm.timer) clearTimeout(warm.timer);
  warm.timer = setTimeout(() => stop(warm), IDLE_MS);
  warm.timer.unref();
}

/**
 * Tasks handed to a run while it is under way (a what-if's containers, read a page at a time, so the threads
 * start on the first page while the main thread reads the rest). The run ends once the feed has ended and every
 * task pushed has its result; a failed feed fails the run.
 */
export class TaskFeed<T> {
  readonly tasks: T[] = [];
  ended = false;
  error: unknown = undefined;
  private listeners = new Set<() => void>();

  push(...tasks: T[]): void {
    if (this.ended) throw new Error("The task feed has ended.");
    this.tasks.push(...tasks);
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.error = error ?? new Error("The task feed failed.");
    this.end();
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }
}

export interface WarmRunOptions<T, R> {
  entry: URL;
  init: unknown;
  workers: number;
  tasks: readonly T[] | TaskFeed<T>;
  onResult: (index: number, result: R) => void;
}

/** Runs every task on the warm threads for `init` (started when there are none). */
export function runWarm<T, R>(options: WarmRunOptions<T, R>): Promise<void> {
  const warm = warmPool(options.entry, options.init, Math.max(1, options.workers));
  const run = warm.tail.then(() => runOn(warm, options));
  warm.tail = run.catch(() => undefined);
  return run;
}

function runOn<T, R>(warm: Warm, options: WarmRunOptions<T, R>): Promise<void> {
  if (warm.timer) clearTimeout(warm.timer);
  const feed = options.tasks instanceof TaskFeed ? options.tasks : null;
  const tasks: readonly T[] = feed ? feed.tasks : (options.tasks as readonly T[]);
  const ended = () => feed === null || feed.ended;
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let done = 0;
    let settled = false;
    const cleanups: (() => void)[] = [];
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      for (const c of cleanups) c();
      if (error !== undefined) {
        stop(warm); // a failed thread, a failed onResult or a failed feed: start afresh next time
        reject(error instanceof Error ? error : new Error(String(error)));
      } else {
        idle(warm);
        resolve();
      }
    };
    const inFlight = new Map<Worker, number>();
    const give = (w: Worker) => {
      if (next < tasks.length && !settled) {
        inFlight.set(w, (inFlight.get(w) ?? 0) + 1);
        w.postMessage({ id: next, task: tasks[next++] });
      }
    };
    // Two tasks in flight per thread, so it never waits for the main thread.
    const fill = () => {
      for (const w of warm.workers) while (!settled && next < tasks.length && (inFlight.get(w) ?? 0) < 2) give(w);
    };
    const check = () => {
      if (feed?.error !== undefined) return finish(feed.error);
      if (ended() && done === tasks.length) return finish();
      fill();
    };
    for (const w of warm.workers) {
      w.ref();
      const onMessage = (reply: PoolReply<R>) => {
        if (settled) return;
        if (!reply.ok) return finish(new Error(`What-if worker failed on task ${reply.id}: ${reply.error}`));
        inFlight.set(w, (inFlight.get(w) ?? 1) - 1);
        try {
          options.onResult(reply.id, reply.result);
        } catch (error) {
          return finish(error);
        }
        done++;
        check();
      };
      const onError = (error: unknown) => finish(error);
      const onExit = (code: number) => finish(new Error(`What-if worker stopped (exit code ${code}).`));
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      cleanups.push(() => {
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        w.unref();
      });
    }
    if (feed) cleanups.push(feed.watch(check));
    check();
  });
}
