/**
 * What-if (issue 15, must-show 3): a folder's containers analysed again with another policy, by the same engine
 * on the same samples, window end, unit prices and node-group facts as the current snapshot, and summed the way
 * the Summary sums the snapshot (whole cents per row), so the figures equal, to the cent, a full analysis in which
 * those containers carry that policy. Nothing is written.
 *
 * Where the time goes (bench/what-if.bench.ts): producing the samples (the demo fleet computes them; a stored
 * Prometheus collection reads them) and the engine per container; the rows' sums are nothing beside them. Large
 * folders go to the analysis's worker threads (pool.ts), and a folder larger than MAX_WHAT_IF_CONTAINERS or a
 * run longer than the time limit is refused rather than left to stall the server.
 */
import os from "node:os";
import type { Store } from "~/db/connect.server";
import { emptyTotals, figuresOf, type FigureTotals, type WhatIfFigures } from "~/domain/containers/what-if";
import type { UnitPrices } from "~/engine/containers";
import type { Policy } from "~/engine/policy";
import { ModelError } from "~/lib/errors";
import { clusterRegions } from "~/models/containers.server";
import { currentSnapshot } from "~/models/snapshot.server";
import type { FolderScope } from "~/models/tree-scope.server";
import { readFolderContainers, type FolderContainers } from "~/models/what-if.server";
import type { ChunkItem } from "./chunk";
import { addTotals } from "./what-if-totals";
import { prewarmChunks, runChunks, workersAvailable, type WorkerInit } from "./pool";
import { TaskFeed } from "./warm-pool";
import { resolveSource } from "./run.server";

/** The largest folder a what-if analyses (a bigger one is refused with a message). */
export const MAX_WHAT_IF_CONTAINERS = 20_000;
/** From this many containers a what-if uses worker threads (one per core), demo fleet only. */
export const WHAT_IF_WORKER_THRESHOLD = 2_000;
/** What-if runs one process works on at once; more are refused (each can use every core for a second or two). */
export const MAX_CONCURRENT_WHAT_IFS = 2;
const CHUNK = 250;
/** Containers read per page: the threads start on the first while the rest are read. */
const PAGE = 1_000;

/** A what-if not run (too big, too long, too many at once, nothing analysed yet): a validation error to callers. */
export class WhatIfRefused extends ModelError {
  constructor(text: string) {
    super("validation", text);
    this.name = "WhatIfRefused";
  }
}

export interface WhatIfOptions {
  /** Worker threads; default one per core from WHAT_IF_WORKER_THRESHOLD containers (demo fleet), else 0. */
  workers?: number;
  /** Stop with WhatIfRefused after this long (ms); default 30 s. */
  timeLimitMs?: number;
  maxContainers?: number;
  /** Containers read per page (default PAGE); the threads start on the first page. */
  pageSize?: number;
}

export interface WhatIfRun {
  figures: WhatIfFigures;
  /** The snapshot whose samples, window end and prices were used. */
  snapshotId: string;
  windowEnd: string;
  ms: number;
  workers: number;
}

let running = 0;

/** The folder's figures under `policy` (every container of the folder analysed with it). */
export async function policyWhatIf(store: Store, scope: FolderScope, policy: Policy, options: WhatIfOptions = {}): Promise<WhatIfRun> {
  if (running >= MAX_CONCURRENT_WHAT_IFS) throw new WhatIfRefused("Other what-ifs are running on this server; try again in a few seconds.");
  running++;
  try {
    return await run(store, scope, policy, options);
  } finally {
    running--;
  }
}

/** The snapshot a what-if compares with, and what its engine runs need (window end, prices, source, workers' init). */
async function runContext(store: Store) {
  const snapshot = await currentSnapshot(store.db);
  if (!snapshot || snapshot.status !== "complete") throw new WhatIfRefused("The analysis has not run yet: there is nothing to compare with.");
  const nowMs = Date.parse(snapshot.window_end);
  const prices = JSON.parse(snapshot.prices_json) as UnitPrices;
  const regions = await clusterRegions(store.db);
  const resolved = await resolveSource(store, { nowMs }, regions);
  const init: WorkerInit = { seed: resolved.demo?.seed ?? 0, regions, ctx: { nowMs, prices } };
  return { snapshot, nowMs, prices, resolved, init };
}

/**
 * Starts the what-if's worker threads for the current snapshot without work, so the first what-if of a page does
 * not wait for them (the What-if page calls it while the user chooses). Never fails.
 */
export async function prewarmWhatIf(store: Store): Promise<void> {
  try {
    const { resolved, init } = await runContext(store);
    if (resolved.demo) prewarmChunks(init, os.availableParallelism(), null);
  } catch {
    // nothing analysed yet, or no demo source: nothing to warm
  }
}

/** A run on the worker threads: the chunks handed to them as the pages are read, and its end. */
interface Threaded {
  workers: number;
  feed: TaskFeed<ChunkItem[]>;
  done: Promise<unknown>;
}

async function run(store: Store, scope: FolderScope, policy: Policy, options: WhatIfOptions): Promise<WhatIfRun> {
  const started = Date.now();
  const { snapshot, resolved, init } = await runContext(store);
  const max = options.maxContainers ?? MAX_WHAT_IF_CONTAINERS;
  const limit = options.timeLimitMs ?? 30_000;
  const totals = emptyTotals();
  const onResult = (_index: number, result: FigureTotals) => {
    addTotals(totals, result);
    if (Date.now() - started > limit) throw new WhatIfRefused(`The what-if took longer than ${Math.round(limit / 1000)} s and was stopped; choose a smaller folder.`);
  };
  const chunksOf = (items: FolderContainers["items"]) => {
    const chunks: ChunkItem[][] = [];
    for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK).map((it) => ({ container: it.container, group: it.group, policy })));
    return chunks;
  };
  const refuse = (total: number) =>
    new WhatIfRefused(`This folder has ${total.toLocaleString("en-US")} containers; a what-if takes at most ${max.toLocaleString("en-US")}. Choose a smaller folder.`);
  const threads = (count: number) => {
    const wanted = options.workers ?? (count >= WHAT_IF_WORKER_THRESHOLD ? os.availableParallelism() : 0);
    return resolved.demo && workersAvailable() ? Math.max(0, Math.floor(wanted)) : 0;
  };

  // Worker threads start on the first page of containers while the main thread reads the rest; a folder below
  // the threads' threshold (or another source) is read whole and analysed in-process.
  let threaded: Threaded | null = null;
  const inProcess: FolderContainers["items"] = [];
  const total = await readFolderContainers(store.db, scope, max, {
    pageSize: options.pageSize ?? PAGE,
    // Called only for a folder within the limit (over it, nothing is read and the count comes back).
    onTotal: (count) => {
      const workers = threads(count);
      if (workers > 0) {
        const feed = new TaskFeed<ChunkItem[]>();
        const done = runChunks({ kind: "totals", chunks: feed, workers, init, reader: resolved.reader, warm: true, onResult });
        done.catch(() => undefined); // awaited below; it must not count as unhandled while the pages are read
        threaded = { workers, feed, done };
      }
      return true;
    },
    onPage: async (items) => {
      if (!threaded) return void inProcess.push(...items);
      threaded.feed.push(...chunksOf(items));
      // Let the threads' results in between pages, so each thread is given its next chunk in time.
      await new Promise((resolve) => setImmediate(resolve));
    },
  }).catch((error: unknown) => {
    threaded?.feed.fail(error);
    throw error;
  });
  if (total > max) throw refuse(total);
  const t = threaded as Threaded | null; // set in onTotal (TypeScript does not see assignments in callbacks)
  if (t) {
    t.feed.end();
    await t.done;
  } else {
    await runChunks({ kind: "totals", chunks: chunksOf(inProcess), workers: 0, init, reader: resolved.reader, onResult });
  }
  const workers = t?.workers ?? 0;
  return { figures: figuresOf(totals), snapshotId: snapshot.id, windowEnd: snapshot.window_end, ms: Date.now() - started, workers };
}
