/**
 * A worker thread of an analysis run (pool.ts starts it): computes the rows of the chunks it is sent from the
 * demo fleet's samples. Pure computation; it never touches the store.
 */
import { parentPort, workerData } from "node:worker_threads";
import { analyseChunk, readChunk } from "./chunk";
import type { WorkerInit, WorkerReply, WorkerTask } from "./pool";
import { demoReader, sampleBuffers } from "~/sources/sample-reader";

const init = workerData as WorkerInit;
const reader = demoReader(init.seed, init.regions);
const buf = sampleBuffers();

parentPort!.on("message", (task: WorkerTask) => {
  const run = task.kind === "read" ? readChunk(task.items, reader, init.ctx, buf) : analyseChunk(task.items, reader, init.ctx, buf);
  run.then(
    (result) => parentPort!.postMessage({ id: task.id, ok: true, result, maxRssKb: process.resourceUsage().maxRSS } satisfies WorkerReply),
    (error: unknown) =>
      parentPort!.postMessage({ id: task.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply),
  );
});
