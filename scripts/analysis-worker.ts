/**
 * `npm run analysis-worker`: takes shards of queued analysis runs (decision 028; PostgreSQL with
 * KUBEX_ANALYSIS_QUEUE=on) from the pg-boss queue in DATABASE_URL, one at a time, until stopped (SIGTERM or
 * SIGINT: the shard in hand is finished first). Run as many as you like, on as many machines as reach the
 * database; a run is published once, when its last shard commits. A worker killed mid-shard leaves nothing
 * behind; its shard is retried by another once its time-out (KUBEX_ANALYSIS_SHARD_TIMEOUT_S) passes.
 *
 *   tsx scripts/analysis-worker.ts [--threads N]
 */
import { migrate, openStore } from "~/db/connect.server";
import {
  openShardQueue,
  SHARD_QUEUE,
  shardSettings,
  type ShardJob,
} from "~/analysis/queue.server";
import { runShard, workerName } from "~/analysis/shard-work.server";

const USAGE = `Usage: tsx scripts/analysis-worker.ts [--threads N]
  --threads N   worker threads inside this process for a shard's containers (0: in-process; default 0: run one
                worker process per core instead)
Needs DATABASE_URL (PostgreSQL). Stops on SIGTERM or SIGINT after the shard in hand.`;

export function parseWorkerArgs(argv: readonly string[]): {
  threads: number;
  help: boolean;
} {
  let threads = 0;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    const m = /^--threads(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unknown argument "${arg}".`);
    const value = m[1] ?? argv[++i];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 64)
      throw new Error(
        `--threads must be a whole number from 0 to 64 (got "${value ?? ""}").`
      );
    threads = Number(value);
  }
  return { threads, help };
}

async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseWorkerArgs>;
  try {
    args = parseWorkerArgs(argv);
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const store = openStore();
  if (store.dialect !== "postgres") {
    await store.close();
    console.error(
      `The analysis worker needs PostgreSQL: set DATABASE_URL.\n${USAGE}`
    );
    return 2;
  }
  await migrate(store);
  const boss = await openShardQueue(store);
  const me = workerName();
  await boss.work<ShardJob>(
    SHARD_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
    async ([job]) => {
      console.log(
        `${me}: shard ${job.data.shard} of run ${
          job.data.snapshotId
        } started (attempt ${job.retryCount + 1} of ${job.retryLimit + 1})`
      );
      try {
        // The job carries its run's retry limit (the starting process's KUBEX_ANALYSIS_SHARD_ATTEMPTS); a lost attempt counts.
        const r = await runShard(store, job.data, {
          lastAttempt: job.retryCount >= job.retryLimit,
          threads: args.threads,
          worker: me,
        });
        console.log(
          `${me}: shard ${job.data.shard} of run ${job.data.snapshotId} ${
            r.outcome
          } in ${(r.ms / 1000).toFixed(1)} s`
        );
      } catch (e) {
        console.error(
          `${me}: shard ${job.data.shard} of run ${
            job.data.snapshotId
          } failed: ${e instanceof Error ? e.message : String(e)}`
        );
        throw e;
      }
    }
  );
  console.log(`${me}: analysis worker ready (queue ${SHARD_QUEUE})`);
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", () => resolve());
    process.once("SIGINT", () => resolve());
  });
  console.log(`${me}: stopping after the shard in hand`);
  await boss.stop({
    graceful: true,
    wait: true,
    timeout: shardSettings().timeoutSeconds * 1000,
  });
  await store.close();
  return 0;
}

const isMain =
  process.argv[1] &&
  import.meta.url.endsWith(
    process.argv[1].replace(/^.*\/scripts\//, "/scripts/")
  );
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    }
  );
}
