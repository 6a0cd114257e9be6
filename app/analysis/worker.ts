/**
 * A worker thread of an analysis run (pool.ts starts it): computes the rows of the chunks it is sent from the
 * demo fleet's samples. Pure computation; it never touches the store.
 */
import { workerData } from "node:worker_threads";
import { runTask, type WorkerInit, type WorkerTask } from "./pool";
import { serveTasks } from "./worker-pool";
import { demoReader, sampleBuffers } from "~/sources/sample-reader";

const init = workerData as WorkerInit;
const reader = demoReader(init.seed, init.regions);
const buf = sampleBuffers();

serveTasks<WorkerInit, WorkerTask, unknown>((task) => runTask(task.kind, task.items, reader, init.ctx, buf));
